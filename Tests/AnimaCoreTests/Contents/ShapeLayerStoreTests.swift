import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// The backing stores of shape layers redrawn every frame: they cover what the shape paints, not its bounds.
@MainActor
@Suite("Shape layer stores")
struct ShapeLayerStoreTests {
    /// A 200 × 100 shape layer on the display's grid stroking a horizontal line 10 points wide across its middle,
    /// animating `strokeEnd` from 0 to 1 over one second, linearly.
    func makeGrowingLine(_ name: String) -> (display: HeadlessDisplay, layer: CAShapeLayer) {
        let (display, shape) = makeContentsScene(name, frame: CGRect(x: 0, y: 0, width: 200, height: 100)) { () -> CAShapeLayer in
            let shape = CAShapeLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 50))
            path.addLine(to: CGPoint(x: 200, y: 50))
            shape.path = path
            shape.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            shape.fillColor = nil
            shape.lineWidth = 10
            shape.drawsInStepWithDisplay = true
            return shape
        }
        shape.add(basic("strokeEnd", from: 0, to: 1), forKey: "grow")   // linear, over a second
        display.advance(by: 0)
        return (display, shape)
    }

    @Test func aPlainShapeLayersStoreCoversWhatItPaints() throws {
        let (display, _) = makeGrowingLine("tight")
        display.advance(by: 0.25)
        let node = try #require(display.renderTree.node(named: "tight"))
        let frame = try #require(node.contentsFrame)
        // A quarter of the line grown by half the line width and a point for antialiasing: not the bounds.
        #expect(frame.minX >= -6.5 && frame.maxX <= 56.5)
        #expect(frame.minY >= 43.5 && frame.maxY <= 56.5)
        let image = try #require(node.contents as? CGImage)
        #expect(inkCount(image) > 0)

        // A subclass may paint anywhere in its bounds in `draw(in:)`: its store keeps covering them.
        let (other, counting) = makeContentsScene("subclass", frame: CGRect(x: 0, y: 0, width: 200, height: 100)) { () -> CountingShapeLayer in
            let shape = CountingShapeLayer()
            shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
            shape.drawsInStepWithDisplay = true
            return shape
        }
        other.advance(by: 0.1)
        let subclassFrame = try #require(other.renderTree.node(named: "subclass")?.contentsFrame)
        #expect(subclassFrame.contains(counting.bounds))
    }
}
