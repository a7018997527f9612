import CSDL2
import Foundation

/// Keeps SDL's OpenGL contexts bound only while SDL is drawing, so main-actor work may run on any thread.
///
/// An OpenGL (EGL/GLX) context can be current on one thread at a time, and SDL makes a renderer's context
/// current lazily and leaves it bound. On Linux the main actor is not always the main thread: under an async
/// `main` (Swift Testing, `AsyncParsableCommand`) the main queue is drained by whichever worker thread is free.
/// A context left current on the previous thread then cannot be made current on the next one, and every GL
/// call fails (seen as "glFramebufferTexture2DEXT() failed"). So every SDL wrapper runs its SDL calls inside
/// `GLContextScope.run`, and when the outermost scope ends the context is released (no context current on
/// this thread); the next use binds it again on whatever thread that runs. Scopes nest: a whole frame
/// (compositing, readback, present) is one scope and releases once.
/// ```swift
/// let image = try GLContextScope.run { try compositor.render(tree); return try renderer.readPixels() }
/// ```
@MainActor
package enum GLContextScope {
    private static var depth = 0

    /// Runs `body`; when it is the outermost scope, releases the thread's OpenGL context afterwards.
    package static func run<T>(_ body: () throws -> T) rethrows -> T {
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { release() }
        }
        return try body()
    }

    /// Whether the calling thread has an OpenGL context bound by SDL (for tests).
    package static var isContextCurrent: Bool { SDL_WasInit(SDL_INIT_VIDEO) != 0 && SDL_GL_GetCurrentContext() != nil }

    private static func release() {
        guard isContextCurrent else { return }
        // Unbinding flushes the context's pending GL commands; SDL's own command queue is kept.
        SDL_GL_MakeCurrent(nil, nil)
    }
}
