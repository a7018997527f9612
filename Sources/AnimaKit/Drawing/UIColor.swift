import Foundation
import AnimaCore
import AnimaGraphics

/// A colour (UIKit's `UIColor`): sRGB components with alpha, the named system colours, and `cgColor`
/// for layers.
///
/// Components outside 0…1 are kept (extended range), NaN or infinite ones are reported and become 0.
/// ```swift
/// view.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
/// layer.borderColor = UIColor.systemBlue.withAlphaComponent(0.5).cgColor
/// ```
public final class UIColor: CGColorConvertible, Hashable, Sendable, CustomStringConvertible {
    /// The colour as a `CGColor` (what layers take).
    public let cgColor: CGColor

    /// A colour from sRGB components and alpha.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func clean(_ v: CGFloat, _ name: String) -> CGFloat {
            if v.isFinite { return v }
            Diagnostics.report("UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha)): rejected \(name) \(Double(v).diagnosticDescription); using 0")
            return 0
        }
        cgColor = CGColor(red: clean(red, "red"), green: clean(green, "green"), blue: clean(blue, "blue"),
                          alpha: clean(alpha, "alpha"))
    }

    /// A grey: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (all 0…1; hue wraps around).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let s = saturation.isFinite ? min(max(saturation, 0), 1) : 0
        let v = brightness.isFinite ? brightness : 0
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour of a `CGColor`.
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
    }

    /// A colour from 8-bit sRGB components (a convenience for the system colours).
    private convenience init(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) {
        self.init(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    /// The same colour with a different alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    /// The alpha component.
    public var alphaComponent: CGFloat { cgColor.alpha }

    /// Reads the sRGB components; always succeeds.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Reads the grey level (the mean of the components) and alpha; always succeeds.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = (cgColor.red + cgColor.green + cgColor.blue) / 3
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Reads hue, saturation, brightness (all 0…1) and alpha; always succeeds.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let r = cgColor.red, g = cgColor.green, b = cgColor.blue
        let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
        var h: CGFloat = 0
        if delta > 0 {
            if maxC == r { h = (g - b) / delta } else if maxC == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maxC > 0 ? delta / maxC : 0
        brightness?.pointee = maxC
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Makes this the fill colour of the current context.
    @MainActor public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Makes this the stroke colour of the current context.
    @MainActor public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    /// Makes this both the fill and the stroke colour of the current context.
    @MainActor public func set() {
        setFill()
        setStroke()
    }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }

    public var description: String {
        "UIColor(red: \(cgColor.red), green: \(cgColor.green), blue: \(cgColor.blue), alpha: \(cgColor.alpha))"
    }

    // MARK: Fixed colours

    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)

    // MARK: System colours (the light appearance)

    public static let systemRed = UIColor(255, 59, 48)
    public static let systemGreen = UIColor(52, 199, 89)
    public static let systemBlue = UIColor(0, 122, 255)
    public static let systemOrange = UIColor(255, 149, 0)
    public static let systemYellow = UIColor(255, 204, 0)
    public static let systemPink = UIColor(255, 45, 85)
    public static let systemPurple = UIColor(175, 82, 222)
    public static let systemTeal = UIColor(48, 176, 199)
    public static let systemIndigo = UIColor(88, 86, 214)
    public static let systemBrown = UIColor(162, 132, 94)
    public static let systemMint = UIColor(0, 199, 190)
    public static let systemCyan = UIColor(50, 173, 230)
    public static let systemGray = UIColor(142, 142, 147)
    public static let systemGray2 = UIColor(174, 174, 178)
    public static let systemGray3 = UIColor(199, 199, 204)
    public static let systemGray4 = UIColor(209, 209, 214)
    public static let systemGray5 = UIColor(229, 229, 234)
    public static let systemGray6 = UIColor(242, 242, 247)

    // MARK: Semantic colours (the light appearance)

    public static let label = UIColor(0, 0, 0)
    public static let secondaryLabel = UIColor(60, 60, 67, 0.6)
    public static let tertiaryLabel = UIColor(60, 60, 67, 0.3)
    public static let systemBackground = UIColor(255, 255, 255)
    public static let secondarySystemBackground = UIColor(242, 242, 247)
    public static let tertiarySystemBackground = UIColor(255, 255, 255)
    public static let separator = UIColor(60, 60, 67, 0.29)
    public static let link = UIColor(0, 122, 255)
}
