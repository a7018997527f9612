import Foundation
import AnimaGraphics

/// The keyframes of a path, measured once: the start point and the end point of every segment
/// (each non-move element) are keyframes, and each segment is followed along its own curve.
///
/// Every segment's curve is flattened once into one table of samples (x, y, arc length within the segment, and
/// the direction of the piece that ends at each sample), segment after segment: a frame finds its place by binary
/// search in plain doubles, with no arc-tangent and nothing retained. A class, so evaluating a frame passes one
/// reference instead of copying its arrays.
package final class PathKeyframes: Sendable {
    /// The keyframe points: the first segment's start, then each segment's end.
    package let points: [CGPoint]
    /// Cumulative arc length at each keyframe.
    package let distances: [Double]
    /// Every segment's flattened curve, one after another, four numbers a sample: x, y, the arc length from the
    /// segment's start, and the direction of travel (radians) on the piece that ends there (the next piece with a
    /// length for a piece without one; 0 for a segment with no length). Segment `i`'s samples are
    /// `sampleStarts[i] ..< sampleStarts[i + 1]`. ``KeyframeTable`` samples them.
    package let sampleValues: [Double]
    package let sampleStarts: [Int]

    /// The keyframes of `path`; nil when it has no segment (empty, or moves only).
    package init?(_ path: CGPath) {
        var points: [CGPoint] = [], distances: [Double] = [0]
        var table: [Double] = [], starts: [Int] = []
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
            let samples = measure.samples
            starts.append(table.count / 4)
            for (j, p) in samples.points.enumerated() {
                table += [Double(p.x), Double(p.y), Double(samples.distances[j]),
                          Self.pieceAngle(ending: j, samples.points, samples.distances)]
            }
            points.append(end)
            distances.append(distances[distances.count - 1] + Double(measure.length))
            current = end
        }
        if starts.isEmpty { return nil }
        starts.append(table.count / 4)
        self.points = points
        self.distances = distances
        sampleValues = table
        sampleStarts = starts
    }

    /// The direction of the piece ending at sample `j`: its own when it has a length, else the next one's that has.
    private static func pieceAngle(ending j: Int, _ points: [CGPoint], _ distances: [CGFloat]) -> Double {
        var k = max(1, j)
        while k < points.count {
            if distances[k] > distances[k - 1] { return Double(atan2(points[k].y - points[k - 1].y, points[k].x - points[k - 1].x)) }
            k += 1
        }
        return 0
    }

    /// The number of segments (keyframes − 1).
    package var segmentCount: Int { sampleStarts.count - 1 }
    /// The path's total length.
    package var length: Double { distances[distances.count - 1] }
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
    /// The track as one block of numbers (see ``KeyframeTable``): nil for the cubic modes of values, and for values
    /// that are not numbers, points or sizes.
    package let table: [Double]?

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
        if let path {
            table = KeyframeTable.make(mode: mode, keyTimes: times, functions: segmentTimingFunctions, path: path)
        } else if let pairs {
            table = KeyframeTable.make(mode: mode, keyTimes: times, functions: segmentTimingFunctions, pairs: pairs)
        } else {
            table = nil
        }
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
        if path != nil {
            let (pair, angle) = samplePair(at: p)
            return (.point(CGPoint(x: pair.x, y: pair.y)), angle)
        }
        if mode == .discrete { return (value(ofKeyframe: discreteIndex(p)), nil) }
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

    /// ``sample(at:)`` for a track of pairs or a path, unboxed: the table's sampling, or the spline's.
    package func samplePair(at progress: Double) -> (value: SIMD2<Double>, angle: Double?) {
        if let table { return table.withUnsafeBufferPointer { KeyframeTable.samplePair($0.baseAddress!, at: progress) } }
        guard let pairs else { return (SIMD2(0, 0), nil) }
        let p = progress.isNaN ? 0 : min(1, max(0, progress))
        guard pairs.count > 1, let spline else { return (pairs[0], nil) }
        let (i, u) = arcLengths?.locate(fraction: p) ?? segmentAndFraction(p)
        let c = spline.evaluate(segment: i, u: u)
        return (SIMD2(c.first ?? 0, c.count > 1 ? c[1] : 0), nil)
    }

    /// The segment containing `p` by key time and the local progress in it, after the segment's
    /// timing function. Before the first key time: the start of segment 0; after the last: the end
    /// of the last segment; equal key times jump.
    private func segmentAndFraction(_ p: Double) -> (segment: Int, u: Double) {
        let segments = count - 1
        guard segments > 0 else { return (0, 0) }
        let (lo, linear) = keyTimes.withUnsafeBufferPointer {
            KeyframeTable.segment(at: p, keyTimes: $0.baseAddress!, segments: segments)
        }
        var u = linear
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
