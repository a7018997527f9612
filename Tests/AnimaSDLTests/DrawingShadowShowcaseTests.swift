import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// A scene to look at: a star with a blurred shadow drawn in `draw(in:)` beside a flipped layer with sublayers, written
/// to `.build/anima-sdl/drawing-shadow-{gl,software}.png` by both renderers.
///
/// Tolerances: exact values far from edges; the shadow pixel is checked for colour only (blue over nothing).
@Suite(.serialized) @MainActor struct DrawingShadowShowcaseTests {
    final class StarLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setShadow(offset: CGSize(width: 8, height: 8), blur: 10, color: CGColor(red: 0, green: 0, blue: 0.6, alpha: 0.8))
            let centre = CGPoint(x: bounds.midX - 6, y: bounds.midY - 6)
            for k in 0..<10 {
                let r: CGFloat = k % 2 == 0 ? 60 : 25, a = CGFloat(k) * .pi / 5 - .pi / 2
                let p = CGPoint(x: centre.x + r * cos(a), y: centre.y + r * sin(a))
                k == 0 ? ctx.move(to: p) : ctx.addLine(to: p)
            }
            ctx.closePath()
            ctx.setFillColor(CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1))
            ctx.fillPath()
        }
    }

    @Test(arguments: Backend.allCases)
    func starWithShadowBesideAFlippedLayer(_ backend: Backend) throws {
        let scene = try TwoRendererScene(width: 320, height: 160)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        let star = StarLayer()
        star.frame = CGRect(x: 0, y: 0, width: 160, height: 160)
        star.contentsScale = 2
        star.setNeedsDisplay()
        scene.display.rootLayer.addSublayer(star)
        CATransaction.commit()
        let chart = scene.layer(CGRect(x: 170, y: 10, width: 140, height: 140), color: CGColor(gray: 0.9, alpha: 1)) {
            $0.isGeometryFlipped = true
        }
        for (i, height) in [30.0, 60, 90, 120].enumerated() {   // bars standing on the bottom edge
            scene.layer(CGRect(x: 10 + CGFloat(i) * 32, y: 0, width: 24, height: height),
                        color: CGColor(red: 0.2, green: 0.5 + 0.1 * CGFloat(i), blue: 0.3, alpha: 1), in: chart)
        }
        scene.layer(CGRect(x: 110, y: 120, width: 20, height: 10), color: CGColor(red: 0.8, green: 0, blue: 0, alpha: 1), in: chart)
        let image = try scene.snapshot(backend)
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        url.appendPathComponent(".build/anima-sdl", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try image.writePNG(to: url.appendingPathComponent("drawing-shadow-\(backend.rawValue).png"))

        #expect(image.pixel(x: 74, y: 74)?.red == 255)                        // the star's middle
        // Past the lower-right arm's tip (109, 122), along the shadow's offset: shadow only.
        let shadow = try #require(image.pixel(x: 115, y: 128))
        #expect(shadow.alpha > 25 && shadow.red == 0 && shadow.green == 0 && shadow.blue > 0, "\(shadow)")
        #expect(image.pixel(x: 74, y: 150)?.alpha == 0)                        // nothing below the star's middle
        let bar = try #require(image.pixel(x: 190, y: 140))                    // first bar, standing on the bottom
        #expect(bar.green == 128 && bar.alpha == 255)
        #expect(image.pixel(x: 190, y: 100) == RGBAPixel(red: 230, green: 230, blue: 230, alpha: 255)) // above it: background
        #expect(image.pixel(x: 290, y: 25)?.red == 204)                        // the marker at y = 120…130: near the top
        #expect(image.pixel(x: 290, y: 140)?.red == 51)                        // the last bar reaches the bottom
    }
}
