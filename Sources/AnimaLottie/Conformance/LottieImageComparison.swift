import Foundation
import AnimaGraphics

/// The corpus's comparison rule: a render matches its reference when, composited over white and again
/// over black, the share of pixels whose CIE76 ΔE (sRGB → Lab, D65) is at most
/// `(1 − perceptualPrecision) × 100` is at least `precision` in both; sizes must agree within one pixel
/// (the shared top-left area is compared).
/// ```swift
/// let result = LottieImageComparison.compare(render, reference, perceptualPrecision: 0.97)
/// result?.share       // the smaller of the two shares
/// ```
public enum LottieImageComparison {
    /// The matching shares over white and over black; nil when the sizes differ by more than a pixel.
    public struct Result: Equatable, Sendable {
        /// The share of matching pixels with both images composited over white.
        public var overWhite: Double
        /// The share of matching pixels with both images composited over black.
        public var overBlack: Double
        /// The smaller share: what must reach `precision`.
        public var share: Double { min(overWhite, overBlack) }
    }

    /// Compares `render` with `reference`.
    public static func compare(_ render: CGImage, _ reference: CGImage, perceptualPrecision: Double) -> Result? {
        guard abs(render.width - reference.width) <= 1, abs(render.height - reference.height) <= 1 else { return nil }
        let w = min(render.width, reference.width), h = min(render.height, reference.height)
        let limit = (1 - perceptualPrecision) * 100
        var white = 0, black = 0
        let a = render.premultipliedARGB, b = reference.premultipliedARGB
        for y in 0..<h {
            for x in 0..<w {
                let p = a[y * render.width + x], q = b[y * reference.width + x]
                if p == q { white += 1; black += 1; continue }
                if deltaE(p, q, background: 255) <= limit { white += 1 }
                if deltaE(p, q, background: 0) <= limit { black += 1 }
            }
        }
        let total = Double(max(1, w * h))
        return Result(overWhite: Double(white) / total, overBlack: Double(black) / total)
    }

    /// CIE76 ΔE between two premultiplied pixels composited over a grey `background` (0 or 255).
    static func deltaE(_ p: UInt32, _ q: UInt32, background: Double) -> Double {
        let l1 = lab(p, background), l2 = lab(q, background)
        let d0 = l1.0 - l2.0, d1 = l1.1 - l2.1, d2 = l1.2 - l2.2
        return (d0 * d0 + d1 * d1 + d2 * d2).squareRoot()
    }

    private static func lab(_ argb: UInt32, _ background: Double) -> (Double, Double, Double) {
        let alpha = Double((argb >> 24) & 0xFF) / 255
        func channel(_ shift: UInt32) -> Double {
            let premultiplied = Double((argb >> shift) & 0xFF)
            return min(255, premultiplied + (1 - alpha) * background) / 255
        }
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let r = linear(channel(16)), g = linear(channel(8)), b = linear(channel(0))
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// `image` scaled to `width` × `height` by averaging the premultiplied pixels each target pixel
    /// covers (a box filter): a scale-2 reference made comparable with a scale-1 render.
    public static func downsampled(_ image: CGImage, width: Int, height: Int) -> CGImage {
        guard width > 0, height > 0, width != image.width || height != image.height else { return image }
        let source = image.premultipliedARGB
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let y0 = y * image.height / height, y1 = max(y0 + 1, min(image.height, (y + 1) * image.height / height))
            for x in 0..<width {
                let x0 = x * image.width / width, x1 = max(x0 + 1, min(image.width, (x + 1) * image.width / width))
                var a = 0, r = 0, g = 0, b = 0, n = 0
                for yy in y0..<y1 {
                    for xx in x0..<x1 {
                        let p = source[yy * image.width + xx]
                        a += Int(p >> 24); r += Int((p >> 16) & 0xFF); g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF); n += 1
                    }
                }
                n = max(1, n)
                pixels[y * width + x] = UInt32(a / n) << 24 | UInt32(r / n) << 16 | UInt32(g / n) << 8 | UInt32(b / n)
            }
        }
        return CGImage(width: width, height: height, premultipliedARGB: pixels) ?? image
    }
}
