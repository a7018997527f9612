import Foundation
import Testing
import AnimaGraphics

/// Bad input is reported and ignored; the context keeps drawing correctly afterwards.
@Suite struct CGContextBadInputTests {
    typealias F = DrawingFixture

    /// After the bad calls, a fill still works (a Cairo context in an error state would draw nothing).
    private func stillDraws(_ c: CGContext) -> Bool {
        c.setFillColor(F.red)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return F.pixel(c.makeImage(), 1, 1) == F.opaqueRed
    }

    @Test func nonFiniteGeometryIsIgnored() {
        let c = CGContext(width: 10, height: 10)
        c.move(to: CGPoint(x: CGFloat.nan, y: 0))
        c.addLine(to: CGPoint(x: 1, y: CGFloat.infinity))
        c.addRect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        c.addArc(center: .zero, radius: -3, startAngle: 0, endAngle: 1, clockwise: false)
        c.addArc(center: .zero, radius: 3, startAngle: .nan, endAngle: 1, clockwise: false)
        c.addEllipse(in: .null)
        let path = CGMutablePath()
        path.move(to: .zero); path.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
        c.addPath(path)
        c.fillPath()
        c.draw(CGImage.missingImagePlaceholder(), in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        #expect(stillDraws(c))
        #expect(!Diagnostics.messages(containing: "CGContext.move(to:): non-finite").isEmpty)
        #expect(!Diagnostics.messages(containing: "CGContext.addPath(_:): skipped 1").isEmpty)
    }

    @Test func lineWithoutCurrentPointIsReported() {
        let c = CGContext(width: 10, height: 10)
        c.addLine(to: CGPoint(x: 5, y: 5))
        c.addQuadCurve(to: CGPoint(x: 5, y: 5), control: .zero)
        #expect(c.isPathEmpty)
        #expect(!Diagnostics.messages(containing: "addLine(to:): no current point").isEmpty)
    }

    @Test func singularTransformsAreRejected() {
        let c = CGContext(width: 10, height: 10)
        c.scaleBy(x: 0, y: 0)
        c.scaleBy(x: .nan, y: 1)
        c.concatenate(CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0))
        c.rotate(by: .infinity)
        #expect(c.ctm == .identity)
        #expect(stillDraws(c))
        #expect(!Diagnostics.messages(containing: "CGContext.scaleBy(x:y:)").isEmpty)
    }

    @Test func badStrokeParametersAreRejected() {
        let c = CGContext(width: 10, height: 10)
        c.setLineWidth(-2)
        c.setLineWidth(.nan)
        c.setMiterLimit(.infinity)
        c.setLineDash(phase: 0, lengths: [-1, 4])
        c.setLineDash(phase: 0, lengths: [0, 0])
        c.setLineDash(phase: .nan, lengths: [2, 2])
        c.setAlpha(.nan)
        c.setFillColor(CGColor(red: .nan, green: 0, blue: 0, alpha: 1))
        c.setStrokeColor(F.red)
        c.move(to: CGPoint(x: 0, y: 5)); c.addLine(to: CGPoint(x: 10, y: 5))
        c.strokePath()   // default width 1 on y 4.5…5.5: a solid half-covered pair of rows
        let image = c.makeImage()
        #expect(F.pixel(image, 5, 4).alpha == 128, "\(F.pixel(image, 5, 3)) \(F.pixel(image, 5, 4)) \(F.pixel(image, 5, 5))")
        #expect(F.pixel(image, 5, 5).alpha == 128)
        #expect(stillDraws(c))
    }

    @Test func badSizesGiveAnEmptyContext() {
        let c = CGContext(width: -5, height: 10)
        #expect(c.width == 0 && c.height == 0)
        #expect(c.makeImage() == nil)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))   // draws nothing, does not crash
        #expect(CGContext(width: 100_000, height: 1).width == 0)
        #expect(!Diagnostics.messages(containing: "CGContext(width: -5, height: 10)").isEmpty)
    }

    @Test func unbalancedRestoreIsReported() {
        let c = CGContext(width: 10, height: 10)
        c.restoreGState()
        #expect(stillDraws(c))
        #expect(!Diagnostics.messages(containing: "restoreGState(): no saved state").isEmpty)
    }
}
