import Foundation
import AnimaCore
import AnimaDynamics

/// Insets from each edge of a rectangle named by reading direction (UIKit's `NSDirectionalEdgeInsets`), in points:
/// leading and trailing are left and right here, as layouts are left to right.
/// ```swift
/// view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20)
/// ```
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    /// Inset of the top edge in points.
    public var top: CGFloat
    /// Inset of the leading (left) edge in points.
    public var leading: CGFloat
    /// Inset of the bottom edge in points.
    public var bottom: CGFloat
    /// Inset of the trailing (right) edge in points.
    public var trailing: CGFloat

    /// Creates insets.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No insets.
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// The same insets by left and right, for a left-to-right layout.
    init(leftToRight insets: UIEdgeInsets) {
        self.init(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    }

    /// These insets by left and right, for a left-to-right layout.
    var leftToRightInsets: UIEdgeInsets { UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }
}
