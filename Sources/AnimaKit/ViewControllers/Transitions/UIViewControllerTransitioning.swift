import Foundation
import AnimaCore
import AnimaGraphics

/// How a presented controller's view covers the screen.
public enum UIModalPresentationStyle: Int, Sendable {
    /// The presented view covers the screen; the presenting view leaves the window once the transition ends.
    case fullScreen = 0
    /// Treated as `.fullScreen` here (no sheet chrome on Linux).
    case pageSheet, formSheet
    /// The presented view covers the presentation context (the nearest controller with
    /// `definesPresentationContext`, else the root); the views underneath stay.
    case currentContext
    /// Like `.fullScreen` with a `transitioningDelegate`'s animator.
    case custom
    /// The presented view covers the screen and the presenting view stays underneath (for translucent content).
    case overFullScreen
    /// Like `.currentContext`, with the views underneath kept.
    case overCurrentContext
    /// Treated as `.fullScreen` here.
    case popover
    /// No adaptation.
    case none = -1
    /// UIKit's default on iOS 13 and later resolves to a sheet; `.fullScreen` here.
    case automatic = -2
}

/// The built-in animation of a presentation.
public enum UIModalTransitionStyle: Int, Sendable {
    /// The presented view slides up from the bottom; dismissing slides it down.
    case coverVertical = 0
    /// The views turn over about the vertical axis, from right to left.
    case flipHorizontal
    /// The presented view fades in; dismissing fades it out.
    case crossDissolve
    /// Treated as `.coverVertical` here (no page curl).
    case partialCurl
}

/// The keys of the two controllers in a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    /// The key's name (UIKit's string constant).
    public var rawValue: String
    /// A key with the given name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller visible at the start of the transition (the presenter when presenting).
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller visible at the end of the transition.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// The keys of the two views in a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The key's name (UIKit's string constant).
    public var rawValue: String
    /// A key with the given name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view of the `from` controller.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view of the `to` controller.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// What an animator sees of a running transition (UIKit's `UIViewControllerContextTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition's views animate in; the animator adds the `to` view to it.
    var containerView: UIView { get }
    /// Whether the transition was asked to animate.
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives the transition now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (an interactive transition ended by `cancelInteractiveTransition()`).
    var transitionWasCancelled: Bool { get }
    /// The presentation style of the presented controller (`.fullScreen` for navigation).
    var presentationStyle: UIModalPresentationStyle { get }
    /// Reports the interactive progress, 0…1.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The interaction will finish the transition.
    func finishInteractiveTransition()
    /// The interaction will cancel the transition.
    func cancelInteractiveTransition()
    /// The interaction paused the transition.
    func pauseInteractiveTransition()
    /// The animator's animations ended; `didComplete` false puts everything back as before the transition.
    /// Call it exactly once.
    func completeTransition(_ didComplete: Bool)
    /// The `from` or `to` controller.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The `from` or `to` view (nil: the animator should leave it alone).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The rotation applied during the transition (identity here).
    var targetTransform: CGAffineTransform { get }
    /// The controller's view's frame at the start (`.zero` when unknown, as for a view that is appearing).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The controller's view's frame at the end (`.zero` when the view is going away).
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// An object that animates a transition (UIKit's `UIViewControllerAnimatedTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The transition's length in seconds.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Adds the `to` view to the container, animates, and calls `completeTransition(_:)` at the end.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// The property animator that runs the transition (optional: an animator without one cannot be scrubbed
    /// or interrupted). Return the same animator for the whole transition.
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    /// Called after the transition ended (optional).
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    /// No interruptible animator (Apple's method is optional; this stands for "not implemented"): the
    /// transition runs through ``animateTransition(using:)``.
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        NoInterruptibleAnimator()
    }
    /// Nothing to do after the transition.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// An object that drives a transition interactively (UIKit's `UIViewControllerInteractiveTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts driving the transition (the context's animator is already known).
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// The speed of the non-interactive rest of the transition (1: the animator's own pace).
    var completionSpeed: CGFloat { get }
    /// The curve of the non-interactive rest of the transition.
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactive (true) or animated until the interaction pauses it.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    /// The animator's own pace.
    public var completionSpeed: CGFloat { 1 }
    /// Ease in, ease out.
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    /// Interactive from the start.
    public var wantsInteractiveStart: Bool { true }
}

/// Supplies animators and interaction controllers for a presented controller (UIKit's
/// `UIViewControllerTransitioningDelegate`). Every method is optional: nil means the built-in transition.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator for presenting `presented` from `presenting`.
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The animator for dismissing `dismissed`.
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller for a presentation animated by `animator`.
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// The interaction controller for a dismissal animated by `animator`.
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UIViewControllerTransitioningDelegate {
    /// No custom animator: the presented controller's `modalTransitionStyle` animates.
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// No custom animator: the dismissed controller's `modalTransitionStyle` animates.
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// Not interactive.
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    /// Not interactive.
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// What the default `interruptibleAnimator(using:)` returns: an animator that animates nothing, standing for
/// Apple's unimplemented optional method.
@MainActor
package final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    package init() {}
    package var state: UIViewAnimatingState { .inactive }
    package var isRunning: Bool { false }
    package var isReversed = false
    package var fractionComplete: CGFloat = 0
    package func startAnimation() {}
    package func startAnimation(afterDelay delay: TimeInterval) {}
    package func pauseAnimation() {}
    package func stopAnimation(_ withoutFinishing: Bool) {}
    package func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
    package func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    package func addAnimations(_ animation: @escaping () -> Void) {}
    package func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    package func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {}
}
