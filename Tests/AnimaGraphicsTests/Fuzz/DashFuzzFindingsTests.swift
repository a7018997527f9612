import Foundation
import Testing
@testable import AnimaGraphics

/// What the `paths` fuzzer (Fuzz/paths) found in AnimaGraphics, fixed.
@Suite("Fuzz findings: dashes")
struct DashFuzzFindingsTests {
    /// Strokes a 4-point red line across the middle of a 32 × 32 `context` with its dash pattern: whether the stroke
    /// returns solid (a refused pattern strokes solid).
    private static func strokedAcrossIsSolid(_ context: CGContext) -> Bool {
        context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 0, y: 16))
        context.addLine(to: CGPoint(x: 32, y: 16))
        context.strokePath()
        return context.makeImage()?.pixel(x: 16, y: 16)?.alpha == 255
    }

    /// `paths`: a dash pattern of finite lengths whose total overflows to +∞ hung Cairo's stroker.
    @Test func dashPatternWhoseTotalOverflowsIsRefused() {
        let context = CGContext(width: 32, height: 32)
        // This pattern's own message: the suite's tests run in parallel, and another refuses a pattern too.
        let refused = "invalid pattern [1.7976931348623157e+308, 1.7976931348623157e+308, 0.0]"
        let before = Diagnostics.messages(containing: refused).count
        context.setLineDash(phase: -.greatestFiniteMagnitude, lengths: [.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0])
        #expect(Diagnostics.messages(containing: refused).count == before + 1)
        #expect(Self.strokedAcrossIsSolid(context))
    }

    /// `paths`: an odd count repeats with on and off swapped, so Cairo doubles the pattern's total before
    /// reducing the phase by it. A finite total that overflows when doubled made the phase +∞ and hung the stroke.
    @Test func oddPatternWhoseDoubledTotalOverflowsIsRefused() {
        let context = CGContext(width: 32, height: 32)
        let refused = "invalid pattern [1.7976931348623157e+308, 0.016666666666666666, 5e-324] phase -0.125"
        let before = Diagnostics.messages(containing: refused).count
        context.setLineDash(phase: -0.125, lengths: [.greatestFiniteMagnitude, 1 / 60, .leastNonzeroMagnitude])
        #expect(Diagnostics.messages(containing: refused).count == before + 1)
        #expect(Self.strokedAcrossIsSolid(context))
        // An odd pattern whose doubled total is finite is still dashed: 8 on, 8 off.
        let odd = CGContext(width: 64, height: 8)
        odd.setLineWidth(4)
        odd.setLineDash(phase: 0, lengths: [8])
        odd.move(to: CGPoint(x: 0, y: 4))
        odd.addLine(to: CGPoint(x: 64, y: 4))
        odd.strokePath()
        let image = odd.makeImage()
        #expect(image?.pixel(x: 4, y: 4)?.alpha == 255 && image?.pixel(x: 12, y: 4)?.alpha == 0)
    }

    /// `paths`: a huge ellipse under a shear of 3.4e38, dashed [365]: Cairo measures dashes in user space, where the
    /// shear makes every segment astronomically long, and past 2^53 dashes its loop never ends. The same on a small
    /// scale: a 16-pixel line under a shear of 1e6 is 16 million points long in user space, eight million repeats of
    /// a 2-point pattern. More than a million repeats are stroked solid at the pattern's coverage.
    @Test func patternRepeatingMoreThanAMillionTimesIsDrawnAsItsCoverage() throws {
        let context = CGContext(width: 32, height: 32)
        context.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.setLineWidth(4)
        context.setLineDash(phase: 0, lengths: [1, 1])
        context.concatenate(CGAffineTransform(a: 1, b: 0, c: 1e6, d: 1, tx: 0, ty: 0))
        // On screen: the vertical line x = 16 from y = 8 to y = 24.
        context.move(to: CGPoint(x: 16 - 1e6 * 8, y: 8))
        context.addLine(to: CGPoint(x: 16 - 1e6 * 24, y: 24))
        context.strokePath()   // returns, solid at half coverage
        let alpha = try #require(context.makeImage()?.pixel(x: 16, y: 16)?.alpha)
        #expect(alpha > 100 && alpha < 160, "\(alpha)")

        // The fuzzer's own: an ellipse of radius 3.4e38 under a shear of 3.4e38 and a translation of 1e15.
        let input = CGContext(width: 32, height: 32)
        input.setLineDash(phase: 0, lengths: [365])
        input.concatenate(CGAffineTransform(a: 3.5, b: 0, c: 3.4e38, d: 13.25, tx: 1e15, ty: 0))
        input.addEllipse(in: CGRect(x: -3.4e38, y: -3.4e38, width: 6.8e38, height: 6.8e38))
        input.strokePath()   // returns
        #expect(input.makeImage() != nil)
    }

    /// `paths`: many circles stroked with a 0.033-point pattern took tens of seconds (Cairo steps through
    /// every dash). A pattern finer than half a pixel is drawn as a solid line of its coverage.
    @Test func subPixelDashPatternIsDrawnAsItsCoverage() throws {
        let context = CGContext(width: 64, height: 64)
        context.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.setLineWidth(8)
        context.setLineDash(phase: 0, lengths: [0.016666666666666666, .leastNonzeroMagnitude, 0.016666666666666666])
        let path = CGMutablePath()
        for _ in 0..<200 { path.addEllipse(in: CGRect(x: -500, y: -500, width: 1000, height: 1000)) }
        path.move(to: CGPoint(x: 0, y: 32))
        path.addLine(to: CGPoint(x: 64, y: 32))
        context.addPath(path)
        context.strokePath()
        let alpha = try #require(context.makeImage()?.pixel(x: 32, y: 32)?.alpha)
        #expect(abs(Int(alpha) - 128) <= 2)   // odd count: every length is on half the time
        // A pattern of visible dashes is still dashed.
        let coarse = CGContext(width: 64, height: 8)
        coarse.setLineWidth(4)
        coarse.setLineDash(phase: 0, lengths: [8, 8])
        coarse.move(to: CGPoint(x: 0, y: 4))
        coarse.addLine(to: CGPoint(x: 64, y: 4))
        coarse.strokePath()
        let image = try #require(coarse.makeImage())
        #expect(image.pixel(x: 4, y: 4)?.alpha == 255 && image.pixel(x: 12, y: 4)?.alpha == 0)
    }
}
