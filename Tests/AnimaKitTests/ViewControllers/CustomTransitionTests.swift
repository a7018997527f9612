import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A custom animator that fades the presented view in (or out), recording what UIKit calls on it.
@MainActor
final class FadeAnimator: UIViewControllerAnimatedTransitioning {
    let log: CallbackLog
    let usesPropertyAnimator: Bool
    private var animator: UIViewPropertyAnimator?
    weak var context: UIViewControllerContextTransitioning?

    init(log: CallbackLog, usesPropertyAnimator: Bool = true) {
        self.log = log
        self.usesPropertyAnimator = usesPropertyAnimator
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log.entries.append("animator: animateTransition")
        if usesPropertyAnimator { return interruptibleAnimator(using: transitionContext).startAnimation() }
        let (view, target) = setUp(transitionContext)
        UIView.animate(withDuration: 0.5, animations: { view?.alpha = target }) { finished in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        log.entries.append("animator: interruptibleAnimator")
        let (view, target) = setUp(transitionContext)
        let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { view?.alpha = target }
        animator.addCompletion { position in
            self.log.entries.append("animator: completion at \(position == .end ? "end" : "start")")
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) { log.entries.append("animator: animationEnded(\(transitionCompleted))") }

    private func setUp(_ context: UIViewControllerContextTransitioning) -> (UIView?, CGFloat) {
        self.context = context
        let fromVC = context.viewController(forKey: .from)
        if let toView = context.view(forKey: .to), let toVC = context.viewController(forKey: .to),
           toVC.presentingViewController === fromVC {
            context.containerView.addSubview(toView)
            toView.frame = context.finalFrame(for: toVC)
            toView.alpha = 0
            return (toView, 1)
        }
        return (context.view(forKey: .from), 0)
    }
}

/// An animator written without `interruptibleAnimator(using:)` (Apple's method is optional).
@MainActor
final class PlainSlideAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromView = transitionContext.view(forKey: .from)
        UIView.animate(withDuration: 0.3, animations: { fromView?.center.y += 300 }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Supplies the plain animator for dismissing, with an interaction controller.
@MainActor
final class PlainDelegate: UIViewControllerTransitioningDelegate {
    let interaction = UIPercentDrivenInteractiveTransition()
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { PlainSlideAnimator() }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { interaction }
}

/// Supplies the fade animator and, when set, an interaction controller for dismissing.
@MainActor
final class FadeDelegate: UIViewControllerTransitioningDelegate {
    let animator: FadeAnimator
    var interaction: UIPercentDrivenInteractiveTransition?
    init(_ animator: FadeAnimator) { self.animator = animator }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { interaction }
}

@MainActor
@Suite("Custom view controller transitions")
struct CustomTransitionTests {
    @Test func customPresentationSeesTheContextAndEndsInUIKitsOrder() throws {
        let log = CallbackLog()
        let (display, _, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        let delegate = FadeDelegate(FadeAnimator(log: log, usesPropertyAnimator: false))
        detail.transitioningDelegate = delegate
        detail.modalPresentationStyle = .custom
        root.present(detail, animated: true) { log.entries.append("completion") }
        let context = try #require(delegate.animator.context)
        #expect(context.viewController(forKey: .from) === root && context.viewController(forKey: .to) === detail)
        #expect(context.view(forKey: .to) === detail.view && detail.view.superview === context.containerView)
        #expect(context.view(forKey: .from) == nil, "a custom presentation leaves the presenter's view alone")
        #expect(context.isAnimated && !context.isInteractive && context.finalFrame(for: detail) == context.containerView.bounds)
        #expect(log.take().suffix(2) == ["detail: viewWillAppear(true)", "animator: animateTransition"])
        display.advance(by: 0)
        display.advance(by: 0.25)
        let alpha = try #require(detail.view.layer.presentation()).opacity
        #expect(alpha > 0.2 && alpha < 0.8, "\(alpha)")
        display.advance(by: 0.5)
        #expect(log.take() == ["detail: viewDidAppear(true)", "animator: animationEnded(true)", "completion"])
        #expect(root.view.window != nil, "the presenter stays under a custom presentation")
        let before = diagnosticCount("completeTransition(true) called again")
        context.completeTransition(true)
        #expect(diagnosticCount("completeTransition(true) called again") == before + 1 && log.entries.isEmpty)
    }

    @Test func percentDrivenDismissalCancelledHalfWayPutsThePresentationBack() throws {
        let log = CallbackLog()
        let (display, _, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        let delegate = FadeDelegate(FadeAnimator(log: log))
        detail.transitioningDelegate = delegate
        root.present(detail, animated: false)
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        _ = log.take()
        detail.dismiss(animated: true) { log.entries.append("completion") }
        #expect(log.take() == ["detail: viewWillDisappear(true)", "root: viewWillAppear(true)", "animator: interruptibleAnimator"])
        let context = try #require(delegate.animator.context)
        #expect(context.isInteractive)
        interaction.update(0.5)
        display.advance(by: 0.3)
        #expect(isClose(CGFloat(try #require(detail.view.layer.presentation()).opacity), 0.5, within: 0.01), "held at half way")
        #expect(!context.transitionWasCancelled && log.entries.isEmpty, "paused under the interaction")
        interaction.cancel()
        #expect(context.transitionWasCancelled && !context.isInteractive)
        display.advance(by: 0.1)
        #expect(log.entries.isEmpty, "the rest runs back over 0.5 × 0.5 s")
        display.advance(by: 0.3)
        #expect(log.take() == ["animator: completion at start", "root: viewWillDisappear(true)", "detail: viewWillAppear(true)",
                               "detail: viewDidAppear(true)", "root: viewDidDisappear(true)", "animator: animationEnded(false)"])
        #expect(root.presentedViewController === detail && detail.view.alpha == 1 && detail.view.window != nil)
    }

    @Test func percentDrivenFinishRunsTheRestAtTheCompletionSpeed() {
        let log = CallbackLog()
        let (display, _, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        let delegate = FadeDelegate(FadeAnimator(log: log))
        detail.transitioningDelegate = delegate
        root.present(detail, animated: false)
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        interaction.completionCurve = .linear
        delegate.interaction = interaction
        detail.dismiss(animated: true) { log.entries.append("completion") }
        interaction.update(0.6)
        display.advance(by: 0.1)
        _ = log.take()
        interaction.finish()
        display.advance(by: 0.09)   // the rest: 0.4 × 0.5 s / 2 = 0.1 s
        #expect(log.entries.isEmpty)
        display.advance(by: 0.03)
        #expect(log.take() == ["animator: completion at end", "detail: viewDidDisappear(true)", "root: viewDidAppear(true)",
                               "animator: animationEnded(true)", "completion"])
        #expect(root.presentedViewController == nil)
    }

    @Test func aRunningTransitionCanBePausedAndReversedByItsInteraction() throws {
        let log = CallbackLog()
        let (display, _, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        let delegate = FadeDelegate(FadeAnimator(log: log))
        detail.transitioningDelegate = delegate
        root.present(detail, animated: false)
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        delegate.interaction = interaction
        detail.dismiss(animated: true)
        display.advance(by: 0)
        display.advance(by: 0.2)
        interaction.pause()
        let held = interaction.percentComplete
        #expect(held > 0.3 && held < 0.5, "paused at \(held)")
        display.advance(by: 0.5)
        #expect(root.presentedViewController === detail && isClose(interaction.percentComplete, held, within: 1e-9))
        interaction.cancel()
        display.advance(by: 1)
        #expect(root.presentedViewController === detail && detail.view.alpha == 1)
        #expect(log.entries.contains("animator: animationEnded(false)"))
    }

    @Test func anAnimatorWithoutAnInterruptibleAnimatorPlaysToTheEndAndIsReported() {
        let log = CallbackLog()
        let (display, _, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        let delegate = PlainDelegate()
        detail.transitioningDelegate = delegate
        root.present(detail, animated: false)
        let before = diagnosticCount("has no interruptibleAnimator(using:)")
        detail.dismiss(animated: true)
        #expect(diagnosticCount("has no interruptibleAnimator(using:)") == before + 1)
        display.advance(by: 1)
        #expect(root.presentedViewController == nil)
    }

    @Test func alongsideAnimationsRunWithThePresentationAndCompleteBeforeViewDidAppear() throws {
        let log = CallbackLog()
        let (display, _, root) = makeRootedWindow(log: log)
        final class Badged: RecordingController {
            let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                view.addSubview(badge)
                badge.alpha = 0
                let ok = transitionCoordinator?.animate(alongsideTransition: { _ in self.badge.alpha = 1 },
                                                        completion: { context in self.log.entries.append("alongside done, cancelled: \(context.isCancelled)") })
                log.entries.append("coordinator: \(ok == true)")
            }
        }
        let detail = Badged("detail", log: log)
        root.present(detail, animated: true)
        display.advance(by: 0)
        display.advance(by: ModalTransitionAnimator.duration / 2)
        let alpha = try #require(detail.badge.layer.presentation()).opacity
        #expect(alpha > 0.1 && alpha < 0.9, "\(alpha)")
        display.advance(by: 1)
        let entries = log.take()
        let done = try #require(entries.firstIndex(of: "alongside done, cancelled: false"))
        let appeared = try #require(entries.firstIndex(of: "detail: viewDidAppear(true)"))
        #expect(entries.contains("coordinator: true") && done < appeared)
        #expect(detail.transitionCoordinator == nil, "no coordinator once the transition is over")
    }
}

/// An interaction controller can drive a presentation too (UIKit's `interactionControllerForPresentation`).
@MainActor
@Suite("Interactive presentation")
struct InteractivePresentationTests {
    /// Supplies the fade animator and an interaction controller for presenting.
    final class PresentingDelegate: UIViewControllerTransitioningDelegate {
        let animator: FadeAnimator
        let interaction = UIPercentDrivenInteractiveTransition()
        init(_ animator: FadeAnimator) { self.animator = animator }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
        func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
            interaction
        }
    }

    @Test func aPresentationScrubbedAndFinishedCompletesWithItsCompletion() throws {
        let log = CallbackLog()
        let (display, _, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        let delegate = PresentingDelegate(FadeAnimator(log: log))
        detail.transitioningDelegate = delegate
        var completed = false
        root.present(detail, animated: true) { completed = true }
        delegate.interaction.update(0.25)
        display.advance(by: 0.5)
        #expect(isClose(CGFloat(try #require(detail.view.layer.presentation()).opacity), 0.25, within: 0.01))
        #expect(!completed && root.presentedViewController === detail)
        delegate.interaction.finish()
        display.advance(by: 1)
        #expect(completed && log.entries.contains("animator: completion at end") && detail.view.alpha == 1)
    }
}
