import Foundation
import Testing
import AnimaGraphics

/// `setShadow(offset:blur:color:)`: every operation casts its alpha, blurred (σ = blur / 2), tinted and moved by an
/// offset in base space, under itself. Expectations come from geometry and the normal distribution, not from a
/// previous run.
@Suite struct CGContextShadowTests {
    typealias F = DrawingFixture
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 100 × 100 context with a red fill and a hard opaque blue shadow of `offset`.
    static func shadowedContext(offset: CGSize, blur: CGFloat = 0, color: CGColor? = blue) -> CGContext {
        let c = F.context()
        c.setShadow(offset: offset, blur: blur, color: color)
        return c
    }

    @Test func positiveOffsetHeightMovesTheShadowDownAsOnIOSSince3_2() {
        let c = Self.shadowedContext(offset: CGSize(width: 10, height: 10))
        c.fill(CGRect(x: 20, y: 20, width: 30, height: 30))   // the shadow covers 30…60 on both axes
        let image = c.makeImage()
        #expect(F.pixel(image, 55, 55) == F.opaqueBlue)      // below and right: shadow only
        #expect(F.pixel(image, 40, 40) == F.opaqueRed)       // the fill is composited over its shadow
        #expect(F.pixel(image, 25, 25) == F.opaqueRed)
        #expect(F.pixel(image, 15, 15) == F.transparent)     // nothing above or left of the square
        #expect(F.pixel(image, 55, 25) == F.transparent)
        #expect(F.pixel(image, 25, 55) == F.transparent)
        #expect(F.pixel(image, 61, 55) == F.transparent)
    }

