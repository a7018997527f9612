import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A layer that redraws while its `position` animates, noting the x its drawing saw.
private final class PositionDrawingLayer: CALayer {
    static var drawnX: [CGFloat] = []
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "position" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) { Self.drawnX.append(position.x) }
}

/// What a frame redraws and what it shows again: a store is kept while the values it was drawn from hold, and
/// drawn again as soon as one of them changes — in the model, or in an animation.
@MainActor
@Suite("Drawn store reuse")
struct DrawnStoreReuseTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// The colour of the shown store's pixel at the layer's point (`x`, `y`), on a display at scale 1.
    func shownColor(_ display: HeadlessDisplay, _ name: String, _ x: CGFloat, _ y: CGFloat) throws -> (r: UInt8, b: UInt8) {
        let node = try #require(display.renderTree.node(named: name))
        let image = try #require(node.contents as? CGImage)
        let frame = try #require(node.contentsFrame)
        let pixel = try #require(image.pixel(x: Int(x - frame.minX), y: Int(y - frame.minY)))
        return (pixel.red, pixel.blue)
    }

    /// A still shape layer drawn on the display's grid: moving it by whole points shows the same store; changing a
    /// key it draws (its fill colour) draws it again, in the new colour.
    @Test func aStillShapeIsDrawnAgainOnlyWhenAKeyItDrawsChanges() throws {
        let (display, shape) = makeContentsScene("still", frame: CGRect(x: 0, y: 0, width: 100, height: 100)) { () -> CountingShapeLayer in
            let shape = CountingShapeLayer()
            shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 50, height: 50), transform: nil)
            shape.fillColor = Self.red
            shape.drawsInStepWithDisplay = true
            return shape
        }
        display.advance(by: 1.0 / 60)
        let draws = CountingShapeLayer.draws
        let image = try #require(shownImage(display, "still"))
        #expect(try shownColor(display, "still", 35, 35) == (255, 0))
        for _ in 0..<10 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            shape.position.x += 1
            CATransaction.commit()
            display.advance(by: 1.0 / 60)
        }
        #expect(CountingShapeLayer.draws == draws)
        #expect(shownImage(display, "still") === image)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.fillColor = Self.blue
        CATransaction.commit()
        display.advance(by: 1.0 / 60)
        #expect(CountingShapeLayer.draws == draws + 1)
        #expect(shownImage(display, "still") !== image)
        #expect(try shownColor(display, "still", 35, 35) == (0, 255))
    }

    /// `strokeEnd` animating over a still path measures the path once; a new path set meanwhile is measured anew,
    /// so the stroke follows it: half of a vertical line, not of the horizontal one it replaced.
    @Test func aTrimFollowsANewPathWhileItsAnimationRuns() throws {
        let (display, shape) = makeContentsScene("regrow", frame: CGRect(x: 0, y: 0, width: 200, height: 100)) { () -> CAShapeLayer in
            let shape = CAShapeLayer()
            let line = CGMutablePath()
            line.move(to: CGPoint(x: 0, y: 50))
            line.addLine(to: CGPoint(x: 200, y: 50))
            shape.path = line
            shape.fillColor = nil
            shape.strokeColor = Self.red
            shape.lineWidth = 10
            shape.drawsInStepWithDisplay = true
            return shape
        }
        shape.add(basic("strokeEnd", from: 0, to: 1), forKey: "grow")   // linear, over a second
        display.advance(by: 0)
        display.advance(by: 0.5)
        let horizontal = try #require(display.renderTree.node(named: "regrow")?.contentsFrame)
        #expect(horizontal.minX < 0 && horizontal.maxX > 95 && horizontal.maxX < 110)

        let vertical = CGMutablePath()
        vertical.move(to: CGPoint(x: 100, y: 0))
        vertical.addLine(to: CGPoint(x: 100, y: 100))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.path = vertical
        CATransaction.commit()
        display.advance(by: 0)
        let frame = try #require(display.renderTree.node(named: "regrow")?.contentsFrame)
        // The line's upper half, 10 points wide, grown by half the width and a point for antialiasing.
        #expect(frame.minX >= 93.5 && frame.maxX <= 106.5)
        #expect(frame.minY >= -6.5 && frame.maxY <= 56.5 && frame.maxY > 50)
    }

    /// A layer that redraws for `position` draws each frame from the presented position while it animates; a
    /// shape layer drawn at its `contentsScale` that only moves (no key it draws animates) is not drawn again. (One
    /// drawn in step with the display, a shape layer's default, is drawn again when it moves by a fraction of a
    /// pixel: `PixelGridTests`.)
    @Test func anAnimatedKeyALayerDrawsRedrawsItAndOnlyThat() throws {
        let (display, drawing) = makeContentsScene("drawing") { PositionDrawingLayer() }
        let moving = basic("position.x", from: 50, to: 150, duration: 1)
        moving.timingFunction = CAMediaTimingFunction(name: .linear)
        drawing.add(moving, forKey: "move")
        let (shapeDisplay, shape) = makeContentsScene("mover") { () -> CountingShapeLayer in
            let shape = CountingShapeLayer()
            shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
            shape.drawsInStepWithDisplay = false
            return shape
        }
        shape.add(moving, forKey: "move")
        display.advance(by: 0)
        shapeDisplay.advance(by: 0)
        PositionDrawingLayer.drawnX = []
        let draws = CountingShapeLayer.draws
        for _ in 0..<3 {
            display.advance(by: 0.25)
            shapeDisplay.advance(by: 0.25)
        }
        #expect(PositionDrawingLayer.drawnX.count >= 3)
        #expect(PositionDrawingLayer.drawnX.last.map { abs($0 - 125) < 1e-6 } == true)
        #expect(PositionDrawingLayer.drawnX == PositionDrawingLayer.drawnX.sorted())
        #expect(CountingShapeLayer.draws == draws)
        #expect(shownImage(shapeDisplay, "mover") === shape.backingStore as? CGImage)
    }
}
