import AnimaCore
import AnimaGraphics
import Foundation

/// What an `AppWindow` shows as its `rootView`: the view layer's window (UIKit's `UIWindow`) adopts it.
///
/// The window hosts the content once: `attach(to:hostLayer:)` adds the content's layer to the window's root layer
/// and takes the frame pipeline's input events (the pipeline's `eventHandler`, called at the start of each frame
/// with the pointer, key and scroll events the window turned SDL's events into). When the window is resized,
/// `windowDidResize(to:)` runs inside a transaction with actions disabled.
/// ```swift
/// extension UIWindow: AppWindowContent {}
/// let app = try AppWindow(title: "Demo", size: CGSize(width: 800, height: 600))
/// app.rootView = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
/// await app.run()
/// ```
@MainActor
public protocol AppWindowContent: AnyObject {
    /// The layer the content draws into.
    var layer: CALayer { get }
    /// Adds `layer` to `hostLayer` and receives `pipeline`'s input events.
    func attach(to pipeline: FramePipeline, hostLayer: CALayer)
    /// The window now measures `size` points; the default makes `layer` fill it.
    func windowDidResize(to size: CGSize)
}

extension AppWindowContent {
    /// Makes the content's layer fill the window.
    public func windowDidResize(to size: CGSize) {
        layer.frame = CGRect(origin: .zero, size: size)
    }
}

/// Why an `AppWindow` could not open.
public enum AppWindowError: Error, CustomStringConvertible {
    /// There is no display to show a window on (no `DISPLAY` or `WAYLAND_DISPLAY`).
    case noDisplay
    /// SDL could not make the window or its renderer.
    case sdl(SDLError)

    public var description: String {
        switch self {
        case .noDisplay:
            return "AppWindow: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set). "
                + "Run under a desktop or `xvfb-run -a`, set SDL_VIDEODRIVER=offscreen for an invisible window, "
                + "or render without a window through HeadlessDisplay and snapshot()."
        case .sdl(let error):
            return "AppWindow: \(error)"
        }
    }
}
