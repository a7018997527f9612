import AnimaGraphics
import Foundation

/// The blend modes no fixed-function blend can give (exclusion can: `SDLRenderer.compositingBlend`), computed on the CPU from the W3C's *Compositing and Blending
/// Level 1* (the PDF blend modes), for the OpenGL compositor's read-back pass.
///
/// A blend `B(cb, cs)` of the backdrop's and the source's straight colours is composited as
/// ```
/// result = (1 − αb)·Cs + (1 − αs)·Cb + αs·αb·B(cb, cs)      (C premultiplied, c = C / α)
/// αr     = αs + αb − αs·αb
/// ```
/// so where the backdrop is clear the source shows as it is, and where the source is clear the backdrop stays.
/// Separable modes blend each channel alone; hue, saturation, colour and luminosity mix the channels through
/// `Lum(c) = 0.3 r + 0.59 g + 0.11 b`. Cairo (pixman) implements the same definitions, which is what the tests
/// hold the two compositors to.
enum ReadbackBlend: Sendable {
    case overlay, colorDodge, colorBurn, hardLight, softLight, difference
    case hue, saturation, color, luminosity

    /// The mode for a ``CALayer/compositingFilter`` name (nil for the names a blend equation gives).
    init?(filter name: String) {
        switch name {
        case "overlayBlendMode": self = .overlay
        case "colorDodgeBlendMode": self = .colorDodge
        case "colorBurnBlendMode": self = .colorBurn
        case "hardLightBlendMode": self = .hardLight
        case "softLightBlendMode": self = .softLight
        case "differenceBlendMode": self = .difference
        case "hueBlendMode": self = .hue
        case "saturationBlendMode": self = .saturation
        case "colorBlendMode": self = .color
        case "luminosityBlendMode": self = .luminosity
        default: return nil
        }
    }

    /// `source` (scaled by `opacity`) composited onto `backdrop`, both premultiplied ARGB words.
    func composite(_ source: UInt32, over backdrop: UInt32, opacity: Double = 1) -> UInt32 {
        let s = Self.unit(source), b = Self.unit(backdrop)
        let sa = s.a * opacity
        guard sa > 0 else { return backdrop }
        let ba = b.a
        // Straight colours (the source's alpha is not 0, as sa is not; the backdrop's 0 where it is clear, its weight
        // below then 0 too).
        let cs = (s.r / s.a, s.g / s.a, s.b / s.a)
        let cb = ba > 0 ? (b.r / ba, b.g / ba, b.b / ba) : (0, 0, 0)
        let mixed = blend(cb, cs)
        func channel(_ sc: Double, _ bc: Double, _ m: Double) -> Double {
            (1 - ba) * sc * opacity + (1 - sa) * bc + sa * ba * m
        }
        let r = channel(s.r, b.r, mixed.0), g = channel(s.g, b.g, mixed.1), bl = channel(s.b, b.b, mixed.2)
        let a = sa + ba - sa * ba
        return Self.word(a: a, r: r, g: g, b: bl)
    }

    /// `B(cb, cs)` on straight colours in 0…1.
    func blend(_ cb: (Double, Double, Double), _ cs: (Double, Double, Double)) -> (Double, Double, Double) {
        switch self {
        case .hue: return Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb))
        case .saturation: return Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb))
        case .color: return Self.setLum(cs, Self.lum(cb))
        case .luminosity: return Self.setLum(cb, Self.lum(cs))
        default: return (separable(cb.0, cs.0), separable(cb.1, cs.1), separable(cb.2, cs.2))
        }
    }

    private func separable(_ cb: Double, _ cs: Double) -> Double {
        switch self {
        case .overlay: return Self.hardLight(cs: cb, cb: cs)
        case .hardLight: return Self.hardLight(cs: cs, cb: cb)
        case .colorDodge: return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .hue, .saturation, .color, .luminosity: return cs
        }
    }

    /// Multiply below half, screen above (`cs` the layer that decides which).
    private static func hardLight(cs: Double, cb: Double) -> Double {
        cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
    }

    private typealias RGB = (Double, Double, Double)

    private static func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

    private static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
        var c = c
        if n < 0, l - n > 0 {
            c = (l + (c.0 - l) * l / (l - n), l + (c.1 - l) * l / (l - n), l + (c.2 - l) * l / (l - n))
        }
        if x > 1, x - l > 0 {
            c = (l + (c.0 - l) * (1 - l) / (x - l), l + (c.1 - l) * (1 - l) / (x - l), l + (c.2 - l) * (1 - l) / (x - l))
        }
        return c
    }

    private static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.0 + d, c.1 + d, c.2 + d))
    }

    private static func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

    /// `c` with saturation `s`: its largest channel at `s`, its smallest at 0, the middle one in proportion.
    private static func setSat(_ c: RGB, _ s: Double) -> RGB {
        let x = max(c.0, c.1, c.2), n = min(c.0, c.1, c.2)
        guard x > n else { return (0, 0, 0) }
        func scaled(_ v: Double) -> Double { v == x ? s : (v == n ? 0 : (v - n) * s / (x - n)) }
        // When two channels tie for the largest, both are the largest (and likewise the smallest).
        return (scaled(c.0), scaled(c.1), scaled(c.2))
    }

    private static func unit(_ word: UInt32) -> (a: Double, r: Double, g: Double, b: Double) {
        (Double(word >> 24) / 255, Double((word >> 16) & 0xFF) / 255, Double((word >> 8) & 0xFF) / 255, Double(word & 0xFF) / 255)
    }

    private static func word(a: Double, r: Double, g: Double, b: Double) -> UInt32 {
        let alpha = max(0, min(1, a))
        func byte(_ v: Double, limit: Double) -> UInt32 { UInt32((max(0, min(limit, v)) * 255).rounded()) }
        return byte(alpha, limit: 1) << 24 | byte(r, limit: alpha) << 16 | byte(g, limit: alpha) << 8 | byte(b, limit: alpha)
    }
}
