import Foundation
import AnimaGraphics
import AnimaKit

/// A colour as value providers give it (lottie-ios's `LottieColor`): red, green, blue and alpha in 0…1.
/// ```swift
/// let red = LottieColor(r: 1, g: 0, b: 0, a: 1)
/// red.cgColorValue      // CGColor(red: 1, green: 0, blue: 0, alpha: 1)
/// ```
public struct LottieColor: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    /// A colour from its components (0…1; values outside are clamped when drawn).
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The colour as a `CGColor` (components clamped to 0…1; a NaN component counts as 0).
    public var cgColorValue: CGColor {
        func c(_ v: Double) -> CGFloat { v.isNaN ? 0 : CGFloat(min(1, max(0, v))) }
        return CGColor(red: c(r), green: c(g), blue: c(b), alpha: c(a))
    }
}

extension UIColor {
    /// The colour as a ``LottieColor`` (for a ``ColorValueProvider``).
    public var lottieColorValue: LottieColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        _ = getRed(&r, green: &g, blue: &b, alpha: &a)
        return LottieColor(r: Double(r), g: Double(g), b: Double(b), a: Double(a))
    }
}

/// One number of an animated property (lottie-ios's `LottieVector1D`): opacity and percentages in 0…100,
/// rotation in degrees, stroke width in points.
public struct LottieVector1D: Hashable, Sendable {
    public var value: Double
    public init(_ value: Double) { self.value = value }
    /// The value as a `CGFloat`.
    public var cgFloatValue: CGFloat { CGFloat(value) }
}

/// Two numbers (lottie-ios's `LottieVector2D`): a point, or a tangent.
public struct LottieVector2D: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The vector as a point.
    public var pointValue: CGPoint { CGPoint(x: x, y: y) }
}

/// Three numbers (lottie-ios's `LottieVector3D`): a position, or a scale in percent per axis.
public struct LottieVector3D: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double
    public init(x: Double, y: Double, z: Double = 0) { self.x = x; self.y = y; self.z = z }
    /// The first two numbers as a point.
    public var pointValue: CGPoint { CGPoint(x: x, y: y) }
    /// The first two numbers as a size.
    public var sizeValue: CGSize { CGSize(width: x, height: y) }
}

extension CGPoint {
    /// The point as a ``LottieVector3D`` (z = 0).
    public var vector3dValue: LottieVector3D { LottieVector3D(x: Double(x), y: Double(y)) }
}

extension CGSize {
    /// The size as a ``LottieVector3D`` (z = 0): width as x, height as y.
    public var vector3dValue: LottieVector3D { LottieVector3D(x: Double(width), y: Double(height)) }
}
