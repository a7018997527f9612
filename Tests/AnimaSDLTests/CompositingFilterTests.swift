import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// `compositingFilter`: the blend of a layer (with its sublayers) onto what lies behind it, drawn by the OpenGL
/// compositor and by the Cairo software renderer. Expected colours follow from each operator's equation on
/// premultiplied pixels; read well inside shapes, where they are exact.
@Suite(.serialized) @MainActor struct CompositingFilterTests {
    let display = HeadlessDisplay(width: 100, height: 100)
    let offscreen: OffscreenRenderer

    init() throws { offscreen = try OffscreenRenderer(width: 100, height: 100) }

    @discardableResult
    private func layer(_ frame: CGRect, _ color: CGColor?, in parent: CALayer? = nil, filter: String? = nil) -> CALayer {
        let l = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.frame = frame
        l.backgroundColor = color
        if let filter { l.compositingFilter = filter }
        (parent ?? display.rootLayer).addSublayer(l)
        CATransaction.commit()
        return l
    }

    /// A layer in no tree yet (a mask's, or a mask itself).
    private static func detached(_ frame: CGRect, _ color: CGColor?, filter: String? = nil) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        if let filter { l.compositingFilter = filter }
        return l
    }

    private func setMask(_ mask: CALayer, of content: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        content.mask = mask
        CATransaction.commit()
    }

    private func pixel(_ x: Int, _ y: Int, _ backend: Backend) throws -> RGBAPixel {
        display.advance(by: 0)
        let image = switch backend {
        case .gl: try offscreen.snapshot(display.renderTree)
        case .software: SoftwareRenderer.render(display.renderTree, width: 100, height: 100)
        }
        return try #require(image.pixel(x: x, y: y))
    }

    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    @Test(arguments: Backend.allCases)
    func xorCutsTheLayerOutOfAnOpaqueBackdrop(_ backend: Backend) throws {
        // S·(1 − Da) + D·(1 − Sa): where both are opaque, nothing is left.
        let backdrop = layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.blue)
        layer(CGRect(x: 25, y: 25, width: 50, height: 50), Self.red, in: backdrop, filter: "xor")
        #expect(try pixel(50, 50, backend) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(try pixel(10, 10, backend) == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test(arguments: Backend.allCases)
    func anXorCutOutMakesAnInvertedMask(_ backend: Backend) throws {
        // lottie-ios's inverted track matte: an opaque mask with the matte drawn over it by xor.
        let content = layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.red)
        let mask = Self.detached(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        mask.addSublayer(Self.detached(CGRect(x: 25, y: 25, width: 50, height: 50), .black, filter: "xor"))
        setMask(mask, of: content)
        #expect(try pixel(50, 50, backend).alpha == 0)
        #expect(try pixel(10, 10, backend) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test(arguments: Backend.allCases)
    func screenAndMultiplyFollowTheirEquationsOverAnOpaqueBackdrop(_ backend: Backend) throws {
        let backdrop = layer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        // screen: S + D − S·D; red over blue → magenta.
        layer(CGRect(x: 0, y: 0, width: 50, height: 100), Self.red, in: backdrop, filter: "screenBlendMode")
        // multiply: S·D; grey 50 % over blue → half blue.
        layer(CGRect(x: 50, y: 0, width: 50, height: 100), CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1), in: backdrop,
              filter: "multiplyBlendMode")
        #expect(try pixel(25, 50, backend) == RGBAPixel(red: 255, green: 0, blue: 255, alpha: 255))
        let multiplied = try pixel(75, 50, backend)
        #expect(multiplied.red == 0 && multiplied.green == 0 && abs(Int(multiplied.blue) - 128) <= 1 && multiplied.alpha == 255)
    }

    @Test(arguments: Backend.allCases)
    func aFilterSetLaterTakesEffectAndAnUnknownOneIsIgnored(_ backend: Backend) throws {
        let backdrop = layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.blue)
        let top = layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.red, in: backdrop)
        #expect(try pixel(50, 50, backend) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        top.compositingFilter = "xor"
        #expect(top.compositingFilter as? String == "xor")
        #expect(try pixel(50, 50, backend).alpha == 0)
        top.compositingFilter = "noSuchBlendMode"
        #expect(top.compositingFilter == nil)
        #expect(try pixel(50, 50, backend) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    // MARK: filters = ["luminanceToAlpha"]

    /// Rec. 709's luminance of an opaque colour in 0…255 (SVG's `luminanceToAlpha` weights), computed from the colour.
    private static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Int {
        Int((255 * (0.2125 * r + 0.7154 * g + 0.0721 * b)).rounded())
    }

    @Test(arguments: Backend.allCases)
    func luminanceToAlphaTurnsALayerIntoBlackCoveredByItsLuminance(_ backend: Backend) throws {
        // Three opaque stripes in one filtered container: each becomes black with its luminance as alpha.
        let group = layer(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        layer(CGRect(x: 0, y: 0, width: 30, height: 100), Self.red, in: group)
        layer(CGRect(x: 30, y: 0, width: 30, height: 100), CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: group)
        layer(CGRect(x: 60, y: 0, width: 40, height: 100), CGColor(red: 1, green: 1, blue: 1, alpha: 1), in: group)
        group.filters = ["luminanceToAlpha"]
        for (x, expected) in [(15, Self.luminance(1, 0, 0)), (45, Self.luminance(0, 1, 0)), (80, 255)] {
            let p = try pixel(x, 50, backend)
            #expect(p.red == 0 && p.green == 0 && p.blue == 0 && abs(Int(p.alpha) - expected) <= 1, "x \(x): \(p)")
        }
        group.filters = nil
        #expect(try pixel(15, 50, backend) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test(arguments: Backend.allCases)
    func aLuminanceMaskShowsTheLayerByTheMasksBrightness(_ backend: Backend) throws {
        // A luma mask: white shows the red layer, 50 % grey half of it, a translucent white (premultiplied luminance
        // times alpha) a quarter of it, black none.
        let content = layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.red)
        let mask = Self.detached(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        for (i, color) in [CGColor(gray: 1, alpha: 1), CGColor(gray: 0.5, alpha: 1), CGColor(gray: 1, alpha: 0.25),
                           CGColor(gray: 0, alpha: 1)].enumerated() {
            mask.addSublayer(Self.detached(CGRect(x: CGFloat(i) * 25, y: 0, width: 25, height: 100), color))
        }
        mask.filters = ["luminanceToAlpha"]
        setMask(mask, of: content)
        for (x, expected) in [(12, 255), (37, Self.luminance(0.5, 0.5, 0.5)), (62, 64), (87, 0)] {
            let p = try pixel(x, 50, backend)
            #expect(abs(Int(p.alpha) - expected) <= 1 && p.red == p.alpha && p.green == 0, "x \(x): \(p)")
        }
    }

    @Test func filtersOtherThanLuminanceToAlphaAreKeptAndReported() {
        let l = CALayer()
        l.name = "filtered"
        let before = Diagnostics.messages(containing: "'filtered': filters (1 filter) kept but not applied").count
        l.filters = ["luminanceToAlpha", "CIGaussianBlur"]
        #expect(l.filters?.count == 2)
        #expect(Diagnostics.messages(containing: "'filtered': filters (1 filter) kept but not applied").count == before + 1)
        l.filters = ["luminanceToAlpha"]
        #expect(Diagnostics.messages(containing: "'filtered': filters (1 filter) kept but not applied").count == before + 1)
        // A value that is no filter name at all is kept and reported the same way, and applies nothing.
        l.filters = [42, NSNull(), "luminanceToAlpha"]
        #expect(Diagnostics.messages(containing: "'filtered': filters (2 filters) kept but not applied").count >= 1)
        #expect(l.filters?.count == 3)
    }
}
