import Foundation
import AnimaCore
import AnimaGraphics

/// The display the app draws on (UIKit's `UIScreen`): here, the current display — the `HeadlessDisplay` or
/// `AppWindow` that last became current.
///
/// Its values are read from that display's frame pipeline whenever they are asked for (no clock is read):
/// ``bounds`` is the display's root layer's bounds in points, ``scale`` its `contentsScale` (pixels per point:
/// an `AppWindow` sets it to the window's HiDPI scale, a `HeadlessDisplay`'s root stays at 1 unless set),
/// ``maximumFramesPerSecond`` the display's refresh rate from its frame interval. Before any display exists
/// (no root layer) the bounds are 640 × 480 points at scale 1 and 60 frames per second.
/// ```swift
/// let display = HeadlessDisplay(width: 400, height: 300)
/// display.makeCurrent()
/// UIScreen.main.bounds.size            // 400 × 300
/// UIScreen.main.scale                  // 1
/// UIScreen.main.maximumFramesPerSecond // 60
/// ```
@preconcurrency @MainActor
public final class UIScreen {
    /// The screen of the current display.
    public static let main = UIScreen()

    /// The size used when there is no display yet.
    static let fallbackBounds = CGRect(x: 0, y: 0, width: 640, height: 480)

    private init() {}

    /// The screen's rectangle in points, origin at zero.
    public var bounds: CGRect {
        guard let root = FramePipeline.current.rootLayer, root.bounds.width > 0, root.bounds.height > 0 else {
            return UIScreen.fallbackBounds
        }
        return CGRect(origin: .zero, size: root.bounds.size)
    }

    /// The screen's rectangle in pixels (``bounds`` times ``scale``).
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    /// Pixels per point (2 on a HiDPI display).
    public var scale: CGFloat {
        let scale = FramePipeline.current.rootLayer?.contentsScale ?? 1
        return scale.isFinite && scale > 0 ? scale : 1
    }

    /// The pixels per point of the physical display (the same as ``scale`` here).
    public var nativeScale: CGFloat { scale }

    /// The most frames per second the display shows (its refresh rate, rounded).
    public var maximumFramesPerSecond: Int {
        let interval = FramePipeline.current.frameInterval
        guard interval.isFinite, interval > 0 else { return 60 }
        return Int(min(1000, (1 / interval).rounded()))
    }
}
