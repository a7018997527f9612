import Anima
import Foundation

/// The card transition: a card on the menu grows into a full-screen detail, and shrinks back into its place
/// when dismissed — by the Close button, or interactively by dragging the detail down (let go early and it
/// springs back). One `UIViewPropertyAnimator` per transition is also its `interruptibleAnimator(using:)`, so a
/// `UIPercentDrivenInteractiveTransition` can scrub it.
@MainActor
final class CardTransitionDelegate: UIViewControllerTransitioningDelegate {
    /// Where the card sits, in window coordinates (the transition's container covers the window).
    let cardFrame: () -> CGRect
    /// The interaction driving the next dismissal (set by the detail's pan before it dismisses).
    var interaction: UIPercentDrivenInteractiveTransition?

    init(cardFrame: @escaping () -> CGRect) { self.cardFrame = cardFrame }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CardAnimator(cardFrame: cardFrame(), isPresenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CardAnimator(cardFrame: cardFrame(), isPresenting: false)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}

/// Grows the detail out of the card (presenting) or shrinks it back into the card (dismissing).
@MainActor
final class CardAnimator: UIViewControllerAnimatedTransitioning {
    let cardFrame: CGRect
    let isPresenting: Bool
    private var animator: UIViewPropertyAnimator?

    init(cardFrame: CGRect, isPresenting: Bool) {
        self.cardFrame = cardFrame
        self.isPresenting = isPresenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.85)
        let card = cardFrame
        if isPresenting, let detail = transitionContext.view(forKey: .to), let detailVC = transitionContext.viewController(forKey: .to) {
            let full = transitionContext.finalFrame(for: detailVC)
            transitionContext.containerView.addSubview(detail)
            detail.frame = card
            detail.layer.cornerRadius = 14
            detail.clipsToBounds = true
            animator.addAnimations { detail.frame = full }
            animator.addCompletion { _ in detail.layer.cornerRadius = 0 }
        } else if let detail = transitionContext.view(forKey: .from) {
            detail.layer.cornerRadius = 14
            animator.addAnimations {
                detail.frame = card
                detail.alpha = 0.6
            }
            animator.addCompletion { position in
                if position == .start { detail.layer.cornerRadius = 0 }
            }
        }
        animator.addCompletion { [weak transitionContext] _ in
            guard let transitionContext else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }
}
