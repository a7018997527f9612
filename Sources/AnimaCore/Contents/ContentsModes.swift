import Foundation
import AnimaGraphics

/// How a `CAShapeLayer` decides what is inside its path (Apple's `CAShapeLayerFillRule`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the path winds a non-zero number of times (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Inside where a ray crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How a `CAShapeLayer` draws the ends of open subpaths (Apple's `CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The stroke stops at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half-disc caps each end.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half-square caps each end.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How a `CAShapeLayer` joins stroked segments (Apple's `CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner, bevelled past `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A rounded corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// A cut-off corner.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// How a `CATextLayer` aligns its lines (Apple's `CATextLayerAlignmentMode`).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The script's natural alignment: left for left-to-right text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Lines stretched to the full width (all but the last).
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where a `CATextLayer` cuts text that does not fit (Apple's `CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No "…": text past the bounds is clipped (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// "…" replaces the start of the line.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// "…" replaces the end of the last visible line.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// "…" replaces the middle of the line.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// The shape of a `CAGradientLayer`'s gradient (Apple's `CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours change along the line from `startPoint` to `endPoint` (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred on `startPoint` whose edge passes through `endPoint`'s x and y.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours sweep around `startPoint`, starting in the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
