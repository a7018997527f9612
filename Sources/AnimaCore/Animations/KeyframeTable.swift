import Foundation
import AnimaGraphics

/// A keyframe track's numbers in one flat block of doubles, and the sampling that reads it.
///
/// Evaluating a keyframe animation reads its key times, its per-segment timing curves and its values — or, for a
/// path, the flattened curve of each segment. Kept in arrays of objects, that is half a dozen dependent loads per
/// animation per frame, each a cache miss once thousands of layers animate. As one block, it is one place in
/// memory: a track keeps its block (``KeyframeTrack``), and each display's render-side copy keeps a copy of it
/// in one arena for all its animations, which frames read. Both sample through ``samplePair(_:at:)``.
///
/// ```
/// header (12) │ key times │ curves (5 per segment) │ pairs (2 per keyframe) │ path: distances │ starts │ samples (4 each)
/// ```
/// Tracks of numbers, points or sizes (linear, discrete, paced) and paths (every mode) have a table; the cubic
/// modes of values sample their spline through the track instead.
package enum KeyframeTable {
    // Header fields (offsets within the block).
    private static let isPath = 0, mode = 1, count = 2, keyTimeCount = 3, keyTimesAt = 4, curvesAt = 5, curveCount = 6
    private static let pairsAt = 7, distancesAt = 8, startsAt = 9, samplesAt = 10, segmentCount = 11
    private static let headerSize = 12

    private static func code(_ mode: CAAnimationCalculationMode) -> Double {
        switch mode {
        case .discrete: return 1
        case .paced: return 2
        case .cubic: return 3
        case .cubicPaced: return 4
        default: return 0
        }
    }

    /// The block of a track of pairs, or nil when the track has no table (the cubic modes).
    static func make(mode: CAAnimationCalculationMode, keyTimes: [Double], functions: [CAMediaTimingFunction?],
                     pairs: [SIMD2<Double>]) -> [Double]? {
        guard mode != .cubic, mode != .cubicPaced else { return nil }
        var block = header(mode: mode, isPath: false, count: pairs.count, keyTimes: keyTimes, functions: functions)
        block[pairsAt] = Double(block.count)
        for p in pairs { block.append(p.x); block.append(p.y) }
        return block
    }

    /// The block of a path track.
    static func make(mode: CAAnimationCalculationMode, keyTimes: [Double], functions: [CAMediaTimingFunction?],
                     path: PathKeyframes) -> [Double] {
        var block = header(mode: mode, isPath: true, count: path.segmentCount + 1, keyTimes: keyTimes, functions: functions)
        block[pairsAt] = Double(block.count)
        for p in path.points { block.append(Double(p.x)); block.append(Double(p.y)) }
        block[distancesAt] = Double(block.count)
        block.append(contentsOf: path.distances)
        block[segmentCount] = Double(path.segmentCount)
        block[startsAt] = Double(block.count)
        block.append(contentsOf: path.sampleStarts.map(Double.init))
        block[samplesAt] = Double(block.count)
        block.append(contentsOf: path.sampleValues)
        return block
    }

    private static func header(mode: CAAnimationCalculationMode, isPath: Bool, count n: Int, keyTimes: [Double],
                               functions: [CAMediaTimingFunction?]) -> [Double] {
        var block = [Double](repeating: 0, count: headerSize)
        block[self.isPath] = isPath ? 1 : 0
        block[self.mode] = code(mode)
        block[count] = Double(n)
        block[keyTimeCount] = Double(keyTimes.count)
        block[keyTimesAt] = Double(block.count)
        block.append(contentsOf: keyTimes)
        block[curvesAt] = Double(block.count)
        block[curveCount] = Double(functions.count)
        for f in functions {
            if let f {
                block += [1, Double(f.c1.x), Double(f.c1.y), Double(f.c2.x), Double(f.c2.y)]
            } else {
                block += [0, 0, 0, 0, 0]
            }
        }
        return block
    }

    /// The last keyframe of the block at `b` as a pair.
    @inline(__always)
    static func lastPair(_ b: UnsafePointer<Double>) -> SIMD2<Double> {
        let at = Int(b[pairsAt]) + 2 * (Int(b[count]) - 1)
        return SIMD2(b[at], b[at + 1])
    }

    /// The value at eased progress `progress` ∈ [0, 1] of the block at `b`, and the direction of travel (radians)
    /// for a path: `KeyframeTrack`'s rules (see its `sample(at:)`), on the block's numbers.
    static func samplePair(_ b: UnsafePointer<Double>, at progress: Double) -> (value: SIMD2<Double>, angle: Double?) {
        let p = progress.isNaN ? 0 : min(1, max(0, progress))
        let mode = b[self.mode], n = Int(b[count])
        let pairs = b + Int(b[pairsAt])
        if b[isPath] != 0 {
            let segments = Int(b[segmentCount])
            if mode == 1 {
                let i = discreteIndex(b, p)
                let angle = position(b, segment: min(i, segments - 1), u: i >= segments ? 1 : 0).angle
                return (SIMD2(pairs[2 * i], pairs[2 * i + 1]), angle)
            }
            let (i, u) = mode == 2 || mode == 4 ? locate(b, fraction: p) : segmentAndFraction(b, p)
            return position(b, segment: i, u: u)
        }
        if mode == 1 {
            let i = discreteIndex(b, p)
            return (SIMD2(pairs[2 * i], pairs[2 * i + 1]), nil)
        }
        guard n > 1 else { return (SIMD2(pairs[0], pairs[1]), nil) }
        let (i, u) = segmentAndFraction(b, p)
        let a = SIMD2(pairs[2 * i], pairs[2 * i + 1]), c = SIMD2(pairs[2 * i + 2], pairs[2 * i + 3])
        return (SIMD2(lerp(a.x, c.x, u), lerp(a.y, c.y, u)), nil)
    }

    /// The keyframe held at `p` in discrete mode: the last one whose key time has been reached.
    private static func discreteIndex(_ b: UnsafePointer<Double>, _ p: Double) -> Int {
        let times = b + Int(b[keyTimesAt]), k = Int(b[keyTimeCount])
        var index = 0
        for i in 0..<k where times[i] <= p { index = i }
        return min(index, Int(b[count]) - 1)
    }

    /// The segment containing `p` by key time and the local progress in it, after the segment's timing function.
    /// Before the first key time: the start of segment 0; after the last: the end of the last; equal key times jump.
    private static func segmentAndFraction(_ b: UnsafePointer<Double>, _ p: Double) -> (segment: Int, u: Double) {
        let segments = Int(b[count]) - 1
        guard segments > 0 else { return (0, 0) }
        let (lo, linear) = segment(at: p, keyTimes: b + Int(b[keyTimesAt]), segments: segments)
        var u = linear
        if lo < Int(b[curveCount]) {
            let c = b + Int(b[curvesAt]) + 5 * lo
            if c[0] != 0 {
                u = TimingCurve(c1: (Float(c[1]), Float(c[2])), c2: (Float(c[3]), Float(c[4]))).evaluate(at: u)
            }
        }
        return (lo, u)
    }

    /// The segment whose key times hold `p` (of `segments` ≥ 1) and the linear fraction in it: before the first key
    /// time the start of segment 0, after the last the end of the last segment; equal key times jump.
    static func segment(at p: Double, keyTimes times: UnsafePointer<Double>, segments: Int) -> (segment: Int, u: Double) {
        if p <= times[0] { return (0, 0) }
        if p >= times[segments] { return (segments - 1, 1) }
        var lo = 0, hi = segments - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        let span = times[lo + 1] - times[lo]
        return (lo, span > 0 ? (p - times[lo]) / span : 1)
    }

    /// The segment and local fraction at `fraction` of a path's whole length (constant speed).
    private static func locate(_ b: UnsafePointer<Double>, fraction: Double) -> (segment: Int, u: Double) {
        let distances = b + Int(b[distancesAt])
        let segments = Int(b[segmentCount])
        let total = distances[segments]
        guard total > 0 else { return (0, fraction) }
        let d = min(1, max(0, fraction)) * total
        var lo = 0, hi = segments - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if distances[mid] <= d { lo = mid } else { hi = mid - 1 }
        }
        let span = distances[lo + 1] - distances[lo]
        return (lo, span > 0 ? (d - distances[lo]) / span : 1)
    }

    /// The point and direction of travel at local arc-length fraction `u` of path segment `i` (see
    /// ``PathKeyframes``'s samples).
    private static func position(_ b: UnsafePointer<Double>, segment i: Int, u: Double) -> (value: SIMD2<Double>, angle: Double) {
        let starts = b + Int(b[startsAt]), samples = b + Int(b[samplesAt])
        let first = Int(starts[i]), end = Int(starts[i + 1])
        let n = end - first
        guard n > 0 else { return (SIMD2(0, 0), 0) }
        @inline(__always) func x(_ k: Int) -> Double { samples[4 * k] }
        @inline(__always) func y(_ k: Int) -> Double { samples[4 * k + 1] }
        @inline(__always) func d(_ k: Int) -> Double { samples[4 * k + 2] }
        guard n > 1 else { return (SIMD2(x(first), y(first)), 0) }
        // The segment's length from the keyframe distances beside the header (its last sample's distance is the same
        // sum, but a line of memory away from the one the search reads).
        let distances = b + Int(b[distancesAt])
        let length = distances[i + 1] - distances[i]
        let wanted = length * min(1, max(0, u))
        let target = max(0, min(length, wanted.isFinite ? wanted : 0))
        // The first sample whose distance reaches the target: samples lie at nearly even distances, so the search
        // starts where `u` says and walks to it (the same answer as a binary search, from a line or two of memory).
        var k = first + 1 + min(n - 2, max(0, Int(Double(n - 1) * min(1, max(0, u)))))
        while k > first + 1 && d(k - 1) >= target { k -= 1 }
        while k < end - 1 && d(k) < target { k += 1 }
        while k < end - 1 && d(k) == d(k - 1) && d(k) <= target { k += 1 }   // past pieces without a length
        let piece = d(k) - d(k - 1)
        let t = piece > 0 ? min(1, (target - d(k - 1)) / piece) : 0
        return (SIMD2(x(k - 1) + (x(k) - x(k - 1)) * t, y(k - 1) + (y(k) - y(k - 1)) * t), samples[4 * k + 3])
    }
}
