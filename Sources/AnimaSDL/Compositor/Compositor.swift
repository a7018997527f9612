import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation

/// Draws a `RenderTree` with SDL: every layer a quad through its full 4×4 transform, in tree order.
///
/// Per layer, bottom to top: background (a coloured quad, or a Cairo-rasterized rounded rect), contents
/// (`CGImage` textures placed by `contentsRect`/`contentsGravity`), sublayers, border. Opacity scales
/// all four vertex-colour channels (premultiplied). A layer with opacity < 1 and sublayers is drawn as a
/// group: the subtree is rendered offscreen and blended once (Core Animation's group opacity). A
/// `masksToBounds` layer is also rendered offscreen, then multiplied by its own shape, so clips stay exact
/// under rotation and perspective. Hidden and zero-opacity subtrees are skipped. `isDoubleSided = false`
/// layers facing away are not drawn. Reads no clock.
/// ```swift
/// let compositor = Compositor(renderer: renderer)
/// try compositor.render(display.renderTree, scale: 1)   // into the renderer's current target
/// ```
@MainActor
public final class Compositor {
    /// The renderer drawn with.
    public let renderer: SDLRenderer
    let textures: TextureCache
    let decorationTextures: TextureCache
    let decorations = DecorationCache()
    let shadows = ShadowCache()
    let shadowTextures: TextureCache
    let targets: RenderTargetPool
    let screenRasters = ScreenRasterCache()
    /// Quads waiting to be drawn with `pendingTexture` (nil: untextured) in one `SDL_RenderGeometry` call.
    /// (Unchecked exclusivity: touched once or twice per quad, only from the main actor, never re-entrantly.)
    @exclusivity(unchecked) var mesh = QuadMesh()
    @exclusivity(unchecked) var pendingTexture: SDLTexture?
    var reported: Set<String> = []
    /// The tint of the subtree being drawn (its nodes' ``RenderNode/tint``s multiplied), which every colour drawn
    /// is multiplied by; nil: none.
    var tint: RGBA?

    /// Where one pass draws: a target (nil: the window) whose top-left sits at `origin` in root pixels.
    struct Surface {
        var target: SDLTexture?
        var origin: CGPoint
        var size: CGSize
        var rect: CGRect { CGRect(origin: origin, size: size) }
    }

    /// Creates a compositor drawing with `renderer`.
    public init(renderer: SDLRenderer) {
        self.renderer = renderer
        self.textures = TextureCache(renderer: renderer)
        self.decorationTextures = TextureCache(renderer: renderer)
        self.shadowTextures = TextureCache(renderer: renderer)
        self.targets = RenderTargetPool(renderer: renderer)
    }

    /// Content uploads so far (a texture is uploaded again only when its image or version changes).
    public var uploadCount: Int { textures.uploadCount }

    /// Textures currently held for layer contents (freed when their layers leave the tree).
    public var cachedTextureCount: Int { textures.count }

    /// Draws `tree` into `target` (the window when nil): clears it to `clearColor` (premultiplied; transparent
    /// by default), then draws every layer with points scaled by `scale` pixels.
    ///
    /// ```swift
    /// try compositor.render(tree, into: texture, scale: 2)
    /// ```
    public func render(_ tree: RenderTree, into target: SDLTexture? = nil, scale: CGFloat = 1,
                       clearColor: RGBAPixel = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)) throws {
        try GLContextScope.run { try draw(tree, into: target, scale: scale, clearColor: clearColor) }
    }

    private func draw(_ tree: RenderTree, into target: SDLTexture?, scale: CGFloat, clearColor: RGBAPixel) throws {
        try renderer.setTarget(target)
        renderer.clear(red: clearColor.red, green: clearColor.green, blue: clearColor.blue, alpha: clearColor.alpha)
        let output = renderer.outputSize
        let surface = Surface(target: target, origin: .zero, size: CGSize(width: output.width, height: output.height))
        let s = scale.isFinite && scale > 0 ? scale : 1
        let context = makeContext(tree, scale: s)
        for root in tree.children(of: -1) { try drawSubtree(root, on: surface, opacity: 1, context) }
        flush()
        try renderer.setTarget(target)
        textures.endFrame()
        decorationTextures.endFrame()
        decorations.endFrame()
        shadowTextures.endFrame()
        shadows.endFrame()
        targets.endFrame()
        screenRasters.endFrame()
    }

    /// Drops every texture and offscreen target: call after the renderer lost them (SDL's
    /// `SDL_RENDER_DEVICE_RESET`/`SDL_RENDER_TARGETS_RESET`). The next frame uploads what it shows again.
    ///
    /// ```swift
    /// compositor.rendererDidReset()
    /// try compositor.render(tree)   // re-uploads contents, decorations and shadows
    /// ```
    public func rendererDidReset() {
        flush()
        textures.removeAll()
        decorationTextures.removeAll()
        shadowTextures.removeAll()
        targets.removeAll()
        screenRasters.removeAll()
    }

    /// A drawing context for `tree` at `scale` pixels per point.
    func makeContext(_ tree: RenderTree, scale: CGFloat) -> DrawContext {
        DrawContext(tree: tree, scale: scale)
    }

    struct DrawContext {
        let tree: RenderTree
        let scale: CGFloat

        /// Node `index`, read in place.
        func node(_ index: Int) -> RenderNodeRef { RenderNodeRef(nodes: tree.nodes, index: index) }

        /// −1 when the transforms of node `index` and its ancestors mirror it an odd number of times, else +1.
        /// Asked only for single-sided layers, so it is found by walking up rather than kept for every node.
        func parity(_ index: Int) -> CGFloat {
            var sign: CGFloat = 1
            var i = index
            while i >= 0 {
                if tree.nodes[i].isMirrored { sign = -sign }
                i = tree.nodes[i].parent
            }
            return sign
        }
    }

    /// The transform from a layer's bounds space to `surface`'s pixels.
    func matrix(_ node: RenderNodeRef, on surface: Surface, _ c: DrawContext) -> CATransform3D {
        if c.scale == 1, surface.origin == .zero { return node.worldTransform }  // the common case: no products
        return node.worldTransform * CATransform3DMakeScale(c.scale, c.scale, 1)
            * CATransform3DMakeTranslation(-surface.origin.x, -surface.origin.y, 0)
    }

    /// Queues a quad; consecutive quads with the same texture become one draw call.
    @discardableResult
    func enqueue(_ rect: CGRect, _ m: CATransform3D, textureRect: CGRect, color: SDL_Color, texture: SDLTexture?) -> Bool {
        if pendingTexture !== texture { flush(); pendingTexture = texture }
        return mesh.appendQuad(rect, transform: m, textureRect: textureRect, color: color)
    }

    /// Draws the queued quads. Call before switching targets or changing a texture's blend mode.
    func flush() {
        guard !mesh.isEmpty else { return }
        renderer.drawGeometry(mesh.vertices, indices: mesh.indices, texture: pendingTexture)
        mesh.removeAll()
    }

    /// Flushes, then switches the render target.
    func setTarget(_ target: SDLTexture?) throws {
        flush()
        try renderer.setTarget(target)
    }

    func reportOnce(_ message: String) {
        guard reported.insert(message).inserted else { return }
        Diagnostics.report("Compositor: \(message)")
    }
}
