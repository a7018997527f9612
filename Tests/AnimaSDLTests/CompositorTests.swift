import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// The compositor drawing real render trees (built by `HeadlessDisplay`) on the offscreen OpenGL renderer.
///
/// Tolerance: exact values where a pixel is well inside or outside a shape; anti-aliased and rasterized
/// edges are never sampled.
/// (These once failed with "glFramebufferTexture2DEXT() failed" when Swift Testing ran main-actor work on
/// another thread than the one holding the EGL context; `GLContextScope` now releases it after every use.)
@Suite(.serialized)
@MainActor struct CompositorTests: PixelPalette {

    let display = HeadlessDisplay(width: 100, height: 100)
    let offscreen: OffscreenRenderer

    init() throws { offscreen = try OffscreenRenderer(width: 100, height: 100) }

    /// A layer with `frame`, configured inside a transaction with actions disabled.
    func layer(_ frame: CGRect, color: CGColor? = red, in parent: CALayer? = nil, _ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        let l = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.bounds = CGRect(origin: .zero, size: frame.size)
        l.position = CGPoint(x: frame.midX, y: frame.midY)
        l.backgroundColor = color
        configure(l)
        (parent ?? display.rootLayer).addSublayer(l)
        CATransaction.commit()
        return l
    }

    func snapshot() throws -> CGImage {
        display.advance(by: 0)
        return try offscreen.snapshot(display.renderTree)
    }

    @Test func backgroundQuadLandsAtItsFrame() throws {
        _ = layer(CGRect(x: 10, y: 20, width: 30, height: 40))
        let image = try snapshot()
        #expect(image.pixel(x: 10, y: 20) == Self.opaqueRed)
        #expect(image.pixel(x: 39, y: 59) == Self.opaqueRed)
        #expect(image.pixel(x: 40, y: 59) == Self.clear)
        #expect(image.pixel(x: 9, y: 20) == Self.clear)
    }

