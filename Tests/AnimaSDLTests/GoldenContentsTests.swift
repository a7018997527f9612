import AnimaCore
import AnimaGraphics
import Foundation
import Testing
import AnimaSDL

/// Golden images of what layers draw: rounded corners, borders, shadows, `CAShapeLayer` stroke ends, text (Latin
/// and Hangul), `contents` images placed by `contentsGravity`, and gradients. 64×64-point scenes at scale 1 on
/// white, drawn by `HeadlessDisplay.snapshot()` (OpenGL through Mesa llvmpipe; skipped with a message on any other
/// renderer).
///
/// Each scene runs twice: as recorded, where it must match its golden, and moved one point right, where it must
/// not (so every tolerance is shown to catch a misplaced layer). Every comparison states its tolerance and why. These scenes draw textures that Cairo rasterizes with
/// anti-aliasing (rounded shapes, shapes, glyphs, gradients, blurred shadows) and that the GPU samples with
/// filtering, so their edges carry a few levels of rounding that flat geometry does not.
@Suite(.serialized) @MainActor struct GoldenContentsTests {
    typealias C = GoldenColor

    /// Snapshots the scene `build` makes (moved as `variant` says) and compares it with the golden `name`.
    func check(_ variant: GoldenVariant, _ name: String, _ tolerance: GoldenTolerance, width: Int = 64, height: Int = 64,
               sourceLocation: SourceLocation = #_sourceLocation, _ build: (CALayer) throws -> Void) throws {
        try Golden.requirePinnedRenderer()
        let image = try GoldenScene(width: width, height: height, offset: variant.offset, build).snapshot()
        try Golden.expect(image, matches: name, tolerance: tolerance, variant: variant, sourceLocation: sourceLocation)
    }

    // MARK: Corner radius

