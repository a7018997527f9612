import Foundation

/// A two-dimensional vector, as in Core Graphics (Foundation on Linux does not provide it).
///
/// UIKit Dynamics uses it for gravity and push directions; its length is the magnitude.
/// ```swift
/// let v = CGVector(dx: 3, dy: 4)   // length 5
/// ```
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component (positive is down in iOS coordinates).
    public var dy: CGFloat

    /// Creates a vector with the given components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates a vector with the given components.
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// Creates a vector with the given integer components.
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// The zero vector.
    public static let zero = CGVector(dx: 0, dy: 0)

    public var description: String { "(\(dx), \(dy))" }
}
