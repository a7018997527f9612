import Foundation
import AnimaCore
import AnimaGraphics

/// How a `UIAlertController` comes and goes (our reading of iOS; UIKit documents no figures):
/// - **alert**: the dimming fades in while the box fades in from 1.2 × its size, on a critically damped spring of
///   0.4 s; dismissing fades both out over 0.25 s, ease-out, at the box's size;
/// - **action sheet**: the dimming fades in while the sheet slides up from below the container's bottom edge on the
///   same spring; dismissing slides it back down and fades the dimming over 0.25 s.
///
/// The alert's own `present`/`dismiss` use it unless the alert has a `transitioningDelegate` that gives an animator.
@MainActor
final class AlertTransitionAnimator: UIViewControllerAnimatedTransitioning {
    /// The presentation's length: the spring settles (to within a thousandth) in this time.
    static let presentDuration: TimeInterval = 0.4
    /// The dismissal's length.
    static let dismissDuration: TimeInterval = 0.25
    /// The size an alert grows in from, as a multiple of its own.
    static let appearingScale: CGFloat = 1.2

    let isPresenting: Bool

    init(isPresenting: Bool) { self.isPresenting = isPresenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        isPresenting ? Self.presentDuration : Self.dismissDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
        guard let alert = transitionContext.viewController(forKey: key) as? UIAlertController else {
            return transitionContext.completeTransition(true)
        }
        let container = transitionContext.containerView
        let view: UIView = alert.view
        if isPresenting {
            container.addSubview(view)
            view.frame = transitionContext.finalFrame(for: alert)
            view.layoutIfNeeded()
        }
        let dimming = alert.dimmingView, panel = alert.panel
        let isSheet = alert.preferredStyle == .actionSheet
        // A sheet moves by its height plus the margin below it, which puts its top edge at the container's bottom.
        let below = CGAffineTransform(translationX: 0, y: container.bounds.height - panel.frame.minY)
        let animator: UIViewPropertyAnimator
        if isPresenting {
            dimming.alpha = 0
            if isSheet {
                panel.transform = below
            } else {
                panel.alpha = 0
                panel.transform = CGAffineTransform(scaleX: Self.appearingScale, y: Self.appearingScale)
            }
            animator = UIViewPropertyAnimator(duration: Self.presentDuration, dampingRatio: 1) {
                dimming.alpha = 1
                panel.alpha = 1
                panel.transform = .identity
            }
        } else {
            animator = UIViewPropertyAnimator(duration: Self.dismissDuration, curve: .easeOut) {
                dimming.alpha = 0
                if isSheet { panel.transform = below } else { panel.alpha = 0 }
            }
        }
        animator.addCompletion { [weak transitionContext] _ in
            guard let transitionContext else { return }
            if !self.isPresenting {
                // Shown again as it was, should the same alert be presented a second time.
                dimming.alpha = 1
                panel.alpha = 1
                panel.transform = .identity
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        animator.startAnimation()
    }
}
