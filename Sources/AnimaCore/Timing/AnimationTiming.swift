import Foundation
import AnimaGraphics

/// Where an animation is at a moment: its phase, the progress within the current iteration
/// (before the timing function), and how many iterations have completed.
package struct TimingSample: Equatable, Sendable {
    package enum Phase: Sendable { case before, active, after }
    package var phase: Phase
    /// Progress through the current iteration, 0…1, after autoreverse mirroring.
    package var progress: Double
    /// Completed iterations (forward+backward counts as one when autoreversing).
    package var iteration: Int
    /// Whether the animation changes the presented value (false outside the active duration
    /// unless the fill mode holds a value there).
    package var isEffective: Bool = true
}

/// The pure timing maths of one animation (SMIL style, as Core Animation documents it).
///
/// ```
/// parent time ──(− beginTime)──▶ e ──(× speed)──▶ a ──(+ timeOffset, wrap mod D)──▶ τ
///   τ ──(mod duration, mirror odd iterations when autoreversing)──▶ u ──(÷ duration)──▶ progress
/// ```
/// Rules that are our reading of UNCONFIRMED Apple behaviour: `repeatDuration` wins over
/// `repeatCount`; the offset wraps modulo the active duration D; negative speed plays the active
/// duration backwards from its end.
package struct AnimationTiming: Equatable, Sendable {
    package var beginTime: Double
    package var duration: Double
    package var speed: Double
    package var timeOffset: Double
    package var repeatCount: Double
    package var repeatDuration: Double
    package var autoreverses: Bool
    /// The fill mode as two flags (compared per frame; the mode itself is a string).
    package var fillsBackwards: Bool
    package var fillsForwards: Bool

    package init(beginTime: Double, duration: Double, speed: Double, timeOffset: Double, repeatCount: Double,
                 repeatDuration: Double, autoreverses: Bool, fillMode: CAMediaTimingFillMode) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        fillsBackwards = fillMode.fillsBackwards
        fillsForwards = fillMode.fillsForwards
    }

    package var fillMode: CAMediaTimingFillMode {
        get {
            switch (fillsBackwards, fillsForwards) {
            case (true, true): return .both
            case (true, false): return .backwards
            case (false, true): return .forwards
            case (false, false): return .removed
            }
        }
        set { fillsBackwards = newValue.fillsBackwards; fillsForwards = newValue.fillsForwards }
    }

    /// Length of one iteration: forward, plus backward when autoreversing.
    package var iterationDuration: Double { duration * (autoreverses ? 2 : 1) }

    /// The active duration D in local time (∞ for endless repeats).
    package var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
            return iterationDuration * repeatCount
        }
        return iterationDuration
    }

    /// When the active duration ends, in parent time (∞ when it never ends; for speed 0 as well).
    package var endTimeInParent: Double {
        if speed == 0 { return .infinity }
        return beginTime + activeDuration / abs(speed)
    }

    /// Samples the animation at `parentTime` (nil only for a non-positive duration).
    package func sample(atParentTime parentTime: Double) -> TimingSample? {
        guard duration > 0, parentTime.isFinite || parentTime == .infinity else { return nil }
        let e = parentTime - beginTime
        let D = activeDuration
        if e < 0 {
            guard fillsBackwards else {
                return TimingSample(phase: .before, progress: 0, iteration: 0, isEffective: false)
            }
            return sampleWithin(wrapped(timeOffset, D), phase: .before)
        }
        let a = speed >= 0 ? e * speed : D + e * speed
        let isAfter = speed >= 0 ? a >= D : a <= 0
        if isAfter {
            guard fillsForwards else { return TimingSample(phase: .after, progress: 1, iteration: 0, isEffective: false) }
            return endSample(D)
        }
        return sampleWithin(wrapped(a + timeOffset, D), phase: .active)
    }

    private func wrapped(_ tau: Double, _ D: Double) -> Double {
        guard D.isFinite, D > 0 else { return max(0, tau) }
        let r = tau.truncatingRemainder(dividingBy: D)
        return r < 0 ? r + D : r
    }

    private func sampleWithin(_ tau: Double, phase: TimingSample.Phase) -> TimingSample {
        let q = tau / duration
        // Beyond 2⁶² iterations (an endless layer time, extreme speeds or a tiny duration) no double resolves a
        // place in the iteration, and NaN (∞ × 0) has none: both present an iteration's start.
        guard abs(q) < 0x1p62 else {
            return TimingSample(phase: phase, progress: 0, iteration: q.isNaN ? 0 : q > 0 ? 1 << 61 : -(1 << 61))
        }
        // floor(q) without a libm call for the usual non-negative q (truncation equals floor there, exactly).
        let k = q >= 0 && q < 0x1p52 ? Double(Int64(q)) : q.rounded(.down)
        var u = tau - k * duration
        let ki = Int(k)
        if autoreverses && ki % 2 == 1 { u = duration - u }
        return TimingSample(phase: phase, progress: u / duration, iteration: autoreverses ? ki / 2 : ki)
    }

    /// The value held after the end: the end of the last iteration (`u = d` on an exact multiple).
    private func endSample(_ D: Double) -> TimingSample {
        guard D.isFinite else { return sampleWithin(timeOffset, phase: .after) }
        var tauEnd = D + timeOffset
        let r = tauEnd.truncatingRemainder(dividingBy: D)
        tauEnd = abs(r) < 1e-12 ? D : (r < 0 ? r + D : r)
        let n = tauEnd / duration
        let nearest = n.rounded()
        if nearest >= 1 && abs(n - nearest) < 1e-9 {
            let k = Int(min(nearest, Double(Int.max / 2))) - 1
            let mirrored = autoreverses && k % 2 == 1
            return TimingSample(phase: .after, progress: mirrored ? 0 : 1, iteration: autoreverses ? k / 2 : k)
        }
        var s = sampleWithin(tauEnd, phase: .after)
        s.phase = .after
        return s
    }
}

