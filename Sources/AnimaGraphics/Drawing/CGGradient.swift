import Foundation

/// A colour gradient: colours at locations along 0…1 (Core Graphics' `CGGradient`), painted by
/// `CGContext.drawLinearGradient` and `drawRadialGradient`.
///
/// Colours blend per sRGB component with straight alpha between neighbouring locations.
/// ```swift
/// let gradient = CGGradient(colorsSpace: nil, colors: [CGColor.black, CGColor.white], locations: [0, 1])!
/// context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
/// ```
public final class CGGradient: Sendable, CustomStringConvertible {
    /// The colours, in location order.
    public let colors: [CGColor]
    /// The locations (0…1, non-decreasing), one per colour.
    public let locations: [CGFloat]

    /// A gradient of `colors` at `locations` (nil: evenly spaced from 0 to 1).
    ///
    /// Returns nil, with a diagnostic, for no colours, a location count that differs from the colour count, or
    /// non-finite colours or locations. Locations are clamped to 0…1 and sorted (with their colours, stably).
    /// Apple passes `colors` as a `CFArray`: drop the `as CFArray`.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else {
            Diagnostics.report("CGGradient: no colours; no gradient made")
            return nil
        }
        guard colors.allSatisfy(\.isFinite) else {
            Diagnostics.report("CGGradient: non-finite colour in \(colors); no gradient made")
            return nil
        }
        let given = locations ?? colors.indices.map { colors.count == 1 ? 0 : CGFloat($0) / CGFloat(colors.count - 1) }
        guard given.count == colors.count, given.allSatisfy(\.isFinite) else {
            Diagnostics.report("CGGradient: locations \(given) do not give one finite location per colour (\(colors.count)); no gradient made")
            return nil
        }
        let sorted = zip(given.map { min(1, max(0, $0)) }, colors).enumerated()
            .sorted { $0.element.0 != $1.element.0 ? $0.element.0 < $1.element.0 : $0.offset < $1.offset }
        self.locations = sorted.map(\.element.0)
        self.colors = sorted.map(\.element.1)
    }

    /// A gradient from sRGB `components` (four per colour: red, green, blue, alpha) at `locations`, `count` colours.
    ///
    /// ```swift
    /// CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [1, 0, 0, 1, 0, 0, 1, 1],
    ///            locations: [0, 1], count: 2)
    /// ```
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat],
                             locations: [CGFloat]?, count: Int) {
        guard count > 0, components.count >= count * 4 else {
            Diagnostics.report("CGGradient: \(components.count) components do not make \(count) RGBA colours; no gradient made")
            return nil
        }
        let colors = (0..<count).map {
            CGColor(red: components[$0 * 4], green: components[$0 * 4 + 1], blue: components[$0 * 4 + 2], alpha: components[$0 * 4 + 3])
        }
        self.init(colorsSpace: space, colors: colors, locations: locations.map { Array($0.prefix(count)) })
    }

    /// The stops in Cairo's form.
    package var cairoStops: [CairoGradientStop] {
        func unit(_ v: CGFloat) -> CGFloat { min(1, max(0, v)) }
        return zip(locations, colors).map {
            CairoGradientStop(offset: $0, red: unit($1.red), green: unit($1.green), blue: unit($1.blue), alpha: unit($1.alpha))
        }
    }

    public var description: String { "CGGradient(\(colors.count) colours at \(locations))" }
}

/// Whether a gradient also paints beyond its start and end (Core Graphics' `CGGradientDrawingOptions`).
///
/// ```swift
/// context.drawLinearGradient(g, start: a, end: b, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
/// ```
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Extends the first colour before the start.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Extends the last colour after the end.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

