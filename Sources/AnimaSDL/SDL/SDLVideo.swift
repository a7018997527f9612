import CSDL2
import Foundation

/// A failed SDL call, with SDL's own error text.
///
/// ```swift
/// do { _ = try SDLWindow(title: "x", width: 10, height: 10) } catch let error as SDLError { print(error) }
/// ```
public struct SDLError: Error, CustomStringConvertible {
    /// What Anima was doing and what SDL said.
    public let description: String

    /// Captures `SDL_GetError()` after a failed `call`.
    package init(_ call: String) {
        let detail = SDL_GetError().map { String(cString: $0) } ?? ""
        description = detail.isEmpty ? "\(call) failed" : "\(call) failed: \(detail)"
    }
}

/// SDL's video subsystem: started once per process, on the main actor, before any window exists.
///
/// The video driver is chosen at start: `SDL_VIDEODRIVER` from the environment wins; otherwise the `driver`
/// argument of the first `start(driver:)` (for example `"offscreen"` for headless rendering through EGL).
/// ```swift
/// try SDLVideo.start(driver: "offscreen")
/// SDLVideo.driverName   // "offscreen"
/// ```
@MainActor
public enum SDLVideo {
    private static var isStarted = false

    /// Starts the video subsystem if it is not running yet (later calls do nothing).
    public static func start(driver: String? = nil) throws {
        guard !isStarted else { return }
        SDL_SetMainReady()
        if let driver, ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, driver)
        }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw SDLError("SDL_InitSubSystem(VIDEO)") }
        isStarted = true
    }

    /// Starts SDL for rendering with no display: the `offscreen` driver, whatever `DISPLAY` says.
    ///
    /// Tests call this first; it sets `SDL_VIDEODRIVER=offscreen` in the environment when SDL is not running yet.
    public static func startHeadless() throws {
        if !isStarted { setenv("SDL_VIDEODRIVER", "offscreen", 1) }
        try start(driver: "offscreen")
    }

    /// The running video driver's name ("offscreen", "x11", "wayland"…), nil before `start`.
    public static var driverName: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }
}
