import Foundation
import Testing
import AnimaGraphics

@Suite struct CGContextFillTests {
    typealias F = DrawingFixture

    /// The fling seed draws its balls with `addArc(…, 0, .pi * 2, clockwise: true)`: a whole turn in either
    /// direction is the whole circle, not an empty arc.
    @Test(arguments: [true, false])
    func wholeTurnArcFillsTheCircle(clockwise: Bool) {
        let c = F.context()
        c.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi * 2, clockwise: clockwise)
        c.fillPath()
        let image = c.makeImage()
        #expect(F.pixel(image, 50, 50) == F.opaqueRed)
        #expect(F.pixel(image, 50, 35) == F.opaqueRed)
        #expect(F.pixel(image, 50, 25) == F.transparent)
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi * 2, clockwise: clockwise)
        #expect(abs(path.boundingBox.width - 40) < 0.01 && abs(path.boundingBox.height - 40) < 0.01)
    }

    @Test func fillRectPaintsInsideOnly() {
        let c = F.context()
        c.fill(CGRect(x: 10, y: 20, width: 30, height: 40))
        let image = c.makeImage()
        #expect(F.pixel(image, 10, 20) == F.opaqueRed)
        #expect(F.pixel(image, 39, 59) == F.opaqueRed)
        #expect(F.pixel(image, 9, 20) == F.transparent)
        #expect(F.pixel(image, 40, 20) == F.transparent)
        #expect(F.pixel(image, 10, 60) == F.transparent)
    }

    @Test func fillIsPremultipliedAndGlobalAlphaMultiplies() {
        let c = F.context(10, 10)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        c.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
        c.setFillColor(F.blue)
        c.setAlpha(0.5)
        c.fill(CGRect(x: 5, y: 0, width: 5, height: 10))
        let image = c.makeImage()
        let half = F.pixel(image, 2, 2)
        #expect(half.alpha == 128 && half.red == 128 && half.green == 0)
        #expect(half.straightRed == 255)
        let blue = F.pixel(image, 7, 2)
        #expect(blue.alpha == 128 && blue.blue == 128)
    }

    @Test func evenOddLeavesAHoleWindingDoesNot() {
        func draw(_ rule: CGPathFillRule) -> CGImage? {
            let c = F.context(60, 60)
            c.addRect(CGRect(x: 0, y: 0, width: 60, height: 60))
            c.addRect(CGRect(x: 20, y: 20, width: 20, height: 20))   // same direction as the outer one
            c.fillPath(using: rule)
            return c.makeImage()
        }
        #expect(F.pixel(draw(.winding), 30, 30) == F.opaqueRed)
        #expect(F.pixel(draw(.evenOdd), 30, 30) == F.transparent)
        #expect(F.pixel(draw(.evenOdd), 5, 5) == F.opaqueRed)
    }

    @Test func drawPathModesFillAndStroke() {
        let c = F.context(40, 40)
        c.setFillColor(F.blue)
        c.setLineWidth(4)
        c.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        c.drawPath(using: .fillStroke)
        let image = c.makeImage()
        #expect(F.pixel(image, 20, 20) == F.opaqueBlue)   // fill
        #expect(F.pixel(image, 10, 20) == F.opaqueRed)    // stroke drawn over the fill edge
        #expect(F.pixel(image, 3, 3) == F.transparent)
        #expect(c.isPathEmpty)                            // drawing consumes the path
    }

    @Test func clearMakesPixelsTransparent() {
        let c = F.context(20, 20)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.clear(CGRect(x: 5, y: 5, width: 5, height: 5))
        let image = c.makeImage()
        #expect(F.pixel(image, 7, 7) == F.transparent)
        #expect(F.pixel(image, 12, 12) == F.opaqueRed)
    }

    @Test func arcDirectionMatchesCGMutablePath() {
        // clockwise: false sweeps with increasing angle: 0 → π passes through +y (the lower half on screen).
        let c = F.context()
        c.move(to: CGPoint(x: 50, y: 50))
        c.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
        c.closePath()
        let bounds = c.boundingBoxOfPath
        c.fillPath()
        let image = c.makeImage()
        #expect(F.pixel(image, 50, 80) == F.opaqueRed)
        #expect(F.pixel(image, 50, 20) == F.transparent)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 50, y: 50))
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(path.contains(CGPoint(x: 50, y: 80)))
        #expect(bounds.minY >= 49.9 && bounds.maxY > 85)
    }

    @Test func quadCurveBecomesTheEquivalentCubic() {
        let c = F.context()
        c.move(to: CGPoint(x: 0, y: 80))
        c.addQuadCurve(to: CGPoint(x: 100, y: 80), control: CGPoint(x: 50, y: 0))
        guard case .curveTo(let end, let c1, let c2)? = c.path?.elements.last else {
            Issue.record("expected a cubic, got \(String(describing: c.path?.elements))"); return
        }
        #expect(end == CGPoint(x: 100, y: 80))
        #expect(abs(c1.x - 100.0 / 3) < 0.01 && abs(c1.y - 80.0 / 3) < 0.01)
        #expect(abs(c2.x - 200.0 / 3) < 0.01 && abs(c2.y - 80.0 / 3) < 0.01)
        c.setLineWidth(2)
        c.strokePath()
        // The quad's midpoint is ¼p0 + ½c + ¼p2 = (50, 40).
        #expect(F.pixel(c.makeImage(), 50, 40).alpha > 200)
        #expect(F.pixel(c.makeImage(), 50, 30) == F.transparent)
    }

    @Test func addPathAndEllipseFill() {
        let c = F.context()
        c.addPath(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil))
        c.fillPath()
        c.setFillColor(F.blue)
        c.fillEllipse(in: CGRect(x: 40, y: 60, width: 20, height: 20))
        let image = c.makeImage()
        #expect(F.pixel(image, 50, 25) == F.opaqueRed)
        #expect(F.pixel(image, 2, 2) == F.transparent)     // outside the ellipse, inside its box
        #expect(F.pixel(image, 50, 70) == F.opaqueBlue)
    }
}
