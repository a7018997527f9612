import AnimaCore
import AnimaKit
import AnimaSDL
import Foundation

extension AppWindow {
    /// The root view controller of the window's content (its `rootView`, a `UIWindow`).
    ///
    /// Setting it makes a `UIWindow` the window's size the `rootView` first when the content is not one
    /// already, then makes the controller that window's `rootViewController` (its view fills the window and
    /// follows resizes; `viewWillAppear`/`viewDidAppear` run). It is `app.rootView = window` plus
    /// `window.rootViewController = controller` in one step.
    /// ```swift
    /// let app = try AppWindow(title: "Inbox", size: CGSize(width: 640, height: 480))
    /// app.rootViewController = UINavigationController(rootViewController: InboxController())
    /// await app.run()
    /// ```
    public var rootViewController: UIViewController? {
        get { (rootView as? UIWindow)?.rootViewController }
        set {
            let window: UIWindow
            if let existing = rootView as? UIWindow {
                window = existing
            } else {
                window = UIWindow(frame: CGRect(origin: .zero, size: size))
                rootView = window
            }
            makeCurrent()
            window.rootViewController = newValue
            window.makeKeyAndVisible()
        }
    }
}
