import Foundation
import AnimaCore
import AnimaGraphics

/// One running transition between two controllers: the context its animator sees, the coordinator
/// alongside animations join, and the bookkeeping that ends it (UIKit's private transition context).
///
/// The sequence, the same for presenting, dismissing, pushing and popping:
/// ```
/// start()      both views load; appearing: viewWillAppear(animated), disappearing: viewWillDisappear(animated)
///              prepare() puts the views in place; the transaction is flushed so that new views animate
///              not animated → completeTransition(true) at once
///              interactive  → interactor.startInteractiveTransition(self)
///              otherwise    → animator.animateTransition(using: self), then alongside animations
/// completeTransition(ok)   (once; a second call is reported and ignored)
///              coordinator completions (isCancelled = !ok)
///              ok:     finish() — views settle; viewDidAppear / viewDidDisappear (`from` first, except
///                                 that a presented controller's viewDidAppear comes before its presenter's)
///              cancel: undo()   — the appearing controller hears viewWillDisappear + viewDidDisappear,
///                                 the disappearing one viewWillAppear + viewDidAppear
///              animator.animationEnded(ok), then the caller's completion
/// ```
@MainActor
package final class ViewControllerTransition: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    package let fromViewController: UIViewController
    package let toViewController: UIViewController
    package let containerView: UIView
    package let isAnimated: Bool
    package let presentationStyle: UIModalPresentationStyle
    package let animator: UIViewControllerAnimatedTransitioning
    package let interactor: UIViewControllerInteractiveTransitioning?
    package private(set) var isInteractive = false
    package private(set) var transitionWasCancelled = false
    package private(set) var percentComplete: CGFloat = 0
    package private(set) var isCompleted = false
    /// What the transition does (read by `isBeingPresented`, `isMovingFromParent`…).
    package var kind = TransitionKind.present
    /// Which controllers hear appearance calls (a presentation over the presenter keeps it on screen).
    package var fromDisappears = true
    package var toAppears = true
    /// Whether `view(forKey: .from)` / `.to` is nil: the view is not part of the transition (a presenter
    /// that stays under an "over" or custom presentation).
    package var hidesFromView = false
    package var hidesToView = false
    /// Whether the `to` controller hears its `did` call before the `from` one (a presentation: the presented
    /// controller's `viewDidAppear` comes before the presenter's `viewDidDisappear`); otherwise `from` first.
    package var toEndsFirst = false
    package var initialFrames: [ObjectIdentifier: CGRect] = [:]
    package var finalFrames: [ObjectIdentifier: CGRect] = [:]
    /// Puts the views where the animation starts from (after the `will` calls, before the animator runs).
    package var prepare: () -> Void = {}
    /// Settles the views after a completed transition (before the `did` appearance calls).
    package var finish: () -> Void = {}
    /// Puts the views back after a cancelled one.
    package var undo: () -> Void = {}
    /// Called last, with whether the transition completed.
    package var completion: (Bool) -> Void = { _ in }
    private var alongside: [(animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                            completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?)] = []
    private var hasStartedAnimations = false

    package init(from: UIViewController, to: UIViewController, container: UIView, animated: Bool,
                 style: UIModalPresentationStyle, animator: UIViewControllerAnimatedTransitioning,
                 interactor: UIViewControllerInteractiveTransitioning?) {
        fromViewController = from
        toViewController = to
        containerView = container
        isAnimated = animated
        presentationStyle = style
        self.animator = animator
        self.interactor = interactor
    }

    /// Calls the `will` appearance methods, then starts the animation (or completes at once).
    package func start() {
        fromViewController.loadViewIfNeeded()
        toViewController.loadViewIfNeeded()
        fromViewController.activeTransition = self
        toViewController.activeTransition = self
        fromViewController.managedAppearanceDepth += 1
        toViewController.managedAppearanceDepth += 1
        if fromDisappears { fromViewController.beginAppearanceTransition(false, animated: isAnimated) }
        if toAppears { toViewController.beginAppearanceTransition(true, animated: isAnimated) }
        prepare()
        guard isAnimated else {
            hasStartedAnimations = true
            completeTransition(true)
            return
        }
        // Views made or moved for this transition animate only once their layers are committed (a layer
        // animates only after its first commit): commit now, before the animator changes them.
        CATransaction.flush()
        if let interactor, interactor.wantsInteractiveStart { isInteractive = true }
        if let interactor {
            interactor.startInteractiveTransition(self)
        } else {
            animator.animateTransition(using: self)
        }
        hasStartedAnimations = true
        for index in alongside.indices { runAlongside(alongside[index].animation) }
    }

    private func runAlongside(_ animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) {
        guard let animation, !isCompleted else { return }
        if let propertyAnimator = runningPropertyAnimator, propertyAnimator.state != .stopped {
            propertyAnimator.addAnimations { animation(self) }
        } else {
            UIView.animate(withDuration: transitionDuration, delay: 0, options: [.curveEaseInOut], animations: { animation(self) })
        }
    }

    /// The property animator of an interruptible transition (asked of the animator only when it has one).
    package var runningPropertyAnimator: UIViewImplicitlyAnimating?

    // MARK: UIViewControllerContextTransitioning

    package func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
    }

    package func finishInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = false
    }

    package func cancelInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = true
    }

    package func pauseInteractiveTransition() { isInteractive = true }

    package func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else {
            Diagnostics.report("UIViewControllerContextTransitioning: completeTransition(\(didComplete)) called again for the transition from \(fromViewController.diagnosticName) to \(toViewController.diagnosticName); ignored")
            return
        }
        isCompleted = true
        if !didComplete { transitionWasCancelled = true }
        isInteractive = false
        for entry in alongside { entry.completion?(self) }
        if didComplete {
            finish()
        } else {
            if toAppears { toViewController.beginAppearanceTransition(false, animated: isAnimated) }
            if fromDisappears { fromViewController.beginAppearanceTransition(true, animated: isAnimated) }
            undo()
        }
        let ends = toEndsFirst ? [(toViewController, toAppears), (fromViewController, fromDisappears)]
                               : [(fromViewController, fromDisappears), (toViewController, toAppears)]
        for (controller, hears) in ends where hears { controller.endAppearanceTransition() }
        fromViewController.managedAppearanceDepth -= 1
        toViewController.managedAppearanceDepth -= 1
        if fromViewController.activeTransition === self { fromViewController.activeTransition = nil }
        if toViewController.activeTransition === self { toViewController.activeTransition = nil }
        animator.animationEnded(didComplete)
        completion(didComplete)
    }

    package func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: return fromViewController
        case .to: return toViewController
        default: return nil
        }
    }

    package func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: return hidesFromView ? nil : fromViewController.view
        case .to: return hidesToView ? nil : toViewController.view
        default: return nil
        }
    }

    package var targetTransform: CGAffineTransform { .identity }

    package func initialFrame(for vc: UIViewController) -> CGRect { initialFrames[ObjectIdentifier(vc)] ?? .zero }

    package func finalFrame(for vc: UIViewController) -> CGRect { finalFrames[ObjectIdentifier(vc)] ?? .zero }

    // MARK: UIViewControllerTransitionCoordinator

    package var transitionDuration: TimeInterval { animator.transitionDuration(using: self) }
    package var isCancelled: Bool { transitionWasCancelled }
    package var initiallyInteractive: Bool { interactor?.wantsInteractiveStart ?? false }
    package var completionVelocity: CGFloat { 1 }
    package var completionCurve: UIView.AnimationCurve { interactor?.completionCurve ?? .easeInOut }
    package var isInterruptible: Bool { runningPropertyAnimator != nil }

    @discardableResult
    package func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                         completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)? = nil) -> Bool {
        guard !isCompleted else { return false }
        alongside.append((animation, completion))
        if hasStartedAnimations { runAlongside(animation) }
        return true
    }
}

