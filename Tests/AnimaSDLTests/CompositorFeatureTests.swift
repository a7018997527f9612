import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// Which renderer draws a test scene: the OpenGL compositor or the Cairo software renderer.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case gl, software
    var testDescription: String { rawValue }
}

/// `sublayerTransform`, `mask`, `contentsCenter`, shadows and renderer resets, drawn by both renderers.
///
/// Tolerances: exact values well inside or outside shapes (both renderers blend premultiplied 8-bit values the
/// same way there). Shadows are compared with the analytic Gaussian of a rectangle: ±10/255, because three box
/// blurs approximate the Gaussian to about 3 % and the shadow is rasterized at whole pixels.
@Suite(.serialized) @MainActor struct CompositorFeatureTests: PixelPalette {

    let scene: TwoRendererScene
    var display: HeadlessDisplay { scene.display }
    var offscreen: OffscreenRenderer { scene.offscreen }

    init() throws { scene = try TwoRendererScene() }

    /// A layer with `frame`, configured inside a transaction with actions disabled.
    @discardableResult
    func layer(_ frame: CGRect, color: CGColor? = red, in parent: CALayer? = nil, _ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        scene.layer(frame, color: color, in: parent, configure)
    }

    func snapshot(_ backend: Backend) throws -> CGImage { try scene.snapshot(backend) }

    // MARK: sublayerTransform

