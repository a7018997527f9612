import Foundation
import AnimaGraphics

/// Corners of a layer's bounds (Core Animation's `CACornerMask`): which of them ``CALayer/cornerRadius`` rounds.
///
/// Min and max are in the layer's own coordinates, where y grows downwards as on iOS: `layerMinXMinYCorner` is
/// the top-left corner on screen.
/// ```
///  MinXMinY ┌────────┐ MaxXMinY
///           │        │
///  MinXMaxY └────────┘ MaxXMaxY
/// ```
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// The four corners (the default of ``CALayer/maskedCorners``).
    package static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

extension CALayer {
    /// The corners ``cornerRadius`` rounds — the background, the border, the `masksToBounds` clip and the shadow
    /// they cast — the others stay square. Default: all four. Bits beyond the four corners are ignored. Not
    /// animatable, as in Core Animation.
    /// ```swift
    /// sheet.cornerRadius = 16
    /// sheet.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]   // round the top only
    /// ```
    public var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set {
            let corners = newValue.intersection(.all)
            guard corners != state.maskedCorners else { return }
            state.maskedCorners = corners
            noteChange()
        }
    }
}

extension RenderNode {
    /// The corners ``CALayer/cornerRadius`` rounds.
    public var maskedCorners: CACornerMask { appearance.storage.maskedCorners }
}