/// An animation's timing and timing curve as frozen when it is committed: immutable, and shared by the
/// animations a commit freezes with equal values (`FramePipeline.commitOutermost` reuses the recent ones).
/// Animations added together usually share their pacing, so a frame reads each distinct pacing once from
/// cache instead of every animation carrying 112 bytes of it, and evaluation recognises a shared timing
/// sample by identity.
package final class CommittedPacing: Sendable {
    package let timing: AnimationTiming
    /// The timing function's curve (nil: linear, or the timing function is read instead).
    package let curve: TimingCurve?
    /// A spring's curve, whose progress replaces the eased progress (nil for other animations).
    package let spring: SpringCurve?

    package init(timing: AnimationTiming, curve: TimingCurve?, spring: SpringCurve? = nil) {
        self.timing = timing
        self.curve = curve
        self.spring = spring
    }

    /// A spring's progress at the sample's simple time, in seconds (the sample's progress without a spring).
    @inline(__always)
    package func springFraction(_ sample: TimingSample) -> Double {
        spring?.value(at: sample.progress * timing.duration) ?? sample.progress
    }

    /// A pacing with `timing`, `curve` and `spring`: one of the `recent` ones when equal (animations added
    /// together usually alternate among a few pacings), else a new one, which becomes the most recent of at most
    /// eight.
    package static func shared(_ timing: AnimationTiming, _ curve: TimingCurve?, spring: SpringCurve? = nil,
                               recent: inout [CommittedPacing]) -> CommittedPacing {
        recent.reusingRecent(limit: 8, where: { $0.timing == timing && $0.curve == curve && $0.spring == spring },
                             else: CommittedPacing(timing: timing, curve: curve, spring: spring))
    }
}

extension Array {
    /// The first element that `matches`, moved to the front; else `make()`, put in front, with the list cut to
    /// `limit` elements: a most-recent-first list of values to share among equal ones.
    package mutating func reusingRecent(limit: Int, where matches: (Element) -> Bool,
                                        else make: @autoclosure () -> Element) -> Element {
        if let i = firstIndex(where: matches) {
            let found = self[i]
            if i != 0 { remove(at: i); insert(found, at: 0) }
            return found
        }
        let made = make()
        insert(made, at: 0)
        if count > limit { removeLast() }
        return made
    }
}
