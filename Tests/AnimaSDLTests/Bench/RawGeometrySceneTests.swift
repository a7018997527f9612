import AnimaCore
import AnimaBenchBaselines
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// The benchmark's raw `SDL_RenderGeometry` baseline must draw what the compositor draws for the same image
/// layers, or the ratio anima-bench prints compares different work.
@Suite(.serialized)
@MainActor struct RawGeometrySceneTests {
    let display = HeadlessDisplay(width: 160, height: 120)
    let offscreen: OffscreenRenderer

    init() throws { offscreen = try OffscreenRenderer(width: 160, height: 120) }

    /// A 40×40 image: an opaque square of `color` with a half-transparent white disc.
    static func image(_ color: CGColor) -> CGImage {
        let context = CGContext(width: 40, height: 40)
        context.setFillColor(color)
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.5))
        context.fillEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
        return context.makeImage()!
    }

    /// Three overlapping sprites over two shared images, the middle one turned by 30°.
    func sprites() -> [RawGeometryScene.Sprite] {
        let red = Self.image(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let blue = Self.image(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let size = CGSize(width: 40, height: 40)
        return [RawGeometryScene.Sprite(center: CGPoint(x: 40, y: 40), size: size, angle: 0, image: red),
                RawGeometryScene.Sprite(center: CGPoint(x: 70, y: 55), size: size, angle: .pi / 6, image: red),
                RawGeometryScene.Sprite(center: CGPoint(x: 100, y: 70), size: size, angle: 0, image: blue)]
    }

    func addLayers(for sprites: [RawGeometryScene.Sprite]) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for sprite in sprites {
            let layer = CALayer()
            layer.bounds = CGRect(origin: .zero, size: sprite.size)
            layer.position = sprite.center
            layer.contents = sprite.image
            layer.transform = CATransform3DMakeRotation(sprite.angle, 0, 0, 1)
            display.rootLayer.addSublayer(layer)
        }
        CATransaction.commit()
        display.advance(by: 0)
    }

    @Test func drawsTheSamePixelsAsTheCompositor() throws {
        let sprites = sprites()
        addLayers(for: sprites)
        let raw = try RawGeometryScene(renderer: offscreen.renderer, width: 160, height: 120, sprites: sprites)
        let ours = try offscreen.snapshot(display.renderTree)
        let theirs = try raw.snapshot()
        try? theirs.writePNG(to: URL(fileURLWithPath: ".build/raw-geometry-scene.png"))
        try? ours.writePNG(to: URL(fileURLWithPath: ".build/raw-geometry-scene-compositor.png"))
        var differing = 0, covered = 0
        for y in 0..<120 {
            for x in 0..<160 {
                let a = ours.pixel(x: x, y: y)!, b = theirs.pixel(x: x, y: y)!
                if a.alpha > 0 { covered += 1 }
                let d = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                            abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
                if d > 2 { differing += 1 }
            }
        }
        #expect(covered > 3 * 1200)      // the three 40×40 sprites (overlapping) cover most of their 4 800 px
        #expect(differing == 0)
        #expect(theirs.pixel(x: 22, y: 22) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(theirs.pixel(x: 118, y: 88) == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func renderWaitsAndReturnsTheTopLeftPixel() throws {
        let red = Self.image(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let sprite = RawGeometryScene.Sprite(center: CGPoint(x: 10, y: 10), size: CGSize(width: 40, height: 40), angle: 0, image: red)
        addLayers(for: [sprite])
        let raw = try RawGeometryScene(renderer: offscreen.renderer, width: 160, height: 120, sprites: [sprite])
        #expect(try raw.render() == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(try offscreen.render(display.renderTree) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        raw.sprites = []
        #expect(try raw.render() == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0))
    }
}
