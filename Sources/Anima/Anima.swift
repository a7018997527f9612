// The umbrella module: `import Anima` brings in everything.
@_exported import AnimaGraphics
@_exported import AnimaCore
@_exported import AnimaDynamics
@_exported import AnimaKit
@_exported import AnimaSDL
@_exported import AnimaLottie
@_exported import Foundation

/// A `UIWindow` can be an `AppWindow`'s content: `appWindow.rootView = window` hosts it in the window's root
/// layer, routes the window's input events to its views, and keeps its frame equal to the window's size.
/// ```swift
/// let app = try AppWindow(title: "Demo", size: CGSize(width: 640, height: 480))
/// let window = UIWindow(frame: CGRect(origin: .zero, size: app.size))
/// app.rootView = window
/// ```
extension UIWindow: AppWindowContent {
    public func windowDidResize(to size: CGSize) {
        frame.origin = .zero
        transition(toSize: size)
        layoutIfNeeded()
    }
}
