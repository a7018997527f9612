import Foundation
import AnimaCore
import AnimaGraphics

/// The built-in animations of `present` and `dismiss`, one per `UIModalTransitionStyle`:
/// - `.coverVertical`: the presented view slides up from below the container; dismissing slides it down;
/// - `.crossDissolve`: the presented view fades in (out when dismissed) over the views underneath;
/// - `.flipHorizontal`: both views turn about the vertical axis (in perspective, each shown for its half), the
///   presented one coming round from behind, right to left; dismissing turns the other way.
///
/// Slides and fades run on a `UIViewPropertyAnimator` with UIKit's ease-in-ease-out curve (so the animator is
/// also the transition's `interruptibleAnimator(using:)`); the flip is two keyframe animations of `transform`.
@MainActor
final class ModalTransitionAnimator: UIViewControllerAnimatedTransitioning {
    /// The length of every built-in modal transition, in seconds.
    static let duration: TimeInterval = 0.35
    /// The flip's length (a half turn reads better slower).
    static let flipDuration: TimeInterval = 0.6

    let style: UIModalTransitionStyle
    let isPresenting: Bool
    private var propertyAnimator: UIViewPropertyAnimator?

    init(style: UIModalTransitionStyle, isPresenting: Bool) {
        self.style = style
        self.isPresenting = isPresenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        style == .flipHorizontal ? Self.flipDuration : Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        if style == .flipHorizontal { return flip(transitionContext) }
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let container = transitionContext.containerView
        let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), curve: .easeInOut)
        let below = CGAffineTransform(translationX: 0, y: container.bounds.height)
        // The built-in animations reach both controllers' views (a custom animator's context hides a presenter
        // that stays on screen).
        if isPresenting, let toVC = transitionContext.viewController(forKey: .to), let toView = toVC.viewIfLoaded {
            container.addSubview(toView)
            toView.frame = transitionContext.finalFrame(for: toVC)
            if style == .crossDissolve {
                toView.alpha = 0
                animator.addAnimations { toView.alpha = 1 }
            } else {
                toView.transform = below
                animator.addAnimations { toView.transform = .identity }
            }
        } else if let fromView = transitionContext.viewController(forKey: .from)?.viewIfLoaded {
            if style == .crossDissolve {
                animator.addAnimations { fromView.alpha = 0 }
            } else {
                animator.addAnimations { fromView.transform = below }
            }
        }
        animator.addCompletion { [weak transitionContext] _ in
            guard let transitionContext else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        propertyAnimator = animator
        return animator
    }

    private func flip(_ transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let fromView = transitionContext.viewController(forKey: .from)?.viewIfLoaded,
              let toView = transitionContext.viewController(forKey: .to)?.viewIfLoaded else {
            return transitionContext.completeTransition(true)
        }
        if isPresenting, let toVC = transitionContext.viewController(forKey: .to) {
            container.addSubview(toView)
            toView.frame = transitionContext.finalFrame(for: toVC)
        }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 1000
        let turn: CGFloat = isPresenting ? .pi : -.pi
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock {
            for view in [fromView, toView] {
                view.layer.transform = CATransform3DIdentity
                view.layer.opacity = 1
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        for (view, start, shownFirst) in [(fromView, CGFloat(0), true), (toView, -turn, false)] {
            view.layer.transform = CATransform3DRotate(perspective, start + turn, 0, 1, 0)
            view.layer.opacity = shownFirst ? 0 : 1
            // Eighth-turn keyframes: each step is well under a half turn, so interpolating the
            // decomposed matrices cannot take the other way round.
            let spin = CAKeyframeAnimation(keyPath: "transform")
            spin.values = (0...8).map { CATransform3DRotate(perspective, start + turn * CGFloat($0) / 8, 0, 1, 0) }
            // Each view shows for its half of the turn, subviews included (isDoubleSided hides only the
            // layer's own content): the switch comes when both stand edge-on.
            let face = CAKeyframeAnimation(keyPath: "opacity")
            face.values = shownFirst ? [1, 0] : [0, 1]
            face.keyTimes = [0, 0.5, 1]
            face.calculationMode = .discrete
            let flip = CAAnimationGroup()
            flip.animations = [spin, face]
            flip.duration = Self.flipDuration
            flip.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            view.layer.add(flip, forKey: "flip")
        }
        CATransaction.commit()
    }
}
