import Foundation

extension CGPath {
    /// The part of the path between two fractions of its length, curves kept as curves (SwiftUI's
    /// `Path.trimmedPath(from:to:)`; `CAShapeLayer` strokes `strokeStart…strokeEnd` with it).
    ///
    /// Lengths are measured as `PathMeasure` measures them: moves add nothing and a closed subpath includes its
    /// closing line. Fractions are clamped to 0…1 (NaN counts as 0); `from ≥ to` gives an empty path, and
    /// `0…1` gives the whole path, closes included. A cut through a closed subpath leaves it open.
    /// ```swift
    /// let line = CGMutablePath(); line.move(to: .zero); line.addLine(to: CGPoint(x: 100, y: 0))
    /// line.trimmedPath(from: 0, to: 0.5).currentPoint   // (50, 0)
    /// ```
    public func trimmedPath(from startFraction: CGFloat, to endFraction: CGFloat, tolerance: CGFloat = 0.05) -> CGPath {
        let (s, e) = TrimmablePath.fractions(startFraction, endFraction)
        if s <= 0 && e >= 1 { return CGPath(elements: elements) }
        guard s < e else { return CGPath(elements: []) }   // neither needs the path measured
        return TrimmablePath(self, tolerance: tolerance).trimmed(from: s, to: e)
    }
}

/// A path measured once for ``CGPath/trimmedPath(from:to:tolerance:)``: each segment's length table, so that cuts
/// at many pairs of fractions (a `strokeEnd` animation over one path, a frame each) measure the path once.
package struct TrimmablePath: Sendable {
    /// The measured path, and its elements when measured.
    private let path: CGPath, elements: [PathElement]
    private let segments: [TrimSegment]

    /// Measures `path`, each curve sampled finely enough that its chord error stays within `tolerance` points.
    package init(_ path: CGPath, tolerance: CGFloat = 0.05) {
        self.path = path
        elements = path.elements
        segments = TrimSegment.segments(of: path, tolerance: max(tolerance.isFinite ? tolerance : 0.05, 1e-4))
    }

    /// The fractions clamped to 0…1, NaN counting as 0.
    static func fractions(_ start: CGFloat, _ end: CGFloat) -> (CGFloat, CGFloat) {
        func unit(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(1, max(0, v)) }
        return (unit(start), unit(end))
    }

    /// Whether this measures `other` as it is now: the same object, its elements unchanged (a `CGMutablePath` can
    /// change; comparing the unchanged elements costs no walk, as they share their storage).
    package func measures(_ other: CGPath) -> Bool { path === other && elements == other.elements }

    /// The part between two fractions of the length (see ``CGPath/trimmedPath(from:to:tolerance:)``).
    package func trimmed(from startFraction: CGFloat, to endFraction: CGFloat) -> CGPath {
        let (s, e) = Self.fractions(startFraction, endFraction)
        if s <= 0 && e >= 1 { return CGPath(elements: elements) }
        guard s < e else { return CGPath(elements: []) }
        let total = segments.last?.endDistance ?? 0
        guard total > 0 else { return CGPath(elements: []) }
        let d0 = s * total, d1 = e * total
        var out: [PathElement] = []
        var lastIncluded: Int? = nil          // index of the last segment emitted, to know when to move
        var subpathFullyIncluded: [Int: Bool] = [:]
        for (i, seg) in segments.enumerated() {
            guard seg.endDistance > d0, seg.startDistance < d1 || (seg.length == 0 && seg.startDistance == d1) else { continue }
            let t0 = seg.parameter(atDistance: max(d0, seg.startDistance))
            let t1 = seg.parameter(atDistance: min(d1, seg.endDistance))
            let piece = seg.curve.subcurve(from: t0, to: t1)
            let contiguous = lastIncluded == i - 1 && segments[i - 1].subpath == seg.subpath
            if !contiguous { out.append(.moveTo(piece.start)) }
            let whole = t0 == 0 && t1 == 1
            if seg.isFirstInSubpath { subpathFullyIncluded[seg.subpath] = whole }
            else if !whole || !contiguous { subpathFullyIncluded[seg.subpath] = false }
            if seg.isClosing, whole, contiguous, subpathFullyIncluded[seg.subpath] == true {
                out.append(.closeSubpath)
            } else {
                out.append(piece.element)
            }
            lastIncluded = i
        }
        return CGPath(elements: out)
    }
}

