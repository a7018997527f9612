import AnimaGraphics
import CSDL2
import Foundation

/// An owned SDL renderer (`SDL_Renderer*`) for a window: draws geometry, switches targets, reads pixels back.
///
/// It keeps its window alive, and every `SDLTexture` keeps its renderer alive, because SDL frees a renderer's
/// textures with it. Anima draws premultiplied-alpha pixels. The OpenGL renderers blend them exactly with
/// `ONE, ONE_MINUS_SRC_ALPHA`. SDL's software renderer rejects that blend mode, so there
/// `usesPremultipliedAlpha` is false and textures are un-premultiplied on upload.
/// ```swift
/// let renderer = try SDLRenderer(window: window)   // OpenGL (EGL + llvmpipe when offscreen)
/// renderer.name                                    // "opengl"
/// ```
@MainActor
public final class SDLRenderer {
    /// Which SDL render driver to ask for.
    public enum Driver: Sendable, Equatable {
        /// SDL's first working driver: OpenGL where available, else software.
        case automatic
        /// SDL's OpenGL renderer.
        case opengl
        /// SDL's CPU renderer (bit-stable, but no premultiplied blending and slow for rotated quads).
        case software

        var hintValue: String? {
            switch self {
            case .automatic: return nil
            case .opengl: return "opengl"
            case .software: return "software"
            }
        }
    }

    package let handle: OpaquePointer
    /// The window drawn into.
    public let window: SDLWindow
    /// SDL's name for the renderer in use ("opengl", "opengles2", "software").
    public let name: String
    /// Whether textures and colours are blended as premultiplied alpha (OpenGL) or straight alpha (software).
    public let usesPremultipliedAlpha: Bool
    /// The largest texture side the renderer accepts (0 when SDL does not say).
    public let maximumTextureSize: Int
    /// The renderer's OpenGL context (nil for the software renderer); bound only inside `GLContextScope`.
    package let glContext: SDL_GLContext?
    /// Failures injected by tests (none by default).
    package var faults = RendererFaults()
    /// False once ``invalidate()`` destroyed the SDL renderer: every call is then refused, and textures made
    /// with it no longer free their handles (SDL freed them with the renderer).
    package private(set) var isValid = true

    /// `ONE, ONE_MINUS_SRC_ALPHA` for colour and alpha: "over" for premultiplied pixels.
    nonisolated package static let premultipliedBlend = SDL_ComposeCustomBlendMode(
        SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
        SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)

    /// `dst = src × dstAlpha`: keeps the source only where the destination is covered (masking).
    nonisolated package static let maskBlend = SDL_ComposeCustomBlendMode(
        SDL_BLENDFACTOR_DST_ALPHA, SDL_BLENDFACTOR_ZERO, SDL_BLENDOPERATION_ADD,
        SDL_BLENDFACTOR_DST_ALPHA, SDL_BLENDFACTOR_ZERO, SDL_BLENDOPERATION_ADD)

