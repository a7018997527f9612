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
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        mask.backgroundColor = .black
        let matte = CALayer()
        matte.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        matte.backgroundColor = .black
        matte.compositingFilter = "xor"
        mask.addSublayer(matte)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        content.mask = mask
        CATransaction.commit()
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
}
