import Foundation
import AnimaGraphics

/// Estimates a finger's velocity from its recent positions: the least-squares slope of position against
/// time over the samples of the last ``window`` seconds.
///
/// A finger that rested for longer than the window before lifting has velocity zero; samples with the
/// same timestamp keep only the latest position (events delivered in one frame share a time).
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.add(CGPoint(x: 0, y: 0), at: 0)
/// tracker.add(CGPoint(x: 10, y: 0), at: 1.0 / 60)
/// tracker.velocity   // (600, 0) points per second
/// ```
package struct VelocityTracker: Sendable {
    /// How far back samples count, in seconds.
    package var window: TimeInterval = 0.1
    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    package init() {}

    /// Records the position `point` at media time `time` (seconds); times must not go back.
    package mutating func add(_ point: CGPoint, at time: TimeInterval) {
        guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
        if let last = samples.last, time <= last.time {
            samples[samples.count - 1].point = point
        } else {
            samples.append((time, point))
        }
        let horizon = time - window
        if let firstKept = samples.firstIndex(where: { $0.time >= horizon }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    /// Moves every recorded position by `offset` (when the tracked point jumps without the finger moving).
    package mutating func shift(by offset: CGPoint) {
        for i in samples.indices {
            samples[i].point.x += offset.x
            samples[i].point.y += offset.y
        }
    }

    /// Forgets all samples.
    package mutating func removeAll() { samples = [] }

    /// The velocity in points per second (zero with fewer than two sample times).
    package var velocity: CGPoint {
        guard samples.count >= 2 else { return .zero }
        let n = Double(samples.count)
        let meanT = samples.reduce(0) { $0 + $1.time } / n
        let meanX = samples.reduce(0) { $0 + Double($1.point.x) } / n
        let meanY = samples.reduce(0) { $0 + Double($1.point.y) } / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples {
            let dt = s.time - meanT
            stt += dt * dt
            stx += dt * (Double(s.point.x) - meanX)
            sty += dt * (Double(s.point.y) - meanY)
        }
        guard stt > 1e-12 else { return .zero }
        return CGPoint(x: stx / stt, y: sty / stt)
    }
}
