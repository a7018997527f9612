import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// `allowsGroupOpacity`, `shouldRasterize` with `rasterizationScale`, the contents filters, `cornerCurve` and
/// `isOpaque`, drawn by both renderers.
///
/// Tolerances: ±2/255 where a value is a blend of two exact colours (8-bit rounding of each blend step); coarse
/// thresholds where a value depends on sampling or antialiasing, each explained beside it.
@Suite(.serialized) @MainActor struct LayerDrawingOptionsTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    let scene: TwoRendererScene

    init() throws { scene = try TwoRendererScene() }

    @discardableResult
    func layer(_ frame: CGRect, color: CGColor?, in parent: CALayer? = nil, _ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        scene.layer(frame, color: color, in: parent, configure)
    }

    func snapshot(_ backend: Backend) throws -> CGImage { try scene.snapshot(backend) }

    func clearScene() { scene.removeAll() }

    static func at(_ image: CGImage, _ x: Int, _ y: Int) -> RGBAPixel {
        image.pixel(x: x, y: y) ?? RGBAPixel(red: 1, green: 2, blue: 3, alpha: 4)   // outside the image: matches nothing expected
    }

    static func near(_ p: RGBAPixel, _ r: Int, _ g: Int, _ b: Int, _ a: Int, within t: Int = 2) -> Bool {
        abs(Int(p.red) - r) <= t && abs(Int(p.green) - g) <= t && abs(Int(p.blue) - b) <= t && abs(Int(p.alpha) - a) <= t
    }

    /// A half-opaque container with a red and a blue sublayer overlapping in 40…60.
    func overlappingPair(_ configure: (CALayer) -> Void) {
        let parent = layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: nil) {
            $0.opacity = 0.5
            configure($0)
        }
        layer(CGRect(x: 20, y: 20, width: 40, height: 40), color: Self.red, in: parent)
        layer(CGRect(x: 40, y: 40, width: 40, height: 40), color: Self.blue, in: parent)
    }

    // MARK: allowsGroupOpacity, shouldRasterize

    /// As a group, the overlap shows only the blue sublayer at half opacity (premultiplied 0, 0, 128, 128); with
    /// `allowsGroupOpacity` false each sublayer is blended at half opacity on its own, so the red one shows
    /// through: blue ½ over red ½ is (64, 0, 128) with alpha ½ + ½·½ = 191.
    @Test(arguments: Backend.allCases)
    func withoutGroupOpacityOverlappingSublayersShowThrough(_ backend: Backend) throws {
        overlappingPair { _ in }
        var image = try snapshot(backend)
        #expect(Self.near(Self.at(image, 50, 50), 0, 0, 128, 128))
        #expect(Self.near(Self.at(image, 30, 30), 128, 0, 0, 128))

        clearScene()
        overlappingPair { $0.allowsGroupOpacity = false }
        image = try snapshot(backend)
        #expect(Self.near(Self.at(image, 50, 50), 64, 0, 128, 191))
        #expect(Self.near(Self.at(image, 30, 30), 128, 0, 0, 128))    // outside the overlap: the same

        clearScene()
        overlappingPair { $0.allowsGroupOpacity = false; $0.shouldRasterize = true }
        image = try snapshot(backend)
        #expect(Self.near(Self.at(image, 50, 50), 0, 0, 128, 128))    // a rasterized layer is one bitmap
    }

    /// A green layer with a red sublayer whose left edge (x = 40) falls inside the layer. Rasterized at a quarter
    /// of the display's resolution, the green pixel just left of that edge mixes in red (one texel spans 4 pixels
    /// and is scaled up bilinearly); at the display's scale, or not rasterized, it stays pure green.
    @Test(arguments: Backend.allCases)
    func rasterizationScaleBelowTheDisplaysDrawsCoarser(_ backend: Backend) throws {
        func edgePixel(_ configure: (CALayer) -> Void) throws -> (edge: RGBAPixel, middle: RGBAPixel) {
            clearScene()
            let parent = layer(CGRect(x: 10, y: 10, width: 80, height: 80), color: Self.green, configure)
            layer(CGRect(x: 30, y: 20, width: 20, height: 40), color: Self.red, in: parent)
            let image = try snapshot(backend)
            return (Self.at(image, 39, 50), Self.at(image, 50, 50))
        }
        let sharp = try edgePixel { _ in }
        #expect(sharp.edge == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
        let full = try edgePixel { $0.shouldRasterize = true; $0.rasterizationScale = 1 }
        #expect(full.edge == sharp.edge)
        let coarse = try edgePixel { $0.shouldRasterize = true; $0.rasterizationScale = 0.25 }
        // The pixel samples between a green texel and the one that holds the edge (red in part with Cairo's
        // antialiasing, red whole with OpenGL's fill rule, which gives a texel whose centre lies on an edge to the
        // quad on its right): at least an eighth red, well away from pure green.
        #expect(coarse.edge.red > 20 && coarse.edge.green < 235, "\(coarse.edge)")
        #expect(coarse.middle == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))   // texels wholly red stay red
        #expect(coarse.edge.alpha == 255)
    }

    /// `rasterizationScale` counts pixels per point of the layer's own coordinates: a 20-point layer scaled 4× by
    /// its transform and rasterized at scale 1 has a bitmap of 20 × 20 pixels, magnified 4× on screen — the green
    /// pixel beside the red sublayer's edge (screen x = 30) mixes in red, as in the test above.
    @Test(arguments: Backend.allCases)
    func aLayerScaledUpByItsTransformIsMagnifiedFromItsBitmap(_ backend: Backend) throws {
        func edgePixel(rasterized: Bool) throws -> RGBAPixel {
            clearScene()
            let parent = layer(CGRect(x: 40, y: 40, width: 20, height: 20), color: Self.green) {
                $0.transform = CATransform3DMakeScale(4, 4, 1)       // covers 10…90
                $0.shouldRasterize = rasterized
            }
            layer(CGRect(x: 5, y: 2.5, width: 5, height: 10), color: Self.red, in: parent)   // screen x 30…50
            return Self.at(try snapshot(backend), 29, 40)
        }
        #expect(try edgePixel(rasterized: false) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
        let coarse = try edgePixel(rasterized: true)
        #expect(coarse.red > 20 && coarse.green < 235, "\(coarse)")
    }

    // MARK: contents filters

    /// A `width`×1 image whose columns alternate red and blue (starting red).
    static func stripes(width: Int) throws -> CGImage {
        let context = CGContext(width: width, height: 1)
        for x in 0..<width {
            context.setFillColor(x % 2 == 0 ? red : blue)
            context.fill(CGRect(x: x, y: 0, width: 1, height: 1))
        }
        return try #require(context.makeImage())
    }

    /// The pixel at (`x`, 25) of `image` shown by a 100×50 layer configured by `configure`, alone in the scene.
    func contentsPixel(_ image: CGImage, x: Int, _ backend: Backend, _ configure: @escaping (CALayer) -> Void) throws -> RGBAPixel {
        clearScene()
        layer(CGRect(x: 0, y: 0, width: 100, height: 50), color: nil) { $0.contents = image; configure($0) }
        return Self.at(try snapshot(backend), x, 25)
    }

    /// Two texels (red | blue) stretched over 100 points: bilinear sampling mixes them around the middle, nearest
    /// keeps each half pure. The minification filter does not apply to a magnified image.
    @Test(arguments: Backend.allCases)
    func magnificationFilterNearestKeepsTexelsSharp(_ backend: Backend) throws {
        let image = try Self.stripes(width: 2)
        func pixel(_ configure: @escaping (CALayer) -> Void) throws -> RGBAPixel { try contentsPixel(image, x: 45, backend, configure) }
        // Bilinear at x = 45.5: 0.41 of the way from the red texel's centre (25) to the blue one's (75).
        let linear = try pixel { _ in }
        #expect(linear.red > 100 && linear.blue > 60, "\(linear)")
        #expect(try pixel { $0.minificationFilter = .nearest } == linear)
        #expect(try pixel { $0.magnificationFilter = .nearest } == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(try pixel { $0.magnificationFilter = .trilinear } == linear)
    }

    /// 200 one-pixel stripes drawn into 100 points: each pixel centre falls between a red and a blue texel, so
    /// bilinear sampling gives purple (½ each) and nearest a pure colour.
    @Test(arguments: Backend.allCases)
    func minificationFilterNearestPicksOneTexel(_ backend: Backend) throws {
        let image = try Self.stripes(width: 200)
        func pixel(_ configure: @escaping (CALayer) -> Void) throws -> RGBAPixel { try contentsPixel(image, x: 37, backend, configure) }
        let linear = try pixel { _ in }
        #expect(Self.near(linear, 128, 0, 128, 255, within: 8), "\(linear)")   // 8: where between the texels depends on the renderer's half-texel convention
        let nearest = try pixel { $0.minificationFilter = .nearest }
        #expect(nearest == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255) || nearest == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255),
                "\(nearest)")
        #expect(try pixel { $0.magnificationFilter = .nearest } == linear)
    }

    // MARK: cornerCurve

    /// A 100-point square, radius 32, top-left corner. In the top row at x = 28 (u = 0.89 radii from the corner), a
    /// quarter circle has already met the edge within a quarter pixel, while the continuous curve, which leaves the
    /// edge with no curvature 1.53 radii out, is still about half a pixel below it: the pixel is mostly covered by
    /// the circular corner and about half by the continuous one.
    @Test(arguments: Backend.allCases)
    func continuousCornersLeaveTheEdgeFurtherOut(_ backend: Backend) throws {
        func alpha(_ curve: CALayerCornerCurve, x: Int, y: Int) throws -> Int {
            clearScene()
            layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: Self.red) {
                $0.cornerRadius = 32
                $0.cornerCurve = curve
            }
            return Int(Self.at(try snapshot(backend), x, y).alpha)
        }
        let circular = try alpha(.circular, x: 28, y: 0), continuous = try alpha(.continuous, x: 28, y: 0)
        #expect(circular > 180, "circular \(circular)")
        #expect(continuous < circular - 50, "continuous \(continuous), circular \(circular)")
        #expect(try alpha(.continuous, x: 2, y: 2) == 0)       // the corner itself is cut away
        #expect(try alpha(.continuous, x: 50, y: 0) == 255)    // past 1.53 radii the edge is straight
    }

    /// At a radius of half the shorter side a continuous corner is a quarter circle: a 100×40 capsule draws as
    /// the circular one does (both within antialiasing of one another).
    @Test(arguments: Backend.allCases)
    func aContinuousCapsuleIsRound(_ backend: Backend) throws {
        func image(_ curve: CALayerCornerCurve) throws -> CGImage {
            clearScene()
            layer(CGRect(x: 0, y: 30, width: 100, height: 40), color: Self.red) {
                $0.cornerRadius = 20
                $0.cornerCurve = curve
                $0.borderWidth = 3
                $0.borderColor = Self.blue
            }
            return try snapshot(backend)
        }
        let round = try image(.circular), continuous = try image(.continuous)
        var worst = 0
        for y in 30..<70 { for x in 0..<100 { worst = max(worst, abs(Int(Self.at(round, x, y).alpha) - Int(Self.at(continuous, x, y).alpha))) } }
        // Cairo flattens curves to within 0.1 pixel (its default tolerance), so two exact descriptions of one circle
        // (three cubics a quarter against one) may differ by a tenth of a pixel's coverage: 26/255.
        #expect(worst <= 26, "largest alpha difference \(worst)")
    }

    @Test func continuousProfileIsSmoothSymmetricAndReachesItsExtent() {
        let r: CGFloat = 10
        let p = ContinuousCorner.profile(radius: r, room: 100)
        #expect(abs(p[0].x - ContinuousCorner.extent * r) < 1e-9 && p[0].y == 0)       // starts 1.53 radii along
        #expect(abs(p[11].y - ContinuousCorner.extent * r) < 1e-9 && p[11].x == 0)    // ends as far along the other edge
        #expect(p[1].y == 0 && p[2].y == 0)      // both controls on the edge: no curvature where it leaves the edge
        #expect(p[9].x == 0 && p[10].x == 0)
        for i in 0..<12 {                         // symmetric about the diagonal
            #expect(abs(p[i].x - p[11 - i].y) < 1e-3 * r && abs(p[i].y - p[11 - i].x) < 1e-3 * r, "point \(i)")
        }
        // No room for the smooth corner: every on-curve point lies on the circle about (r, r).
        let tight = ContinuousCorner.profile(radius: r, room: r)
        for i in [0, 3, 4, 7, 8, 11] {
            #expect(abs(hypot(tight[i].x - r, tight[i].y - r) - r) < 1e-9, "point \(i)")
        }
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == ContinuousCorner.extent)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
    }

    // MARK: isOpaque

    final class DotLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(LayerDrawingOptionsTests.red)
            ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
    }

    /// An opaque layer's drawing starts on black; a layer that is not opaque starts transparent.
    @Test(arguments: Backend.allCases)
    func anOpaqueLayersStoreStartsBlack(_ backend: Backend) throws {
        func pixels(opaque: Bool) throws -> (RGBAPixel, RGBAPixel) {
            clearScene()
            let l = DotLayer()
            CATransaction.begin(); CATransaction.setDisableActions(true)
            l.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            l.isOpaque = opaque
            l.setNeedsDisplay()
            scene.display.rootLayer.addSublayer(l)
            CATransaction.commit()
            let image = try snapshot(backend)
            return (Self.at(image, 15, 15), Self.at(image, 40, 40))
        }
        let opaque = try pixels(opaque: true)
        #expect(opaque.0 == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(opaque.1 == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))
        let clear = try pixels(opaque: false)
        #expect(clear.0 == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(clear.1 == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0))
    }

    // MARK: values

    @Test func optionsRefuseBadValuesAndReachKeyValueCoding() {
        let l = CALayer()
        #expect(l.allowsGroupOpacity && !l.shouldRasterize && l.rasterizationScale == 1 && !l.isOpaque)
        #expect(l.cornerCurve == .circular && l.magnificationFilter == .linear && l.minificationFilter == .linear)
        l.rasterizationScale = .nan
        l.rasterizationScale = -2
        #expect(l.rasterizationScale == 1)
        l.cornerCurve = CALayerCornerCurve(rawValue: "squarish")
        #expect(l.cornerCurve == .circular)
        l.magnificationFilter = CALayerContentsFilter(rawValue: "cubic")
        #expect(l.magnificationFilter == .linear)

        l.setValue("continuous", forKey: "cornerCurve")
        l.setValue("nearest", forKey: "magnificationFilter")
        l.setValue(true, forKey: "opaque")
        l.setValue(NSNumber(value: 2.0), forKey: "rasterizationScale")
        l.setValue(false, forKey: "allowsGroupOpacity")
        #expect(l.cornerCurve == .continuous && l.magnificationFilter == .nearest && l.isOpaque)
        #expect(l.rasterizationScale == 2 && !l.allowsGroupOpacity)
        #expect(l.value(forKey: "opaque") as? Bool == true)
        l.setValue("soft", forKey: "shouldRasterize")   // wrong type: refused, kept
        #expect(!l.shouldRasterize)
    }
}
