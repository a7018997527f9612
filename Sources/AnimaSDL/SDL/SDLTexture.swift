import AnimaGraphics
import CSDL2
import Foundation

/// An owned SDL texture (`SDL_Texture*`) in `ARGB8888`, the byte layout of Cairo's ARGB32.
///
/// Keeps its renderer alive (SDL frees a renderer's textures with it). Blends as premultiplied alpha when the
/// renderer can; otherwise as straight alpha, and `update(from:)` un-premultiplies the pixels it uploads.
/// Filtering is linear unless ``setSampling(nearest:)`` says otherwise.
/// ```swift
/// let texture = try SDLTexture(renderer: renderer, image: image)
/// let target = try SDLTexture(renderer: renderer, width: 64, height: 64, isRenderTarget: true)
/// ```
@MainActor
public final class SDLTexture {
    package let handle: OpaquePointer
    /// The renderer the texture belongs to.
    public let renderer: SDLRenderer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Whether the renderer can draw into it (`SDL_TEXTUREACCESS_TARGET`).
    public let isRenderTarget: Bool

    /// Creates an uninitialised texture; sizes must be 1…the renderer's maximum.
    public init(renderer: SDLRenderer, width: Int, height: Int, isRenderTarget: Bool = false) throws {
        let limit = renderer.maximumSide
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw SDLError("SDLTexture(\(width)×\(height)): size must be 1…\(limit)")
        }
        guard renderer.isValid else { throw SDLError("SDLTexture(\(width)×\(height)): the renderer was destroyed") }
        guard !renderer.faults.texturesFail else {
            throw SDLError("SDL_CreateTexture(\(width)×\(height)): out of video memory (injected fault)")
        }
        let access = isRenderTarget ? SDL_TEXTUREACCESS_TARGET : SDL_TEXTUREACCESS_STATIC
        let created = GLContextScope.run { () -> OpaquePointer? in
            guard let t = SDL_CreateTexture(renderer.handle, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(access.rawValue),
                                            Int32(width), Int32(height)) else { return nil }
            SDL_SetTextureBlendMode(t, renderer.usesPremultipliedAlpha ? SDLRenderer.premultipliedBlend : SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
            return t
        }
        guard let t = created else { throw SDLError("SDL_CreateTexture(\(width)×\(height))") }
        handle = t
        self.renderer = renderer
        self.width = width; self.height = height; self.isRenderTarget = isRenderTarget
    }

    /// Creates a texture holding `image`.
    public convenience init(renderer: SDLRenderer, image: CGImage) throws {
        try self.init(renderer: renderer, width: image.width, height: image.height)
        try update(from: image)
    }

    isolated deinit { if renderer.isValid { GLContextScope.run { SDL_DestroyTexture(handle) } } }

    /// Replaces the pixels with `image`'s, which must have the texture's size.
    public func update(from image: CGImage) throws {
        guard image.width == width, image.height == height else {
            throw SDLError("SDLTexture.update: image \(image.width)×\(image.height) does not match \(width)×\(height)")
        }
        guard renderer.isValid else { throw SDLError("SDL_UpdateTexture: the renderer was destroyed") }
        let pixels = renderer.usesPremultipliedAlpha ? image.premultipliedARGB : Self.unpremultiplied(image.premultipliedARGB)
        let status = GLContextScope.run { pixels.withUnsafeBytes { SDL_UpdateTexture(handle, nil, $0.baseAddress, Int32(width * 4)) } }
        guard status == 0 else { throw SDLError("SDL_UpdateTexture") }
    }

    /// Uses `mode` to blend this texture instead of the renderer's "over".
    package func setBlendMode(_ mode: SDL_BlendMode) {
        guard renderer.isValid else { return }
        GLContextScope.run { _ = SDL_SetTextureBlendMode(handle, mode) }
    }

    /// Whether the texture is sampled nearest (else linear, the default).
    package private(set) var samplesNearest = false

    /// Samples the texture nearest (pixel art stays sharp) or linear. Draws the renderer's queued commands first:
    /// SDL applies a scale mode to the texture at once, and commands already queued with it must keep theirs.
    package func setSampling(nearest: Bool) {
        guard nearest != samplesNearest, renderer.isValid else { return }
        samplesNearest = nearest
        GLContextScope.run {
            _ = SDL_RenderFlush(renderer.handle)
            _ = SDL_SetTextureScaleMode(handle, nearest ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        }
    }

    /// Restores the renderer's "over" blending.
    package func resetBlendMode() {
        let mode = renderer.usesPremultipliedAlpha ? SDLRenderer.premultipliedBlend : SDL_BLENDMODE_BLEND
        guard renderer.isValid else { return }
        GLContextScope.run { _ = SDL_SetTextureBlendMode(handle, mode) }
    }

    /// Straight-alpha copies of premultiplied words (`c × 255 / a`, rounded), for the software renderer.
    nonisolated static func unpremultiplied(_ pixels: [UInt32]) -> [UInt32] {
        pixels.map { word in
            let a = word >> 24
            guard a != 0, a != 255 else { return a == 0 ? 0 : word }
            func channel(_ shift: UInt32) -> UInt32 { min(255, (((word >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
            return a << 24 | channel(16) | channel(8) | channel(0)
        }
    }
}
