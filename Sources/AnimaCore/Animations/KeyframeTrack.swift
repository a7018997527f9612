import Foundation
import AnimaGraphics

/// The keyframes of a path, measured once: the start point and the end point of every segment
/// (each non-move element) are keyframes, and each segment is followed along its own curve.
/// A class, so evaluating a frame passes one reference instead of copying its arrays.
package final class PathKeyframes: Sendable {
    /// One measure per segment, so a segment's curve is followed exactly and moves jump.
    private let measures: [PathMeasure]
    /// The keyframe points: the first segment's start, then each segment's end.
    package let points: [CGPoint]
    /// Cumulative arc length at each keyframe.
    package let distances: [Double]

    /// The keyframes of `path`; nil when it has no segment (empty, or moves only).
    package init?(_ path: CGPath) {
        var measures: [PathMeasure] = [], points: [CGPoint] = [], distances: [Double] = [0]
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        for element in path.elements {
            let end: CGPoint
            switch element {
            case .moveTo(let p):
                current = p; subpathStart = p
                continue
            case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): end = p
            case .closeSubpath: end = subpathStart
            }
            let segment = CGMutablePath()
            segment.move(to: current)
            switch element {
            case .quadCurveTo(let p, let c): segment.addQuadCurve(to: p, control: c)
            case .curveTo(let p, let c1, let c2): segment.addCurve(to: p, control1: c1, control2: c2)
            default: segment.addLine(to: end)
            }
            if points.isEmpty { points.append(current) }
            let measure = PathMeasure(segment)
            measures.append(measure)
            points.append(end)
            distances.append(distances[distances.count - 1] + Double(measure.length))
            current = end
        }
        if measures.isEmpty { return nil }
        self.measures = measures
        self.points = points
        self.distances = distances
    }

    /// The number of segments (keyframes − 1).
    package var segmentCount: Int { measures.count }
    /// The path's total length.
    package var length: Double { distances[distances.count - 1] }

    /// The point and direction of travel (radians) at local arc-length fraction `u` of segment `i`.
    package func position(segment i: Int, u: Double) -> (point: CGPoint, angle: Double) {
        let m = measures[i]
        let r = m.position(atDistance: m.length * CGFloat(min(1, max(0, u))))
        return (r.point, Double(r.angle))
    }

    /// The segment and local fraction at `fraction` of the whole length (constant speed).
    package func locate(fraction: Double) -> (segment: Int, u: Double) {
        let total = length
        guard total > 0 else { return (0, fraction) }
        let d = min(1, max(0, fraction)) * total
        var lo = 0, hi = measures.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if distances[mid] <= d { lo = mid } else { hi = mid - 1 }
        }
        let span = distances[lo + 1] - distances[lo]
        return (lo, span > 0 ? (d - distances[lo]) / span : 1)
    }
}

