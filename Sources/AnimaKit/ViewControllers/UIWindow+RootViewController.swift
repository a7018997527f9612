import Foundation
import AnimaCore
import AnimaGraphics

extension UIWindow {
    /// The controller whose view fills the window (UIKit's `rootViewController`).
    ///
    /// Setting it loads the controller's view, sizes it to the window's bounds and puts it behind the
    /// window's other subviews; the old root's view leaves the window. The appearance callbacks run in
    /// UIKit's order, not animated: the old root's `viewWillDisappear`, the new root's `viewWillAppear`,
    /// the views swap, then the old root's `viewDidDisappear` and the new root's `viewDidAppear` (children
    /// hear each after their parent). In a hidden window the root appears when the window is shown
    /// (`makeKeyAndVisible()` or `isHidden = false`) and disappears when it is hidden. The root view follows the
    /// window when it is resized.
    /// ```swift
    /// let window = UIWindow(display: display)
    /// window.rootViewController = MenuController()
    /// window.makeKeyAndVisible()
    /// ```
    public var rootViewController: UIViewController? {
        get { _rootViewController }
        set { replaceRootViewController(with: newValue) }
    }

    private func replaceRootViewController(with newRoot: UIViewController?) {
        let oldRoot = _rootViewController
        guard newRoot !== oldRoot else { return }
        if let newRoot, newRoot._parent != nil {
            Diagnostics.report("UIWindow: rootViewController \(newRoot.diagnosticName) had a parent; it is taken from there")
            newRoot.willMove(toParent: nil)
            newRoot.removeFromParent()
        }
        // Presentations over the old root go with it.
        oldRoot?.dismissPresentationsWithoutAnimation()
        _rootViewController = newRoot
        newRoot?.loadViewIfNeeded()
        // A hidden window's root appears when the window is shown (see `isHidden`).
        let visible = !isHidden
        let run = {
            if visible { oldRoot?.beginAppearanceTransition(false, animated: false) }
            if let newRoot {
                if visible { newRoot.beginAppearanceTransition(true, animated: false) }
                let rootView: UIView = newRoot.view
                rootView.frame = self.bounds
                self.insertSubview(rootView, at: 0)
            }
            oldRoot?.viewIfLoaded?.removeFromSuperview()
            if visible {
                oldRoot?.endAppearanceTransition()
                newRoot?.endAppearanceTransition()
            }
        }
        withManagedAppearance([oldRoot, newRoot].compactMap { $0 }, run)
    }
}

/// Runs `body` with the appearance of `controllers` called by `body` itself, not by their views' window moves.
@MainActor
package func withManagedAppearance(_ controllers: [UIViewController], _ body: () -> Void) {
    for c in controllers { c.managedAppearanceDepth += 1 }
    body()
    for c in controllers { c.managedAppearanceDepth -= 1 }
}
