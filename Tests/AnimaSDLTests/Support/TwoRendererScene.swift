import AnimaCore
import AnimaGraphics
import Foundation
@testable import AnimaSDL

/// A headless display whose frames both renderers draw — the OpenGL compositor (offscreen) and the Cairo software
/// renderer: the scene of the pixel tests that must hold on either.
/// ```swift
/// let scene = try TwoRendererScene()
/// scene.layer(CGRect(x: 10, y: 10, width: 80, height: 80), color: red) { $0.cornerRadius = 20 }
/// let image = try scene.snapshot(.software)
/// ```
@MainActor struct TwoRendererScene {
    let display: HeadlessDisplay
    let offscreen: OffscreenRenderer
    let width: Int, height: Int

    init(width: Int = 100, height: Int = 100) throws {
        self.width = width
        self.height = height
        display = HeadlessDisplay(width: width, height: height)
        offscreen = try OffscreenRenderer(width: width, height: height)
    }

    /// A layer with `frame` and background `color`, configured inside a transaction with actions disabled and
    /// added to `parent` (the display's root when nil).
    @discardableResult
    func layer(_ frame: CGRect, color: CGColor?, in parent: CALayer? = nil, _ configure: (CALayer) -> Void = { _ in }) -> CALayer {
        let l = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.frame = frame
        l.backgroundColor = color
        configure(l)
        (parent ?? display.rootLayer).addSublayer(l)
        CATransaction.commit()
        return l
    }

    /// The display's next frame (no time passes), drawn by `backend`.
    func snapshot(_ backend: Backend) throws -> CGImage {
        display.advance(by: 0)
        switch backend {
        case .gl: return try offscreen.snapshot(display.renderTree)
        case .software: return SoftwareRenderer.render(display.renderTree, width: width, height: height)
        }
    }

    /// Takes every layer out of the display's root.
    func removeAll() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        display.rootLayer.sublayers?.forEach { $0.removeFromSuperlayer() }
        CATransaction.commit()
    }
}

/// The colours the pixel suites draw with and the pixels they expect back (`Self.red`, `Self.opaqueRed`… in a
/// suite that adopts it).
protocol PixelPalette {}

extension PixelPalette {
    static var red: CGColor { CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
    static var blue: CGColor { CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
    static var opaqueRed: RGBAPixel { RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255) }
    static var opaqueBlue: RGBAPixel { RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255) }
    static var clear: RGBAPixel { RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0) }
}
