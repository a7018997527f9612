import Foundation
import Testing
import AnimaGraphics

/// Draws one image using most of the API and leaves it under `.build/anima-drawing/` for a person to look at.
@Suite struct DrawingShowcaseTests {
    typealias F = DrawingFixture

    static func drawShowcase() -> CGImage? {
        let c = CGContext(width: 480, height: 240)
        c.setFillColor(gray: 0.96, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 480, height: 240))

        // Filled, stroked and dashed shapes.
        c.setFillColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        c.fillEllipse(in: CGRect(x: 20, y: 20, width: 80, height: 80))
        c.setStrokeColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        c.setLineWidth(6); c.setLineCap(.round)
        c.move(to: CGPoint(x: 120, y: 100))
        c.addQuadCurve(to: CGPoint(x: 220, y: 100), control: CGPoint(x: 170, y: 10))
        c.strokePath()
        c.setLineWidth(3); c.setLineCap(.butt)
        c.setLineDash(phase: 0, lengths: [12, 6])
        c.stroke(CGRect(x: 240, y: 20, width: 90, height: 80))
        c.setLineDash(phase: 0, lengths: [])

        // Even-odd star-in-square and a rotated, clipped, half-transparent square.
        c.setFillColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)
        c.addRect(CGRect(x: 350, y: 20, width: 100, height: 80))
        c.addEllipse(in: CGRect(x: 370, y: 30, width: 60, height: 60))
        c.fillPath(using: .evenOdd)
        c.saveGState()
        c.translateBy(x: 60, y: 170); c.rotate(by: .pi / 6)
        c.addArc(center: .zero, radius: 45, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        c.clip()
        c.setAlpha(0.6)
        c.setFillColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1)
        c.fill(CGRect(x: -40, y: -40, width: 80, height: 80))
        c.restoreGState()

        // An image (the placeholder) upright, and text in Latin and Hangul.
        c.draw(CGImage.missingImagePlaceholder(width: 40, height: 40), uprightAt: CGPoint(x: 125, y: 150))
        c.drawText("Hello 안녕하세요", at: CGPoint(x: 180, y: 130), font: TextFont(size: 28), color: .black)
        TextLayout("Wrapped text in a 260-unit box, centred, blue.", font: TextFont(size: 14, weight: .bold),
                   color: CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1), maximumWidth: 260, alignment: .center)
            .draw(in: c, at: CGPoint(x: 180, y: 180))
        return c.makeImage()
    }

    @Test func showcaseRendersAndIsWrittenForPeople() throws {
        let image = try #require(Self.drawShowcase())
        #expect(image.pixel(x: 60, y: 60)?.straightRed ?? 0 > 200)    // the red disc
        #expect(image.pixel(x: 400, y: 60)?.alpha == 255)                // even-odd hole shows the background
        #expect(image.pixel(x: 400, y: 60)?.green == image.pixel(x: 2, y: 2)?.green)
        let url = try F.outputDirectory().appendingPathComponent("showcase.png")
        try image.writePNG(to: url)
        #expect(try CGImage(contentsOf: url).width == 480)
    }
}