extension CGContext {
    /// Paints `gradient` along the line from `start` to `end` (in user space) over the whole clip; colour is
    /// constant on lines perpendicular to it. Beyond the ends nothing is painted unless `options` say so.
    ///
    /// ```swift
    /// context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 100),
    ///                            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    /// ```
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        guard isFinite(start, end, in: "drawLinearGradient(_:start:end:options:)") else { return }
        let dx = end.x - start.x, dy = end.y - start.y
        let length = hypot(dx, dy)
        guard length > 0 else { return }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        shadowed {
            cairo.save()
            defer { cairo.restore() }
            if before != after {
                // Keep the half-plane on the painted side of the end that is not extended.
                let (ux, uy) = (dx / length, dy / length)
                let far: CGFloat = 1e6
                let anchor = before ? end : start
                let sign: CGFloat = before ? -1 : 1
                cairo.newPath()
                cairo.moveTo(CGPoint(x: anchor.x - uy * far, y: anchor.y + ux * far))
                cairo.lineTo(CGPoint(x: anchor.x + uy * far, y: anchor.y - ux * far))
                cairo.lineTo(CGPoint(x: anchor.x + uy * far + sign * ux * far, y: anchor.y - ux * far + sign * uy * far))
                cairo.lineTo(CGPoint(x: anchor.x - uy * far + sign * ux * far, y: anchor.y + ux * far + sign * uy * far))
                cairo.closePath()
                cairo.setEvenOdd(false)
                cairo.clip()
            }
            cairo.newPath()
            cairo.paintLinearGradient(from: start, to: end, stops: gradient.cairoStops, pad: before || after, alpha: paint.alpha)
        }
    }

    /// Paints `gradient` between two circles (in user space): location 0 on the start circle, 1 on the end
    /// circle. Inside the start and outside the end circle nothing is painted unless `options` say so.
    ///
    /// ```swift
    /// context.drawRadialGradient(gradient, startCenter: c, startRadius: 0, endCenter: c, endRadius: 50,
    ///                            options: [.drawsAfterEndLocation])
    /// ```
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard isFinite(startCenter, endCenter, CGPoint(x: startRadius, y: endRadius),
                       in: "drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)") else { return }
        guard startRadius >= 0, endRadius >= 0, startRadius != endRadius || startCenter != endCenter else { return }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        shadowed {
            cairo.save()
            defer { cairo.restore() }
            if before != after {
                cairo.newPath()
                if after {
                    // Everything outside the start circle.
                    cairo.rectangle(CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
                    cairo.arc(center: startCenter, radius: startRadius, start: 0, end: 2 * .pi, negative: false)
                    cairo.setEvenOdd(true)
                } else {
                    cairo.arc(center: endCenter, radius: endRadius, start: 0, end: 2 * .pi, negative: false)
                    cairo.setEvenOdd(false)
                }
                cairo.clip()
            }
            cairo.newPath()
            cairo.paintRadialGradient(startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                                      endRadius: endRadius, stops: gradient.cairoStops, pad: before || after, alpha: paint.alpha)
        }
    }

    /// Paints `gradient` swept around `center` over the whole clip: location 0 along `startAngle` (radians; with
    /// y down, increasing angles turn clockwise on screen), location 1 a full turn later. Core Graphics has no
    /// such call; `CAGradientLayer`'s `.conic` type draws with it.
    ///
    /// ```swift
    /// context.drawConicGradient(gradient, center: CGPoint(x: 50, y: 50), startAngle: 0)
    /// ```
    public func drawConicGradient(_ gradient: CGGradient, center: CGPoint, startAngle: CGFloat) {
        guard isFinite(center, CGPoint(x: startAngle, y: 0), in: "drawConicGradient(_:center:startAngle:)") else { return }
        shadowed {
            let clip = cairo.clipExtents
            guard clip.width > 0, clip.height > 0 else { return }
            let corners = [CGPoint(x: clip.minX, y: clip.minY), CGPoint(x: clip.maxX, y: clip.minY),
                           CGPoint(x: clip.minX, y: clip.maxY), CGPoint(x: clip.maxX, y: clip.maxY)]
            let radius = corners.map { hypot($0.x - center.x, $0.y - center.y) }.max() ?? 0
            cairo.newPath()
            cairo.paintConicGradient(center: center, startAngle: startAngle, radius: radius + 1, stops: gradient.cairoStops,
                                     alpha: paint.alpha)
        }
    }

    /// The bounding box of the clip in user space (the whole bitmap when nothing clips), as Core Graphics'
    /// `boundingBoxOfClipPath`; a layer's `draw(in:)` finds its dirty rectangle here.
    ///
    /// ```swift
    /// context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10)); context.boundingBoxOfClipPath   // (0, 0, 10, 10)
    /// ```
    public var boundingBoxOfClipPath: CGRect { cairo.clipExtents }
}
