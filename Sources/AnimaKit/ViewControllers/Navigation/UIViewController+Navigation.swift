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
