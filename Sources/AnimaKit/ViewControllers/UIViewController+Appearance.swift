import Foundation
import AnimaCore
import AnimaGraphics

/// The appearance cycle: UIKit's `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()`, and
/// the view hook that calls them when a controller's root view enters or leaves a window on its own.
///
/// ```
///  disappeared ──begin(true)──▶ appearing ──end()──▶ appeared
///       ▲                          │ begin(false)         │ begin(false)
///       └──────end()─────────── disappearing ◀────────────┘
/// ```
/// A begin that does not change direction is ignored (a controller never hears `viewWillAppear` twice in a
/// row). Children receive the same calls after their parent when
/// ``UIViewController/shouldAutomaticallyForwardAppearanceMethods`` is true (the default).
extension UIViewController {
    /// Tells the controller its view is about to appear (`isAppearing`) or disappear.
    ///
    /// Containers call this around moving a child's view when they manage appearance themselves; pair every
    /// call with ``endAppearanceTransition()``.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        let next: AppearanceState = isAppearing ? .appearing : .disappearing
        switch (appearance, isAppearing) {
        case (.appearing, true), (.appeared, true), (.disappearing, false), (.disappeared, false): return
        default: break
        }
        appearance = next
        lastAppearanceAnimated = animated
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        for child in forwardedChildren where child.shouldForwardAppearance {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Completes the appearance change begun by ``beginAppearanceTransition(_:animated:)``: calls
    /// `viewDidAppear` or `viewDidDisappear`, then forwards to the children.
    public func endAppearanceTransition() {
        guard finishAppearance(animated: lastAppearanceAnimated) else { return }
        for child in forwardedChildren where child.shouldForwardAppearance {
            child.endAppearanceTransition()
        }
    }

    /// Whether the parent forwards its appearance calls to this child.
    package var shouldForwardAppearance: Bool {
        _parent?.shouldAutomaticallyForwardAppearanceMethods ?? true
    }

    /// The children whose views are inside this controller's view.
    private var forwardedChildren: [UIViewController] {
        guard let root = _view else { return [] }
        return _children.filter { $0._view?.isDescendant(of: root) == true }
    }

    /// Whether a transition (or an ancestor's) is calling the appearance methods of this controller.
    package var appearanceIsManaged: Bool {
        var current: UIViewController? = self
        while let controller = current {
            if controller.managedAppearanceDepth > 0 { return true }
            current = controller._parent
        }
        return false
    }

    /// Called by the root view before it moves to `newWindow` (nil: out of any window).
    package func rootViewWillMove(toWindow newWindow: UIWindow?) {
        guard !appearanceIsManaged, newWindow != nil || appearance != .disappeared else { return }
        beginAppearanceTransitionFromView(newWindow != nil)
    }

    /// Called by the root view after it moved to a window (or out of one).
    package func rootViewDidMoveToWindow() {
        guard !appearanceIsManaged else { return }
        endAppearanceTransitionFromView()
    }

    // A window move reaches every view in the subtree, so a child hears it through its own view: the view
    // hook does not forward to children (that would call them twice).
    private func beginAppearanceTransitionFromView(_ isAppearing: Bool) {
        switch (appearance, isAppearing) {
        case (.appearing, true), (.appeared, true), (.disappearing, false), (.disappeared, false): return
        default: break
        }
        appearance = isAppearing ? .appearing : .disappearing
        lastAppearanceAnimated = false
        if isAppearing { viewWillAppear(false) } else { viewWillDisappear(false) }
    }

    private func endAppearanceTransitionFromView() {
        finishAppearance(animated: false)
    }

    /// Moves an appearing controller to appeared (`viewDidAppear`) or a disappearing one to disappeared
    /// (`viewDidDisappear`); returns false, calling nothing, when no transition is under way.
    @discardableResult
    private func finishAppearance(animated: Bool) -> Bool {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(animated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return false
        }
        return true
    }
}
