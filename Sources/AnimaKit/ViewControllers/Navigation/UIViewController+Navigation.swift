import Foundation
import AnimaCore
import AnimaGraphics

extension UIViewController {
    /// The nearest ancestor that is a navigation controller, or nil.
    public var navigationController: UINavigationController? {
        ancestors.first { $0 is UINavigationController } as? UINavigationController
    }

    /// What a navigation bar shows for this controller (made on first use; its title falls back to
    /// ``title``).
    public var navigationItem: UINavigationItem {
        if let item = _navigationItem { return item }
        let item = UINavigationItem()
        item.onChange = { [weak self] in self?.titleDidChange() }
        _navigationItem = item
        return item
    }

    /// The title a navigation bar shows for this controller.
    package var navigationTitle: String? { _navigationItem?.title ?? title }
}

extension UIViewController {
    /// Whether the controller is appearing because it is being presented (true in its `viewWillAppear` and
    /// `viewDidAppear` during a presentation).
    public var isBeingPresented: Bool { isInTransition(.present, asDestination: true) }

    /// Whether the controller is disappearing because it is being dismissed.
    public var isBeingDismissed: Bool { isInTransition(.dismiss, asDestination: false) }

    /// Whether the controller is appearing because it is being pushed onto a navigation stack.
    public var isMovingToParent: Bool { isInTransition(.push, asDestination: true) }

    /// Whether the controller is disappearing because it is being popped off a navigation stack.
    public var isMovingFromParent: Bool { isInTransition(.pop, asDestination: false) }

    private func isInTransition(_ kind: TransitionKind, asDestination: Bool) -> Bool {
        guard let transition = activeTransition, transition.kind == kind else { return false }
        return (asDestination ? transition.toViewController : transition.fromViewController) === self
    }
}
