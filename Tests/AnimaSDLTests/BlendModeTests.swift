import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// The blend modes beyond multiply, screen, darken and lighten (`compositingFilter = "overlayBlendMode"`…), drawn by
/// the OpenGL compositor (exclusion by a blend equation, the rest on the CPU from the read-back backdrop) and by
/// Cairo. Expected colours over opaque backdrops are worked by hand from the W3C's *Compositing and Blending Level 1*
/// definitions; over a translucent backdrop the two compositors — ours and pixman's implementations of those
/// definitions — are held to each other.
@Suite(.serialized) @MainActor struct BlendModeTests {
    let display = HeadlessDisplay(width: 40, height: 40)
    let offscreen: OffscreenRenderer

    init() throws { offscreen = try OffscreenRenderer(width: 40, height: 40) }

    /// A 40 × 40 `backdrop` with a 20 × 20 `source` in its middle blended by `filter` (at `opacity`).
    private func scene(backdrop: CGColor, source: CGColor, filter: String, opacity: Float = 1) {
        let above = Self.layer(CGRect(x: 10, y: 10, width: 20, height: 20), source)
        above.opacity = opacity
        above.compositingFilter = filter
        show([Self.layer(CGRect(x: 0, y: 0, width: 40, height: 40), backdrop), above])
    }

