import Foundation

/// One element of a path: a move, a straight line, a quadratic or cubic Bézier, or a close.
public enum PathElement: Equatable, Sendable {
    case moveTo(CGPoint)
    case lineTo(CGPoint)
    case quadCurveTo(CGPoint, control: CGPoint)
    case curveTo(CGPoint, control1: CGPoint, control2: CGPoint)
    case closeSubpath

    /// The element's points in Core Graphics order (controls first, end point last).
    public var points: [CGPoint] {
        switch self {
        case .moveTo(let p), .lineTo(let p): return [p]
        case .quadCurveTo(let p, let c): return [c, p]
        case .curveTo(let p, let c1, let c2): return [c1, c2, p]
        case .closeSubpath: return []
        }
    }

    /// Whether every coordinate of the element is finite (without building ``points``).
    public var isFinite: Bool {
        switch self {
        case .moveTo(let p), .lineTo(let p): return p.x.isFinite && p.y.isFinite
        case .quadCurveTo(let p, let c): return p.x.isFinite && p.y.isFinite && c.x.isFinite && c.y.isFinite
        case .curveTo(let p, let c1, let c2):
            return p.x.isFinite && p.y.isFinite && c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite
        case .closeSubpath: return true
        }
    }

    /// The element with every point transformed.
    public func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .moveTo(let p): return .moveTo(p.applying(t))
        case .lineTo(let p): return .lineTo(p.applying(t))
        case .quadCurveTo(let p, let c): return .quadCurveTo(p.applying(t), control: c.applying(t))
        case .curveTo(let p, let c1, let c2):
            return .curveTo(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}

/// The kinds of path element, with Core Graphics' names.
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// A path element as Core Graphics' `applyWithBlock` hands it out.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>
}

/// The fill rules, with Core Graphics' names.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0, evenOdd
}

/// An immutable graphics path (Core Graphics' `CGPath`): subpaths of lines and Bézier curves.
///
/// Paths compare equal when their elements are equal.
/// ```swift
/// let p = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 5), transform: nil)
/// p.boundingBox   // (0, 0, 10, 5)
/// ```
public class CGPath: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The elements, in order.
    public internal(set) var elements: [PathElement]

    init(elements: [PathElement]) { self.elements = elements }

    /// A rectangle path (move, three lines, close).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// An ellipse inscribed in `rect`, as four cubic curves.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// A rounded rectangle.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element (`.zero` for an empty path), as Core Graphics defines it.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .moveTo(let p): start = p; current = p
            case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// The box around every point of the path, control points included (`.null` when empty).
    public var boundingBox: CGRect { CGRect.boundingBox(of: elements.flatMap(\.points)) }

    /// The box around the path's curves themselves, control points excluded.
    ///
    /// Exact: each curve contributes its end points and the points where its x or y derivative
    /// vanishes. A move that starts no segment adds nothing.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .moveTo(let p):
                start = p; current = p
            case .lineTo(let p):
                points += [current, p]; current = p
            case .quadCurveTo(let p, let c):
                let p0 = current
                points += [p0, p]
                for t in Self.quadExtremaParameters(p0.x, c.x, p.x) + Self.quadExtremaParameters(p0.y, c.y, p.y) {
                    let u = 1 - t
                    points.append(CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                          y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .curveTo(let p, let c1, let c2):
                let p0 = current
                points += [p0, p]
                for t in Self.cubicExtremaParameters(p0.x, c1.x, c2.x, p.x)
                    + Self.cubicExtremaParameters(p0.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                          y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .closeSubpath:
                points += [current, start]; current = start
            }
        }
        return CGRect.boundingBox(of: points)
    }

    /// Parameters in (0, 1) where a quadratic Bézier coordinate has zero derivative.
    private static func quadExtremaParameters(_ p0: CGFloat, _ c: CGFloat, _ p1: CGFloat) -> [CGFloat] {
        let denominator = p0 - 2 * c + p1
        guard denominator != 0 else { return [] }
        let t = (p0 - c) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic Bézier coordinate has zero derivative.
    private static func cubicExtremaParameters(_ p0: CGFloat, _ c1: CGFloat, _ c2: CGFloat, _ p1: CGFloat) -> [CGFloat] {
        // B′(t)/3 = d0·(1 − t)² + 2·d1·t(1 − t) + d2·t² = a·t² + b·t + c.
        let d0 = c1 - p0, d1 = c2 - c1, d2 = p1 - c2
        let a = d0 - 2 * d1 + d2, b = 2 * (d1 - d0), c = d0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 * max(abs(b), abs(c), 1) {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let r = discriminant.squareRoot()
                roots = [(-b + r) / (2 * a), (-b - r) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A copy with every point transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// Calls `block` with each element, as Core Graphics does.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let buffer = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        for e in elements {
            let pts = e.points
            for (i, p) in pts.enumerated() { buffer[i] = p }
            let type: CGPathElementType
            switch e {
            case .moveTo: type = .moveToPoint
            case .lineTo: type = .addLineToPoint
            case .quadCurveTo: type = .addQuadCurveToPoint
            case .curveTo: type = .addCurveToPoint
            case .closeSubpath: type = .closeSubpath
            }
            var element = CGPathElement(type: type, points: buffer)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// Whether `point` is inside the filled path under `rule`.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform.inverted())
        var winding = 0, crossings = 0
        for polyline in flattened(tolerance: 0.1) {
            var pts = polyline.points
            if let first = pts.first, pts.last != first { pts.append(first) }
            for (a, b) in zip(pts, pts.dropFirst()) where (a.y <= p.y) != (b.y <= p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > p.x { crossings += 1; winding += b.y > a.y ? 1 : -1 }
            }
        }
        return rule == .evenOdd ? crossings % 2 == 1 : winding != 0
    }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }

    public func hash(into hasher: inout Hasher) { hasher.combine(elements.count) }

    public var description: String { "CGPath(\(elements.count) elements)" }
}
