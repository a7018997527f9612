import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A view backed by a shape layer (`layerClass` is `CAShapeLayer`), as Apple's documentation suggests for views
/// that show a path.
final class ShapeBackedView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    var shapeLayer: CAShapeLayer { layer as! CAShapeLayer }
}

/// A shape-backed view that also draws a red square in its top-left corner, counting its draws.
final class ShapeBackedDrawingView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

/// Shape-backed views draw their shape where it lands on the display (a texel per display pixel, whatever the
/// layer's `contentsScale`), with the view's own `draw(_:)` contents under it, drawn once while nothing changes.
@MainActor
@Suite("Shape-backed views")
struct ShapeBackedViewTests {
    /// A 100 × 60 window on a 2× headless display.
    func makeRetinaWindow() -> (display: HeadlessDisplay, window: UIWindow) {
        let display = HeadlessDisplay(width: 100, height: 60, scale: 2)
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        display.advance(by: 0)
        return (display, window)
    }

    /// The store the display shows for `layer` and where it lies in the layer's coordinates.
    func shownStore(_ display: HeadlessDisplay, _ name: String) throws -> (image: CGImage, frame: CGRect) {
        let node = try #require(display.renderTree.node(named: name))
        return (try #require(node.contents as? CGImage), try #require(node.contentsFrame))
    }

    /// The store's alpha at the layer's point (x, y).
    func alpha(_ store: (image: CGImage, frame: CGRect), _ x: CGFloat, _ y: CGFloat) -> Int {
        let px = Int(((x - store.frame.minX) * 2).rounded(.down)), py = Int(((y - store.frame.minY) * 2).rounded(.down))
        return store.image.pixel(x: px, y: py).map { Int($0.alpha) } ?? 0
    }

    @Test func aShapeBackedViewDrawsItsPathAtTheDisplaysScale() throws {
        let (display, window) = makeRetinaWindow()
        let view = ShapeBackedView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        view.layer.name = "shape"
        view.shapeLayer.path = CGPath(rect: CGRect(x: 5.25, y: 5, width: 20, height: 20), transform: nil)
        view.shapeLayer.fillColor = UIColor.blue.cgColor
        window.addSubview(view)
        display.advance(by: 0)
        #expect(view.layer.contentsScale == 1)
        let store = try shownStore(display, "shape")
        #expect(abs(store.frame.width * 2 - CGFloat(store.image.width)) < 1e-9)   // a texel per display pixel
        #expect(alpha(store, 15, 15) == 255)
        #expect(alpha(store, 4, 15) == 0)
        // The path's left edge, at x 5.25, half covers the texel at 5 … 5.5 and leaves the one before it empty: a
        // 1× store scaled up would spread that edge over two display pixels.
        #expect(abs(alpha(store, 5, 15) - 128) <= 4)
        #expect(alpha(store, 4.5, 15) == 0 && alpha(store, 5.5, 15) == 255)
    }

    @Test func itsOwnDrawingShowsUnderTheShapeAndIsNotRepeated() throws {
        let (display, window) = makeRetinaWindow()
        let view = ShapeBackedDrawingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.layer.name = "both"
        let shape = view.layer as! CAShapeLayer
        shape.path = CGPath(rect: CGRect(x: 20, y: 20, width: 10, height: 10), transform: nil)
        shape.fillColor = UIColor.blue.cgColor
        window.addSubview(view)
        display.advance(by: 0)
        let store = try shownStore(display, "both")
        let red = store.image.pixel(x: Int((5 - store.frame.minX) * 2), y: Int((5 - store.frame.minY) * 2))
        let blue = store.image.pixel(x: Int((25 - store.frame.minX) * 2), y: Int((25 - store.frame.minY) * 2))
        #expect(red == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(blue == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
        let draws = view.draws
        #expect(draws >= 1)
        display.advance(by: 0.5)                               // still: drawn no more
        #expect(view.draws == draws)
        view.setNeedsDisplay()                                 // asked: drawn again at the next frame
        display.advance(by: 1 / 60)
        #expect(view.draws > draws)
    }
}