    /// The blend mode of a ``CALayer/compositingFilter`` for premultiplied pixels (S source, D destination,
    /// Sa and Da their alphas); nil for "over" or an unknown name:
    /// ```
    /// xor         S·(1 − Da) + D·(1 − Sa)      Porter–Duff
    /// multiply    S·D + D·(1 − Sa)             exact over an opaque backdrop (the S·(1 − Da) term is dropped)
    /// screen      S + D − S·D
    /// darken      min(S, D), lighten max(S, D) exact over an opaque backdrop and an opaque source
    /// plusL       S + D (clamped)
    /// ```
    nonisolated package static func compositingBlend(_ name: String) -> SDL_BlendMode? {
        let over = (SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA)
        func mode(_ src: SDL_BlendFactor, _ dst: SDL_BlendFactor, _ op: SDL_BlendOperation = SDL_BLENDOPERATION_ADD,
                  alpha: (SDL_BlendFactor, SDL_BlendFactor) = over) -> SDL_BlendMode {
            SDL_ComposeCustomBlendMode(src, dst, op, alpha.0, alpha.1, SDL_BLENDOPERATION_ADD)
        }
        switch name {
        case "xor":
            return mode(SDL_BLENDFACTOR_ONE_MINUS_DST_ALPHA, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA,
                        alpha: (SDL_BLENDFACTOR_ONE_MINUS_DST_ALPHA, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA))
        case "multiplyBlendMode": return mode(SDL_BLENDFACTOR_DST_COLOR, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA)
        case "screenBlendMode": return mode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_COLOR)
        case "darkenBlendMode": return mode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_MINIMUM)
        case "lightenBlendMode": return mode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE, SDL_BLENDOPERATION_MAXIMUM)
        case "plusL": return mode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE, alpha: (SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE))
        // Cs + Cb − 2·Cs·Cb: the W3C's exclusion composited, exact over any backdrop.
        case "exclusionBlendMode": return mode(SDL_BLENDFACTOR_ONE_MINUS_DST_COLOR, SDL_BLENDFACTOR_ONE_MINUS_SRC_COLOR)
        default: return nil
        }
    }

    /// Creates a renderer for `window` that can render into textures; with `vsync`, `present()` waits for the
    /// display's refresh (`SDL_RENDERER_PRESENTVSYNC`).
    ///
    /// When a specific driver is requested, SDL's render batching is switched back on (SDL turns it off in that
    /// case, doubling the cost of many small draws). Throws `SDLError` when no renderer can be made.
    public init(window: SDLWindow, driver: Driver = .automatic, vsync: Bool = false) throws {
        let made = try GLContextScope.run { try Self.make(window: window, driver: driver, vsync: vsync) }
        handle = made.handle
        self.window = window
        self.name = made.name
        self.usesPremultipliedAlpha = made.premultiplied
        self.maximumTextureSize = made.maximumTextureSize
        self.glContext = made.glContext
    }

    private static func make(window: SDLWindow, driver: Driver, vsync: Bool) throws
        -> (handle: OpaquePointer, name: String, premultiplied: Bool, maximumTextureSize: Int, glContext: SDL_GLContext?) {
        if let hint = driver.hintValue {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, hint)
            SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
        }
        defer {
            if driver.hintValue != nil { SDL_ResetHint(SDL_HINT_RENDER_DRIVER); SDL_ResetHint(SDL_HINT_RENDER_BATCHING) }
        }
        let flags = SDL_RENDERER_TARGETTEXTURE.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
        guard let r = SDL_CreateRenderer(window.handle, -1, flags) else {
            throw SDLError("SDL_CreateRenderer(\(driver))")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(r, &info)
        let rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        if let wanted = driver.hintValue, !rendererName.hasPrefix(wanted) {
            Diagnostics.report("SDLRenderer: asked for the \(wanted) renderer, SDL gave \(rendererName)")
        }
        // Probe the premultiplied blend mode on a scratch texture: only the GL renderers accept it.
        var premultiplied = false
        if let probe = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1) {
            premultiplied = SDL_SetTextureBlendMode(probe, Self.premultipliedBlend) == 0
            SDL_DestroyTexture(probe)
        }
        SDL_SetRenderDrawBlendMode(r, premultiplied ? Self.premultipliedBlend : SDL_BLENDMODE_BLEND)
        // SDL binds a GL renderer's new context to this thread: that is the context to identify.
        let context = rendererName.hasPrefix("opengl") ? SDL_GL_GetCurrentContext() : nil
        return (r, rendererName, premultiplied, Int(min(info.max_texture_width, info.max_texture_height)), context)
    }

    isolated deinit { if isValid { GLContextScope.run { SDL_DestroyRenderer(handle) } } }

    /// Destroys the SDL renderer now, whoever still holds this object or its textures: a window replacing a
    /// failed renderer must free it first (SDL allows one renderer per window). Every later call fails.
    package func invalidate() {
        guard isValid else { return }
        isValid = false
        GLContextScope.run { SDL_DestroyRenderer(handle) }
    }

    /// Throws when the renderer cannot draw: invalidated, or failing by injection.
    private func checkUsable(_ call: String) throws {
        if !isValid { throw SDLError("\(call): the renderer was destroyed") }
        if faults.drawingFails { throw SDLError("\(call): drawing fails (injected fault)") }
    }

    /// The size of the current render target in pixels (the window's drawable size when drawing to it).
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        guard isValid else { return (0, 0) }
        GLContextScope.run { _ = SDL_GetRendererOutputSize(handle, &w, &h) }
        return (Int(w), Int(h))
    }

    /// The largest texture side that can be made now: the renderer's limit (16 384 when SDL does not say),
    /// or a smaller one injected by a test.
    package var maximumSide: Int {
        let own = maximumTextureSize > 0 ? maximumTextureSize : 16_384
        return faults.maximumTextureSide > 0 ? min(own, faults.maximumTextureSide) : own
    }

    /// Directs drawing into `texture` (made with `.target` access), or back to the window with nil.
    public func setTarget(_ texture: SDLTexture?) throws {
        try checkUsable("SDL_SetRenderTarget")
        let status = GLContextScope.run { SDL_SetRenderTarget(handle, texture?.handle) }
        guard status == 0 else { throw SDLError("SDL_SetRenderTarget") }
    }

    /// Fills the whole current target with a premultiplied colour (8-bit channels), ignoring blending.
    public func clear(red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0, alpha: UInt8 = 0) {
        guard isValid else { return }
        GLContextScope.run {
            SDL_SetRenderDrawColor(handle, red, green, blue, alpha)
            SDL_RenderClear(handle)
        }
    }

    /// Draws triangles: `indices` index `vertices` in threes; `texture` nil draws vertex colours only.
    ///
    /// Untextured geometry blends with `blend` when given, else with the renderer's default ("over").
    package func drawGeometry(_ vertices: [SDL_Vertex], indices: [Int32], texture: SDLTexture?,
                              blend: SDL_BlendMode? = nil) {
        guard !vertices.isEmpty, !indices.isEmpty, isValid else { return }
        GLContextScope.run { submitGeometry(vertices, indices: indices, texture: texture, blend: blend) }
    }

    private func submitGeometry(_ vertices: [SDL_Vertex], indices: [Int32], texture: SDLTexture?, blend: SDL_BlendMode?) {
        if let blend, texture == nil { SDL_SetRenderDrawBlendMode(handle, blend) }
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(handle, texture?.handle, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        if blend != nil, texture == nil {
            SDL_SetRenderDrawBlendMode(handle, usesPremultipliedAlpha ? Self.premultipliedBlend : SDL_BLENDMODE_BLEND)
        }
    }

    /// Reads the current target's pixels in `rect` (all of it when nil) as a premultiplied image.
    ///
    /// Call before `present()`: SDL's back buffer is undefined afterwards.
    public func readPixels(in rect: (x: Int, y: Int, width: Int, height: Int)? = nil) throws -> CGImage {
        try checkUsable("SDL_RenderReadPixels")
        let full = outputSize
        let r = rect ?? (0, 0, full.width, full.height)
        guard r.width > 0, r.height > 0 else { throw SDLError("readPixels: empty rectangle \(r)") }
        var sdlRect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        var pixels = [UInt32](repeating: 0, count: r.width * r.height)
        let status = GLContextScope.run {
            pixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(handle, &sdlRect, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, Int32(r.width * 4))
            }
        }
        guard status == 0 else { throw SDLError("SDL_RenderReadPixels") }
        guard let image = CGImage(width: r.width, height: r.height, premultipliedARGB: pixels) else {
            throw SDLError("readPixels: could not wrap \(r.width)×\(r.height) pixels")
        }
        return image
    }

    /// Turns waiting for the display's refresh in `present()` on or off (`SDL_RenderSetVSync`); returns whether SDL
    /// accepted it (a failure is reported).
    @discardableResult
    public func setVSync(_ on: Bool) -> Bool {
        guard isValid else { return false }
        let status = GLContextScope.run { SDL_RenderSetVSync(handle, on ? 1 : 0) }
        if status != 0 {
            Diagnostics.report("SDLRenderer(\(name)): SDL_RenderSetVSync(\(on)) failed: \(String(cString: SDL_GetError()))")
        }
        return status == 0
    }

    /// Shows what was drawn to the window.
    public func present() {
        guard isValid else { return }
        GLContextScope.run { SDL_RenderPresent(handle) }
    }
}
