import Foundation
import AnimaCore
import AnimaGraphics

/// How the stack changes: one transition from the old top to the new one, then the containment calls.
extension UINavigationController {
    /// Makes `list` the stack, animating from the old top to the new; false when nothing changed or a
    /// transition is running (reported: UIKit warns that nested transitions corrupt the bar).
    package func changeStack(to list: [UIViewController], animated: Bool) -> Bool {
        checkStack(list)
        let old = children
        guard old.count != list.count || zip(old, list).contains(where: { $0 !== $1 }) else { return false }
        if runningTransition != nil {
            Diagnostics.report("UINavigationController: the stack was changed while a transition is in progress; ignored")
            return false
        }
        let removed = old.filter { o in !list.contains { $0 === o } }
        let added = list.filter { n in !old.contains { $0 === n } }
        let from = old.last, to = list.last
        for controller in removed { controller.willMove(toParent: nil) }
        for controller in added { addChild(controller) }
        _children = list
        let finishStack = { [weak self] in
            for controller in removed { controller.removeFromParent() }
            for controller in added { controller.didMove(toParent: self) }
        }
        let undoStack = { [weak self] in
            guard let self else { return }
            self._children = old
            for controller in added where controller._parent === self { controller._parent = nil; controller.didMove(toParent: nil) }
            for controller in removed { controller.didMove(toParent: self) }
            self.updateBar()
        }
        let operation: Operation = to.map { t in old.contains { $0 === t } } == true ? .pop : .push
        showTop(from: from, to: to, operation: operation, animated: animated, finishStack: finishStack, undoStack: undoStack)
        return true
    }

    private func showTop(from: UIViewController?, to: UIViewController?, operation: Operation, animated: Bool,
                         finishStack: @escaping () -> Void, undoStack: @escaping () -> Void) {
        if animated, viewIfLoaded?.window != nil { fadeBar() }
        updateBar()
        guard let root = viewIfLoaded, root.window != nil, let from, let to, from !== to else {
            // Off screen (or nothing to animate between): swap the views now.
            if isViewLoaded {
                from?.viewIfLoaded?.removeFromSuperview()
                if let to {
                    contentView.addSubview(to.view)
                    to.view.frame = contentView.bounds
                }
            }
            finishStack()
            return
        }
        delegate?.navigationController(self, willShow: to, animated: animated)
        let custom = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
        let animator = custom ?? NavigationSlideAnimator(operation: operation)
        let interactor: UIViewControllerInteractiveTransitioning? = operation == .pop && edgePopInteraction != nil
            ? edgePopInteraction : custom.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        let transition = ViewControllerTransition(from: from, to: to, container: contentView, animated: animated,
                                                  style: .fullScreen, animator: animator, interactor: interactor)
        let container = contentView
        transition.kind = operation == .pop ? .pop : .push
        transition.initialFrames[ObjectIdentifier(from)] = container.bounds
        transition.finalFrames[ObjectIdentifier(to)] = container.bounds
        transition.prepare = {
            let toView: UIView = to.view
            toView.frame = container.bounds
            if operation == .pop, let fromView = from.viewIfLoaded, fromView.superview === container {
                container.insertSubview(toView, belowSubview: fromView)
            } else {
                container.addSubview(toView)
            }
        }
        transition.finish = {
            from.viewIfLoaded?.removeFromSuperview()
            let toView: UIView = to.view
            if toView.superview !== container { container.addSubview(toView) }
            toView.transform = .identity
            toView.frame = container.bounds
        }
        transition.undo = {
            to.viewIfLoaded?.removeFromSuperview()
            from.viewIfLoaded?.transform = .identity
        }
        runningTransition = transition
        activeTransition = transition
        transition.completion = { [weak self] didComplete in
            guard let self else { return }
            self.runningTransition = nil
            self.activeTransition = nil
            if didComplete {
                finishStack()
                self.delegate?.navigationController(self, didShow: to, animated: animated)
            } else {
                self.fadeBar()
                undoStack()
            }
        }
        transition.start()
    }

    /// Cross-fades the bar from what it shows to what it shows next, over a slide's length.
    private func fadeBar() {
        let fade = CATransition()
        fade.type = .fade
        fade.duration = NavigationSlideAnimator.duration
        navigationBar.layer.add(fade, forKey: "navigation title")
    }

    /// The left-edge pan: starts a pop, scrubs it by the horizontal translation, and finishes it past half
    /// way or when flung right (faster than 300 points per second), otherwise cancels it.
    package func handleEdgePan(_ pan: UIPanGestureRecognizer) {
        let width = max(1, view.bounds.width)
        switch pan.state {
        case .began:
            guard children.count > 1, runningTransition == nil else { return }
            let interaction = UIPercentDrivenInteractiveTransition()
            edgePopInteraction = interaction
            popViewController(animated: true)
            if runningTransition == nil { edgePopInteraction = nil }
        case .changed:
            edgePopInteraction?.update(pan.translation(in: view).x / width)
        case .ended:
            guard let interaction = edgePopInteraction else { return }
            edgePopInteraction = nil
            let velocity = pan.velocity(in: view).x
            if velocity > 300 || (interaction.percentComplete > 0.5 && velocity > -300) {
                interaction.finish()
            } else {
                interaction.cancel()
            }
        case .cancelled, .failed:
            edgePopInteraction?.cancel()
            edgePopInteraction = nil
        default:
            break
        }
    }
}
