import AnimaGraphics
import AnimaSDL
import CSDL2
import Foundation

/// Textured quads drawn with bare `SDL_RenderGeometry` calls and no layer tree, for comparing costs in
/// `anima-bench`: the least work SDL needs to draw what the compositor draws for a tree of image layers.
///
/// Every frame it computes each sprite's four corners from its centre, size and angle, puts runs of consecutive
/// sprites showing the same image into one `SDL_RenderGeometry` call (as the compositor batches), and finishes by
/// reading one pixel back so the GPU has really drawn the frame. Textures are uploaded once per distinct image.
/// ```swift
/// let raw = try RawGeometryScene(renderer: offscreen.renderer, width: 1024, height: 768, sprites: sprites)
/// try raw.render()   // returns once the frame is drawn
/// ```
@MainActor
package final class RawGeometryScene {
    /// One textured quad: `size` points centred on `center`, turned by `angle` radians (clockwise on screen).
    package struct Sprite {
        package var center: CGPoint
        package var size: CGSize
        package var angle: CGFloat
        package var image: CGImage

        package init(center: CGPoint, size: CGSize, angle: CGFloat, image: CGImage) {
            self.center = center
            self.size = size
            self.angle = angle
            self.image = image
        }
    }

    /// The sprites, drawn in order (angles may be changed between frames).
    package var sprites: [Sprite]
    private let renderer: SDLRenderer
    private let target: SDLTexture
    private var textures: [ObjectIdentifier: SDLTexture] = [:]
    // Unchecked exclusivity, as in the compositor: the baseline should pay for no more than the drawing.
    @exclusivity(unchecked) private var vertices: [SDL_Vertex] = []
    @exclusivity(unchecked) private var indices: [Int32] = []

    /// Uploads the sprites' images and makes a `width × height` render target on `renderer`.
    package init(renderer: SDLRenderer, width: Int, height: Int, sprites: [Sprite]) throws {
        self.renderer = renderer
        self.sprites = sprites
        target = try SDLTexture(renderer: renderer, width: width, height: height, isRenderTarget: true)
        for sprite in sprites where textures[ObjectIdentifier(sprite.image)] == nil {
            textures[ObjectIdentifier(sprite.image)] = try SDLTexture(renderer: renderer, image: sprite.image)
        }
        vertices.reserveCapacity(sprites.count * 4)
        indices.reserveCapacity(sprites.count * 6)
    }

    /// Clears the target, draws every sprite and waits for the GPU; returns the top-left pixel.
    @discardableResult
    package func render() throws -> RGBAPixel {
        try GLContextScope.run {
            try submit()
            return try waitUntilDrawn()
        }
    }

    /// Clears the target and queues every sprite (SDL batches the draws; nothing reaches the GPU yet).
    package func submit() throws {
        try GLContextScope.run { try draw() }
    }

    /// Sends the queued draws to the GPU and waits for them by reading the top-left pixel back.
    @discardableResult
    package func waitUntilDrawn() throws -> RGBAPixel {
        try GLContextScope.run {
            try renderer.setTarget(target)
            return try renderer.readPixels(in: (0, 0, 1, 1)).pixel(x: 0, y: 0) ?? RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)
        }
    }

    /// Draws a frame and reads all of it back (to check that it shows what the compositor shows).
    package func snapshot() throws -> CGImage {
        try GLContextScope.run {
            try draw()
            return try renderer.readPixels()
        }
    }

    private func draw() throws {
        try renderer.setTarget(target)
        renderer.clear()
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        var runImage: ObjectIdentifier?
        for sprite in sprites {
            let id = ObjectIdentifier(sprite.image)
            if id != runImage { flush(runImage); runImage = id }
            let c = cos(sprite.angle), s = sin(sprite.angle)
            let hw = sprite.size.width / 2, hh = sprite.size.height / 2
            let base = Int32(vertices.count)
            func corner(_ x: CGFloat, _ y: CGFloat, _ u: Float, _ v: Float) -> SDL_Vertex {
                SDL_Vertex(position: SDL_FPoint(x: Float(sprite.center.x + x * c - y * s), y: Float(sprite.center.y + x * s + y * c)),
                           color: white, tex_coord: SDL_FPoint(x: u, y: v))
            }
            vertices.append(corner(-hw, -hh, 0, 0))
            vertices.append(corner(hw, -hh, 1, 0))
            vertices.append(corner(hw, hh, 1, 1))
            vertices.append(corner(-hw, hh, 0, 1))
            indices.append(base); indices.append(base + 1); indices.append(base + 2)
            indices.append(base); indices.append(base + 2); indices.append(base + 3)
        }
        flush(runImage)
    }

    private func flush(_ image: ObjectIdentifier?) {
        guard let image, !indices.isEmpty else { return }
        renderer.drawGeometry(vertices, indices: indices, texture: textures[image])
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }
}
