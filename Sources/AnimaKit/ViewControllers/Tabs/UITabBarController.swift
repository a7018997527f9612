import Foundation
import AnimaCore
import AnimaGraphics

/// What a tab bar controller asks and tells about tab changes (UIKit's `UITabBarControllerDelegate`); every method
/// is optional.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Whether a tap on a tab may select `viewController`.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// A tap selected `viewController`.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// An animator for the change from one tab to another (nil: the tabs switch at once).
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
}

/// Tabs of content along a bar at the bottom, one child controller each (UIKit's `UITabBarController`).
///
/// ```swift
/// let tabs = UITabBarController()
/// feed.tabBarItem = UITabBarItem(title: "Feed", image: UIImage(named: "feed"), tag: 0)
/// tabs.viewControllers = [UINavigationController(rootViewController: feed), settings]
/// window.rootViewController = tabs
/// ```
/// Only the selected tab's view is in the window; changing tabs swaps the views at once (the old tab hears
/// `viewWillDisappear(false)` and the new one `viewWillAppear(false)`), or — when the delegate gives an animator —
/// runs it as a view controller transition, as UIKit does. Every tab is shown on the bar (no "More" tab).
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    /// The bar along the bottom.
    public let tabBar = UITabBar()
    /// The object asked and told about tab changes.
    open weak var delegate: UITabBarControllerDelegate?
    /// The view the selected tab's view fills.
    let contentView = UIView()
    var runningTransition: ViewControllerTransition?
    private var _selectedIndex = 0

    /// The tabs' controllers, in order.
    open var viewControllers: [UIViewController]? {
        get { children.isEmpty ? nil : children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs; the selection stays on the same controller if it is among them, else on the first.
    open func setViewControllers(_ controllers: [UIViewController]?, animated: Bool) {
        let list = controllers ?? []
        for (index, controller) in list.enumerated() where list[..<index].contains(where: { $0 === controller }) {
            let message = "UITabBarController: the same view controller appears twice among the tabs (\(controller.diagnosticName))"
            Diagnostics.report(message)
            fatalError(message)
        }
        let old = children
        let previous = selectedViewController
        for controller in old where !list.contains(where: { $0 === controller }) {
            controller.willMove(toParent: nil)
            if controller === previous { controller.viewIfLoaded?.removeFromSuperview() }
            controller.removeFromParent()
        }
        for controller in list where !old.contains(where: { $0 === controller }) { addChild(controller) }
        _children = list
        for controller in list where !old.contains(where: { $0 === controller }) { controller.didMove(toParent: self) }
        _selectedIndex = previous.flatMap { p in list.firstIndex { $0 === p } } ?? 0
        tabBar.items = list.map(\.tabBarItem)
        tabBar.selectedItem = selectedViewController?.tabBarItem
        showSelected(replacing: previous === selectedViewController ? nil : previous)
    }

    /// The index of the selected tab.
    open var selectedIndex: Int {
        get { _selectedIndex }
        set {
            guard children.indices.contains(newValue) else {
                return Diagnostics.report("UITabBarController: selectedIndex = \(newValue) ignored: there are \(children.count) tabs")
            }
            select(children[newValue], animated: false)
        }
    }

    /// The selected tab's controller.
    open var selectedViewController: UIViewController? {
        get { children.indices.contains(_selectedIndex) ? children[_selectedIndex] : nil }
        set {
            guard let newValue, children.contains(where: { $0 === newValue }) else {
                return Diagnostics.report("UITabBarController: selectedViewController is not one of the tabs; ignored")
            }
            select(newValue, animated: false)
        }
    }

    open override func loadView() {
        let root = UIView(frame: UIViewController.defaultViewFrame)
        root.backgroundColor = .white
        root.clipsToBounds = true
        contentView.clipsToBounds = true
        root.addSubview(contentView)
        root.addSubview(tabBar)
        tabBar.delegate = self
        view = root
        showSelected(replacing: nil)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        tabBar.frame = CGRect(x: 0, y: bounds.height - UITabBar.height, width: bounds.width, height: UITabBar.height)
        contentView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - UITabBar.height))
        if runningTransition == nil, let page = selectedViewController?.viewIfLoaded, page.superview === contentView {
            page.frame = contentView.bounds
        }
    }

    // MARK: Selecting

    /// The bar's tap: asks the delegate, selects, tells the delegate.
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let index = children.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let controller = children[index]
        guard delegate?.tabBarController(self, shouldSelect: controller) ?? true else { return }
        if controller === selectedViewController {
            // A second tap on a navigation tab pops it to its root, as in UIKit.
            (controller as? UINavigationController)?.popToRootViewController(animated: true)
        } else {
            select(controller, animated: true)
        }
        delegate?.tabBarController(self, didSelect: controller)
    }

    private func select(_ controller: UIViewController, animated: Bool) {
        guard let index = children.firstIndex(where: { $0 === controller }), index != _selectedIndex, runningTransition == nil else { return }
        let previous = selectedViewController
        _selectedIndex = index
        tabBar.selectedItem = controller.tabBarItem
        if animated, let previous, viewIfLoaded?.window != nil,
           let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: previous, to: controller) {
            transition(from: previous, to: controller, animator: animator)
        } else {
            showSelected(replacing: previous)
        }
    }

    /// Puts the selected tab's view in the content (taking `previous`'s out), at once.
    private func showSelected(replacing previous: UIViewController?) {
        previous?.viewIfLoaded?.removeFromSuperview()
        guard isViewLoaded, let selected = selectedViewController else { return }
        let page: UIView = selected.view
        if page.superview !== contentView { contentView.addSubview(page) }
        page.frame = contentView.bounds
    }

    private func transition(from: UIViewController, to: UIViewController, animator: UIViewControllerAnimatedTransitioning) {
        let transition = ViewControllerTransition.childSwap(from: from, to: to, in: contentView, animator: animator, interactor: nil)
        runningTransition = transition
        activeTransition = transition
        transition.completion = { [weak self] _ in
            self?.runningTransition = nil
            self?.activeTransition = nil
        }
        transition.start()
    }
}

extension UIViewController {
    /// What a tab bar shows for this controller (made on first use, titled with ``title``).
    public var tabBarItem: UITabBarItem! {
        get {
            if let item = _tabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            _tabBarItem = item
            return item
        }
        set {
            _tabBarItem = newValue
            (_parent as? UITabBarController)?.tabBarItemsDidChange()
        }
    }

    /// The nearest ancestor that is a tab bar controller, or nil.
    public var tabBarController: UITabBarController? {
        ancestors.first { $0 is UITabBarController } as? UITabBarController
    }
}

extension UITabBarController {
    /// A child's item was replaced: the bar shows the new one.
    func tabBarItemsDidChange() {
        tabBar.items = children.map(\.tabBarItem)
        tabBar.selectedItem = selectedViewController?.tabBarItem
    }
}
