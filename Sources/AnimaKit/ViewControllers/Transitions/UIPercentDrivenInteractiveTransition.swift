import Foundation
import AnimaCore
import AnimaGraphics

/// An interaction controller that scrubs a transition's animations by a fraction (UIKit's
/// `UIPercentDrivenInteractiveTransition`), typically from a pan gesture.
///
/// It drives the animator's `interruptibleAnimator(using:)`: the property animator starts paused,
/// ``update(_:)`` sets its `fractionComplete`, and ``finish()`` / ``cancel()`` let it run forwards or backwards
/// from there at ``completionSpeed`` along ``completionCurve`` (or ``timingCurve``): the rest takes
/// `(1 − percentComplete) × duration / completionSpeed` seconds when finishing, `percentComplete × duration /
/// completionSpeed` when cancelling. The animator's completion then calls
/// `completeTransition(!transitionContext.transitionWasCancelled)`. An animator without an interruptible
/// animator cannot be scrubbed here: that is reported, and the transition plays to its end.
/// ```swift
/// switch pan.state {
/// case .began: interaction = UIPercentDrivenInteractiveTransition(); presented.dismiss(animated: true)
/// case .changed: interaction.update(pan.translation(in: view).y / view.bounds.height)
/// case .ended: pan.velocity(in: view).y > 0 ? interaction.finish() : interaction.cancel()
/// default: interaction.cancel()
/// }
/// ```
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    /// The transition's length in seconds (0 before it starts).
    open private(set) var duration: CGFloat = 0
    /// The last fraction given to ``update(_:)``, 0…1.
    open private(set) var percentComplete: CGFloat = 0
    /// How fast the rest of the transition runs after ``finish()`` or ``cancel()`` (1: the animator's pace).
    open var completionSpeed: CGFloat = 1
    /// The curve of the rest of the transition.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// Timing for the rest of the transition, used instead of ``completionCurve`` when set.
    open var timingCurve: UITimingCurveProvider?
    /// Whether the transition starts paused under the interaction (true) or running until ``pause()``.
    open var wantsInteractiveStart = true

    private weak var context: UIViewControllerContextTransitioning?
    private var propertyAnimator: UIViewImplicitlyAnimating?

    /// An interaction controller with UIKit's defaults.
    public init() {}

    /// Starts the transition under the interaction: takes the animator's interruptible animator, paused.
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
        guard let transition = transitionContext as? ViewControllerTransition else { return }
        let animator = transition.animator
        duration = CGFloat(animator.transitionDuration(using: transitionContext))
        let propertyAnimator = animator.interruptibleAnimator(using: transitionContext)
        guard !(propertyAnimator is NoInterruptibleAnimator) else {
            Diagnostics.report("UIPercentDrivenInteractiveTransition: the animator \(type(of: animator)) has no interruptibleAnimator(using:); the transition plays to its end without interaction")
            transition.finishInteractiveTransition()
            animator.animateTransition(using: transitionContext)
            return
        }
        self.propertyAnimator = propertyAnimator
        transition.runningPropertyAnimator = propertyAnimator
        if wantsInteractiveStart {
            propertyAnimator.pauseAnimation()
            propertyAnimator.fractionComplete = percentComplete
        } else {
            propertyAnimator.startAnimation()
        }
    }

    /// Moves the transition to `percentComplete` (clamped to 0…1; not finite values are reported and ignored).
    open func update(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else {
            return Diagnostics.report("UIPercentDrivenInteractiveTransition: rejected update(\(percentComplete)) (not finite)")
        }
        self.percentComplete = min(1, max(0, percentComplete))
        guard let propertyAnimator, propertyAnimator.state == .active else { return }
        if propertyAnimator.isRunning { propertyAnimator.pauseAnimation() }
        propertyAnimator.fractionComplete = self.percentComplete
        context?.updateInteractiveTransition(self.percentComplete)
    }

    /// Pauses a transition that is running (so an interaction can take it over).
    open func pause() {
        guard let propertyAnimator, propertyAnimator.state == .active else { return }
        propertyAnimator.pauseAnimation()
        percentComplete = propertyAnimator.fractionComplete
        context?.pauseInteractiveTransition()
    }

    /// Lets the transition run to its end; the animator's completion completes it.
    open func finish() { complete(cancelled: false) }

    /// Lets the transition run back to its start; the animator's completion completes it, cancelled.
    open func cancel() { complete(cancelled: true) }

    private func complete(cancelled: Bool) {
        if cancelled { context?.cancelInteractiveTransition() } else { context?.finishInteractiveTransition() }
        guard let propertyAnimator, propertyAnimator.state == .active else { return }
        let speed = completionSpeed.isFinite && completionSpeed > 0 ? completionSpeed : 1
        let shown = propertyAnimator.fractionComplete
        let left = cancelled ? shown : 1 - shown
        propertyAnimator.isReversed = cancelled
        let timing = timingCurve ?? UICubicTimingParameters(animationCurve: completionCurve)
        propertyAnimator.continueAnimation(withTimingParameters: timing, durationFactor: max(left / speed, 0.001))
    }
}
