import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// `HeadlessDisplay.snapshot(compositor:)`: the Cairo software compositor draws what OpenGL draws.
///
/// Tolerance: away from edges the two agree to ±2 levels per channel (both blend premultiplied 8-bit values; they
/// round group opacity and bilinear filtering slightly differently). Along an edge they do not: OpenGL draws a
/// rounded, bordered layer from coverage textures mapped through its transform, Cairo computes each pixel's area
/// coverage, so an edge pixel can differ by much of its value. Edge pixels are about 3 % of this scene (measured:
/// 3.0 % differ by more than 2 levels, mean difference 0.6 levels), so at most 5 % may differ by more than 2
/// levels and the mean difference over all channels stays below 1.5 levels. The blend mode is drawn over an
/// opaque backdrop, where OpenGL's blend equations are exact (over a translucent one Cairo follows the PDF
/// definitions and OpenGL does not).
@Suite(.serialized) @MainActor struct SoftwareSnapshotTests {
    /// A small scene with what Lottie playback uses: drawn contents, rotation, group opacity, a mask, a blend mode.
    static func scene() -> HeadlessDisplay {
        let display = HeadlessDisplay(width: 80, height: 60, scale: 2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        display.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 8, y: 6, width: 44, height: 30)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.cornerRadius = 6
        card.borderWidth = 2
        card.borderColor = CGColor(gray: 0, alpha: 1)
        card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        display.rootLayer.addSublayer(card)

        let group = CALayer()
        group.frame = CGRect(x: 36, y: 20, width: 40, height: 34)
        group.opacity = 0.6
        let shape = CAShapeLayer()
        shape.frame = group.bounds
        shape.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 30, height: 28), transform: nil)
        shape.fillColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        group.addSublayer(shape)
        let bar = CALayer()
        bar.frame = CGRect(x: 8, y: 12, width: 20, height: 8)   // over the ellipse: an opaque backdrop
        bar.backgroundColor = CGColor(red: 0.1, green: 0.7, blue: 0.2, alpha: 1)
        bar.compositingFilter = "multiplyBlendMode"
        group.addSublayer(bar)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 40, height: 24)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        group.mask = mask
        display.rootLayer.addSublayer(group)
        CATransaction.commit()
        display.advance(by: 0)
        return display
    }

    @Test func softwareSnapshotMatchesOpenGLWithinTolerance() throws {
        let display = Self.scene()
        let gl = try display.snapshot(compositor: .openGL)
        let cpu = try display.snapshot(compositor: .software)
        #expect(cpu.width == 160 && cpu.height == 120)
        #expect(gl.width == cpu.width && gl.height == cpu.height)
        let a = gl.premultipliedARGB, b = cpu.premultipliedARGB
        try #require(a.count == b.count)
        var far = 0, total = 0
        for (p, q) in zip(a, b) {
            var worst = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                total += d
                worst = max(worst, d)
            }
            if worst > 2 { far += 1 }
        }
        let farShare = Double(far) / Double(a.count), mean = Double(total) / Double(4 * a.count)
        #expect(farShare < 0.05, "\(far) of \(a.count) pixels differ by more than 2 levels")
        #expect(mean < 1.5, "mean difference \(mean) levels")
        // Inside shapes (the card, the ellipse, the bar multiplied over it, the masked-out part, the background):
        // exact enough to read colours.
        for (x, y) in [(40, 40), (106, 84), (112, 72), (106, 94), (5, 110)] {
            let p = try #require(gl.pixel(x: x, y: y)), q = try #require(cpu.pixel(x: x, y: y))
            for (u, v) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue), (p.alpha, q.alpha)] {
                #expect(abs(Int(u) - Int(v)) <= 2, "pixel (\(x), \(y)): \(p) vs \(q)")
            }
        }
    }

    @Test func softwareSnapshotNeedsNoOpenGL() throws {
        let display = Self.scene()
        SnapshotRenderer.forcesSoftware = true
        defer { SnapshotRenderer.forcesSoftware = false }
        let fallback = try display.snapshot()
        let chosen = try display.snapshot(compositor: .software)
        #expect(fallback.premultipliedARGB == chosen.premultipliedARGB)
    }
}

/// A shape layer drawn in step with the display (as Lottie playback draws its shapes) is rasterized by the software
/// compositor where it lands on the screen, as Apple describes `CAShapeLayer` being drawn — not into a store that is
/// then resampled through the layer's rotation. The reference is the same path filled by Cairo straight through the
/// same transform, so the two agree to rounding (±1 level; drawn from its store instead, at the most pixels per point
/// the store allows, resampled bilinearly, it differs by 131 levels along the edge). And the result does not depend
/// on what drew before it: an OpenGL snapshot in between leaves the next software one unchanged. OpenGL rasterizes
/// such a shape in the display's pixels too (drawn from its store at twice the display's resolution, resampled, it
/// differed by 130 levels).
@Suite(.serialized) @MainActor struct ShapeOnScreenTests {
    static let triangle: CGPath = {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 12))
        path.addLine(to: CGPoint(x: 88, y: 30))
        path.addLine(to: CGPoint(x: 30, y: 86))
        path.closeSubpath()
        return path
    }()

    @Test func aRotatedShapeIsRasterizedOnTheScreen() throws {
        let display = HeadlessDisplay(width: 100, height: 100, scale: 2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        shape.path = Self.triangle
        shape.fillColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        shape.transform = CATransform3DMakeRotation(0.35, 0, 0, 1)
        shape.paintsShapeWhereShown = true   // as the Lottie player's shapes are
        display.rootLayer.addSublayer(shape)
        CATransaction.commit()
        display.advance(by: 0)
        let first = try display.snapshot(compositor: .software)

        let reference = CGContext(width: 200, height: 200)
        reference.scaleBy(x: 2, y: 2)
        reference.translateBy(x: 50, y: 50)
        reference.rotate(by: 0.35)
        reference.translateBy(x: -50, y: -50)
        reference.setFillColor(CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1))
        reference.addPath(Self.triangle)
        reference.fillPath()
        let expected = try #require(reference.makeImage())
        #expect(first.premultipliedARGB.count == expected.premultipliedARGB.count)
        let worst = Self.largestDifference(first, expected)
        #expect(worst <= 1, "the shape differs from the path filled on the screen by \(worst) levels")

        // OpenGL draws the same raster, made in the display's pixels (its blending rounds once more).
        let gl = try display.snapshot(compositor: .openGL)
        let worstGL = Self.largestDifference(gl, expected)
        #expect(worstGL <= 2, "OpenGL's shape differs from the path filled on the screen by \(worstGL) levels")
        let again = try display.snapshot(compositor: .software)
        #expect(again.premultipliedARGB == first.premultipliedARGB)
    }

    /// The largest difference of any channel of any pixel.
    static func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
        var worst = 0
        for (p, q) in zip(a.premultipliedARGB, b.premultipliedARGB) {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }
}
