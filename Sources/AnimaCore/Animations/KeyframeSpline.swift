import Foundation
import AnimaGraphics

/// A Kochanek–Bartels spline through keyframe vectors: the curve of the `cubic` and `cubicPaced`
/// calculation modes. With tension, continuity and bias all 0 it is a Catmull-Rom spline.
///
/// Tangents at keyframe Pᵢ (τ tension, c continuity, β bias):
/// ```
/// outgoing Dᵢ = (1−τ)(1+β)(1+c)/2 · (Pᵢ − Pᵢ₋₁) + (1−τ)(1−β)(1−c)/2 · (Pᵢ₊₁ − Pᵢ)
/// incoming Sᵢ = (1−τ)(1+β)(1−c)/2 · (Pᵢ − Pᵢ₋₁) + (1−τ)(1−β)(1+c)/2 · (Pᵢ₊₁ − Pᵢ)
/// segment i:  h00(u)·Pᵢ + h10(u)·Dᵢ + h01(u)·Pᵢ₊₁ + h11(u)·Sᵢ₊₁
/// ```
/// The ends repeat their keyframe (P₋₁ = P₀, Pₙ = Pₙ₋₁); with uneven key times each tangent is
/// scaled by the length of the segment it belongs to, 2Δᵢ/(Δᵢ₋₁ + Δᵢ) (Kochanek and Bartels'
/// adjustment). Both are our reading of UNCONFIRMED Core Animation details.
package struct KeyframeSpline: Sendable {
    package let points: [[Double]]
    private var outgoing: [[Double]] = []
    private var incoming: [[Double]] = []

    /// A spline through `points` (vectors of equal length) reached at `times`; `tension`,
    /// `continuity` and `bias` hold one value per point.
    package init(points: [[Double]], times: [Double], tension: [Double], continuity: [Double], bias: [Double]) {
        self.points = points
        let n = points.count
        for i in 0..<n {
            let p = points[i]
            let prev = i > 0 ? points[i - 1] : p
            let next = i < n - 1 ? points[i + 1] : p
            let t = tension[i], c = continuity[i], b = bias[i]
            let a0 = (1 - t) * (1 + b) * (1 + c) / 2, b0 = (1 - t) * (1 - b) * (1 - c) / 2
            let a1 = (1 - t) * (1 + b) * (1 - c) / 2, b1 = (1 - t) * (1 - b) * (1 + c) / 2
            var outScale = 1.0, inScale = 1.0
            if i > 0 && i < n - 1 {
                let before = times[i] - times[i - 1], after = times[i + 1] - times[i]
                if before > 0 && after > 0 {
                    outScale = 2 * after / (before + after)
                    inScale = 2 * before / (before + after)
                }
            }
            var d = [Double](repeating: 0, count: p.count), s = d
            for k in 0..<p.count {
                let back = p[k] - prev[k], ahead = next[k] - p[k]
                d[k] = (a0 * back + b0 * ahead) * outScale
                s[k] = (a1 * back + b1 * ahead) * inScale
            }
            outgoing.append(d)
            incoming.append(s)
        }
    }

    /// The point on segment `i` (from keyframe i to i + 1) at local parameter `u` ∈ [0, 1].
    package func evaluate(segment i: Int, u: Double) -> [Double] {
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let p0 = points[i], p1 = points[i + 1], d = outgoing[i], s = incoming[i + 1]
        var r = p0
        for k in 0..<r.count { r[k] = h00 * p0[k] + h10 * d[k] + h01 * p1[k] + h11 * s[k] }
        return r
    }

    /// The outgoing tangent at keyframe `i` (for tests and debugging).
    package func outgoingTangent(at i: Int) -> [Double] { outgoing[i] }

    /// The incoming tangent at keyframe `i`.
    package func incomingTangent(at i: Int) -> [Double] { incoming[i] }
}

/// Arc length along a sampled curve of `segments` segments, to map a fraction of the total length
/// back to (segment, local parameter): constant speed for `cubicPaced`.
package struct ArcLengthTable: Sendable {
    private let samplesPerSegment: Int
    /// Cumulative length at each sample; sample j is segment j / m at u = (j mod m) / m.
    private var lengths: [Double] = [0]

    /// Samples `curve(segment, u)` `samplesPerSegment` times per segment.
    package init(segments: Int, samplesPerSegment: Int = 32, curve: (Int, Double) -> [Double]) {
        self.samplesPerSegment = max(1, samplesPerSegment)
        let m = self.samplesPerSegment
        guard segments > 0 else { return }
        var last = curve(0, 0)
        var total = 0.0
        lengths.reserveCapacity(segments * m + 1)
        for i in 0..<segments {
            for j in 1...m {
                let p = curve(i, Double(j) / Double(m))
                var sq = 0.0
                for k in 0..<min(p.count, last.count) { sq += (p[k] - last[k]) * (p[k] - last[k]) }
                total += sq.squareRoot()
                lengths.append(total)
                last = p
            }
        }
    }

    /// The total length.
    package var total: Double { lengths.last ?? 0 }

    /// The segment and local parameter at `fraction` of the total length.
    package func locate(fraction: Double) -> (segment: Int, u: Double) {
        let m = samplesPerSegment
        let count = lengths.count - 1
        // A length that overflowed (values near the largest doubles) cannot be paced: the first segment's parameter.
        guard count > 0, total > 0, total.isFinite else { return (0, fraction) }
        let target = min(1, max(0, fraction)) * total
        var lo = 1, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lengths[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        let span = lengths[lo] - lengths[lo - 1]
        let local = span > 0 ? (target - lengths[lo - 1]) / span : 1
        let position = (Double(lo - 1) + local) / Double(m)
        let segment = min(count / m - 1, Int(position.rounded(.down)))
        return (segment, min(1, position - Double(segment)))
    }
}
