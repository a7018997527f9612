import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A scene with a half-stroked shape, text and gradients, written to `.build/anima-contents/` for
/// people to look at (and checked at a few pixels).
@MainActor
@Suite("Contents showcase")
struct ContentsShowcaseTests {
    @Test func showcaseIsDrawnAndWritten() throws {
        let display = HeadlessDisplay(width: 420, height: 300, scale: 2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)

        // The seed's line: two quadratic curves, stroked to half its length.
        let line = CAShapeLayer()
        line.name = "line"
        line.frame = CGRect(x: 10, y: 10, width: 180, height: 130)
        line.contentsScale = 2
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 90, y: 65), control: CGPoint(x: 0, y: 65))
        path.addQuadCurve(to: CGPoint(x: 180, y: 130), control: CGPoint(x: 180, y: 65))
        line.path = path
        line.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        line.fillColor = nil
        line.lineWidth = 6
        line.lineCap = .round
        line.strokeEnd = 0.5

        // A star filled even-odd with a dashed outline, reaching past its (empty) bounds.
        let star = CAShapeLayer()
        star.name = "star"
        star.position = CGPoint(x: 300, y: 75)
        star.contentsScale = 2
        let points = (0..<5).map { i -> CGPoint in
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 60 * cos(a), y: 60 * sin(a))
        }
        let starPath = CGMutablePath()
        starPath.addLines(between: points)
        starPath.closeSubpath()
        star.path = starPath
        star.fillRule = .evenOdd
        star.fillColor = CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1)
        star.strokeColor = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        star.lineWidth = 4
        star.lineJoin = .round
        star.lineDashPattern = [10, 6]

        let text = CATextLayer()
        text.name = "text"
        text.frame = CGRect(x: 10, y: 150, width: 190, height: 70)
        text.contentsScale = 2
        text.string = "Hello 안녕하세요, Anima text wraps"
        text.fontSize = 22
        text.isWrapped = true
        text.alignmentMode = .center
        text.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)

        let axial = CAGradientLayer()
        axial.name = "axial"
        axial.frame = CGRect(x: 220, y: 150, width: 90, height: 70)
        axial.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                        CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        axial.startPoint = CGPoint(x: 0, y: 0.5)
        axial.endPoint = CGPoint(x: 1, y: 0.5)

        let radial = CAGradientLayer()
        radial.name = "radial"
        radial.frame = CGRect(x: 320, y: 150, width: 90, height: 70)
        radial.type = .radial
        radial.colors = [CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor(red: 0.1, green: 0.5, blue: 0.2, alpha: 1)]
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)

        let conic = CAGradientLayer()
        conic.name = "conic"
        conic.frame = CGRect(x: 220, y: 228, width: 190, height: 62)
        conic.type = .conic
        conic.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                        CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 1, y: 0.5)

        for layer in [line, star, text, axial, radial, conic] { display.rootLayer.addSublayer(layer) }
        CATransaction.commit()
        display.advance(by: 0)

        let image = try #require(composite(display.renderTree, width: 420, height: 300, scale: 2,
                                           background: CGColor(gray: 0.1, alpha: 1)))
        let directory = try contentsOutputDirectory()
        try image.writePNG(to: directory.appendingPathComponent("showcase.png"))
        for name in ["line", "star", "text", "axial", "radial", "conic"] {
            try shownImage(display, name)?.writePNG(to: directory.appendingPathComponent("\(name).png"))
        }
        // The line's first half is drawn near its start; its second half is not: the store covers the stroke drawn,
        // its first half (to (90, 65)) and the round caps' reach, not the rest of the bounds.
        let store = try #require(shownImage(display, "line"))
        let frame = try #require(display.renderTree.node(named: "line")?.contentsFrame)
        #expect(frame.contains(CGRect(x: 0, y: 0, width: 90, height: 65)) && frame.maxX < 100 && frame.maxY < 75)
        #expect(abs(CGFloat(store.width) - frame.width * 2) < 1e-9)
        let start = CGPoint(x: -frame.minX * 2, y: -frame.minY * 2)   // the layer's (0, 0)…(20, 20)
        #expect(inkCount(store, in: CGRect(origin: start, size: CGSize(width: 40, height: 40))) > 0)
    }
}

/// The seed's line growing: `strokeEnd` 0 → 1, eight frames side by side in one PNG.
@MainActor
@Suite("Contents animation sheet")
struct ContentsAnimationSheetTests {
    @Test func strokeEndSheetGrowsFrameByFrame() throws {
        let display = HeadlessDisplay(width: 120, height: 90)
        let line = CAShapeLayer()
        line.name = "line"
        line.frame = CGRect(x: 10, y: 10, width: 100, height: 70)
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 50, y: 35), control: CGPoint(x: 0, y: 35))
        path.addQuadCurve(to: CGPoint(x: 100, y: 70), control: CGPoint(x: 100, y: 35))
        line.path = path
        line.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        line.fillColor = nil
        line.lineWidth = 4
        display.rootLayer.addSublayer(line)
        display.advance(by: 0)
        let whole = inkCount(shownImage(display, "line"))
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 1
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        line.add(grow, forKey: "grow")
        display.advance(by: 0)

        var frames: [CGImage] = []
        var inks: [Int] = []
        for _ in 0..<8 {
            display.advance(by: 1.0 / 7)
            let frame = try #require(composite(display.renderTree, width: 120, height: 90, background: CGColor(gray: 0.1, alpha: 1)))
            frames.append(frame)
            inks.append(inkCount(shownImage(display, "line")))
        }
        // Frames at 1/7 … 7/7 s grow; the eighth, after the end, shows the model's whole line.
        #expect(zip(inks.prefix(7), inks.prefix(7).dropFirst()).allSatisfy { $0 < $1 })
        #expect(inks[0] < inks[6] / 4)
        #expect(inks[7] == whole)
        let sheet = CGContext(width: 8 * 124 + 4, height: 98)
        sheet.setFillColor(CGColor(gray: 0.4, alpha: 1))
        sheet.fill(CGRect(x: 0, y: 0, width: 8 * 124 + 4, height: 98))
        for (i, frame) in frames.enumerated() { sheet.draw(frame, uprightAt: CGPoint(x: 4 + i * 124, y: 4)) }
        try #require(sheet.makeImage()).writePNG(to: contentsOutputDirectory().appendingPathComponent("stroke-end-sheet.png"))
    }
}
