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

    /// Shows the window.
    public func show() { SDL_ShowWindow(handle) }

    /// Sets the title bar text.
    public func setTitle(_ title: String) { SDL_SetWindowTitle(handle, title) }
}
