import Foundation
import AnimaCore
import AnimaGraphics

/// A container that shows a stack of controllers one at a time under a navigation bar (UIKit's
/// `UINavigationController`): push slides a new screen in from the right, pop slides it back out, and a pan
/// from the left edge of the window pops interactively — let go before half way (and slowly) and it cancels.
///
/// The stack (``viewControllers``) changes as soon as a push or pop is asked for; the views follow when the
/// transition ends. The callbacks come in UIKit's order: for a push, the new controller hears
/// `willMove(toParent:)`, then the old top `viewWillDisappear` and the new `viewWillAppear`; after the slide the
/// old top `viewDidDisappear`, the new `viewDidAppear` and `didMove(toParent:)`. A pop calls the popped
/// controller's `willMove(toParent: nil)` first and `didMove(toParent: nil)` last. While the navigation
/// controller is not in a window the stack changes without animation or appearance calls.
/// ```swift
/// let navigation = UINavigationController(rootViewController: InboxController())
/// window.rootViewController = navigation
/// navigation.pushViewController(MessageController(), animated: true)
/// navigation.popViewController(animated: true)
/// ```
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The bar along the top (44 points).
    public let navigationBar = UINavigationBar(frame: .zero)
    /// The object told about shown controllers and asked for custom transitions.
    open weak var delegate: UINavigationControllerDelegate?
    /// Whether the bar is hidden (the content then fills the view).
    open var isNavigationBarHidden = false {
        didSet {
            if !isSlidingBar { navigationBar.isHidden = isNavigationBarHidden }
            viewIfLoaded?.setNeedsLayout()
        }
    }

    /// The length of the bar's slide in ``setNavigationBarHidden(_:animated:)``, in seconds (UIKit's
    /// `UINavigationControllerHideShowBarDuration`).
    public static let hideShowBarDuration: CGFloat = 0.2

    /// Whether an animated hide or show is sliding the bar (it stays visible until the slide ends).
    private var isSlidingBar = false

    /// Hides or shows the bar; animated, it slides up out of the view (or down into it) while the content grows or
    /// shrinks to match, over ``hideShowBarDuration``.
    /// ```swift
    /// navigationController?.setNavigationBarHidden(true, animated: true)
    /// ```
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard animated, hidden != isNavigationBarHidden, let view = viewIfLoaded, view.window != nil else {
            isNavigationBarHidden = hidden
            return
        }
        view.layoutIfNeeded()
        isSlidingBar = true
        isNavigationBarHidden = hidden
        navigationBar.isHidden = false
        UIView.animate(withDuration: TimeInterval(Self.hideShowBarDuration), animations: { view.layoutIfNeeded() }) { _ in
            self.isSlidingBar = false
            self.navigationBar.isHidden = self.isNavigationBarHidden
        }
    }
    /// The left-edge pan that pops the top controller interactively (nil until the view loads).
    public private(set) var interactivePopGestureRecognizer: UIGestureRecognizer?

    /// The view the top controller's view fills (below the bar).
    package let contentView = UIView(frame: .zero)
    package var runningTransition: ViewControllerTransition?
    package var edgePopInteraction: UIPercentDrivenInteractiveTransition?

    /// A navigation controller whose stack holds `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    /// An empty navigation controller (nibs are not loaded here).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// An empty navigation controller (controllers are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: The stack

    /// The stack, root first; setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { children.last }

    /// The controller whose view is on show: the one the top controller presents, else the top controller.
    open var visibleViewController: UIViewController? { topViewController?.presentedViewController ?? topViewController }

    /// Pushes `viewController` on the stack and shows it (sliding in from the right when `animated`).
    ///
    /// Pushing a controller already in the stack, or a navigation controller, is Apple's documented
    /// programmer error and stops the program with a message naming the rule.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if viewController is UINavigationController {
            navigationError("Pushing a navigation controller is not supported (\(viewController.diagnosticName)).")
        }
        setViewControllers(children + [viewController], animated: animated)
    }

    /// Pops the top controller and returns it (nil when only the root is left).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard children.count > 1, let top = topViewController else { return nil }
        return changeStack(to: Array(children.dropLast()), animated: animated) ? top : nil
    }

    /// Pops every controller above the root and returns them, bottom first (nil when there are none).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = children.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above `viewController` and returns them, bottom first (nil when it is not in the
    /// stack, which is reported, or is already on top).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = children.firstIndex(where: { $0 === viewController }) else {
            Diagnostics.report("UINavigationController: popToViewController(\(viewController.diagnosticName)): not in the stack; ignored")
            return nil
        }
        let popped = Array(children[(index + 1)...])
        guard !popped.isEmpty, changeStack(to: Array(children[...index]), animated: animated) else { return nil }
        return popped
    }

    /// Replaces the stack; the new top is shown with a push (when it is new to the stack) or a pop.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        _ = changeStack(to: viewControllers, animated: animated)
    }

    private func navigationError(_ message: String) -> Never {
        Diagnostics.report("UINavigationController: \(message)")
        fatalError("UINavigationController: \(message)")
    }

    package func checkStack(_ list: [UIViewController]) {
        for (i, controller) in list.enumerated() where list[..<i].contains(where: { $0 === controller }) {
            navigationError("Pushing the same view controller instance more than once is not supported (\(controller.diagnosticName)).")
        }
    }

    // MARK: The view

    /// Makes a view holding the content view and the bar, with the left-edge pan.
    open override func loadView() {
        let root = UIView(frame: UIViewController.defaultViewFrame)
        root.backgroundColor = .white
        root.clipsToBounds = true
        contentView.clipsToBounds = true
        root.addSubview(contentView)
        root.addSubview(navigationBar)
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        let edgePan = UIScreenEdgePanGestureRecognizer { [weak self] pan in self?.handleEdgePan(pan) }
        edgePan.edges = .left
        root.addGestureRecognizer(edgePan)
        interactivePopGestureRecognizer = edgePan
        view = root
        if let top = topViewController { contentView.addSubview(top.view) }
        updateBar()
    }

    /// Lays out the bar and the content; the top view fills the content when no transition runs.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let barHeight = isNavigationBarHidden ? 0 : UINavigationBar.height
        // A hidden bar waits above the view, where an animated show slides it down from.
        navigationBar.frame = CGRect(x: 0, y: barHeight - UINavigationBar.height, width: bounds.width, height: UINavigationBar.height)
        contentView.frame = CGRect(x: 0, y: barHeight, width: bounds.width, height: max(0, bounds.height - barHeight))
        if runningTransition == nil, let top = topViewController?.viewIfLoaded, top.superview === contentView {
            top.frame = contentView.bounds
        }
    }

    /// Shows the top controller's title and a back button to the one below.
    package func updateBar() {
        let list = children
        let backTitle: String? = list.count > 1 && list.last?._navigationItem?.hidesBackButton != true
            ? (list[list.count - 2]._navigationItem?.backButtonTitle ?? list[list.count - 2].navigationTitle ?? "Back")
            : nil
        navigationBar.show(title: list.last?.navigationTitle, backTitle: backTitle)
    }

    package override func childTitleDidChange(_ child: UIViewController) { updateBar() }
}
