import Foundation
import AnimaCore
import AnimaGraphics

/// The standard push and pop of a navigation controller: the new screen slides in from the right edge
/// while the old one moves a third of the width left (a push); a pop plays it backwards. It runs on a
/// `UIViewPropertyAnimator` (ease in, ease out; scrubbed linearly by an interactive pop), which is also
/// its `interruptibleAnimator(using:)`. Transforms are back to identity once the transition ends.
@MainActor
final class NavigationSlideAnimator: UIViewControllerAnimatedTransitioning {
    /// The slide's length in seconds.
    static let duration: TimeInterval = 0.35
    /// How far the screen underneath moves, as a fraction of the width.
    static let parallax: CGFloat = 0.3

    let operation: UINavigationController.Operation
    private var propertyAnimator: UIViewPropertyAnimator?

    init(operation: UINavigationController.Operation) { self.operation = operation }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let animator = UIViewPropertyAnimator(duration: Self.duration, curve: .easeInOut)
        propertyAnimator = animator
        let container = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
              let toVC = transitionContext.viewController(forKey: .to) else {
            animator.addCompletion { _ in transitionContext.completeTransition(true) }
            return animator
        }
        let width = container.bounds.width
        let right = CGAffineTransform(translationX: width, y: 0)
        let under = CGAffineTransform(translationX: -width * Self.parallax, y: 0)
        toView.frame = transitionContext.finalFrame(for: toVC)
        if operation == .pop {
            container.insertSubview(toView, belowSubview: fromView)
            toView.transform = under
            animator.addAnimations {
                fromView.transform = right
                toView.transform = .identity
            }
        } else {
            container.addSubview(toView)
            toView.transform = right
            animator.addAnimations {
                fromView.transform = under
                toView.transform = .identity
            }
        }
        animator.addCompletion { [weak transitionContext] _ in
            fromView.transform = .identity
            toView.transform = .identity
            guard let transitionContext else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        return animator
    }
}