    /// The display showing just `layers`, committed and framed.
    private func show(_ layers: [CALayer]) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        display.rootLayer.sublayers?.forEach { $0.removeFromSuperlayer() }
        for layer in layers { display.rootLayer.addSublayer(layer) }
        CATransaction.commit()
        display.advance(by: 0)
    }

    private static func layer(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    private func centre(_ backend: Backend) throws -> RGBAPixel {
        let image = switch backend {
        case .gl: try offscreen.snapshot(display.renderTree)
        case .software: SoftwareRenderer.render(display.renderTree, width: 40, height: 40)
        }
        return try #require(image.pixel(x: 20, y: 20))
    }

    private static func gray(_ v: CGFloat, alpha: CGFloat = 1) -> CGColor { CGColor(gray: v, alpha: alpha) }
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private static func close(_ p: RGBAPixel, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 2) -> Bool {
        abs(Int(p.red) - r) <= tolerance && abs(Int(p.green) - g) <= tolerance && abs(Int(p.blue) - b) <= tolerance
            && p.alpha == 255
    }

    /// Worked by hand from the definitions (c the backdrop's colour, s the source's):
    /// - overlay: hard light with the roles swapped; c 0.25 ≤ ½ → 2·c·s = 2 · 0.25 · 0.8 = 0.4 → 102;
    /// - color dodge: c / (1 − s) = 0.5 / 0.5 → 1; color burn: 1 − (1 − c) / s = 1 − 0.5 / 0.5 → 0;
    /// - hard light: s 0.8 > ½ → screen(c, 2s − 1) = 0.5 + 0.6 − 0.3 = 0.8 → 204;
    /// - soft light: s 1 > ½, c 0.5 > ¼ → c + (2s − 1)(√c − c) = √0.5 → 180;
    /// - difference: |blue − red| → magenta; exclusion: c + s − 2cs = 1 + 0.5 − 1 → 0.5;
    /// - hue and saturation of pure colours onto grey keep the grey (its saturation 0, its luminosity 0.5);
    /// - colour: red at grey's luminosity 0.5: (1.2, 0.2, 0.2) clipped about 0.5 → (1, 0.2857, 0.2857) → 255, 73, 73;
    /// - luminosity: red backdrop at white's luminosity 1: (1.7, 0.7, 0.7) clipped → white.
    static let cases: [(filter: String, backdrop: CGColor, source: CGColor, expected: (Int, Int, Int))] = [
        ("overlayBlendMode", gray(0.25), gray(0.8), (102, 102, 102)),
        ("colorDodgeBlendMode", gray(0.5), gray(0.5), (255, 255, 255)),
        ("colorBurnBlendMode", gray(0.5), gray(0.5), (0, 0, 0)),
        ("hardLightBlendMode", gray(0.5), gray(0.8), (204, 204, 204)),
        ("softLightBlendMode", gray(0.5), gray(1), (180, 180, 180)),
        ("differenceBlendMode", rgb(0, 0, 1), rgb(1, 0, 0), (255, 0, 255)),
        ("exclusionBlendMode", gray(1), gray(0.5), (128, 128, 128)),
        ("hueBlendMode", gray(0.5), rgb(0, 0, 1), (128, 128, 128)),
        ("saturationBlendMode", gray(0.5), rgb(1, 0, 0), (128, 128, 128)),
        ("colorBlendMode", gray(0.5), rgb(1, 0, 0), (255, 73, 73)),
        ("luminosityBlendMode", rgb(1, 0, 0), gray(1), (255, 255, 255)),
    ]

    @Test(arguments: Backend.allCases)
    func eachModeGivesItsDefinitionsColourOverAnOpaqueBackdrop(_ backend: Backend) throws {
        for c in Self.cases {
            scene(backdrop: c.backdrop, source: c.source, filter: c.filter)
            let p = try centre(backend)
            #expect(Self.close(p, c.expected.0, c.expected.1, c.expected.2), "\(c.filter): \(p), expected \(c.expected)")
        }
    }

    @Test func theCompositorsAgreeOverATranslucentBackdropAndWithGroupOpacity() throws {
        // Away from the worked cases: a translucent backdrop (αb < 1 weighs in the source as it is) and a layer at
        // 60 % opacity, in colours that take the modes' different branches.
        let backdrops = [Self.rgb(0.9, 0.3, 0.1, 0.5), Self.rgb(0.2, 0.6, 0.8)]
        let sources = [Self.rgb(0.3, 0.7, 0.2), Self.rgb(0.8, 0.1, 0.6, 0.7)]
        for filter in Self.cases.map(\.filter) {
            for backdrop in backdrops {
                for source in sources {
                    scene(backdrop: backdrop, source: source, filter: filter, opacity: 0.6)
                    let gl = try centre(.gl), cairo = try centre(.software)
                    let differs = [abs(Int(gl.red) - Int(cairo.red)), abs(Int(gl.green) - Int(cairo.green)),
                                   abs(Int(gl.blue) - Int(cairo.blue)), abs(Int(gl.alpha) - Int(cairo.alpha))].max() ?? 0
                    #expect(differs <= 3, "\(filter) over \(backdrop): OpenGL \(gl), Cairo \(cairo)")
                }
            }
        }
    }

    @Test func outsideTheLayerTheBackdropIsUntouched() throws {
        // The read-back pass writes back only the layer's box, and writes the backdrop as it was where the layer is clear.
        scene(backdrop: Self.rgb(0.2, 0.6, 0.8), source: Self.gray(0.5), filter: "overlayBlendMode")
        let image = try offscreen.snapshot(display.renderTree)
        #expect(image.pixel(x: 5, y: 5) == RGBAPixel(red: 51, green: 153, blue: 204, alpha: 255))
        #expect(image.pixel(x: 35, y: 20) == RGBAPixel(red: 51, green: 153, blue: 204, alpha: 255))
    }

    @Test func aBlendedLayerInsideAnOffscreenPassReadsThatPassesBackdrop() throws {
        // Inside a clipped container (drawn in a pass of its own, away from the target's origin), the backdrop read
        // back is the container's, at the layer's place in it.
        let container = Self.layer(CGRect(x: 7, y: 3, width: 30, height: 30), Self.rgb(0.2, 0.6, 0.8))
        container.masksToBounds = true
        let above = Self.layer(CGRect(x: 5, y: 5, width: 20, height: 20), Self.rgb(1, 0, 0))
        above.compositingFilter = "differenceBlendMode"
        container.addSublayer(above)
        show([container])
        for backend in Backend.allCases {
            let p = try centre(backend)     // (20, 20): inside both: |(0.2, 0.6, 0.8) − (1, 0, 0)| = (0.8, 0.6, 0.8)
            #expect(Self.close(p, 204, 153, 204), "\(backend): \(p)")
        }
    }

    @Test func aRendererWithoutPremultipliedBlendingDrawsTheLayerOverAndSaysSo() throws {
        // SDL's software renderer blends straight alpha only: no read-back blend, no luminance pass — the layer is
        // drawn as it is, once reported, and the frame is not lost.
        try SDLVideo.startHeadless()
        let renderer = try SDLRenderer(window: SDLWindow(title: "blend", width: 40, height: 40, isHidden: true), driver: .software)
        let compositor = Compositor(renderer: renderer)
        scene(backdrop: Self.rgb(0, 0, 1), source: Self.rgb(1, 0, 0), filter: "differenceBlendMode")
        try compositor.render(display.renderTree, clearColor: RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))
        let p = try #require(try renderer.readPixels().pixel(x: 20, y: 20))
        #expect(p.red >= 250 && p.green <= 3 && p.blue <= 3, "\(p)")
        #expect(!Diagnostics.messages(containing: "cannot blend with compositing filters; difference blends normally").isEmpty)
    }
}