/// The evaluated form of a `CAKeyframeAnimation`, built once when it is added to a layer: keyframe
/// values (or path keyframes), key times, per-segment timing, and the spline or arc-length tables
/// the calculation mode needs. ``sample(at:)`` maps eased progress to a value. A class, so the
/// per-frame evaluation does not copy (and retain) its arrays.
package final class KeyframeTrack {
    package enum Curve {
        case values([AnimatableValue])
        case path(PathKeyframes)
    }

    /// The keyframe values (nil for a path).
    private let values: [AnimatableValue]?
    /// The same values as pairs of doubles, when every one is a number, point or size (nil otherwise).
    private let pairs: [SIMD2<Double>]?
    private let path: PathKeyframes?
    package let mode: CAAnimationCalculationMode
    /// The time of each keyframe (discrete with n + 1 key times keeps all of them).
    package let keyTimes: [Double]
    /// One function per segment (nil: linear); empty for the paced modes.
    package let segmentTimingFunctions: [CAMediaTimingFunction?]
    private let spline: KeyframeSpline?
    private let arcLengths: ArcLengthTable?

    /// Builds the track. `keyTimes` has been validated (nil: spacing by mode); the TCB arrays hold
    /// one value per keyframe.
    package init(curve: Curve, mode: CAAnimationCalculationMode, keyTimes: [Double]?,
                 timingFunctions: [CAMediaTimingFunction?], tension: [Double], continuity: [Double], bias: [Double]) {
        self.mode = mode
        let n: Int
        switch curve {
        case .values(let v):
            n = v.count; values = v; path = nil
            let converted = v.compactMap(\.scalarPair)
            pairs = converted.count == v.count ? converted : nil
        case .path(let p): n = p.segmentCount + 1; values = nil; path = p; pairs = nil
        }
        let isPaced = mode == .paced || mode == .cubicPaced
        segmentTimingFunctions = isPaced ? [] : timingFunctions
        var times: [Double]
        if let keyTimes, !isPaced {
            times = keyTimes
        } else if mode == .discrete {
            times = (0..<n).map { Double($0) / Double(n) }
        } else {
            times = n > 1 ? (0..<n).map { Double($0) / Double(n - 1) } : [0]
        }
        var spline: KeyframeSpline?
        var arcLengths: ArcLengthTable?
        if case .values(let values) = curve, n > 1 {
            let wantsSpline = mode == .cubic || mode == .cubicPaced
            if wantsSpline, let vectors = Self.vectors(values) {
                let s = KeyframeSpline(points: vectors, times: times, tension: tension, continuity: continuity, bias: bias)
                spline = s
                if mode == .cubicPaced {
                    let table = ArcLengthTable(segments: n - 1) { s.evaluate(segment: $0, u: $1) }
                    if table.total > 0 { arcLengths = table }
                }
            }
            if mode == .paced || (mode == .cubicPaced && arcLengths == nil) {
                // Key times in proportion to the distance covered: constant speed.
                var cumulative = [0.0]
                for i in 1..<n { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
                let total = cumulative[n - 1]
                if total > 0 { times = cumulative.map { $0 / total } }
            }
        }
        self.keyTimes = times
        self.spline = spline
        self.arcLengths = arcLengths
    }

    /// The keyframe values as vectors of equal length, quaternions on one hemisphere; nil when some
    /// value has no vector form.
    private static func vectors(_ values: [AnimatableValue]) -> [[Double]]? {
        var result: [[Double]] = []
        for v in values {
            guard var c = v.components, c.count == result.first?.count ?? c.count else { return nil }
            if case .transform = v, let last = result.last {
                let dot = (6..<10).reduce(0.0) { $0 + c[$1] * last[$1] }
                if dot < 0 { for k in 6..<10 { c[k] = -c[k] } }
            }
            result.append(c)
        }
        return result
    }

    /// The number of keyframes.
    package var count: Int { values?.count ?? ((path?.segmentCount ?? 0) + 1) }

    /// The last keyframe's value (cumulative animations add it once per completed iteration).
    package var lastValue: AnimatableValue { value(ofKeyframe: count - 1) }

    private func value(ofKeyframe i: Int) -> AnimatableValue {
        if let values { return values[i] }
        return .point(path?.points[i] ?? .zero)
    }

    /// The value at eased progress `p` ∈ [0, 1], and the direction of travel (radians) when the
    /// curve is a path.
    package func sample(at progress: Double) -> (value: AnimatableValue, angle: Double?) {
        let p = progress.isNaN ? 0 : min(1, max(0, progress))
        let n = count
        if mode == .discrete {
            let i = discreteIndex(p)
            if let path {
                let angle = path.position(segment: min(i, path.segmentCount - 1), u: i >= path.segmentCount ? 1 : 0).angle
                return (value(ofKeyframe: i), angle)
            }
            return (value(ofKeyframe: i), nil)
        }
        if let path {
            let (i, u) = (mode == .paced || mode == .cubicPaced) ? path.locate(fraction: p) : segmentAndFraction(p)
            let r = path.position(segment: i, u: u)
            return (.point(r.point), r.angle)
        }
        guard let values else { return (value(ofKeyframe: 0), nil) }
        guard n > 1 else { return (values[0], nil) }
        if let spline {
            let (i, u) = arcLengths?.locate(fraction: p) ?? segmentAndFraction(p)
            return (values[i].withComponents(spline.evaluate(segment: i, u: u)), nil)
        }
        let (i, u) = segmentAndFraction(p)
        return (values[i].interpolated(to: values[i + 1], fraction: u), nil)
    }

    /// Whether ``samplePair(at:)`` can sample the track (its values are numbers, points or sizes, or a path).
    package var samplesPairs: Bool { pairs != nil || path != nil }

    /// The last keyframe as a pair (see ``samplesPairs``).
    package var lastPair: SIMD2<Double> {
        if let pairs { return pairs[pairs.count - 1] }
        let p = path?.points.last ?? .zero
        return SIMD2(Double(p.x), Double(p.y))
    }

    /// ``sample(at:)`` for a track of pairs or a path, unboxed: the same arithmetic on the same doubles.
    package func samplePair(at progress: Double) -> (value: SIMD2<Double>, angle: Double?) {
        let p = progress.isNaN ? 0 : min(1, max(0, progress))
        if let path {
            let r: (point: CGPoint, angle: Double)
            if mode == .discrete {
                let i = discreteIndex(p)
                let point = path.points[i]
                r = (point, path.position(segment: min(i, path.segmentCount - 1), u: i >= path.segmentCount ? 1 : 0).angle)
            } else {
                let (i, u) = (mode == .paced || mode == .cubicPaced) ? path.locate(fraction: p) : segmentAndFraction(p)
                r = path.position(segment: i, u: u)
            }
            return (SIMD2(Double(r.point.x), Double(r.point.y)), r.angle)
        }
        guard let pairs else { return (SIMD2(0, 0), nil) }
        if mode == .discrete { return (pairs[discreteIndex(p)], nil) }
        guard pairs.count > 1 else { return (pairs[0], nil) }
        if let spline {
            let (i, u) = arcLengths?.locate(fraction: p) ?? segmentAndFraction(p)
            let c = spline.evaluate(segment: i, u: u)
            return (SIMD2(c.first ?? 0, c.count > 1 ? c[1] : 0), nil)
        }
        let (i, u) = segmentAndFraction(p)
        let a = pairs[i], b = pairs[i + 1]
        return (SIMD2(lerp(a.x, b.x, u), lerp(a.y, b.y, u)), nil)
    }

    /// The segment containing `p` by key time and the local progress in it, after the segment's
    /// timing function. Before the first key time: the start of segment 0; after the last: the end
    /// of the last segment; equal key times jump.
    private func segmentAndFraction(_ p: Double) -> (segment: Int, u: Double) {
        let segments = count - 1
        guard segments > 0 else { return (0, 0) }
        if p <= keyTimes[0] { return (0, 0) }
        if p >= keyTimes[segments] { return (segments - 1, 1) }
        var lo = 0, hi = segments - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyTimes[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        let span = keyTimes[lo + 1] - keyTimes[lo]
        var u = span > 0 ? (p - keyTimes[lo]) / span : 1
        if lo < segmentTimingFunctions.count, let f = segmentTimingFunctions[lo] { u = f.evaluate(at: u) }
        return (lo, u)
    }

    /// The keyframe held at `p` in discrete mode: the last one whose key time has been reached.
    private func discreteIndex(_ p: Double) -> Int {
        var index = 0
        for (i, t) in keyTimes.enumerated() where t <= p { index = i }
        return min(index, count - 1)
    }
}
