import Foundation
import AnimaGraphics

/// The last timing samples and curve solves of a frame: animations committed together share their pacing
/// object, and siblings share their parent's time, so consecutive animations often ask the same question.
/// Sampling and solving are pure, so reusing an answer changes nothing.
///
/// The memos name pacings by identity and hold no reference: every pacing compared is kept alive by an animation
/// the store holds for the whole frame, at a distinct address. Sample memos also match equal timings that are not
/// shared; curve memos equal curves.
struct TimingMemo {
    private struct Sample {
        var pacing: UnsafeMutableRawPointer, timing: AnimationTiming, time: Double, sample: TimingSample?
    }
    /// Two sample memos: a layer's animations usually alternate between two pacings.
    private var sample1: Sample?
    private var sample2: Sample?
    private var solve: (pacing: UnsafeMutableRawPointer, curve: TimingCurve, x: Double, y: Double)?

    /// `pacing.timing.sample(atParentTime: t)`.
    @inline(__always)
    mutating func sample(_ pacing: Unmanaged<CommittedPacing>, at t: Double) -> TimingSample? {
        let id = pacing.toOpaque()
        if let memo = sample1, memo.time == t, memo.pacing == id { return memo.sample }
        if let memo = sample2, memo.time == t, memo.pacing == id { return memo.sample }
        return pacing._withUnsafeGuaranteedRef { pacing in
            let timing = pacing.timing
            if let memo = sample1, memo.time == t, memo.timing == timing { return memo.sample }
            if let memo = sample2, memo.time == t, memo.timing == timing { return memo.sample }
            let sample = timing.sample(atParentTime: t)
            sample2 = sample1
            sample1 = Sample(pacing: id, timing: timing, time: t, sample: sample)
            return sample
        }
    }

    /// The eased progress for linear progress `p`: the pacing's curve (nil: linear).
    @inline(__always)
    mutating func eased(_ p: Double, by pacing: Unmanaged<CommittedPacing>) -> Double {
        let id = pacing.toOpaque()
        if let last = solve, last.x == p, last.pacing == id { return last.y }
        guard let curve = pacing._withUnsafeGuaranteedRef({ $0.curve }) else { return p }
        if let last = solve, last.x == p, last.curve == curve { return last.y }
        let y = curve.evaluate(at: p)
        solve = (id, curve, p, y)
        return y
    }
}
