import AnimaCore
import AnimaGraphics
import Foundation

/// Renders render trees into pixels with no visible window: the backend of headless snapshots.
///
/// Uses a hidden SDL window only to own a renderer, and draws into a render-target texture of
/// `width × height` points × `scale`. With SDL's `offscreen` video driver this runs with no display, on OpenGL
/// through EGL (Mesa llvmpipe on machines without a GPU).
/// ```swift
/// let offscreen = try OffscreenRenderer(width: 400, height: 300)
/// let image = try offscreen.snapshot(display.renderTree)
/// try image.writePNG(to: URL(fileURLWithPath: ".build/frame.png"))
/// ```
@MainActor
public final class OffscreenRenderer {
    /// The renderer (its `name` says which SDL driver is in use).
    public let renderer: SDLRenderer
    /// The compositor (texture caches persist across snapshots).
    public let compositor: Compositor
    /// The size in points.
    public let width: Int, height: Int
    private var target: SDLTexture?

    /// Starts SDL headless if needed and makes a renderer. Throws `SDLError` when SDL cannot.
    public init(width: Int, height: Int, driver: SDLRenderer.Driver = .automatic) throws {
        try SDLVideo.startHeadless()
        self.width = max(1, width); self.height = max(1, height)
        let window = try SDLWindow(title: "Anima offscreen", width: self.width, height: self.height, isHidden: true,
                                   allowsHighDPI: false)
        renderer = try SDLRenderer(window: window, driver: driver)
        compositor = Compositor(renderer: renderer)
    }

    /// Draws `tree` at `scale` pixels per point over `background` (premultiplied) and reads the pixels back.
    public func snapshot(_ tree: RenderTree, scale: CGFloat = 1,
                         background: RGBAPixel = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)) throws -> CGImage {
        try snapshot(tree, width: width, height: height, scale: scale, background: background)
    }

    /// Draws `tree` into a `width × height`-point image (not the renderer's own size) at `scale` pixels per point.
    ///
    /// ```swift
    /// let thumbnail = try offscreen.snapshot(tree, width: 100, height: 80, scale: 0.5)
    /// ```
    public func snapshot(_ tree: RenderTree, width: Int, height: Int, scale: CGFloat = 1,
                         background: RGBAPixel = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)) throws -> CGImage {
        try GLContextScope.run {
            try compositor.render(tree, into: target(width: width, height: height, scale: scale), scale: scale, clearColor: background)
            return try renderer.readPixels()
        }
    }

    /// Draws `tree` like ``snapshot(_:scale:background:)`` but reads back only the top-left pixel, which waits
    /// until the GPU has finished the frame: for timing a frame without paying for a full readback.
    /// ```swift
    /// let pixel = try offscreen.render(display.renderTree)   // returns once the frame is drawn
    /// ```
    @discardableResult
    public func render(_ tree: RenderTree, scale: CGFloat = 1,
                       background: RGBAPixel = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)) throws -> RGBAPixel {
        try GLContextScope.run {
            try submit(tree, scale: scale, background: background)
            return try waitUntilDrawn() ?? background
        }
    }

    /// The first half of ``render(_:scale:background:)``: composites `tree` into the target. SDL batches the draws,
    /// so this is the compositor's own CPU work and little else.
    package func submit(_ tree: RenderTree, scale: CGFloat = 1,
                        background: RGBAPixel = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)) throws {
        try compositor.render(tree, into: target(width: width, height: height, scale: scale), scale: scale, clearColor: background)
    }

    /// The second half: sends the queued draws to the GPU and waits for them by reading the top-left pixel back.
    @discardableResult
    package func waitUntilDrawn() throws -> RGBAPixel? {
        try GLContextScope.run { try renderer.readPixels(in: (0, 0, 1, 1)).pixel(x: 0, y: 0) }
    }

    /// The render target for `width × height` points at `scale` (made again when the pixel size changes).
    private func target(width: Int, height: Int, scale: CGFloat) throws -> SDLTexture {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let limit = renderer.maximumTextureSize > 0 ? renderer.maximumTextureSize : 16_384
        let w = min(limit, max(1, Int((CGFloat(width) * s).rounded()))), h = min(limit, max(1, Int((CGFloat(height) * s).rounded())))
        if let target, target.width == w, target.height == h { return target }
        let made = try SDLTexture(renderer: renderer, width: w, height: h, isRenderTarget: true)
        target = made
        return made
    }
}
