import Foundation

/// How the ends of stroked open subpaths are drawn (Core Graphics' `CGLineCap`).
///
/// ```swift
/// context.setLineCap(.round)
/// ```
public enum CGLineCap: Int32, Sendable {
    /// The stroke stops exactly at the end point.
    case butt = 0
    /// A half-disc of the line width's diameter is added at each end.
    case round = 1
    /// A half-square is added at each end, extending the line by half its width.
    case square = 2
}

/// How stroked segments are joined at corners (Core Graphics' `CGLineJoin`).
///
/// ```swift
/// context.setLineJoin(.bevel)
/// ```
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner, bevelled when it would exceed the miter limit.
    case miter = 0
    /// A rounded corner.
    case round = 1
    /// A corner cut off square.
    case bevel = 2
}

/// What `CGContext.drawPath(using:)` paints (Core Graphics' `CGPathDrawingMode`).
///
/// ```swift
/// context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
/// context.drawPath(using: .fillStroke)   // fill with the winding rule, then stroke
/// ```
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the non-zero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke the outline.
    case stroke = 2
    /// Fill (winding), then stroke.
    case fillStroke = 3
    /// Fill (even-odd), then stroke.
    case eoFillStroke = 4
}

/// How much care `CGContext` takes sampling an image drawn scaled or rotated (`CGContext.interpolationQuality`).
///
/// ```swift
/// context.interpolationQuality = .low
/// ```
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (here: as `.high`).
    case `default` = 0
    /// No interpolation: the nearest pixel.
    case none = 1
    /// Bilinear interpolation.
    case low = 2
    /// Bilinear interpolation.
    case medium = 4
    /// Bilinear when enlarging; every covered pixel averaged when shrinking.
    case high = 3
}
