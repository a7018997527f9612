import Foundation
import AnimaCore
import AnimaGraphics

/// Modal presentation: `present(_:animated:completion:)` and `dismiss(animated:completion:)`.
///
/// The presented view is shown in a container view over the presentation context — the window for
/// `.fullScreen` and `.overFullScreen`, the view of the nearest controller that `definesPresentationContext`
/// (else the root) for `.currentContext` and `.overCurrentContext`. Full-screen and current-context styles take
/// the presenting view out of the window once the transition ends (it hears `viewWillDisappear` /
/// `viewDidDisappear`); the "over" styles keep it underneath. The animation is the
/// `transitioningDelegate`'s animator if it gives one, else the `modalTransitionStyle`'s.
/// ```swift
/// let detail = DetailController()
/// detail.modalTransitionStyle = .crossDissolve
/// present(detail, animated: true) { print("shown") }   // after detail.viewDidAppear(true)
/// detail.dismiss(animated: true)                        // asks its presenter to dismiss it
/// ```
extension UIViewController {
    /// The controller that presented this one (or the nearest ancestor that was presented).
    public var presentingViewController: UIViewController? {
        var current: UIViewController? = self
        while let controller = current {
            if let presenter = controller._presentingViewController { return presenter }
            current = controller._parent
        }
        return nil
    }

    /// The controller this one (or the nearest ancestor that presents) presents.
    public var presentedViewController: UIViewController? {
        var current: UIViewController? = self
        while let controller = current {
            if let presented = controller._presentedViewController { return presented }
            current = controller._parent
        }
        return nil
    }

