import Foundation

/// An offset from a centre point (UIKit's `UIOffset`), in points.
///
/// ```swift
/// let offset = UIOffset(horizontal: 10, vertical: -5)
/// ```
public struct UIOffset: Equatable, Hashable, Sendable {
    /// Horizontal offset in points (positive to the right).
    public var horizontal: CGFloat
    /// Vertical offset in points (positive downwards).
    public var vertical: CGFloat

    /// Creates an offset.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The zero offset.
    public static let zero = UIOffset(horizontal: 0, vertical: 0)
}

/// Insets from each edge of a rectangle (UIKit's `UIEdgeInsets`), in points.
///
/// ```swift
/// let insets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
/// ```
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// Inset of the top edge in points.
    public var top: CGFloat
    /// Inset of the left edge in points.
    public var left: CGFloat
    /// Inset of the bottom edge in points.
    public var bottom: CGFloat
    /// Inset of the right edge in points.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// `rect` with these insets applied (positive insets shrink it).
    func inset(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX + left, y: rect.minY + top,
               width: rect.width - left - right, height: rect.height - top - bottom)
    }
}

/// A closed range of floating-point values (UIKit's `UIFloatRange`).
///
/// ```swift
/// let range = UIFloatRange(minimum: -.pi / 4, maximum: .pi / 4)
/// range.isInfinite   // false
/// ```
public struct UIFloatRange: Equatable, Hashable, Sendable {
    /// The lower bound.
    public var minimum: CGFloat
    /// The upper bound.
    public var maximum: CGFloat

    /// Creates a range.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The range from −∞ to +∞ (no limit).
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
    /// The range [0, 0].
    public static let zero = UIFloatRange(minimum: 0, maximum: 0)

    /// Whether both bounds are infinite (the range imposes no limit).
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }

    /// The range as a limit for the solver, or nil when it does not limit anything.
    var limit: ClosedRange<Double>? {
        if isInfinite || minimum.isNaN || maximum.isNaN { return nil }
        return Swift.min(minimum, maximum)...Swift.max(minimum, maximum)
    }
}
