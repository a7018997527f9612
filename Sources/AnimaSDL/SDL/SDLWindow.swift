import CSDL2
import Foundation

/// An owned SDL window (`SDL_Window*`), destroyed with the object.
///
/// Main-actor isolated like every SDL wrapper, deinitializer included: SDL video is not thread-safe, and a
/// window destroyed from another thread races the next window's EGL set-up (seen as crashes in tests).
///
/// ```swift
/// try SDLVideo.startHeadless()
/// let window = try SDLWindow(title: "Anima", width: 320, height: 240, isHidden: true)
/// ```
@MainActor
public final class SDLWindow {
    package let handle: OpaquePointer

    /// Opens a window of `width × height` points; hidden windows are for offscreen rendering.
    ///
    /// Sizes are clamped to 1…16 384. Throws `SDLError` when SDL cannot make the window.
    public init(title: String, width: Int, height: Int, isHidden: Bool = false, isResizable: Bool = false,
                allowsHighDPI: Bool = true) throws {
        var flags = isHidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        if isResizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if allowsHighDPI { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
        let undefined = Int32(bitPattern: SDL_WINDOWPOS_UNDEFINED_MASK)
        let created = GLContextScope.run {
            SDL_CreateWindow(title, undefined, undefined, Int32(max(1, min(width, 16_384))), Int32(max(1, min(height, 16_384))), flags)
        }
        guard let w = created else {
            throw SDLError("SDL_CreateWindow(\(width)×\(height))")
        }
        handle = w
    }

    isolated deinit { GLContextScope.run { SDL_DestroyWindow(handle) } }

    /// The size in points (what the app lays out in).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's numeric id (events name their window by it).
    public var id: UInt32 { SDL_GetWindowID(handle) }

    /// Changes the size in points (SDL reports it back as a size-changed window event).
    public func setSize(width: Int, height: Int) {
        SDL_SetWindowSize(handle, Int32(max(1, min(width, 16_384))), Int32(max(1, min(height, 16_384))))
    }

    /// The refresh rate of the display the window is on, in Hz (nil when SDL does not know it).
    public var refreshRate: Int? {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(handle, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }

    /// Hides the window (it keeps its renderer and contents).
    public func hide() { SDL_HideWindow(handle) }

    /// Shows the window.
    public func show() { SDL_ShowWindow(handle) }

    /// The title bar text.
    public var title: String { SDL_GetWindowTitle(handle).map { String(cString: $0) } ?? "" }

    /// Sets the title bar text.
    public func setTitle(_ title: String) { SDL_SetWindowTitle(handle, title) }
}