    @Test func blurSpreadsTheShadowAsAGaussianOfHalfTheBlur() {
        let c = Self.shadowedContext(offset: CGSize(width: 40, height: 0), blur: 8)
        c.fill(CGRect(x: 10, y: 10, width: 20, height: 80))   // shadow bar 50…70 wide, σ = 4
        let image = c.makeImage()
        func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.squareRoot())) }
        for x in 38..<82 {
            let centre = Double(x) + 0.5
            let expected = 255 * (phi((centre - 50) / 4) - phi((centre - 70) / 4))
            let actual = F.pixel(image, x, 50)
            #expect(abs(Double(actual.alpha) - expected) <= 10, "x = \(x): alpha \(actual.alpha), Gaussian \(expected)")
            #expect(actual.red == 0 || x < 31)   // only the blue shadow out here
        }
        #expect(F.pixel(image, 20, 50) == F.opaqueRed)
    }

    @Test func restoreGStateTakesTheShadowAway() {
        let c = F.context()
        c.saveGState()
        c.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: Self.blue)
        c.restoreGState()
        c.fill(CGRect(x: 20, y: 20, width: 30, height: 30))
        #expect(F.pixel(c.makeImage(), 55, 55) == F.transparent)
    }

    @Test(arguments: [nil, CGColor(red: 0, green: 0, blue: 1, alpha: 0)])
    func nilOrTransparentColourTurnsTheShadowOff(_ color: CGColor?) {
        let c = Self.shadowedContext(offset: CGSize(width: 10, height: 10))
        c.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: color)
        c.fill(CGRect(x: 20, y: 20, width: 30, height: 30))
        #expect(F.pixel(c.makeImage(), 55, 55) == F.transparent)
    }

    @Test func defaultColourIsBlackAtAThirdAlpha() {
        let c = F.context()
        c.setShadow(offset: CGSize(width: 10, height: 10), blur: 0)
        c.fill(CGRect(x: 20, y: 20, width: 30, height: 30))
        #expect(F.pixel(c.makeImage(), 55, 55) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 85))
    }

    @Test func offsetAndBlurAreInBaseSpaceNotScaledByTheCTM() {
        let c = Self.shadowedContext(offset: CGSize(width: 5, height: 5))
        c.scaleBy(x: 2, y: 2)
        c.fill(CGRect(x: 10, y: 10, width: 10, height: 10))   // device 20…40; its shadow 25…45, not 30…50
        let image = c.makeImage()
        #expect(F.pixel(image, 42, 42) == F.opaqueBlue)
        #expect(F.pixel(image, 47, 47) == F.transparent)
        #expect(F.pixel(image, 42, 22) == F.transparent)
    }

    @Test func offsetIsNotTurnedByARotatedCTM() {
        let c = Self.shadowedContext(offset: CGSize(width: 10, height: 0))
        c.translateBy(x: 50, y: 50)
        c.rotate(by: .pi / 2)   // user +x now points down
        c.fill(CGRect(x: -10, y: -10, width: 20, height: 20))   // device 40…60 both ways
        let image = c.makeImage()
        #expect(F.pixel(image, 65, 50) == F.opaqueBlue)   // still to the right
        #expect(F.pixel(image, 50, 65) == F.transparent)
    }

    @Test func baseScaleMeasuresOffsetsInPoints() {
        let c = Self.shadowedContext(offset: CGSize(width: 5, height: 0))
        c.scaleBy(x: 2, y: 2)
        c.baseScale = CGSize(width: 2, height: 2)   // as a layer's backing store at 2 pixels per point
        c.fill(CGRect(x: 10, y: 10, width: 10, height: 10))   // device 20…40; shadow 30…50
        let image = c.makeImage()
        #expect(F.pixel(image, 45, 30) == F.opaqueBlue)
        #expect(F.pixel(image, 51, 30) == F.transparent)
    }

    @Test func nonFiniteOffsetOrBlurIsReportedAndLeavesTheShadow() {
        let c = Self.shadowedContext(offset: CGSize(width: 10, height: 10))
        c.setShadow(offset: CGSize(width: CGFloat.nan, height: 0), blur: 0, color: .black)
        c.setShadow(offset: .zero, blur: .infinity, color: .black)
        c.setShadow(offset: .zero, blur: -1)
        c.fill(CGRect(x: 20, y: 20, width: 30, height: 30))
        #expect(F.pixel(c.makeImage(), 55, 55) == F.opaqueBlue)
        #expect(!Diagnostics.messages(containing: "setShadow(offset:blur:color:): offset (NaN, 0.0)").isEmpty)
        #expect(!Diagnostics.messages(containing: "blur +∞ must be finite").isEmpty)
    }

    /// Every drawing entry point casts the shadow: the area 40 points right of what it draws turns blue.
    @Test(arguments: ["stroke", "image", "text", "linear gradient", "radial gradient", "ellipse", "masked fill"])
    func everyOperationCastsTheShadow(_ operation: String) throws {
        let c = Self.shadowedContext(offset: CGSize(width: 40, height: 0))
        switch operation {
        case "stroke":
            c.setLineWidth(10)
            c.stroke(CGRect(x: 10, y: 10, width: 20, height: 20))
        case "image":
            let source = F.context(20, 20)
            source.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            c.draw(try #require(source.makeImage()), in: CGRect(x: 10, y: 10, width: 20, height: 20))
        case "text":
            c.drawText("■", at: CGPoint(x: 10, y: 5), font: TextFont(size: 24), color: F.red)
        case "linear gradient", "radial gradient":
            let g = try #require(CGGradient(colorsSpace: nil, colors: [F.red, F.red], locations: [0, 1]))
            c.clip(to: CGRect(x: 0, y: 0, width: 100, height: 100))
            if operation == "linear gradient" {
                c.drawLinearGradient(g, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 30, y: 0), options: [])
            } else {
                c.drawRadialGradient(g, startCenter: CGPoint(x: 20, y: 20), startRadius: 0,
                                     endCenter: CGPoint(x: 20, y: 20), endRadius: 10, options: [])
            }
        case "ellipse":
            c.fillEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
        default:
            let m = F.context(4, 4)
            m.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            let mask = try #require(m.makeImage())
            c.fill(CGRect(x: 10, y: 10, width: 20, height: 20), with: F.red, maskedByAlphaOf: mask)
        }
        let image = try #require(c.makeImage())
        let shadowPixels = (0..<100).flatMap { y in (45..<100).map { x in F.pixel(image, x, y) } }.filter { $0.blue > 0 }
        #expect(shadowPixels.count > 40, "\(operation) cast no shadow")
        #expect(shadowPixels.allSatisfy { $0.red == 0 })
    }

    @Test func fillAndStrokeCastOneShadowTogether() {
        let c = Self.shadowedContext(offset: CGSize(width: 40, height: 40), color: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        c.setLineWidth(4)
        c.addRect(CGRect(x: 20, y: 20, width: 30, height: 30))
        c.drawPath(using: .fillStroke)
        // (21, 21) is under both the fill and the stroke; its shadow is at (61, 61), cast once.
        let p = F.pixel(c.makeImage(), 61, 61)
        #expect(abs(Int(p.alpha) - 128) <= 2)
    }

    @Test func shadowOfAShapeOutsideTheClipFallsInsideIt() {
        let c = Self.shadowedContext(offset: CGSize(width: 50, height: 0))
        c.clip(to: CGRect(x: 50, y: 0, width: 50, height: 100))
        c.fill(CGRect(x: 10, y: 10, width: 30, height: 30))
        let image = c.makeImage()
        #expect(F.pixel(image, 70, 20) == F.opaqueBlue)
        #expect(F.pixel(image, 20, 20) == F.transparent)   // the square itself is clipped away
        #expect(F.pixel(image, 45, 20) == F.transparent)   // and so is its shadow left of the clip
    }

    @Test func shadowThrownFromFarOutsideTheBitmapArrives() {
        let c = Self.shadowedContext(offset: CGSize(width: 1010, height: 0))
        c.fill(CGRect(x: -1000, y: 10, width: 30, height: 30))   // only its shadow, at 10…40, is in the bitmap
        let image = c.makeImage()
        #expect(F.pixel(image, 20, 20) == F.opaqueBlue)
        #expect(F.pixel(image, 45, 20) == F.transparent)
    }

    @Test func noShadowLeavesDrawingAsItWas() {
        let plain = F.context(), cleared = F.context()
        cleared.setShadow(offset: CGSize(width: 3, height: 3), blur: 2)
        cleared.setShadow(offset: CGSize(width: 3, height: 3), blur: 2, color: nil)
        for c in [plain, cleared] {
            c.fillEllipse(in: CGRect(x: 10, y: 10, width: 50, height: 30))
            c.stroke(CGRect(x: 5, y: 5, width: 80, height: 80))
        }
        #expect(plain.makeImage()?.premultipliedARGB == cleared.makeImage()?.premultipliedARGB)
    }
}
