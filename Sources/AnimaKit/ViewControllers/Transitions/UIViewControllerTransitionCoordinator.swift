import Foundation
import AnimaCore
import AnimaGraphics

/// What alongside animations and their completions see of a transition (UIKit's
/// `UIViewControllerTransitionCoordinatorContext`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition animates.
    var isAnimated: Bool { get }
    /// The presentation style of the transition.
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition started interactive.
    var initiallyInteractive: Bool { get }
    /// Whether an interaction drives the transition now.
    var isInteractive: Bool { get }
    /// Whether the transition can be interrupted (it runs on a property animator).
    var isInterruptible: Bool { get }
    /// Whether the transition was cancelled (read it in a completion).
    var isCancelled: Bool { get }
    /// The transition's length in seconds.
    var transitionDuration: TimeInterval { get }
    /// The last interactive progress, 0…1.
    var percentComplete: CGFloat { get }
    /// The speed of the non-interactive rest (1 here).
    var completionVelocity: CGFloat { get }
    /// The curve of the non-interactive rest.
    var completionCurve: UIView.AnimationCurve { get }
    /// The container the views animate in.
    var containerView: UIView { get }
    /// The `from` or `to` controller.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The `from` or `to` view.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The rotation applied during the transition (identity here).
    var targetTransform: CGAffineTransform { get }
}

/// A running transition that other animations can join (UIKit's `UIViewControllerTransitionCoordinator`),
/// available from ``UIViewController/transitionCoordinator`` while a controller is presented, dismissed,
/// pushed or popped — for example in `viewWillAppear(_:)`.
/// ```swift
/// override func viewWillAppear(_ animated: Bool) {
///     super.viewWillAppear(animated)
///     transitionCoordinator?.animate(alongsideTransition: { _ in self.badge.alpha = 1 },
///                                    completion: { context in if context.isCancelled { self.badge.alpha = 0 } })
/// }
/// ```
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` with the transition (in its property animator when it has one, else in a block
    /// animation of the transition's duration) and `completion` when the transition ends, before the
    /// `viewDidAppear`/`viewDidDisappear` calls. Returns false (and runs nothing) once the transition has ended.
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

extension UIViewController {
    /// The transition this controller (or an ancestor) takes part in, while one runs; nil otherwise.
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        var current: UIViewController? = self
        while let controller = current {
            if let transition = controller.activeTransition, !transition.isCompleted { return transition }
            current = controller._parent
        }
        return nil
    }
}
