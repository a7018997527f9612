import Foundation
import AnimaGraphics

extension CAGradientLayer {
    /// How many pieces each span between two stops is cut into: Cairo blends straight in sRGB between the stops
    /// it is given, and at 16 pieces that stays within about 0.3/255 of Core Animation's curve.
    static let piecesPerSpan = 16

    /// `colors` at `locations` with stops added between them so that Cairo's straight sRGB blending follows
    /// the iOS simulator's Core Animation, whose references the Lottie corpus holds: it blends a gradient's
    /// colours in Apple's Generic RGB space (gamma 1.8, primaries a little inside sRGB's; ``GenericRGB``, the
    /// device RGB space of a Mac), with alpha straight. That is why its gradients lean towards the lighter colour,
    /// and why saturated sRGB blues and purples come out moved (`(0, 0.165, 1)` shows as `(0.02, 0.2, 1)`): they
    /// lie outside Generic RGB and are clipped to it. Both effects match the corpus's gradients to within a
    /// level or two (`gradient_square`, `gradient_pill`, `issue_2206`, `issue_2270`).
    static func blendedStops(_ colors: [CGColor], _ locations: [CGFloat]) -> (colors: [CGColor], locations: [CGFloat]) {
        guard !colors.isEmpty, colors.count == locations.count else { return (colors, locations) }
        let encoded = colors.map(GenericRGB.init(srgb:))
        var outColors: [CGColor] = [encoded[0].srgb], outLocations: [CGFloat] = [locations[0]]
        for i in 1..<colors.count {
            let (l0, l1) = (locations[i - 1], locations[i])
            if l1 > l0 {
                for k in 1..<piecesPerSpan {
                    let t = CGFloat(k) / CGFloat(piecesPerSpan)
                    outColors.append(encoded[i - 1].mixed(with: encoded[i], at: t).srgb)
                    outLocations.append(l0 + (l1 - l0) * t)
                }
            }
            outColors.append(encoded[i].srgb)
            outLocations.append(l1)
        }
        return (outColors, outLocations)
    }
}

/// A colour in Apple's Generic RGB space (gamma 1.8; primaries R 0.630 0.340, G 0.295 0.605, B 0.155 0.077; D65
/// white), gamma-encoded, with straight alpha: the space Core Animation blends gradient colours in.
struct GenericRGB {
    var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// Linear sRGB → linear Generic RGB (via XYZ, same white).
    private static let fromSRGB: [CGFloat] = [0.9748495053, 0.0272953502, -0.0021448555,
                                              -0.0200002874, 1.0542090447, -0.0342087573,
                                              0.0016907497, 0.0015637868, 0.9967454635]
    /// Linear Generic RGB → linear sRGB.
    private static let toSRGB: [CGFloat] = [1.0252524586, -0.0265475337, 0.0012950751,
                                            0.0193935069, 0.9480280089, 0.0325784842,
                                            -0.0017695316, -0.0014423226, 1.0032118541]
    private static let gamma: CGFloat = 1.8

    /// `color` (sRGB components, clamped to 0…1) in Generic RGB, clipped to its gamut.
    init(srgb color: CGColor) {
        let linear = [color.red, color.green, color.blue].map { Self.srgbToLinear(min(1, max(0, $0))) }
        let g = Self.multiply(Self.fromSRGB, linear).map { pow(min(1, max(0, $0)), 1 / Self.gamma) }
        (red, green, blue, alpha) = (g[0], g[1], g[2], min(1, max(0, color.alpha)))
    }

    private init(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The blend `t` of the way from this colour to `other` (components and alpha straight).
    func mixed(with other: GenericRGB, at t: CGFloat) -> GenericRGB {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        return GenericRGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue), mix(alpha, other.alpha))
    }

    /// The colour in sRGB (clamped to 0…1).
    var srgb: CGColor {
        let linear = Self.multiply(Self.toSRGB, [red, green, blue].map { pow($0, Self.gamma) })
        let c = linear.map { Self.linearToSRGB(min(1, max(0, $0))) }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
    }

    private static func multiply(_ m: [CGFloat], _ v: [CGFloat]) -> [CGFloat] {
        (0..<3).map { r in m[3 * r] * v[0] + m[3 * r + 1] * v[1] + m[3 * r + 2] * v[2] }
    }

    private static func srgbToLinear(_ c: CGFloat) -> CGFloat {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func linearToSRGB(_ l: CGFloat) -> CGFloat {
        l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }
}