    /// Presents `viewControllerToPresent` modally, then calls `completion` (after its `viewDidAppear`).
    ///
    /// Presenting a controller that is already presented, that has a parent, or the controller itself is
    /// Apple's documented programmer error and stops the program with a message naming the rule. Presenting
    /// from a controller that already presents another, while a transition runs, or whose view is not in a
    /// window is reported (as UIKit's console warning) and ignored: `completion` is not called.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        let presented = viewControllerToPresent
        if presented === self || ancestors.contains(where: { $0 === presented })
            || presented.viewIfLoaded?.window?.rootViewController === presented {
            presentationError("Application tried to present modally an active controller \(presented.diagnosticName).")
        }
        if let presenter = presented._presentingViewController {
            presentationError("Application tried to present modally a view controller \(presented.diagnosticName) that is already being presented by \(presenter.diagnosticName).")
        }
        if let parent = presented._parent {
            presentationError("Application tried to present modally a view controller \(presented.diagnosticName) that has a parent view controller \(parent.diagnosticName).")
        }
        let presenter = presentationContext(for: presented.modalPresentationStyle)
        if let current = presenter._presentedViewController {
            return Diagnostics.report("Attempt to present \(presented.diagnosticName) on \(presenter.diagnosticName) which is already presenting \(current.diagnosticName); ignored")
        }
        if presenter.activeTransition != nil {
            return Diagnostics.report("Attempt to present \(presented.diagnosticName) on \(presenter.diagnosticName) while a transition is in progress; ignored")
        }
        guard let presenterView = presenter.viewIfLoaded, let window = presenterView.window else {
            return Diagnostics.report("Attempt to present \(presented.diagnosticName) on \(presenter.diagnosticName) whose view is not in the window hierarchy; ignored")
        }
        let style = presented.modalPresentationStyle
        let coversContext = style == .currentContext || style == .overCurrentContext
        let container = UIView(frame: coversContext ? presenterView.frame : window.bounds)
        container.backgroundColor = nil
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]   // it follows the window's (or context's) size
        let host: UIView = coversContext ? (presenterView.superview ?? window) : window
        host.addSubview(container)
        presented.presentationContainer = container
        presenter._presentedViewController = presented
        presented._presentingViewController = presenter

        let source = self
        let custom = presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenter, source: source)
        let animator = custom ?? presented.builtInTransitionAnimator(isPresenting: true)
        let interactor = custom.flatMap { presented.transitioningDelegate?.interactionControllerForPresentation(using: $0) }
        let transition = ViewControllerTransition(from: presenter, to: presented, container: container, animated: flag,
                                                  style: style, animator: animator, interactor: interactor)
        let removesPresenter = style.removesPresentingView
        transition.fromDisappears = removesPresenter
        transition.hidesFromView = !removesPresenter
        transition.toEndsFirst = true
        transition.finalFrames[ObjectIdentifier(presented)] = container.bounds
        transition.initialFrames[ObjectIdentifier(presenter)] = presenterView.frame
        transition.finalFrames[ObjectIdentifier(presenter)] = presenterView.frame
        transition.prepare = {
            let view: UIView = presented.view
            container.addSubview(view)
            view.frame = container.bounds
        }
        transition.finish = {
            let view: UIView = presented.view
            if view.superview !== container { container.addSubview(view) }
            view.frame = container.bounds
            if removesPresenter { presenterView.removeFromSuperview() }
        }
        transition.undo = {
            presented.viewIfLoaded?.removeFromSuperview()
            container.removeFromSuperview()
            presented.presentationContainer = nil
            presenter._presentedViewController = nil
            presented._presentingViewController = nil
        }
        transition.completion = { didComplete in if didComplete { completion?() } }
        transition.start()
    }

    /// Dismisses the controller this one presents (with any it presents in turn), or — called on a presented
    /// controller — asks its presenter to dismiss it; then calls `completion` (after the presenter's
    /// `viewDidAppear`, for full-screen styles). With nothing presented it does nothing.
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter: UIViewController
        if presentedViewController != nil {
            presenter = ancestorsAndSelf.first { $0._presentedViewController != nil } ?? self
        } else if let presenting = presentingViewController {
            presenter = presenting
        } else {
            return
        }
        guard let first = presenter._presentedViewController else { return }
        var chain = [first]
        while let next = chain.last?._presentedViewController { chain.append(next) }
        let top = chain[chain.count - 1]
        if presenter.activeTransition != nil || top.activeTransition != nil {
            return Diagnostics.report("Attempt to dismiss \(top.diagnosticName) from \(presenter.diagnosticName) while a transition is in progress; ignored")
        }
        guard let container = top.presentationContainer, let topView = top.viewIfLoaded else { return }
        let style = first.modalPresentationStyle
        let presenterView: UIView = presenter.view
        let bottomContainer = first.presentationContainer ?? container
        let delegate = top.transitioningDelegate
        let custom = delegate?.animationController(forDismissed: top)
        let animator = custom ?? top.builtInTransitionAnimator(isPresenting: false)
        let interactor = custom.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        let transition = ViewControllerTransition(from: top, to: presenter, container: container, animated: flag,
                                                  style: top.modalPresentationStyle, animator: animator, interactor: interactor)
        transition.toAppears = style.removesPresentingView
        transition.hidesToView = !style.removesPresentingView
        transition.kind = .dismiss
        transition.initialFrames[ObjectIdentifier(top)] = topView.frame
        transition.finalFrames[ObjectIdentifier(presenter)] = presenterView.frame
        let intermediates = chain.dropLast()
        transition.prepare = {
            if style.removesPresentingView, presenterView.superview == nil, let host = bottomContainer.superview {
                host.insertSubview(presenterView, belowSubview: bottomContainer)
            }
        }
        transition.finish = {
            for controller in chain.reversed() {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.presentationContainer?.removeFromSuperview()
                controller.presentationContainer = nil
                controller._presentingViewController?._presentedViewController = nil
                controller._presentingViewController = nil
            }
            for controller in intermediates where controller.appearance != .disappeared {
                controller.beginAppearanceTransition(false, animated: flag)
                controller.endAppearanceTransition()
            }
        }
        transition.undo = {
            topView.transform = .identity
            topView.alpha = 1
            topView.frame = container.bounds
            if style.removesPresentingView { presenterView.removeFromSuperview() }
        }
        transition.completion = { didComplete in if didComplete { completion?() } }
        transition.start()
    }

    /// Takes down every presentation from this controller at once (a window replacing its root does this).
    package func dismissPresentationsWithoutAnimation() {
        guard _presentedViewController != nil, activeTransition == nil else { return }
        dismiss(animated: false)
    }

    /// The animation UIKit gives this controller's presentation or dismissal when no delegate gives one: an alert's
    /// own, else the `modalTransitionStyle`'s.
    private func builtInTransitionAnimator(isPresenting: Bool) -> UIViewControllerAnimatedTransitioning {
        if self is UIAlertController { return AlertTransitionAnimator(isPresenting: isPresenting) }
        return ModalTransitionAnimator(style: modalTransitionStyle, isPresenting: isPresenting)
    }

    /// The controller a presentation of `style` from this one is made from.
    private func presentationContext(for style: UIModalPresentationStyle) -> UIViewController {
        let chain = ancestorsAndSelf
        if style == .currentContext || style == .overCurrentContext,
           let context = chain.first(where: { $0.definesPresentationContext }) {
            return context
        }
        return chain[chain.count - 1]
    }

    /// This controller, then its ancestors, nearest first.
    package var ancestorsAndSelf: [UIViewController] { [self] + ancestors }

    private func presentationError(_ message: String) -> Never {
        Diagnostics.report("UIViewController: \(message)")
        fatalError("UIViewController: \(message)")
    }
}

extension UIModalPresentationStyle {
    /// Whether the presenting view leaves the window while presented: not for the "over" styles, nor for
    /// `.custom` (UIKit's default presentation controller keeps the presenter's view).
    var removesPresentingView: Bool { self != .overFullScreen && self != .overCurrentContext && self != .custom }
}