/// What a transition does to its controllers.
package enum TransitionKind: Sendable {
    case present, dismiss, push, pop
}

extension ViewControllerTransition {
    /// A container's swap of one child's view for another's in `container`, both filling it (a page or a tab
    /// change): the new view goes in before the animation, the old one comes out when the change completes (the new
    /// one put back in place should the animator have moved it), and the new one comes out if it is cancelled.
    package static func childSwap(from: UIViewController, to: UIViewController, in container: UIView,
                                  animator: UIViewControllerAnimatedTransitioning,
                                  interactor: UIViewControllerInteractiveTransitioning?) -> ViewControllerTransition {
        let transition = ViewControllerTransition(from: from, to: to, container: container, animated: true,
                                                  style: .fullScreen, animator: animator, interactor: interactor)
        transition.initialFrames[ObjectIdentifier(from)] = container.bounds
        transition.finalFrames[ObjectIdentifier(to)] = container.bounds
        transition.prepare = {
            let view: UIView = to.view
            view.frame = container.bounds
            container.addSubview(view)
        }
        transition.finish = {
            from.viewIfLoaded?.removeFromSuperview()
            let view: UIView = to.view
            if view.superview !== container { container.addSubview(view) }
            view.frame = container.bounds
        }
        transition.undo = { to.viewIfLoaded?.removeFromSuperview() }
        return transition
    }
}