    @Test(arguments: Backend.allCases)
    func sublayerTransformScalesSublayersAboutTheAnchor(_ backend: Backend) throws {
        let parent = layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: nil) {
            $0.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)
        }
        layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: parent)
        let image = try snapshot(backend)
        #expect(image.pixel(x: 30, y: 30) == Self.opaqueRed)     // the child now spans 25…75
        #expect(image.pixel(x: 70, y: 70) == Self.opaqueRed)
        #expect(image.pixel(x: 20, y: 20) == Self.clear)
        #expect(image.pixel(x: 80, y: 50) == Self.clear)
    }

    // MARK: maskedCorners

    /// An 80-point square at (10, 10) with a radius of 30 on its top corners only: the top corners are rounded
    /// away (a point 2 points in from the corner lies 28 points from the arc's centre along both axes, outside
    /// the arc), the bottom ones stay square — for the background, the border and the `masksToBounds` clip.
    @Test(arguments: Backend.allCases)
    func maskedCornersRoundOnlyTheCornersGiven(_ backend: Backend) throws {
        let top: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        layer(CGRect(x: 10, y: 10, width: 80, height: 80)) {
            $0.cornerRadius = 30
            $0.maskedCorners = top
        }
        var image = try snapshot(backend)
        #expect(image.pixel(x: 12, y: 12) == Self.clear)          // top-left: rounded away
        #expect(image.pixel(x: 87, y: 12) == Self.clear)          // top-right
        #expect(image.pixel(x: 12, y: 87) == Self.opaqueRed)      // bottom-left: square
        #expect(image.pixel(x: 87, y: 87) == Self.opaqueRed)      // bottom-right
        #expect(image.pixel(x: 50, y: 12) == Self.opaqueRed)      // the top edge between the arcs

        display.rootLayer.sublayers?.forEach { $0.removeFromSuperlayer() }
        let clipper = layer(CGRect(x: 10, y: 10, width: 80, height: 80), color: nil) {
            $0.cornerRadius = 30
            $0.masksToBounds = true
            $0.maskedCorners = [.layerMaxXMaxYCorner]
            $0.borderWidth = 4
            $0.borderColor = Self.blue
        }
        layer(CGRect(x: 0, y: 0, width: 80, height: 80), color: CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: clipper)
        image = try snapshot(backend)
        #expect(image.pixel(x: 87, y: 87) == Self.clear)          // the one rounded corner clips the sublayer
        #expect(image.pixel(x: 12, y: 12) == Self.opaqueBlue)     // a square corner keeps its border
        #expect(image.pixel(x: 50, y: 50) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(image.pixel(x: 80, y: 80) == Self.opaqueBlue)     // the border follows the arc (radius 30, 4 wide)
    }

    @Test func maskedCornersKeepsOnlyTheFourCornerBitsAndIsNotAnimated() {
        let l = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        l.maskedCorners = CACornerMask(rawValue: 0xFF)
        #expect(l.maskedCorners.rawValue == 0x0F)
        l.maskedCorners = .layerMinXMaxYCorner    // outside a transaction with actions: still no animation
        #expect(l.animationKeys()?.isEmpty ?? true)
        display.advance(by: 0)
        #expect(l.presentation()?.maskedCorners == .layerMinXMaxYCorner)
    }

    // MARK: mask

    @Test(arguments: Backend.allCases)
    func maskShowsTheLayerOnlyWhereTheMaskIsOpaque(_ backend: Backend) throws {
        let masked = layer(CGRect(x: 10, y: 10, width: 80, height: 80), color: Self.blue)
        layer(CGRect(x: 60, y: 60, width: 40, height: 40), in: masked)   // a sublayer, partly under the mask
        let mask = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        mask.frame = CGRect(x: 0, y: 0, width: 70, height: 40)           // in the masked layer's coordinates
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        let half = CALayer()
        half.frame = CGRect(x: 0, y: 50, width: 70, height: 20)          // a half-transparent part of the mask
        half.backgroundColor = CGColor(gray: 0, alpha: 0.5)
        mask.addSublayer(half)
        masked.mask = mask
        CATransaction.commit()
        let image = try snapshot(backend)
        #expect(image.pixel(x: 30, y: 30) == Self.opaqueBlue)                                   // under the mask
        #expect(image.pixel(x: 85, y: 30) == Self.clear)                                        // right of it
        #expect(image.pixel(x: 30, y: 55) == Self.clear)                                        // between its parts
        #expect(image.pixel(x: 30, y: 70) == RGBAPixel(red: 0, green: 0, blue: 128, alpha: 128)) // half alpha
        #expect(image.pixel(x: 75, y: 70) == RGBAPixel(red: 128, green: 0, blue: 0, alpha: 128)) // the sublayer too
        #expect(image.pixel(x: 85, y: 85) == Self.clear)                                        // sublayer outside
    }

    @Test(arguments: Backend.allCases)
    func maskStaysExactUnderRotation(_ backend: Backend) throws {
        let masked = layer(CGRect(x: 20, y: 20, width: 60, height: 60), color: Self.blue) {
            $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        }
        let mask = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        mask.frame = CGRect(x: 0, y: 0, width: 30, height: 60)           // the left half of the layer
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        CATransaction.commit()
        let image = try snapshot(backend)
        // Layer point (x, y) lands at centre + R(45°)·(x − 30, y − 30).
        func screen(_ x: CGFloat, _ y: CGFloat) -> (Int, Int) {
            let c = cos(CGFloat.pi / 4), s = sin(CGFloat.pi / 4), dx = x - 30, dy = y - 30
            return (Int((50 + c * dx - s * dy).rounded(.down)), Int((50 + s * dx + c * dy).rounded(.down)))
        }
        let left = screen(12, 30), right = screen(48, 30), top = screen(12, 5)
        #expect(image.pixel(x: left.0, y: left.1) == Self.opaqueBlue)
        #expect(image.pixel(x: top.0, y: top.1) == Self.opaqueBlue)
        #expect(image.pixel(x: right.0, y: right.1) == Self.clear)
    }

    /// A masked container that paints nothing itself (no background, as a Lottie tree's layers, whose bounds are the
    /// whole composition) holding a small shape: its group covers the shape's store, not the container's bounds —
    /// and the shape still shows, masked, with both renderers. A container that paints its background covers its
    /// bounds.
    @Test(arguments: Backend.allCases)
    func aMaskedGroupCoversWhatItsLayersPaint(_ backend: Backend) throws {
        let container = layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: nil)
        let shape = CAShapeLayer()
        let mask = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        shape.fillColor = Self.red
        container.addSublayer(shape)
        mask.frame = CGRect(x: 0, y: 0, width: 20, height: 100)   // covers the shape's left half
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        container.mask = mask
        CATransaction.commit()
        let image = try snapshot(backend)
        #expect(image.pixel(x: 15, y: 20) == Self.opaqueRed)
        #expect(image.pixel(x: 25, y: 20) == Self.clear)      // the shape's right half, outside the mask
        #expect(image.pixel(x: 60, y: 60) == Self.clear)

        let tree = display.renderTree
        let index = try #require(tree.nodes.indices.last { tree.nodes[$0].mask != nil })
        let box = try #require(SoftwareRenderer.groupBox(index, of: tree, base: CATransform3DIdentity, silhouette: false))
        #expect(box.width <= 24 && box.height <= 24, "\(box)")   // the 20-point square, a store's and a pixel's margins
        CATransaction.begin(); CATransaction.setDisableActions(true)
        container.backgroundColor = Self.blue
        CATransaction.commit()
        display.advance(by: 0)
        let painted = try #require(SoftwareRenderer.groupBox(index, of: display.renderTree, base: CATransform3DIdentity, silhouette: false))
        #expect(painted.height >= 100, "\(painted)")            // the bounds, cut to the mask's 20 × 100
    }

    @Test func maskChangesAndRemovalReachTheRenderTree() throws {
        let masked = layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: Self.blue)
        let mask = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        mask.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        CATransaction.commit()
        #expect(try snapshot(.gl).pixel(x: 75, y: 50) == Self.clear)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        CATransaction.commit()
        #expect(try snapshot(.gl).pixel(x: 75, y: 50) == Self.opaqueBlue)
        #expect(display.renderTree.nodes.last?.mask?.nodes.count == 1)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        masked.mask = nil
        mask.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.commit()
        #expect(try snapshot(.gl).pixel(x: 75, y: 50) == Self.opaqueBlue)
        #expect(display.renderTree.nodes.last?.mask == nil)
    }

    // MARK: contentsCenter

    /// A 30×30 image: a 10-pixel red frame around a blue centre.
    static func framedImage() throws -> CGImage {
        let context = CGContext(width: 30, height: 30)
        context.setFillColor(red)
        context.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        context.setFillColor(blue)
        context.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        return try #require(context.makeImage())
    }

    @Test(arguments: Backend.allCases)
    func contentsCenterKeepsTheEdgesAndStretchesTheMiddle(_ backend: Backend) throws {
        let image = try Self.framedImage()
        layer(CGRect(x: 0, y: 0, width: 100, height: 60), color: nil) {
            $0.contents = image
            $0.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        }
        let shot = try snapshot(backend)
        #expect(shot.pixel(x: 5, y: 5) == Self.opaqueRed)       // corner: 10 points, unscaled
        #expect(shot.pixel(x: 50, y: 5) == Self.opaqueRed)      // top edge: 10 points tall
        #expect(shot.pixel(x: 95, y: 30) == Self.opaqueRed)     // right edge: 10 points wide
        #expect(shot.pixel(x: 15, y: 30) == Self.opaqueBlue)    // plain stretching would make this red (33 px edge)
        #expect(shot.pixel(x: 85, y: 45) == Self.opaqueBlue)
        #expect(shot.pixel(x: 50, y: 15) == Self.opaqueBlue)
    }

    @Test func nineSliceEdgesShrinkTogetherWhenTheLayerIsSmall() {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let wide = ContentsPlacement.slices(destination: CGRect(x: 0, y: 0, width: 100, height: 30), contentsRect: unit,
                                            center: CGRect(x: 0.25, y: 0, width: 0.5, height: 1), naturalSize: CGSize(width: 20, height: 30))
        #expect(wide.map(\.rect.width) == [5, 90, 5])
        #expect(wide.map(\.texture.width) == [0.25, 0.5, 0.25])
        let narrow = ContentsPlacement.slices(destination: CGRect(x: 0, y: 0, width: 6, height: 30), contentsRect: unit,
                                              center: CGRect(x: 0.25, y: 0, width: 0.5, height: 1), naturalSize: CGSize(width: 20, height: 30))
        #expect(narrow.map(\.rect.width) == [3, 3])                 // 5 + 5 squeezed into 6; no middle
        #expect(ContentsPlacement.slices(destination: unit, contentsRect: unit, center: unit, naturalSize: .zero).count == 1)
    }

    // MARK: shadows

    /// The analytic alpha (0…255) of a Gaussian-blurred opaque rectangle at pixel centre (x, y).
    static func gaussianRect(_ r: CGRect, sigma: Double, x: Int, y: Int) -> Double {
        func phi(_ v: Double) -> Double { 0.5 * (1 + erf(v / (sigma * 2.0.squareRoot()))) }
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        return 255 * (phi(px - r.minX) - phi(px - r.maxX)) * (phi(py - r.minY) - phi(py - r.maxY))
    }

    @Test(arguments: Backend.allCases)
    func shadowIsAGaussianBlurOfTheLayerBelowIt(_ backend: Backend) throws {
        layer(CGRect(x: 30, y: 20, width: 40, height: 40), color: .white) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 4
            $0.shadowOffset = CGSize(width: 0, height: 10)
        }
        let image = try snapshot(backend)
        #expect(image.pixel(x: 50, y: 40) == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))   // the layer on top
        let shadowRect = CGRect(x: 30, y: 30, width: 40, height: 40)
        for (x, y) in [(50, 62), (50, 66), (50, 69), (50, 72), (50, 76), (50, 80), (27, 64), (33, 64), (72, 50)] {
            let expected = Self.gaussianRect(shadowRect, sigma: 4, x: x, y: y)
            let p = try #require(image.pixel(x: x, y: y))
            #expect(abs(Double(p.alpha) - expected) <= 10, "(\(x), \(y)): \(p), expected alpha \(expected)")
            #expect(p.red == 0 && p.green == 0 && p.blue == 0, "black shadow: \(p)")
        }
        #expect(image.pixel(x: 50, y: 10)!.alpha == 0)          // above: the shadow is cast downwards
    }

    @Test(arguments: Backend.allCases)
    func shadowPathAndColourAndOpacity(_ backend: Backend) throws {
        layer(CGRect(x: 10, y: 10, width: 60, height: 60), color: nil) {
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 0
            $0.shadowOffset = CGSize(width: 20, height: 0)
            $0.shadowColor = Self.blue
            $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 60), transform: nil)
        }
        let image = try snapshot(backend)
        #expect(image.pixel(x: 40, y: 40) == RGBAPixel(red: 0, green: 0, blue: 128, alpha: 128))   // x 30…50
        #expect(image.pixel(x: 25, y: 40) == Self.clear)
        #expect(image.pixel(x: 55, y: 40) == Self.clear)
    }

    @Test(arguments: Backend.allCases)
    func shadowFollowsTheSublayersAndIsClippedByMasksToBounds(_ backend: Backend) throws {
        let holder = layer(CGRect(x: 0, y: 0, width: 50, height: 100), color: nil) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = CGSize(width: 0, height: 30)
        }
        layer(CGRect(x: 10, y: 10, width: 20, height: 20), color: .white, in: holder)   // the only opaque part
        let clipped = layer(CGRect(x: 50, y: 0, width: 50, height: 50), color: .white) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = CGSize(width: 0, height: 30)
            $0.masksToBounds = true
        }
        _ = clipped
        let image = try snapshot(backend)
        #expect(image.pixel(x: 20, y: 50) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))   // the sublayer's shadow
        #expect(image.pixel(x: 40, y: 50) == Self.clear)                                          // none beside it
        #expect(image.pixel(x: 75, y: 65) == Self.clear)                                          // clipped away
    }

    @Test func shadowsAreRasterizedOnlyWhenTheyChange() throws {
        let l = layer(CGRect(x: 10, y: 10, width: 40, height: 40)) { $0.shadowOpacity = 0.8 }
        _ = try snapshot(.gl)
        let first = offscreen.compositor.shadows.rasterizeCount
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.position = CGPoint(x: 60, y: 60)           // moving does not change the silhouette
        l.shadowOpacity = 0.3                        // nor does the opacity (a vertex colour)
        CATransaction.commit()
        _ = try snapshot(.gl)
        #expect(offscreen.compositor.shadows.rasterizeCount == first)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.shadowRadius = 8
        CATransaction.commit()
        _ = try snapshot(.gl)
        #expect(offscreen.compositor.shadows.rasterizeCount == first + 1)
    }

    @Test(arguments: Backend.allCases)
    func unusualShadowAndNineSliceValuesStillDraw(_ backend: Backend) throws {
        let image = try Self.framedImage()
        layer(CGRect(x: 5, y: 5, width: 20, height: 20)) { $0.shadowOpacity = 1; $0.shadowRadius = 1e9 }
        layer(CGRect(x: 30, y: 5, width: 20, height: 20)) { $0.shadowOpacity = 1; $0.shadowRadius = -4 }
        layer(CGRect(x: 55, y: 5, width: 0, height: 0)) { $0.shadowOpacity = 1 }
        layer(CGRect(x: 10, y: 50, width: 80, height: 40), color: nil) {
            $0.contents = image
            $0.contentsCenter = CGRect(x: 0.8, y: -1, width: -0.5, height: 5)   // outside the unit square: clamped
        }
        let shot = try snapshot(backend)
        #expect(shot.pixel(x: 15, y: 15) == Self.opaqueRed)     // a huge blur is a faint haze below the layer
        #expect(shot.pixel(x: 40, y: 15) == Self.opaqueRed)     // a negative radius is a sharp shadow
        #expect(shot.pixel(x: 40, y: 3) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))   // default offset (0, −3)
        #expect(shot.pixel(x: 17, y: 60) == Self.opaqueRed)     // the left column of the image, 9 points wide
        #expect(shot.pixel(x: 50, y: 70)?.alpha == 255)
    }

    // MARK: renderer reset

    @Test func rendererResetUploadsEverythingAgain() throws {
        let image = try Self.framedImage()
        layer(CGRect(x: 0, y: 0, width: 30, height: 30), color: nil) { $0.contents = image }
        layer(CGRect(x: 40, y: 40, width: 40, height: 40)) { $0.cornerRadius = 10; $0.shadowOpacity = 1 }
        let before = try snapshot(.gl)
        let uploads = offscreen.compositor.uploadCount
        offscreen.compositor.rendererDidReset()
        #expect(offscreen.compositor.cachedTextureCount == 0)
        let after = try snapshot(.gl)
        #expect(offscreen.compositor.uploadCount == uploads + 1)
        #expect(after.premultipliedARGB == before.premultipliedARGB)
    }

    // MARK: snapshot

    @Test func headlessSnapshotDrawsTheLastFrameWithOpenGLOrCairo() throws {
        let d = HeadlessDisplay(width: 60, height: 40, scale: 2)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        d.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        box.backgroundColor = Self.red
        box.opacity = 0.5
        d.rootLayer.addSublayer(box)
        CATransaction.commit()
        d.advance(by: 0)
        let gl = try d.snapshot()
        SnapshotRenderer.forcesSoftware = true
        defer { SnapshotRenderer.forcesSoftware = false }
        let cairo = try d.snapshot()
        for image in [gl, cairo] {
            #expect(image.width == 120 && image.height == 80)
            #expect(image.pixel(x: 40, y: 40) == RGBAPixel(red: 255, green: 127, blue: 127, alpha: 255)
                    || image.pixel(x: 40, y: 40) == RGBAPixel(red: 255, green: 128, blue: 128, alpha: 255))
            #expect(image.pixel(x: 100, y: 40) == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))
        }
        CATransaction.begin(); CATransaction.setDisableActions(true)
        box.opacity = 1
        CATransaction.commit()
        #expect(try d.snapshot().pixel(x: 40, y: 40)!.green >= 127)   // not yet displayed
        d.advance(by: 0)
        #expect(try d.snapshot().pixel(x: 40, y: 40) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }
}