    @Test(arguments: GoldenVariant.allCases) func roundedBackground(_ variant: GoldenVariant) throws {
        try check(variant, "cornerRadius-background", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "an axis-aligned rounded rectangle drawn by Cairo and placed pixel for pixel: 4/255 for anti-aliasing of the arcs by another pixman")) { root in
            add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.blue, to: root) { $0.cornerRadius = 12 }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func cornerRadiusOfHalfTheSideMakesACircle(_ variant: GoldenVariant) throws {
        try check(variant, "cornerRadius-circle", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "an axis-aligned circle drawn by Cairo and placed pixel for pixel: 4/255 for anti-aliasing by another pixman")) { root in
            add(CALayer(), frame: CGRect(x: 12, y: 12, width: 40, height: 40), color: C.red, to: root) { $0.cornerRadius = 20 }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func roundedCornersFollowTheTransform(_ variant: GoldenVariant) throws {
        try check(variant, "cornerRadius-rotated-scaled", GoldenTolerance(
            maxChannelDifference: 8, maxDifferingFraction: 0.005,
            reason: "the rounded texture is drawn at the on-screen pixel size and sampled with filtering under rotation: 8/255 on edges, up to 0.5 % (20) of edge pixels for rasterizer rounding")) { root in
            add(CALayer(), frame: CGRect(x: 14, y: 18, width: 36, height: 28), color: C.green, to: root) {
                $0.cornerRadius = 10
                $0.transform = CATransform3DScale(CATransform3DMakeRotation(.pi / 5, 0, 0, 1), 1.3, 1.3, 1)
            }
        }
    }

    // MARK: Borders

    @Test(arguments: GoldenVariant.allCases) func borderInsideTheBounds(_ variant: GoldenVariant) throws {
        try check(variant, "border-square", GoldenTolerance(
            maxChannelDifference: 1, maxDifferingFraction: 0,
            reason: "four axis-aligned quads on pixel boundaries: exact (1/255 for colour rounding)")) { root in
            add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.yellow, to: root) {
                $0.borderWidth = 5
                $0.borderColor = C.black
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func roundedBorderWithoutBackground(_ variant: GoldenVariant) throws {
        try check(variant, "border-rounded", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "an axis-aligned ring drawn by Cairo and placed pixel for pixel: 4/255 for anti-aliasing by another pixman")) { root in
            add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), to: root) {
                $0.cornerRadius = 14
                $0.borderWidth = 4
                $0.borderColor = C.blue
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func borderIsDrawnAboveTheSublayers(_ variant: GoldenVariant) throws {
        try check(variant, "border-above-sublayers", GoldenTolerance(
            maxChannelDifference: 1, maxDifferingFraction: 0,
            reason: "axis-aligned quads on pixel boundaries: exact (1/255 for colour rounding)")) { root in
            let framed = add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.grey, to: root) {
                $0.borderWidth = 6
                $0.borderColor = C.red
            }
            add(CALayer(), frame: CGRect(x: -4, y: 16, width: 56, height: 16), color: C.blue, to: framed)   // crosses the border
        }
    }

    // MARK: Shadows

    @Test(arguments: GoldenVariant.allCases) func blurredShadowOfARectangle(_ variant: GoldenVariant) throws {
        try check(variant, "shadow-rect", GoldenTolerance(
            maxChannelDifference: 3, maxDifferingFraction: 0,
            reason: "the shadow is blurred on the CPU (deterministic) and placed pixel for pixel; 3/255 for tint and blend rounding")) { root in
            add(CALayer(), frame: CGRect(x: 12, y: 12, width: 32, height: 32), color: C.blue, to: root) {
                $0.shadowOpacity = 0.8
                $0.shadowRadius = 3
                $0.shadowOffset = CGSize(width: 6, height: 6)
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func colouredShadowOfARoundedLayer(_ variant: GoldenVariant) throws {
        try check(variant, "shadow-rounded", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "rounded background (Cairo anti-aliasing) over a CPU-blurred shadow, both placed pixel for pixel: 4/255 for anti-aliasing and blend rounding")) { root in
            add(CALayer(), frame: CGRect(x: 12, y: 10, width: 40, height: 40), color: C.yellow, to: root) {
                $0.cornerRadius = 12
                $0.shadowOpacity = 1
                $0.shadowRadius = 5
                $0.shadowOffset = CGSize(width: 0, height: 4)
                $0.shadowColor = C.red
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func shadowPathGivesTheShape(_ variant: GoldenVariant) throws {
        try check(variant, "shadow-path", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "the circular shadow is rasterized and blurred on the CPU and placed pixel for pixel: 4/255 for anti-aliasing and blend rounding")) { root in
            add(CALayer(), frame: CGRect(x: 14, y: 8, width: 36, height: 36), color: C.green, to: root) {
                $0.shadowPath = CGPath(ellipseIn: CGRect(x: -4, y: 4, width: 44, height: 44), transform: nil)   // a circle lower down
                $0.shadowOpacity = 0.7
                $0.shadowRadius = 2
                $0.shadowOffset = .zero
            }
        }
    }

    // MARK: CAShapeLayer stroke ends

    /// A ring of radius 22 around the centre, in a layer covering the canvas.
    static func ring() -> CGPath { CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 44, height: 44), transform: nil) }

    @Test(arguments: GoldenVariant.allCases) func strokeEndHalfDrawsHalfTheCircle(_ variant: GoldenVariant) throws {
        try check(variant, "shape-strokeEnd-half-circle", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "Cairo strokes the arcs with anti-aliasing and the texture is placed pixel for pixel: 4/255 for another pixman")) { root in
            add(CAShapeLayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) {   // the whole ring, faint
                $0.path = Self.ring()
                $0.fillColor = nil
                $0.strokeColor = CGColor(gray: 0.85, alpha: 1)
                $0.lineWidth = 6
            }
            add(CAShapeLayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) {
                $0.path = Self.ring()
                $0.fillColor = nil
                $0.strokeColor = C.blue
                $0.lineWidth = 6
                $0.strokeEnd = 0.5
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func strokeEndHalfWithRoundCaps(_ variant: GoldenVariant) throws {
        try check(variant, "shape-strokeEnd-half-zigzag", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "Cairo strokes the lines with anti-aliasing and the texture is placed pixel for pixel: 4/255 for another pixman")) { root in
            let zigzag = CGMutablePath()
            zigzag.move(to: CGPoint(x: 8, y: 52))
            for (i, x) in stride(from: 20, through: 56, by: 12).enumerated() {
                zigzag.addLine(to: CGPoint(x: CGFloat(x), y: i % 2 == 0 ? 12 : 52))
            }
            add(CAShapeLayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) {
                $0.path = zigzag
                $0.fillColor = nil
                $0.strokeColor = C.red
                $0.lineWidth = 5
                $0.lineCap = .round
                $0.lineJoin = .round
                $0.strokeEnd = 0.5
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func strokeStartAndEndOfADashedRectangle(_ variant: GoldenVariant) throws {
        try check(variant, "shape-strokeStart-strokeEnd-dashed", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "Cairo strokes the dashes with anti-aliasing and the texture is placed pixel for pixel: 4/255 for another pixman")) { root in
            add(CAShapeLayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) {
                $0.path = CGPath(rect: CGRect(x: 10, y: 10, width: 44, height: 44), transform: nil)
                $0.fillColor = CGColor(gray: 0.9, alpha: 1)
                $0.strokeColor = C.green
                $0.lineWidth = 4
                $0.lineDashPattern = [8, 4]
                $0.strokeStart = 0.25
                $0.strokeEnd = 0.75
            }
        }
    }

    // MARK: Text

    /// Hinting and anti-aliasing of glyphs change with FreeType and font package versions; a wrong string, a
    /// missing glyph (a hex box) or a moved baseline changes several times more pixels than this allows.
    static let textTolerance = GoldenTolerance(
        maxChannelDifference: 24, maxDifferingFraction: 0.01,
        reason: "glyph anti-aliasing may change a little with FreeType/Pango/font updates (24/255 on glyph edges, 1 % of pixels); a different string, a hex box or a 1-point shift differs far more")

    @Test(arguments: GoldenVariant.allCases) func latinText(_ variant: GoldenVariant) throws {
        try check(variant, "text-latin", Self.textTolerance) { root in
            add(CATextLayer(), frame: CGRect(x: 4, y: 6, width: 56, height: 24), to: root) {
                $0.string = "Anima"
                $0.font = "DejaVu Sans"
                $0.fontSize = 16
                $0.foregroundColor = C.black
            }
            add(CATextLayer(), frame: CGRect(x: 4, y: 34, width: 56, height: 24), color: C.blue, to: root) {
                $0.string = "Ag 42"
                $0.font = "DejaVu Sans"
                $0.fontSize = 14
                $0.foregroundColor = CGColor(gray: 1, alpha: 1)
                $0.alignmentMode = .right
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func latinTextWrappedAndCentred(_ variant: GoldenVariant) throws {
        try check(variant, "text-latin-wrapped-centered", Self.textTolerance, width: 96) { root in
            add(CATextLayer(), frame: CGRect(x: 4, y: 4, width: 88, height: 56), color: CGColor(gray: 0.92, alpha: 1), to: root) {
                $0.string = "Layers move on Linux"
                $0.font = "DejaVu Sans"
                $0.fontSize = 13
                $0.foregroundColor = C.red
                $0.isWrapped = true
                $0.alignmentMode = .center
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func hangulText(_ variant: GoldenVariant) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/nanum/NanumGothic.ttf") else {
            try Golden.skip("Hangul golden skipped: fonts-nanum is not installed (apt-get install fonts-nanum); 안녕 would draw as hex boxes")
        }
        try check(variant, "text-hangul", Self.textTolerance) { root in
            add(CATextLayer(), frame: CGRect(x: 4, y: 14, width: 56, height: 36), to: root) {
                $0.string = "안녕"
                $0.font = "NanumGothic"
                $0.fontSize = 24
                $0.foregroundColor = C.black
                $0.alignmentMode = .center
            }
        }
    }

    // MARK: Images

    /// A 32×16-pixel image: red, green, blue and yellow quarters, so stretching, aspect and orientation show.
    static func quarters() throws -> CGImage {
        let context = CGContext(width: 32, height: 16)
        for (i, color) in [C.red, C.green, C.blue, C.yellow].enumerated() {
            context.setFillColor(color)
            context.fill(CGRect(x: (i % 2) * 16, y: (i / 2) * 8, width: 16, height: 8))
        }
        return try #require(context.makeImage())
    }

    @Test(arguments: GoldenVariant.allCases) func contentsResizeStretches(_ variant: GoldenVariant) throws {
        let image = try Self.quarters()
        try check(variant, "image-resize", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "the image is scaled 1.5× and 3× with linear filtering: 4/255 for the GPU's filter weights where quarters meet")) { root in
            add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.grey, to: root) {
                $0.contents = image
                $0.contentsGravity = .resize
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func contentsResizeAspectFits(_ variant: GoldenVariant) throws {
        let image = try Self.quarters()
        try check(variant, "image-resizeAspect", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "the image is scaled 1.5× with linear filtering: 4/255 for the GPU's filter weights where quarters meet")) { root in
            add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.grey, to: root) {
                $0.contents = image
                $0.contentsGravity = .resizeAspect   // 48×24, centred vertically
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func contentsResizeAspectFillIsClippedByMasksToBounds(_ variant: GoldenVariant) throws {
        let image = try Self.quarters()
        try check(variant, "image-resizeAspectFill", GoldenTolerance(
            maxChannelDifference: 4, maxDifferingFraction: 0,
            reason: "the image is scaled 3× with linear filtering: 4/255 for the GPU's filter weights where quarters meet")) { root in
            add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.grey, to: root) {
                $0.contents = image
                $0.contentsGravity = .resizeAspectFill   // 96×48, cut to the middle 48×48
                $0.masksToBounds = true
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func contentsCenterKeepsTheNaturalSize(_ variant: GoldenVariant) throws {
        let image = try Self.quarters()
        try check(variant, "image-center", GoldenTolerance(
            maxChannelDifference: 1, maxDifferingFraction: 0,
            reason: "the image is placed 1:1 on pixel boundaries: exact (1/255 for colour rounding)")) { root in
            add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.grey, to: root) {
                $0.contents = image
                $0.contentsGravity = .center   // 32×16 at (16, 24)
            }
        }
    }

    // MARK: Gradients

    @Test(arguments: GoldenVariant.allCases) func axialGradientTopToBottom(_ variant: GoldenVariant) throws {
        try check(variant, "gradient-axial", GoldenTolerance(
            maxChannelDifference: 3, maxDifferingFraction: 0,
            reason: "Cairo interpolates the colours and the texture is placed pixel for pixel: 3/255 for another pixman's rounding or dithering")) { root in
            add(CAGradientLayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), to: root) {
                $0.colors = [C.red, C.blue]
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func diagonalGradientWithLocations(_ variant: GoldenVariant) throws {
        try check(variant, "gradient-axial-diagonal-locations", GoldenTolerance(
            maxChannelDifference: 3, maxDifferingFraction: 0,
            reason: "Cairo interpolates the colours and the texture is placed pixel for pixel: 3/255 for another pixman's rounding or dithering")) { root in
            add(CAGradientLayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), to: root) {
                $0.colors = [C.yellow, C.red, C.blue]
                $0.locations = [0, 0.3, 1]
                $0.startPoint = CGPoint(x: 0, y: 0)
                $0.endPoint = CGPoint(x: 1, y: 1)
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func radialGradient(_ variant: GoldenVariant) throws {
        try check(variant, "gradient-radial", GoldenTolerance(
            maxChannelDifference: 3, maxDifferingFraction: 0,
            reason: "Cairo interpolates the colours and the texture is placed pixel for pixel: 3/255 for another pixman's rounding or dithering")) { root in
            add(CAGradientLayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), to: root) {
                $0.type = .radial
                $0.colors = [CGColor(gray: 1, alpha: 1), C.green, CGColor(gray: 0, alpha: 1)]
                $0.locations = [0, 0.6, 1]
                $0.startPoint = CGPoint(x: 0.5, y: 0.5)
                $0.endPoint = CGPoint(x: 1, y: 1)
            }
        }
    }
}