/// A Bézier of degree 1 to 3, with de Casteljau subdivision.
private struct TrimCurve {
    var points: [CGPoint]   // 2, 3 or 4 points: start, controls, end

    var start: CGPoint { points[0] }

    func point(at t: CGFloat) -> CGPoint {
        var p = points
        while p.count > 1 { p = zip(p, p.dropFirst()).map { lerp($0, $1, t) } }
        return p[0]
    }

    /// The curve on [0, t] and [t, 1].
    func split(at t: CGFloat) -> (TrimCurve, TrimCurve) {
        var left: [CGPoint] = [points[0]], right: [CGPoint] = [points[points.count - 1]]
        var p = points
        while p.count > 1 {
            p = zip(p, p.dropFirst()).map { lerp($0, $1, t) }
            left.append(p[0])
            right.append(p[p.count - 1])
        }
        return (TrimCurve(points: left), TrimCurve(points: right.reversed()))
    }

    func subcurve(from t0: CGFloat, to t1: CGFloat) -> TrimCurve {
        if t0 <= 0 && t1 >= 1 { return self }
        let head = t1 < 1 ? split(at: t1).0 : self
        guard t0 > 0, t1 > 0 else { return head }
        return head.split(at: min(1, t0 / t1)).1
    }

    var element: PathElement {
        switch points.count {
        case 2: return .lineTo(points[1])
        case 3: return .quadCurveTo(points[2], control: points[1])
        default: return .curveTo(points[3], control1: points[1], control2: points[2])
        }
    }

    private func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}

/// One drawn segment of a path with its arc-length table.
private struct TrimSegment {
    var curve: TrimCurve
    var subpath: Int
    var isFirstInSubpath: Bool
    /// The line a `closeSubpath` draws back to the subpath's start.
    var isClosing: Bool
    var startDistance: CGFloat
    /// Cumulative length at evenly spaced parameters 0, 1/n, …, 1.
    var table: [CGFloat]

    var length: CGFloat { table.last ?? 0 }
    var endDistance: CGFloat { startDistance + length }

    /// The curve parameter where the path's length reaches `distance` (linear between table samples).
    func parameter(atDistance distance: CGFloat) -> CGFloat {
        let d = distance - startDistance
        guard length > 0, d > 0 else { return 0 }
        guard d < length else { return 1 }
        let n = table.count - 1
        var lo = 0, hi = n
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < d { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let f = span > 0 ? (d - table[lo]) / span : 0
        return (CGFloat(lo) + f) / CGFloat(n)
    }

    static func segments(of path: CGPath, tolerance: CGFloat) -> [TrimSegment] {
        var result: [TrimSegment] = []
        var start = CGPoint.zero, current = CGPoint.zero
        var subpath = -1
        var first = true
        var distance: CGFloat = 0
        func add(_ points: [CGPoint], closing: Bool = false) {
            if subpath < 0 { subpath = 0 }
            let curve = TrimCurve(points: points)
            // Enough samples that the chord error stays within the tolerance (as CGPath.flattened does).
            var n = 1
            if points.count > 2 {
                let spread = zip(points, points.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }.reduce(0, +)
                let estimate = (spread / tolerance).squareRoot().rounded(.up)
                n = estimate.isFinite ? max(8, Int(min(1000, estimate))) : 8
            }
            var table: [CGFloat] = [0]
            var previous = curve.start
            for i in 1...n {
                let p = curve.point(at: CGFloat(i) / CGFloat(n))
                table.append(table[i - 1] + hypot(p.x - previous.x, p.y - previous.y))
                previous = p
            }
            result.append(TrimSegment(curve: curve, subpath: subpath, isFirstInSubpath: first, isClosing: closing,
                                      startDistance: distance, table: table))
            distance += table[n]
            first = false
        }
        for e in path.elements {
            switch e {
            case .moveTo(let p):
                start = p; current = p; subpath += 1; first = true
            case .lineTo(let p):
                add([current, p]); current = p
            case .quadCurveTo(let p, let c):
                add([current, c, p]); current = p
            case .curveTo(let p, let c1, let c2):
                add([current, c1, c2, p]); current = p
            case .closeSubpath:
                add([current, start], closing: true)
                current = start; subpath += 1; first = true
            }
        }
        return result
    }
}
