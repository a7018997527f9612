import Foundation
import AnimaCore
import AnimaGraphics

/// The corners of a rectangle (UIKit's `UIRectCorner`).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path with stroke settings that draws into the current context (UIKit's `UIBezierPath`), built on a
/// `CGMutablePath`.
///
/// Angles are radians; `clockwise` means clockwise on screen (y pointing down), as in UIKit.
/// ```swift
/// let path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: true)
/// path.lineWidth = 4
/// shapeLayer.path = path.cgPath
/// ```
open class UIBezierPath: CGPathConvertible, CustomStringConvertible {
    private var path = CGMutablePath()

    /// The line width for ``stroke()`` (1 by default).
    public var lineWidth: CGFloat = 1
    /// How open ends are drawn.
    public var lineCapStyle: CGLineCap = .butt
    /// How corners are drawn.
    public var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit (10 by default).
    public var miterLimit: CGFloat = 10
    /// The curve flattening tolerance (kept for source compatibility).
    public var flatness: CGFloat = 0.6
    /// Whether ``fill()`` and ``contains(_:)`` use the even-odd rule instead of non-zero winding.
    public var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// An empty path.
    public init() {}

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rounded rectangle; the radius is clamped to half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius.isFinite ? cornerRadius : 0, min(abs(rect.width), abs(rect.height)) / 2))
        path.addRoundedRect(in: rect, cornerWidth: r, cornerHeight: r)
    }

    /// A rectangle with only `corners` rounded by `cornerRadii`.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let rx = max(0, min(cornerRadii.width.isFinite ? cornerRadii.width : 0, r.width / 2))
        let ry = max(0, min(cornerRadii.height.isFinite ? cornerRadii.height : 0, r.height / 2))
        let radius = min(rx, ry)
        func corner(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        path.addRoundedRect(in: r, topLeft: corner(.topLeft), topRight: corner(.topRight),
                            bottomRight: corner(.bottomRight), bottomLeft: corner(.bottomLeft))
    }

    /// An open circular arc.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the elements of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path's elements as a `CGPath` (setting it replaces them).
    public var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set {
            path = CGMutablePath()
            path.addPath(newValue)
        }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point) }

    /// Adds a straight line to `point`.
    public func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// Adds a cubic Bézier curve to `endPoint`.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve to `endPoint`.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds a circular arc (joined to the current point by a line, if there is one).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // Core Graphics' `clockwise` is about a y-up space; on a y-down screen it is the other way round.
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its start.
    public func close() { path.closeSubpath() }

    /// Removes every element.
    public func removeAllPoints() { path = CGMutablePath() }

    /// Appends the elements of `bezierPath`.
    public func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.cgPath) }

    /// Transforms every point of the path.
    public func apply(_ transform: CGAffineTransform) {
        let old = path
        path = CGMutablePath()
        path.addPath(old, transform: transform)
    }

    /// A copy of the path (elements and stroke settings).
    public func copy() -> UIBezierPath {
        let other = UIBezierPath(cgPath: path)
        other.lineWidth = lineWidth
        other.lineCapStyle = lineCapStyle
        other.lineJoinStyle = lineJoinStyle
        other.miterLimit = miterLimit
        other.usesEvenOddFillRule = usesEvenOddFillRule
        other.dashPattern = dashPattern
        other.dashPhase = dashPhase
        return other
    }

    // MARK: Reading

    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }
    /// The box around all points, control points included.
    public var bounds: CGRect { path.boundingBox }
    /// The end of the last element.
    public var currentPoint: CGPoint { path.currentPoint }

    /// Whether `point` is inside the filled path.
    public func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Sets the dash pattern for ``stroke()`` (`count` values from `pattern`; nil clears it).
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dashPattern = []
            dashPhase = 0
            return
        }
        dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        dashPhase = phase
    }

    // MARK: Drawing into the current context

    /// Fills the path with the current context's fill colour.
    @MainActor public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path with the current context's stroke colour and this path's line settings.
    @MainActor public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        if !dashPattern.isEmpty { context.setLineDash(phase: dashPhase, lengths: dashPattern) }
        context.beginPath()
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    @MainActor public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    public var description: String { "UIBezierPath(\(path.elements.count) elements)" }
}