    @Test func rotationUsesTheFullTransform() throws {
        _ = layer(CGRect(x: 30, y: 30, width: 40, height: 40)) { $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1) }
        let image = try snapshot()
        #expect(image.pixel(x: 50, y: 50) == Self.opaqueRed)
        #expect(image.pixel(x: 50, y: 24) == Self.opaqueRed)    // the diamond's tip reaches 28 px above centre
        #expect(image.pixel(x: 32, y: 32) == Self.clear)        // the unrotated corner is empty
    }

    @Test func opacityIsPremultiplied() throws {
        _ = layer(CGRect(x: 0, y: 0, width: 50, height: 50)) { $0.opacity = 0.5 }
        #expect(try snapshot().pixel(x: 25, y: 25) == RGBAPixel(red: 128, green: 0, blue: 0, alpha: 128))
    }

    @Test func groupOpacityBlendsTheSubtreeOnce() throws {
        let parent = layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: nil) { $0.opacity = 0.5 }
        _ = layer(CGRect(x: 10, y: 10, width: 50, height: 50), in: parent)
        _ = layer(CGRect(x: 30, y: 30, width: 50, height: 50), color: Self.blue, in: parent)
        let image = try snapshot()
        // Overlap shows only the top (blue) child at 50 %, not blue over red.
        #expect(image.pixel(x: 40, y: 40) == RGBAPixel(red: 0, green: 0, blue: 128, alpha: 128))
        #expect(image.pixel(x: 15, y: 15) == RGBAPixel(red: 128, green: 0, blue: 0, alpha: 128))
    }

    @Test func masksToBoundsClipsExactlyUnderRotation() throws {
        let parent = layer(CGRect(x: 30, y: 30, width: 40, height: 40), color: nil) {
            $0.masksToBounds = true
            $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        }
        _ = layer(CGRect(x: -50, y: -50, width: 140, height: 140), color: Self.blue, in: parent)
        let image = try snapshot()
        #expect(image.pixel(x: 50, y: 50) == Self.opaqueBlue)
        #expect(image.pixel(x: 50, y: 24) == Self.opaqueBlue)   // inside the diamond
        #expect(image.pixel(x: 32, y: 32) == Self.clear)        // inside the unrotated box, outside the diamond
        #expect(image.pixel(x: 5, y: 5) == Self.clear)
    }

    @Test func roundedCornersBackgroundAndClip() throws {
        let parent = layer(CGRect(x: 10, y: 10, width: 80, height: 80)) {
            $0.cornerRadius = 30
            $0.masksToBounds = true
            $0.borderWidth = 4
            $0.borderColor = Self.blue
        }
        _ = layer(CGRect(x: 0, y: 0, width: 80, height: 80), color: CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: parent)
        let image = try snapshot()
        #expect(image.pixel(x: 12, y: 12) == Self.clear)                                  // rounded away
        #expect(image.pixel(x: 50, y: 50) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(image.pixel(x: 50, y: 11) == Self.opaqueBlue)                             // border over the sublayer
    }

    @Test func squareBorderIsInsideTheBounds() throws {
        _ = layer(CGRect(x: 10, y: 10, width: 40, height: 40)) { $0.borderWidth = 5; $0.borderColor = Self.blue }
        let image = try snapshot()
        #expect(image.pixel(x: 12, y: 30) == Self.opaqueBlue)
        #expect(image.pixel(x: 16, y: 30) == Self.opaqueRed)
        #expect(image.pixel(x: 8, y: 30) == Self.clear)
    }

    @Test func perspectiveMakesTheNearEdgeLarger() throws {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 200
        display.rootLayer.sublayerTransform = p
        CATransaction.commit()
        _ = layer(CGRect(x: 20, y: 20, width: 60, height: 60)) { $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0) }
        let image = try snapshot()
        func columnHeight(_ x: Int) -> Int { (0..<100).filter { image.pixel(x: x, y: $0)!.alpha == 255 }.count }
        let left = columnHeight(35), right = columnHeight(65)
        #expect(left > 0 && right > 0 && left != right)
        #expect(image.pixel(x: 50, y: 50) == Self.opaqueRed)
    }

    @Test func hiddenAndBackFacingLayersAreNotDrawn() throws {
        _ = layer(CGRect(x: 0, y: 0, width: 40, height: 40)) { $0.isHidden = true }
        _ = layer(CGRect(x: 50, y: 0, width: 40, height: 40)) {
            $0.isDoubleSided = false
            $0.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        }
        _ = layer(CGRect(x: 0, y: 50, width: 40, height: 40)) { $0.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
        let image = try snapshot()
        #expect(image.pixel(x: 20, y: 20) == Self.clear)
        #expect(image.pixel(x: 70, y: 20) == Self.clear)
        #expect(image.pixel(x: 20, y: 70) == Self.opaqueRed)    // double-sided: drawn from behind
    }

    @Test func contentsImageIsPlacedAndCached() throws {
        let context = CGContext(width: 20, height: 10)
        context.setFillColor(Self.blue)
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        let image = try #require(context.makeImage())
        let l = layer(CGRect(x: 0, y: 0, width: 100, height: 50), color: nil) {
            $0.contents = image
            $0.contentsGravity = .center
        }
        let first = try snapshot()
        #expect(first.pixel(x: 50, y: 25) == Self.opaqueBlue)
        #expect(first.pixel(x: 35, y: 25) == Self.clear)
        let uploads = offscreen.compositor.uploadCount
        _ = try snapshot()
        #expect(offscreen.compositor.uploadCount == uploads)       // unchanged contents: no upload
        #expect(offscreen.compositor.cachedTextureCount == 1)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.removeFromSuperlayer()
        CATransaction.commit()
        _ = try snapshot()
        #expect(offscreen.compositor.cachedTextureCount == 0)      // freed with the layer
    }

    /// A shape layer drawn in step with the display and turned off its pixel grid is rasterized in the display's
    /// pixels (`ScreenRasterCache`) — once while it stays still (a second frame uploads nothing) and again when it
    /// turns further, the old raster dropped after the frame that no longer drew it.
    @Test func aTurnedShapeIsRasterizedOnceWhileStill() throws {
        let shape = turnedSquare(CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        let first = try snapshot()
        #expect(first.pixel(x: 50, y: 50) == Self.opaqueBlue)
        #expect(first.pixel(x: 50, y: 24) == Self.opaqueBlue)     // the diamond's tip reaches 28 px above the centre
        #expect(first.pixel(x: 31, y: 31) == Self.clear)          // where the unturned square's corner was
        #expect(offscreen.compositor.screenRasters.count == 1)
        let uploads = offscreen.compositor.uploadCount
        _ = try snapshot()
        #expect(offscreen.compositor.uploadCount == uploads)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.transform = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        CATransaction.commit()
        _ = try snapshot()
        #expect(offscreen.compositor.uploadCount == uploads + 1)
        #expect(offscreen.compositor.screenRasters.count == 1)
    }

    /// A replicator draws one turned shape store through several maps: each instance keeps its own raster, so a
    /// still frame rasterizes and uploads nothing again.
    @Test func replicatedTurnedShapesKeepARasterEach() throws {
        let replicator = CAReplicatorLayer()
        let shape = CAShapeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 5, 0, 0, 1)
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        shape.path = CGPath(rect: CGRect(x: 45, y: 10, width: 10, height: 30), transform: nil)
        shape.fillColor = Self.blue
        shape.transform = CATransform3DMakeRotation(.pi / 7, 0, 0, 1)
        shape.paintsShapeWhereShown = true   // as the Lottie player's shapes are
        replicator.addSublayer(shape)
        display.rootLayer.addSublayer(replicator)
        CATransaction.commit()
        _ = try snapshot()
        #expect(offscreen.compositor.screenRasters.count == 3)
        let uploads = offscreen.compositor.uploadCount
        _ = try snapshot()
        #expect(offscreen.compositor.uploadCount == uploads)
        #expect(offscreen.compositor.screenRasters.count == 3)
    }

    /// A turned shape flattened to a line (scaled to nothing across, as a layer turning about y passes 90°) covers no
    /// pixel: nothing is drawn and nothing is reported (its raster would need a singular map).
    @Test func aTurnedShapeScaledToNothingDrawsNothing() throws {
        _ = turnedSquare(CATransform3DConcat(CATransform3DMakeScale(0, 1, 1), CATransform3DMakeRotation(.pi / 6, 0, 0, 1)))
        let reports = Diagnostics.messages(containing: "singular").count
        let image = try snapshot()
        #expect(image.premultipliedARGB.allSatisfy { $0 >> 24 < 0x80 })   // at most a faint line of edge coverage
        #expect(Diagnostics.messages(containing: "singular").count == reports)
        #expect(offscreen.compositor.screenRasters.count == 0)
    }

    /// A 60-point shape layer at (20, 20) drawn in step with the display, filling a 40-point blue square at its centre,
    /// under `transform`.
    private func turnedSquare(_ transform: CATransform3D) -> CAShapeLayer {
        let shape = CAShapeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 40), transform: nil)
        shape.fillColor = Self.blue
        shape.transform = transform
        shape.paintsShapeWhereShown = true   // as the Lottie player's shapes are
        display.rootLayer.addSublayer(shape)
        CATransaction.commit()
        return shape
    }
}
