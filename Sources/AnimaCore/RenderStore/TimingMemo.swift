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
        var pacing: ObjectIdentifier, timing: AnimationTiming, time: Double, sample: TimingSample?
        @inline(__always)
        func matches(_ other: CommittedPacing, at t: Double) -> Bool {
            time == t && (pacing == ObjectIdentifier(other) || timing == other.timing)
        }
    }
    /// Two sample memos: a layer's animations usually alternate between two pacings.
    private var sample1: Sample?
    private var sample2: Sample?
    private var solve: (pacing: ObjectIdentifier, curve: TimingCurve, x: Double, y: Double)?

    /// `pacing.timing.sample(atParentTime: t)`.
    @inline(__always)
    mutating func sample(_ pacing: CommittedPacing, at t: Double) -> TimingSample? {
        if let memo = sample1, memo.matches(pacing, at: t) { return memo.sample }
        if let memo = sample2, memo.matches(pacing, at: t) { return memo.sample }
        let sample = pacing.timing.sample(atParentTime: t)
        sample2 = sample1
        sample1 = Sample(pacing: ObjectIdentifier(pacing), timing: pacing.timing, time: t, sample: sample)
        return sample
    }

    /// The eased progress for linear progress `p`: the pacing's curve (nil: linear).
    @inline(__always)
    mutating func eased(_ p: Double, by pacing: CommittedPacing) -> Double {
        guard let curve = pacing.curve else { return p }
        if let last = solve, last.x == p, last.pacing == ObjectIdentifier(pacing) || last.curve == curve { return last.y }
        let y = curve.evaluate(at: p)
        solve = (ObjectIdentifier(pacing), curve, p, y)
        return y
    }
}
