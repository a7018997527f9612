import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// `isGeometryFlipped`: sublayers measured from the bottom edge, in what both renderers draw and in every way
/// geometry is read back (`convert`, `hitTest`, `presentation()`, `render(in:)`).
///
/// Values are exact: every edge lies on whole pixels, and each sampled pixel is 5 points or more from one.
@Suite(.serialized) @MainActor struct GeometryFlippedTests: PixelPalette {

    let scene: TwoRendererScene
    init() throws { scene = try TwoRendererScene() }

    /// A flipped 100-point container filling the display with a red 30 × 20 sublayer at (20, 10).
    func flippedScene() -> (container: CALayer, bar: CALayer) {
        let container = scene.layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: nil) { $0.isGeometryFlipped = true }
        let bar = scene.layer(CGRect(x: 20, y: 10, width: 30, height: 20), color: Self.red, in: container)
        return (container, bar)
    }

    @Test(arguments: Backend.allCases)
    func aSublayerAtY10IsDrawn10PointsAboveTheBottom(_ backend: Backend) throws {
        _ = flippedScene()
        let image = try scene.snapshot(backend)
        #expect(image.pixel(x: 30, y: 80) == Self.opaqueRed)    // rows 70…90: its bottom edge 10 points above 100
        #expect(image.pixel(x: 30, y: 75) == Self.opaqueRed)
        #expect(image.pixel(x: 30, y: 95) == Self.clear)
        #expect(image.pixel(x: 30, y: 20) == Self.clear)        // where it would be unflipped
        #expect(image.pixel(x: 55, y: 80) == Self.clear)        // x is as it was
    }

    @Test(arguments: Backend.allCases)
    func aFlippedLayerInsideAFlippedLayerIsUprightAgain(_ backend: Backend) throws {
        let (container, _) = flippedScene()
        let inner = scene.layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: nil, in: container) { $0.isGeometryFlipped = true }
        scene.layer(CGRect(x: 60, y: 10, width: 30, height: 20), color: Self.blue, in: inner)
        let image = try scene.snapshot(backend)
        #expect(image.pixel(x: 70, y: 20) == Self.opaqueBlue)
        #expect(image.pixel(x: 70, y: 80) == Self.clear)
    }

    final class CornerLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(GeometryFlippedTests.blue)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
    }

    /// The flipped layer's own drawing follows its flipped coordinates: a square drawn at the origin sits at the
    /// bottom-left; its background is not moved (it covers the bounds either way).
    @Test(arguments: Backend.allCases)
    func drawInContextOfAFlippedLayerDrawsFromTheBottom(_ backend: Backend) throws {
        let layer = CornerLayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.isGeometryFlipped = true
        layer.setNeedsDisplay()
        scene.display.rootLayer.addSublayer(layer)
        CATransaction.commit()
        let image = try scene.snapshot(backend)
        #expect(image.pixel(x: 10, y: 90) == Self.opaqueBlue)
        #expect(image.pixel(x: 10, y: 10) == Self.clear)
    }

    @Test func convertAndHitTestingMeasureFromTheBottom() throws {
        let (container, bar) = flippedScene()
        #expect(bar.convert(CGPoint(x: 0, y: 0), to: container) == CGPoint(x: 20, y: 90))
        #expect(bar.convert(CGPoint(x: 0, y: 20), to: container) == CGPoint(x: 20, y: 70))
        #expect(container.convert(CGPoint(x: 30, y: 80), to: bar) == CGPoint(x: 10, y: 10))
        #expect(bar.convert(CGPoint(x: 10, y: 10), from: container) == CGPoint(x: -10, y: 80))
        #expect(container.hitTest(CGPoint(x: 30, y: 80)) === bar)
        #expect(container.hitTest(CGPoint(x: 30, y: 20)) === container)
        #expect(scene.display.rootLayer.convert(CGPoint(x: 5, y: 5), from: bar) == CGPoint(x: 25, y: 85))
    }

    @Test func presentationReadsTheFlipAsTheModelDoes() throws {
        let (container, bar) = flippedScene()
        scene.display.advance(by: 0)
        let presented = try #require(bar.presentation())
        let presentedContainer = try #require(container.presentation())
        #expect(presented.convert(CGPoint(x: 0, y: 0), to: presentedContainer) == CGPoint(x: 20, y: 90))
        #expect(presentedContainer.hitTest(CGPoint(x: 30, y: 80))?.model() === bar)
    }

    /// The flip is about the middle of the presented bounds: a bounds animation moves the sublayer with the bottom.
    @Test(arguments: Backend.allCases)
    func theFlipFollowsAnimatedBounds(_ backend: Backend) throws {
        let (container, _) = flippedScene()
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = CGRect(x: 0, y: 0, width: 100, height: 60)
        grow.toValue = CGRect(x: 0, y: 0, width: 100, height: 60)
        grow.duration = 10
        CATransaction.begin(); CATransaction.setDisableActions(true)
        container.anchorPoint = .zero
        container.position = .zero
        container.add(grow, forKey: "grow")
        CATransaction.commit()
        let image = try scene.snapshot(backend)
        #expect(image.pixel(x: 30, y: 40) == Self.opaqueRed)   // rows 30…50 of a 60-point container
        #expect(image.pixel(x: 30, y: 80) == Self.clear)
    }

    @Test func renderInContextDrawsTheFlip() throws {
        let (container, _) = flippedScene()
        let context = CGContext(width: 100, height: 100)
        container.render(in: context)
        let image = try #require(context.makeImage())
        #expect(image.pixel(x: 30, y: 80) == Self.opaqueRed)
        #expect(image.pixel(x: 30, y: 20) == Self.clear)
    }
}
