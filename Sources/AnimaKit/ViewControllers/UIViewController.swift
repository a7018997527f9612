import Foundation
import AnimaCore
import AnimaGraphics

/// An object that manages a view hierarchy (UIKit's `UIViewController`): it loads its root view lazily,
/// hears when the view appears and disappears, lays it out, contains child controllers, and presents
/// other controllers with animated transitions.
///
/// The root view is made the first time ``view`` is read: ``loadView()`` makes it (the default makes a plain
/// `UIView`), then ``viewDidLoad()`` runs once. The appearance callbacks come in UIKit's order — `viewWillAppear`
/// before the view enters a window, `viewDidAppear` after (after the transition, when it is animated), and
/// the same for disappearing. Nothing here reads a clock: animated transitions advance with the display.
/// ```swift
/// final class ColorController: UIViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         view.backgroundColor = .systemTeal
///     }
/// }
/// window.rootViewController = ColorController()   // viewDidLoad, viewWillAppear, viewDidAppear
/// ```
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    package var _view: UIView?
    package var _children: [UIViewController] = []
    package weak var _parent: UIViewController?
    package var appearance = AppearanceState.disappeared
    /// How many transitions currently call this controller's appearance methods themselves; while any do,
    /// its view entering or leaving a window does not.
    package var managedAppearanceDepth = 0
    package var lastAppearanceAnimated = false
    package var _presentedViewController: UIViewController?
    package weak var _presentingViewController: UIViewController?
    /// The view that hosts this controller's view while it is presented (UIKit's transition view).
    package var presentationContainer: UIView?
    /// The transition this controller takes part in, while one runs.
    package var activeTransition: ViewControllerTransition?

    package var _navigationItem: UINavigationItem?
    package var _tabBarItem: UITabBarItem?

    /// How the controller's view is shown when presented (default `.fullScreen`).
    open var modalPresentationStyle: UIModalPresentationStyle = .fullScreen
    /// The animation used when the controller is presented and dismissed (default `.coverVertical`).
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// The object that supplies custom animators for presenting and dismissing this controller.
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// Whether an `.overCurrentContext` presentation from this controller or a descendant covers this
    /// controller's view (false: the nearest ancestor that defines one, else the root).
    open var definesPresentationContext = false

    /// The nib's name (no nibs are loaded here: kept for code written for UIKit).
    public let nibName: String?
    /// The bundle of the nib (kept, unused).
    public let nibBundle: Bundle?

    /// A controller whose view ``loadView()`` makes. Nibs are not loaded on Linux: both arguments are kept
    /// and otherwise ignored, so `super.init(nibName: nil, bundle: nil)` in a subclass compiles unchanged.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// A controller with no nib.
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// Controllers are not archived here: this makes a controller with no nib, so subclasses written for
    /// UIKit (which must provide `init?(coder:)`) compile unchanged.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    // MARK: The view

    /// The root view, loaded (``loadView()`` then ``viewDidLoad()``) the first time it is read.
    ///
    /// Setting it replaces the root view without calling `viewDidLoad()`.
    open var view: UIView! {
        get {
            if _view == nil { loadViewIfNeeded() }
            return _view
        }
        set { install(newValue) }
    }

    /// The root view if it is loaded, without loading it.
    open var viewIfLoaded: UIView? { _view }

    /// Whether the root view has been loaded.
    open var isViewLoaded: Bool { _view != nil }

    /// Loads the root view now if it is not loaded yet.
    open func loadViewIfNeeded() {
        guard _view == nil else { return }
        loadView()
        if _view == nil {
            Diagnostics.report("UIViewController \(diagnosticName): loadView() did not set view; using an empty UIView")
            install(UIView(frame: UIViewController.defaultViewFrame))
        }
        viewDidLoad()
    }

    /// Makes the root view and assigns it to ``view``; the default makes an empty `UIView` the size of
    /// the screen. Override it to build the view in code (do not call `super` then).
    open func loadView() {
        let root = UIView(frame: UIViewController.defaultViewFrame)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]   // as UIKit's: it follows its container's size
        view = root
    }

    /// Called once, after the root view was loaded.
    open func viewDidLoad() {}

    private func install(_ newView: UIView?) {
        if let old = _view, old._viewController === self { old._viewController = nil }
        _view = newView
        newView?._viewController = self
    }

    static var defaultViewFrame: CGRect { UIScreen.main.bounds }

    // MARK: Attributes

    /// A title for the controller (shown by a navigation bar).
    open var title: String? {
        didSet { if title != oldValue { titleDidChange() } }
    }

    /// The size the controller would like for its view when presented in a container that respects it
    /// (`.zero`: no preference).
    open var preferredContentSize: CGSize = .zero

    /// Whether the controller forwards its appearance calls to its children automatically (true by
    /// default); a container that returns false calls its children's begin/end appearance transitions itself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The root view's superview, as UIKit's responder chain goes from a controller.
    open override var next: UIResponder? { _view?.superview }

    // MARK: Appearance callbacks (override points; call super)

    /// The view is about to be added to a window (`animated`: as part of an animated transition).
    open func viewWillAppear(_ animated: Bool) {}
    /// The view was added to a window (after the transition, when it is animated).
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave its window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view left its window (after the transition, when it is animated).
    open func viewDidDisappear(_ animated: Bool) {}

    /// The size of the controller's view is about to change to `size` (its window was resized): the view still has
    /// its old size; `coordinator.animate(alongsideTransition:completion:)` runs blocks after the new size is laid
    /// out. The default passes the call on to the children and to the presented controller; overrides call super.
    /// ```swift
    /// override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
    ///     super.viewWillTransition(to: size, with: coordinator)
    ///     coordinator.animate(alongsideTransition: { _ in self.columns = size.width > 600 ? 2 : 1 })
    /// }
    /// ```
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
        _presentedViewController?.viewWillTransition(to: size, with: coordinator)
    }

    /// The root view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The root view has laid out its subviews.
    open func viewDidLayoutSubviews() {}

    // MARK: Containment callbacks (override points; call super)

    /// Called before the controller is added to `parent` (by ``addChild(_:)``) or removed (nil: call it
    /// yourself before ``removeFromParent()``).
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller moved to `parent` (call it yourself after adding the child's view;
    /// ``removeFromParent()`` calls it with nil).
    open func didMove(toParent parent: UIViewController?) {}

    /// Shows `vc` the way the nearest container shows things: pushed by the navigation controller this one is
    /// in, else presented from this controller (UIKit's `show(_:sender:)`; `sender` is not used).
    /// ```swift
    /// show(MessageController(), sender: self)   // a push inside a navigation controller
    /// ```
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigationController {
            navigationController.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// A descendant's title changed (a navigation controller updates its bar).
    package func childTitleDidChange(_ child: UIViewController) {}

    /// The controller's class and title, for diagnostics.
    package var diagnosticName: String {
        "\(type(of: self))" + (title.map { " \"\($0)\"" } ?? "")
    }
}

/// Where a controller is in its appearance cycle.
package enum AppearanceState: Sendable {
    case disappeared, appearing, appeared, disappearing
}
