import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// `CATransformLayer`: sublayers keep their depth; the layer draws nothing of its own.
///
/// Values are exact: the squares tested are axis-aligned with edges far from the sampled points.
@Suite(.serialized) @MainActor struct TransformLayerTests: PixelPalette {

    let scene: TwoRendererScene
    var display: HeadlessDisplay { scene.display }

    init() throws { scene = try TwoRendererScene() }

    func snapshot(_ backend: Backend) throws -> CGImage { try scene.snapshot(backend) }

    /// A 40-point red card turned a quarter about y (edge-on) inside a container turned a quarter back. In a
    /// transform layer the two turns cancel and the card faces the viewer; a plain container flattens the
    /// edge-on card into its plane first — a line — and turning that line shows nothing.
    func quarterTurns(container: CALayer) -> (CALayer, CALayer) {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        container.position = CGPoint(x: 50, y: 50)
        container.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        card.position = .zero
        card.backgroundColor = Self.red
        card.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        container.addSublayer(card)
        display.rootLayer.addSublayer(container)
        return (container, card)
    }

    @Test(arguments: Backend.allCases)
    func sublayersKeepTheirDepthInATransformLayer(_ backend: Backend) throws {
        _ = quarterTurns(container: CATransformLayer())
        let image = try snapshot(backend)
        #expect(image.pixel(x: 50, y: 50) == Self.opaqueRed)
        #expect(image.pixel(x: 35, y: 65) == Self.opaqueRed)     // the whole card: 30…70
        #expect(image.pixel(x: 25, y: 50) == Self.clear)
    }

    @Test(arguments: Backend.allCases)
    func aPlainLayerFlattensItsSublayers(_ backend: Backend) throws {
        _ = quarterTurns(container: CALayer())
        let image = try snapshot(backend)
        #expect(image.pixel(x: 50, y: 50) == Self.clear)
        #expect(image.pixel(x: 35, y: 65) == Self.clear)
    }

    /// Its background, border and shadow are not drawn, and its opacity goes to each sublayer on its own (an
    /// overlap shows through: blue ½ over red ½ is (64, 0, 128) with alpha 191). Its model and presentation keep
    /// the values set.
    @Test(arguments: Backend.allCases)
    func itDrawsNothingOfItsOwn(_ backend: Backend) throws {
        let container = CATransformLayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        container.backgroundColor = Self.blue
        container.borderWidth = 10
        container.shadowOpacity = 1
        container.opacity = 0.5
        for (frame, color) in [(CGRect(x: 20, y: 20, width: 40, height: 40), Self.red), (CGRect(x: 40, y: 40, width: 40, height: 40), Self.blue)] {
            let square = CALayer()
            square.frame = frame
            square.backgroundColor = color
            container.addSublayer(square)
        }
        display.rootLayer.addSublayer(container)
        CATransaction.commit()
        let image = try snapshot(backend)
        #expect(image.pixel(x: 5, y: 5) == Self.clear)           // no border, background or shadow
        #expect(image.pixel(x: 90, y: 90) == Self.clear)
        let overlap = try #require(image.pixel(x: 50, y: 50))
        #expect(abs(Int(overlap.red) - 64) <= 2 && abs(Int(overlap.blue) - 128) <= 2 && abs(Int(overlap.alpha) - 191) <= 2, "\(overlap)")
        #expect(container.presentation()?.backgroundColor == Self.blue)
        #expect(container.presentation()?.borderWidth == 10)
    }

    /// `render(in:)` of the layer holding the container (a layer's own transform places it in its superlayer, so
    /// the container's turn applies only when its superlayer is drawn).
    @Test func renderInContextKeepsDepthToo() throws {
        let (container, _) = quarterTurns(container: CATransformLayer())
        func center() -> RGBAPixel? {
            let context = CGContext(width: 100, height: 100)
            display.rootLayer.render(in: context)
            return context.makeImage()?.pixel(x: 50, y: 50)
        }
        #expect(center() == Self.opaqueRed)
        container.removeFromSuperlayer()
        _ = quarterTurns(container: CALayer())
        #expect(center() == Self.clear)
    }
}
