import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A shape layer counting every draw, presentation copies included.
final class CountingShapeLayer: CAShapeLayer {
    static var draws = 0
    override func draw(in ctx: CGContext) { CountingShapeLayer.draws += 1 }
}

/// CAShapeLayer (§5.7): model, animations, and the pixels Cairo draws for it.
@MainActor
@Suite("CAShapeLayer")
struct ShapeLayerTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// A horizontal line from (0, 50) to (200, 50).
    static var line: CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 50))
        p.addLine(to: CGPoint(x: 200, y: 50))
        return p
    }

    /// A committed 200 × 100 layer called `name` stroking `line` 10 points wide in white, no fill.
    func makeLine(_ name: String) -> (display: HeadlessDisplay, layer: CAShapeLayer) {
        makeContentsScene(name, frame: CGRect(x: 0, y: 0, width: 200, height: 100)) { () -> CAShapeLayer in
            let shape = CAShapeLayer()
            shape.path = Self.line
            shape.strokeColor = Self.white
            shape.fillColor = nil
            shape.lineWidth = 10
            return shape
        }
    }

    /// The store the display shows for `shape`: a shape layer is drawn where it lands on the display (here at scale 1,
    /// untransformed: a pixel per point), and keeps that store as its presented one — it has no model store.
    func shown(_ shape: CAShapeLayer) -> CGImage? {
        shape.presentedStore?.image as? CGImage
    }

    /// The pixel of `shape`'s shown store that shows the layer's point (x, y): shape stores reach past the
    /// bounds, so they start at their frame's origin, not at the bounds' (scale 1).
    func storePixel(_ shape: CAShapeLayer, _ x: Int, _ y: Int) -> (x: Int, y: Int) {
        let origin = shape.presentedStore?.frame.origin ?? .zero
        return (x - Int(origin.x), y - Int(origin.y))
    }

    /// The colour of the layer's point (x, y) in its shown store.
    func color(_ shape: CAShapeLayer, _ x: Int, _ y: Int) -> [Int]? {
        let p = storePixel(shape, x, y)
        return rgba(shown(shape), p.x, p.y)
    }

    /// The largest layer x with ink on the layer's row 50 in `image` (a store of `shape`), or −1.
    func strokeEndX(_ image: CGImage?, of shape: CAShapeLayer) -> Int {
        guard let image else { return -1 }
        let row = storePixel(shape, 0, 50)
        return (0..<image.width).last { image.pixel(x: $0, y: row.y)!.alpha > 127 }.map { $0 - row.x } ?? -1
    }

    /// The smallest layer x with ink on the layer's row 50, or −1.
    func strokeStartX(_ image: CGImage?, of shape: CAShapeLayer) -> Int {
        guard let image else { return -1 }
        let row = storePixel(shape, 0, 50)
        return (0..<image.width).first { image.pixel(x: $0, y: row.y)!.alpha > 127 }.map { $0 - row.x } ?? -1
    }

    /// The alpha of the layer's point (x, y) in `image` (a store of `shape`); 0 outside the store, which covers only
    /// what the shape paints.
    func alpha(_ image: CGImage?, _ shape: CAShapeLayer, _ x: Int, _ y: Int) -> Int? {
        guard let image else { return nil }
        let p = storePixel(shape, x, y)
        return rgba(image, p.x, p.y)?[3] ?? 0
    }

    /// How many pixels of the layer's shown store have ink; 0 when it has no store, having nothing to paint.
    func storeInk(_ shape: CAShapeLayer) -> Int {
        shown(shape).map { inkCount($0) } ?? 0
    }

    /// How many pixels have ink in `rect`, given in the layer's coordinates.
    func ink(_ image: CGImage?, _ shape: CAShapeLayer, in rect: CGRect) -> Int {
        let p = storePixel(shape, Int(rect.minX), Int(rect.minY))
        return inkCount(image, in: CGRect(x: p.x, y: p.y, width: Int(rect.width), height: Int(rect.height)))
    }

    @Test func defaults() {
        let shape = CAShapeLayer()
        #expect(shape.path == nil)
        #expect(shape.fillColor == .black)
        #expect(shape.fillRule == .nonZero)
        #expect(shape.strokeColor == nil)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1)
        #expect(shape.lineWidth == 1 && shape.miterLimit == 10 && shape.lineDashPhase == 0)
        #expect(shape.lineCap == .butt && shape.lineJoin == .miter)
        #expect(shape.lineDashPattern == nil)
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "strokeEnd") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "fillRule") as? CAShapeLayerFillRule == .nonZero)
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd" && CAShapeLayerLineCap.round.rawValue == "round")
        #expect(CAShapeLayer.needsDisplay(forKey: "strokeEnd") && !CAShapeLayer.needsDisplay(forKey: "position"))
    }

    @Test func animatablePropertiesAnimateImplicitlyButPathDoesNot() throws {
        let (display, shape) = makeLine("shape-implicit")
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        shape.strokeEnd = 0.5
        shape.strokeStart = 0.1
        shape.lineWidth = 20
        shape.miterLimit = 4
        shape.lineDashPhase = 3
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        CATransaction.commit()
        for key in ["strokeEnd", "strokeStart", "lineWidth", "miterLimit", "lineDashPhase", "fillColor", "strokeColor"] {
            #expect(shape.animation(forKey: key) is CABasicAnimation, "\(key) animates implicitly")
        }
        #expect(shape.animation(forKey: "path") == nil)
        display.advance(by: 0.125)   // half of the default 0.25 s
        let p = try #require(shape.presentation())
        #expect(isClose(p.strokeEnd, 0.75, within: 1e-6))
        #expect(isClose(p.lineWidth, 15, within: 1e-6))
        #expect(isClose(p.strokeColor?.red ?? -1, 0.5, within: 1e-6))
        #expect(p.path == shape.path)
        #expect(shape.strokeEnd == 0.5)
    }

    @Test func strokeEndHalfDrawsHalfThePath() throws {
        let (display, shape) = makeLine("half")
        shape.strokeEnd = 0.5
        display.advance(by: 1)
        let store = try #require(shown(shape))
        #expect(shownImage(display, "half") === store)
        #expect(shape.backingStore == nil)                   // drawn for the display, not at contentsScale
        #expect(abs(strokeEndX(store, of: shape) - 99) <= 1)
        #expect(ink(store, shape, in: CGRect(x: 0, y: 46, width: 98, height: 8)) == 98 * 8)
        #expect(ink(store, shape, in: CGRect(x: 102, y: 0, width: 98, height: 100)) == 0)

        shape.strokeStart = 0.25
        display.advance(by: 1)
        #expect(abs(strokeStartX(shown(shape), of: shape) - 50) <= 1)
        shape.strokeStart = 0.6                               // start after end: nothing
        display.advance(by: 1)
        #expect(storeInk(shape) == 0)
    }

    @Test func strokeEndCutsCurvesByLength() throws {
        // The seed's path: two quadratic curves meeting at the centre, symmetric about it.
        let (display, shape) = makeContentsScene("seed-half", frame: CGRect(x: 0, y: 0, width: 200, height: 100)) { () -> CAShapeLayer in
            let shape = CAShapeLayer()
            let path = CGMutablePath()
            path.move(to: .zero)
            path.addQuadCurve(to: CGPoint(x: 100, y: 50), control: CGPoint(x: 0, y: 50))
            path.addQuadCurve(to: CGPoint(x: 200, y: 100), control: CGPoint(x: 200, y: 50))
            shape.path = path
            shape.strokeColor = Self.white
            shape.fillColor = nil
            shape.lineWidth = 4
            shape.strokeEnd = 0.5
            return shape
        }
        display.advance(by: 0)
        let store = try #require(shown(shape))
        #expect(ink(store, shape, in: CGRect(x: 0, y: 0, width: 96, height: 100)) > 100)
        #expect(ink(store, shape, in: CGRect(x: 104, y: -10, width: 110, height: 120)) == 0)
    }

    @Test func strokeEndAnimationRedrawsEachFrameFromThePresentation() throws {
        let (display, shape) = makeLine("grow")
        #expect(strokeEndX(shown(shape), of: shape) == 199)
        let grow = basic("strokeEnd", from: 0, to: 1, duration: 1)
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(grow, forKey: "grow")
        display.advance(by: 0)
        display.advance(by: 0.25)
        #expect(abs(strokeEndX(shownImage(display, "grow"), of: shape) - 49) <= 1)
        let version = shape.contentsVersion
        display.advance(by: 0.5)
        #expect(abs(strokeEndX(shownImage(display, "grow"), of: shape) - 149) <= 1)
        #expect(shape.contentsVersion > version)
        #expect(shape.strokeEnd == 1)                         // the model stays whole
        display.advance(by: 0.5)                              // finished and removed: the model's whole line again
        #expect(strokeEndX(shownImage(display, "grow"), of: shape) == 199)
    }

    @Test func unchangedPresentedValuesDoNotRedraw() throws {
        let (display, counting) = makeContentsScene("frozen", frame: CGRect(x: 0, y: 0, width: 200, height: 100)) { () -> CountingShapeLayer in
            let shape = CountingShapeLayer()
            shape.path = Self.line
            shape.strokeColor = Self.white
            return shape
        }
        let frozen = basic("strokeEnd", from: 0, to: 1, duration: 1)
        frozen.speed = 0
        frozen.timeOffset = 0.5                               // held at strokeEnd 0.5
        counting.add(frozen, forKey: "frozen")
        display.advance(by: 0)
        let draws = CountingShapeLayer.draws
        let version = counting.contentsVersion
        let image = try #require(shownImage(display, "frozen"))
        #expect(image !== counting.backingStore)
        let evaluated = display.pipeline.evaluatedFrameCount
        display.advance(by: 0.5)                               // 30 frames, the same value each time
        #expect(display.pipeline.evaluatedFrameCount - evaluated >= 30)
        #expect(CountingShapeLayer.draws == draws)
        #expect(counting.contentsVersion == version)
        #expect(shownImage(display, "frozen") === image)
    }

    @Test func pathMorphsBetweenEqualStructures() throws {
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let large = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let (display, shape) = makeContentsScene("morph") { () -> CAShapeLayer in
            let shape = CAShapeLayer()
            shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            shape.path = small
            return shape
        }
        let morph = basic("path", from: small, to: large, duration: 1)
        morph.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(morph, forKey: "morph")
        display.advance(by: 0)                                // commits: the animation starts now
        display.advance(by: 0.5)
        let presented = try #require(shape.presentation()?.path)
        #expect(presented.boundingBox == CGRect(x: 0, y: 0, width: 60, height: 60))
        let image = try #require(shownImage(display, "morph"))
        #expect(alpha(image, shape, 55, 55) == 255)
        #expect(alpha(image, shape, 65, 65) == 0)
        display.advance(by: 1)                                // finished and removed: the model's small square
        #expect(alpha(shown(shape), shape, 15, 15) == 255 && alpha(shown(shape), shape, 55, 55) == 0)
    }

    @Test func fillRulesAndStrokeOnTop() throws {
        // Two nested squares wound the same way: non-zero fills the hole, even-odd leaves it.
        let (display, shape) = makeContentsScene("fill-rule", frame: CGRect(x: 0, y: 0, width: 60, height: 60)) { () -> CAShapeLayer in
            let path = CGMutablePath()
            path.addRect(CGRect(x: 0, y: 0, width: 60, height: 60))
            path.addRect(CGRect(x: 20, y: 20, width: 20, height: 20))
            let shape = CAShapeLayer()
            shape.path = path
            return shape
        }
        #expect(color(shape, 30, 30) == [0, 0, 0, 255])       // default black, non-zero
        shape.fillRule = .evenOdd
        display.advance(by: 0)
        #expect(color(shape, 30, 30)?[3] == 0)
        #expect(color(shape, 10, 10) == [0, 0, 0, 255])
        shape.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        shape.lineWidth = 4
        display.advance(by: 1)
        #expect(color(shape, 21, 30) == [0, 255, 0, 255])    // the stroke is on top
    }

    @Test func pathsReachPastTheBounds() throws {
        let (display, shape) = makeContentsScene("unclipped", frame: .zero) { () -> CAShapeLayer in   // no bounds at all
            let shape = CAShapeLayer()
            shape.path = CGPath(ellipseIn: CGRect(x: -40, y: -40, width: 80, height: 80), transform: nil)
            shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            return shape
        }
        shape.position = CGPoint(x: 100, y: 100)
        display.advance(by: 1)                                // the implicit move ends
        let node = try #require(display.renderTree.node(named: "unclipped"))
        let frame = try #require(node.contentsFrame)
        #expect(frame.contains(CGRect(x: -40, y: -40, width: 80, height: 80)))
        #expect(frame.width < 90)
        let image = try #require(node.contents as? CGImage)
        #expect(rgba(image, Int(-frame.minX), Int(-frame.minY)) == [0, 0, 255, 255])   // the layer's origin
        #expect(rgba(image, 0, 0)?[3] == 0)                                             // outside the circle
    }

    /// Apple maps a shape "into screen space before being rasterized": its pixels follow the display, not
    /// `contentsScale` (a change of which still redraws it, and leaves what is shown the same).
    @Test func contentsScaleLeavesTheShapeOnTheDisplaysPixels() throws {
        let (display, shape) = makeLine("rescale")
        let before = try #require(shown(shape))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.contentsScale = 3
        CATransaction.commit()
        display.advance(by: 0)
        let after = try #require(shown(shape))
        #expect(after.width == before.width && after.height == before.height)
        #expect(strokeEndX(after, of: shape) == 199 && ink(after, shape, in: CGRect(x: 0, y: 0, width: 200, height: 100)) == 200 * 10)
    }

    @Test func capsAndDashes() throws {
        let (display, shape) = makeLine("caps")
        shape.path = {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 20, y: 50))
            p.addLine(to: CGPoint(x: 100, y: 50))
            return p
        }()
        display.advance(by: 1)
        #expect(alpha(shown(shape), shape, 103, 50) == 0)     // butt: ends at 100
        shape.lineCap = .round
        display.advance(by: 0)
        #expect(alpha(shown(shape), shape, 103, 50) == 255)   // round: a half-disc past the end
        shape.lineCap = .butt
        shape.lineDashPattern = [10, 10]
        display.advance(by: 0)
        let dashed = try #require(shown(shape))
        #expect(alpha(dashed, shape, 25, 50) == 255 && alpha(dashed, shape, 35, 50) == 0 && alpha(dashed, shape, 45, 50) == 255)
        shape.lineDashPhase = 10                              // animatable: implicit, so wait it out
        display.advance(by: 1)
        let shifted = try #require(shown(shape))
        #expect(alpha(shifted, shape, 25, 50) == 0 && alpha(shifted, shape, 35, 50) == 255)
    }

    @Test func badInputIsRejectedAndReported() throws {
        let (display, shape) = makeLine("bad-shape")
        shape.lineWidth = .nan
        #expect(shape.lineWidth == 10)
        #expect(diagnosticCount("'bad-shape': rejected lineWidth = NaN") == 1)
        shape.lineWidth = -3
        #expect(shape.lineWidth == 10)
        #expect(diagnosticCount("'bad-shape': rejected lineWidth = -3.0 (must be ≥ 0)") == 1)
        shape.miterLimit = -1
        #expect(shape.miterLimit == 10)
        shape.strokeEnd = .infinity
        #expect(shape.strokeEnd == 1)
        shape.lineDashPattern = [4, -2]
        #expect(shape.lineDashPattern == nil)
        #expect(diagnosticCount("'bad-shape': rejected lineDashPattern [4.0, -2.0]") == 1)
        shape.lineDashPattern = [0, 0]
        #expect(shape.lineDashPattern == nil)
        let nanPath = CGMutablePath()
        nanPath.move(to: .zero)
        nanPath.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
        shape.path = nanPath
        #expect(shape.path == Self.line)
        #expect(diagnosticCount("'bad-shape': rejected path") == 1)

        shape.add(basic("strokeEnd", from: 0, to: "all of it"), forKey: "wrong-type")
        #expect(shape.animation(forKey: "wrong-type") == nil)
        #expect(diagnosticCount("'bad-shape': rejected CABasicAnimation on 'strokeEnd': toValue all of it") == 1)

        shape.strokeEnd = 3                                   // out of range: drawn clamped to 0…1
        display.advance(by: 1)
        #expect(strokeEndX(shown(shape), of: shape) == 199)
        shape.path = nil                                      // nothing to draw, no crash
        display.advance(by: 0)
        #expect(storeInk(shape) == 0)
    }
}
