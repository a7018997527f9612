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

/// Edges of a layer's bounds (Core Animation's `CAEdgeAntialiasingMask`), for ``CALayer/edgeAntialiasingMask``.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
    /// The four edges (the default).
    package static let all: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
}

/// The shape of a layer's rounded corners (Core Animation's `CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle of radius ``CALayer/cornerRadius`` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// A smooth ("squircle") corner whose curvature rises gradually from the edges, as iOS's app icons and
    /// sheets; it reaches ``CALayer/cornerCurveExpansionFactor(_:)`` radii along each edge.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

extension CALayer {
    /// The shape of the corners ``cornerRadius`` rounds, for the background, border, `masksToBounds` clip and
    /// shadow (default ``CALayerCornerCurve/circular``). Not animatable.
    /// ```swift
    /// card.cornerRadius = 20
    /// card.cornerCurve = .continuous
    /// ```
    /// A continuous corner whose smooth extent would pass the middle of a side is made less smooth, down to a
    /// quarter circle at a radius of half the shorter side, so `cornerRadius = bounds.height / 2` still draws a
    /// capsule (our reading: Apple documents no rule for it).
    public var cornerCurve: CALayerCornerCurve {
        get { state.cornerCurve }
        set {
            var curve = newValue
            if curve != .circular, curve != .continuous {
                Diagnostics.report("CALayer \(debugName): cornerCurve '\(newValue.rawValue)' is not circular or continuous; drawn circular")
                curve = .circular
            }
            guard curve != state.cornerCurve else { return }
            state.cornerCurve = curve
            noteChange()
        }
    }

    /// How far along each edge a corner of `curve` reaches, in radii: 1 for a circular corner, about 1.528665
    /// for a continuous one. Size a layer to at least twice `cornerRadius` times this for a fully smooth corner.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? ContinuousCorner.extent : 1
    }

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
    /// The shape of the rounded corners.
    public var cornerCurve: CALayerCornerCurve { appearance.storage.cornerCurve }
}
