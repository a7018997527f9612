import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// `CALayer.render(in:)`: the model tree drawn into any context, in the layer's own coordinates.
///
/// Values are exact: every edge tested lies on whole pixels, far from the sampled point.
@Suite(.serialized) @MainActor struct RenderInContextTests: PixelPalette {

    /// A red 50-point square placed far away (its position must not matter), with a blue sublayer at (10, 10).
    func card() -> (CALayer, CALayer) {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let card = CALayer()
        card.frame = CGRect(x: 300, y: 200, width: 50, height: 50)
        card.backgroundColor = Self.red
        let inner = CALayer()
        inner.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        inner.backgroundColor = Self.blue
        card.addSublayer(inner)
        return (card, inner)
    }

    func render(_ layer: CALayer, size: Int, scale: CGFloat = 1) throws -> CGImage {
        let context = CGContext(width: size, height: size)
        context.scaleBy(x: scale, y: scale)
        layer.render(in: context)
        return try #require(context.makeImage())
    }

    @Test func aLayerInNoDisplayDrawsInItsOwnCoordinates() throws {
        let (card, _) = card()
        let image = try render(card, size: 60)
        #expect(image.pixel(x: 5, y: 5) == Self.opaqueRed)
        #expect(image.pixel(x: 20, y: 20) == Self.opaqueBlue)
        #expect(image.pixel(x: 55, y: 55) == Self.clear)      // outside the bounds
    }

    /// A replicator draws its sublayers once per instance (the model's instance transform; half alpha per step).
    @Test func aReplicatorDrawsEveryInstance() throws {
        let replicator = CAReplicatorLayer()
        let dot = CALayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceAlphaOffset = -0.5
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = Self.red
        replicator.addSublayer(dot)
        let image = try render(replicator, size: 60)
        #expect(image.pixel(x: 5, y: 5) == Self.opaqueRed)
        #expect(image.pixel(x: 25, y: 5)?.alpha == 128)    // alpha ½: premultiplied red at half
        #expect(image.pixel(x: 45, y: 5) == Self.clear)     // alpha 0
        #expect(image.pixel(x: 15, y: 5) == Self.clear)
    }

    /// The instance colour and its offsets tint each instance: white dots drawn red, half red half blue, blue.
    @Test func aReplicatorTintsEachInstance() throws {
        let replicator = CAReplicatorLayer()
        let dot = CALayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.instanceRedOffset = -0.5
        replicator.instanceBlueOffset = 0.5
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.addSublayer(dot)
        let image = try render(replicator, size: 60)
        #expect(image.pixel(x: 5, y: 5) == Self.opaqueRed)
        #expect(image.pixel(x: 25, y: 5) == RGBAPixel(red: 128, green: 0, blue: 128, alpha: 255))
        #expect(image.pixel(x: 45, y: 5) == Self.opaqueBlue)
    }

    @Test func theContextsTransformScalesTheDrawing() throws {
        let (card, _) = card()
        let image = try render(card, size: 120, scale: 2)
        #expect(image.pixel(x: 15, y: 15) == Self.opaqueRed)   // (7.5, 7.5) in points
        #expect(image.pixel(x: 40, y: 40) == Self.opaqueBlue)  // (20, 20)
        #expect(image.pixel(x: 65, y: 65) == Self.opaqueRed)   // (32.5, 32.5): past the sublayer
        #expect(image.pixel(x: 105, y: 105) == Self.clear)
    }

    /// The context shows the layer's coordinates, so a bounds origin moves the background, not the sublayers
    /// (to draw the visible part of a scrolled layer, translate the context by minus the origin, as on iOS);
    /// sublayers draw in `zPosition` order; a sublayer transform and a mask apply.
    @Test func boundsOriginZPositionSublayerTransformAndMask() throws {
        let (card, inner) = card()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.bounds.origin = CGPoint(x: 10, y: 0)                 // the background now covers x 10…60
        let over = CALayer()
        over.frame = CGRect(x: 20, y: 10, width: 20, height: 20)
        over.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        card.insertSublayer(over, at: 0)                         // below in sublayer order…
        over.zPosition = 1                                       // …above by zPosition
        CATransaction.commit()
        var image = try render(card, size: 60)
        #expect(image.pixel(x: 5, y: 15) == Self.clear)          // left of the bounds
        #expect(image.pixel(x: 12, y: 15) == Self.opaqueBlue)     // inner where it was
        #expect(image.pixel(x: 25, y: 15) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))   // over on top
        #expect(image.pixel(x: 45, y: 45) == Self.opaqueRed)

        CATransaction.begin(); CATransaction.setDisableActions(true)
        over.removeFromSuperlayer()
        card.bounds.origin = .zero
        card.sublayerTransform = CATransform3DMakeTranslation(20, 0, 0)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 40, height: 50)
        mask.backgroundColor = Self.red
        card.mask = mask
        CATransaction.commit()
        image = try render(card, size: 60)
        #expect(image.pixel(x: 35, y: 20) == Self.opaqueBlue)    // inner moved 20 right
        #expect(image.pixel(x: 20, y: 20) == Self.opaqueRed)
        #expect(image.pixel(x: 45, y: 20) == Self.clear)         // cut by the mask
        _ = inner
    }

    /// It draws the model: an animation running in a display does not show, the value last set does.
    @Test func itDrawsTheModelNotThePresentation() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let (card, _) = card()
        display.rootLayer.addSublayer(card)
        display.advance(by: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 0
        fade.duration = 10
        card.add(fade, forKey: "fade")
        display.advance(by: 1)
        #expect(card.presentation()?.opacity == 0)
        #expect(try render(card, size: 60).pixel(x: 5, y: 5) == Self.opaqueRed)
    }

    final class DotLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(RenderInContextTests.blue)
            ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
    }

    /// A layer that draws and was never shown is displayed first; a shape layer's path is drawn.
    @Test func drawnContentsAndShapesAreDrawn() throws {
        let dot = DotLayer()
        dot.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        dot.setNeedsDisplay()
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 25, y: 25, width: 10, height: 10), transform: nil)
        shape.fillColor = Self.red
        shape.frame = dot.bounds
        dot.addSublayer(shape)
        let image = try render(dot, size: 40)
        #expect(image.pixel(x: 15, y: 15) == Self.opaqueBlue)
        #expect(image.pixel(x: 30, y: 30) == Self.opaqueRed)
        #expect(image.pixel(x: 5, y: 5) == Self.clear)
    }

    @Test func aMaskThatIsAlsoASublayerIsDrawnOnce() throws {
        let (card, inner) = card()
        card.mask = inner          // already a sublayer: reported, drawn in its first place only
        let image = try render(card, size: 60)
        #expect(image.pixel(x: 20, y: 20) != nil)
        let singular = CGContext(width: 10, height: 10)
        singular.scaleBy(x: 0, y: 1)
        card.render(in: singular)  // a context scaled to nothing: nothing drawn, no trap
        #expect(singular.makeImage()?.pixel(x: 5, y: 5) == Self.clear)
    }
}
