import Foundation

/// A colour in the sRGB space with straight (not premultiplied) alpha, as Core Graphics' `CGColor`.
///
/// Components are stored as given; drawing clamps them to 0…1.
/// ```swift
/// let c = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
/// c.components   // [1, 0, 0, 0.5]
/// ```
public final class CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat

    /// Creates an sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Creates an sRGB colour (Apple's `CGColor(srgbRed:green:blue:alpha:)`).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a grey (`CGColor(gray:alpha:)`).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The components: red, green, blue, alpha.
    public var components: [CGFloat]? { [red, green, blue, alpha] }

    /// The number of components (always 4: sRGB plus alpha).
    public var numberOfComponents: Int { 4 }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// Whether every component is a finite number.
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    public static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    public static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    public static let clear = CGColor(red: 0, green: 0, blue: 0, alpha: 0)

    public static func == (a: CGColor, b: CGColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha)
    }

    /// Per-component linear blend (`t` = 0 gives `self`).
    public func interpolated(to other: CGColor, fraction t: Double) -> CGColor {
        let t = CGFloat(t)
        return CGColor(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                       blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    public var description: String { "CGColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}
