import Foundation

/// A subpath flattened to straight segments.
public struct Polyline: Equatable, Sendable {
    /// The vertices in order; a closed subpath repeats its first point at the end.
    public var points: [CGPoint]
    /// Whether the subpath was closed.
    public var isClosed: Bool
}

extension CGPath {
    /// The path as polylines whose distance from the true curves is at most `tolerance` points.
    ///
    /// Curves are subdivided uniformly with a segment count from the control polygon's size,
    /// which bounds the error for quadratic and cubic Béziers.
    public func flattened(tolerance: CGFloat = 0.25) -> [Polyline] {
        let tol = max(tolerance.isFinite ? tolerance : 0.25, 1e-4)
        var result: [Polyline] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero
        func flush(closed: Bool) {
            if current.count > 1 || (closed && !current.isEmpty) { result.append(Polyline(points: current, isClosed: closed)) }
            current = []
        }
        for e in elements {
            switch e {
            case .moveTo(let p):
                flush(closed: false); start = p; current = [p]
            case .lineTo(let p):
                if current.isEmpty { current = [start] }
                current.append(p)
            case .quadCurveTo(let p, let c):
                if current.isEmpty { current = [start] }
                let p0 = current.last!
                let dd = hypot(p0.x - 2 * c.x + p.x, p0.y - 2 * c.y + p.y)
                let n = Self.segmentCount((dd / (4 * tol)).squareRoot())
                for i in 1..<n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    current.append(CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                           y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
                current.append(p)   // exactly, even when a control point is not finite (0 × ∞ is NaN)
            case .curveTo(let p, let c1, let c2):
                if current.isEmpty { current = [start] }
                let p0 = current.last!
                let d1 = hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y)
                let d2 = hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y)
                let n = Self.segmentCount((3 * max(d1, d2) / (4 * tol)).squareRoot())
                for i in 1..<n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                           y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
                current.append(p)
            case .closeSubpath:
                if current.isEmpty { current = [start] }
                if current.last != start { current.append(start) }
                flush(closed: true)
                current = [start]
            }
        }
        flush(closed: false)
        return result
    }

    /// `estimate` rounded up to a segment count in 1…1000 (1 for a curve with non-finite points: NaN or ∞).
    private static func segmentCount(_ estimate: CGFloat) -> Int {
        estimate.isFinite ? max(1, Int(min(1000, estimate.rounded(.up)))) : 1
    }

    /// The total length of the path's curves and lines, in points.
    public func length(tolerance: CGFloat = 0.05) -> CGFloat { PathMeasure(self, tolerance: tolerance).length }
}

/// Arc-length parameterisation of a path: total length, and the point and tangent at a distance.
///
/// Moves between subpaths add no length. Build it once and query it many times (paced keyframe
/// animations and `strokeStart`/`strokeEnd` do).
/// ```swift
/// let m = PathMeasure(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil))
/// m.length                      // 40
/// m.position(atDistance: 15)    // point (10, 5), tangent angle π/2
/// ```
public struct PathMeasure: Sendable {
    private var points: [CGPoint] = []
    /// Cumulative length at each point; a subpath break repeats the previous length.
    private var distances: [CGFloat] = []
    private var breaks: [Bool] = []
    /// The total length in points.
    public private(set) var length: CGFloat = 0

    /// The flattened points and the arc length at each (for tables built on the measure), and whether each
    /// starts a subpath.
    package var samples: (points: [CGPoint], distances: [CGFloat], breaks: [Bool]) { (points, distances, breaks) }

    /// Measures `path`, flattened to `tolerance` points.
    public init(_ path: CGPath, tolerance: CGFloat = 0.05) {
        for line in path.flattened(tolerance: tolerance) {
            for (i, p) in line.points.enumerated() {
                if i > 0, let last = points.last { length += hypot(p.x - last.x, p.y - last.y) }
                points.append(p)
                distances.append(length)
                breaks.append(i == 0)
            }
        }
    }

    /// The point at `distance` along the path (clamped to the ends) and the direction of travel
    /// there as an angle in radians (0 = +x, π/2 = +y, i.e. down on screen).
    public func position(atDistance distance: CGFloat) -> (point: CGPoint, angle: CGFloat) {
        guard let first = points.first else { return (.zero, 0) }
        guard points.count > 1 else { return (first, 0) }
        let d = max(0, min(length, distance.isFinite ? distance : 0))
        // Binary search for the segment whose end distance reaches d.
        var lo = 1, hi = points.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if distances[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < points.count - 1 && (breaks[i] || distances[i] == distances[i - 1]) && distances[i] <= d { i += 1 }
        if breaks[i] { i = max(1, i) }
        let a = points[i - 1], b = points[i]
        let segment = distances[i] - distances[i - 1]
        let t = segment > 0 ? (d - distances[i - 1]) / segment : 0
        let p = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        let angle = segment > 0 && !breaks[i] ? atan2(b.y - a.y, b.x - a.x) : tangentNear(i)
        return (p, angle)
    }

    private func tangentNear(_ i: Int) -> CGFloat {
        for j in stride(from: i, to: points.count, by: 1) where j > 0 && !breaks[j] && distances[j] > distances[j - 1] {
            return atan2(points[j].y - points[j - 1].y, points[j].x - points[j - 1].x)
        }
        return 0
    }
}
