import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// The pure timing maths (`AnimationTiming`), built from a `CABasicAnimation`'s CAMediaTiming
/// properties so the mapping from the public properties is covered too. Times are parent times.
@MainActor
@Suite("AnimationTiming")
struct AnimationTimingTests {
    func timing(_ configure: (CABasicAnimation) -> Void) -> AnimationTiming {
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 1
        configure(a)
        return a.timing
    }

    func progress(_ t: AnimationTiming, at parentTime: Double) -> Double? {
        guard let s = t.sample(atParentTime: parentTime), s.isEffective else { return nil }
        return s.progress
    }

    // MARK: Phases and fill modes

    @Test func plainAnimationPhases() throws {
        let t = timing { $0.beginTime = 10; $0.duration = 2 }
        let before = try #require(t.sample(atParentTime: 9))
        #expect(before.phase == .before && !before.isEffective)
        let mid = try #require(t.sample(atParentTime: 10.5))
        #expect(mid.phase == .active && isClose(mid.progress, 0.25))   // e = 0.5, 0.5 / 2
        let end = try #require(t.sample(atParentTime: 12))
        #expect(end.phase == .after && !end.isEffective)                 // e = 2 = D: after, removed fill
        #expect(t.sample(atParentTime: 10)?.phase == .active)           // e = 0 is the first active instant
    }

    @Test(arguments: [
        // (fill mode, effective before?, effective after?)
        (CAMediaTimingFillMode.removed, false, false),
        (.forwards, false, true),
        (.backwards, true, false),
        (.both, true, true),
    ])
    func fillModes(fill: CAMediaTimingFillMode, holdsBefore: Bool, holdsAfter: Bool) {
        let t = timing { $0.beginTime = 5; $0.fillMode = fill }
        #expect((progress(t, at: 4) != nil) == holdsBefore)
        #expect((progress(t, at: 7) != nil) == holdsAfter)
        if holdsBefore { #expect(progress(t, at: 4) == 0) }   // backwards holds τ = o = 0: fromValue
        if holdsAfter { #expect(progress(t, at: 7) == 1) }    // forwards holds the end: toValue
    }

    @Test func zeroDurationHasNoSample() {
        // The layer substitutes a duration when adding; the bare maths refuses to divide by zero.
        let t = timing { $0.duration = 0 }
        #expect(t.sample(atParentTime: 0.5) == nil)
    }

    // MARK: timeOffset (TV9–TV11)

    @Test func timeOffsetStartsPartWayTV9() {
        // d = 1, o = 0.5, e = 0.25 → τ = 0.75 → p = 0.75
        let t = timing { $0.timeOffset = 0.5 }
        #expect(isClose(progress(t, at: 0.25) ?? -1, 0.75))
    }

    @Test func timeOffsetWrapsTV10() {
        // e = 0.75 → τ = 1.25 → 1.25 mod 1 = 0.25
        let t = timing { $0.timeOffset = 0.5 }
        #expect(isClose(progress(t, at: 0.75) ?? -1, 0.25))
        // The whole active duration still plays: second half, then first half, 1 s in total.
        #expect(t.sample(atParentTime: 0.99)?.phase == .active)
        #expect(t.sample(atParentTime: 1.0)?.phase == .after)
    }

    @Test func timeOffsetEndRemovedOrHeldTV11() {
        // e = 1 → D = 1 is over.
        let removed = timing { $0.timeOffset = 0.5 }
        #expect(progress(removed, at: 1) == nil)
        // Forwards fill: τ_end = 1 + 0.5 = 1.5, not a multiple of d → u = 0.5 (UNCONFIRMED rule).
        let held = timing { $0.timeOffset = 0.5; $0.fillMode = .forwards }
        #expect(isClose(progress(held, at: 1) ?? -1, 0.5))
        #expect(isClose(progress(held, at: 500) ?? -1, 0.5))
    }

    // MARK: Speed (TV12) and repeat count (TV13–TV15, TV19)

    @Test func speedScalesElapsedTimeTV12() {
        // d = 2, speed 2, e = 0.5 → a = 1 → p = 0.5; active period in parent time 2 / 2 = 1 s.
        let t = timing { $0.duration = 2; $0.speed = 2 }
        #expect(isClose(progress(t, at: 0.5) ?? -1, 0.5))
        #expect(t.endTimeInParent == 1)
        #expect(t.sample(atParentTime: 0.999)?.phase == .active)
        #expect(t.sample(atParentTime: 1.0)?.phase == .after)
    }

    @Test func speedZeroFreezesAtTimeOffset() {
        // a = e · 0 = 0, τ = o = 0.3 → p = 0.3 forever (the seed slider's first variant).
        let t = timing { $0.speed = 0; $0.timeOffset = 0.3 }
        #expect(isClose(progress(t, at: 0) ?? -1, 0.3))
        #expect(isClose(progress(t, at: 1_000) ?? -1, 0.3))
        #expect(t.endTimeInParent == .infinity)
    }

    @Test func repeatCountZeroIsOnePassTV13() {
        let t = timing { $0.repeatCount = 0 }
        #expect(t.activeDuration == 1)   // D = I · 1 = 1
    }

    @Test func fractionalRepeatCountTV14() {
        // rc = 2.5, d = 2 → D = 5; e = 4.5 → k = 2, u = 0.5 → p = 0.25
        let t = timing { $0.duration = 2; $0.repeatCount = 2.5 }
        #expect(t.activeDuration == 5)
        let s = t.sample(atParentTime: 4.5)
        #expect(s?.iteration == 2)
        #expect(isClose(s?.progress ?? -1, 0.25))
        #expect(t.sample(atParentTime: 5)?.phase == .after)
    }

    @Test func fractionalRepeatCountHeldEndTV15() {
        // τ_end = 5; 5 / 2 = 2.5 → k = 2, u = 1 → held p = 0.5
        let t = timing { $0.duration = 2; $0.repeatCount = 2.5; $0.fillMode = .forwards }
        #expect(isClose(progress(t, at: 9) ?? -1, 0.5))
    }

    @Test func infiniteRepeatTV19() {
        // repeatCount = .infinity never ends; e = 1000.3 → p = 0.3
        let t = timing { $0.repeatCount = .infinity }
        #expect(t.activeDuration == .infinity)
        let s = t.sample(atParentTime: 1000.3)
        #expect(s?.phase == .active)
        #expect(isClose(s?.progress ?? -1, 0.3, within: 1e-9))
        #expect(s?.iteration == 1000)
        // Apple's documented spelling, greatestFiniteMagnitude, is infinite as well.
        let g = timing { $0.repeatCount = .greatestFiniteMagnitude }
        #expect(g.activeDuration == .infinity)
    }

    // MARK: repeatDuration (TV18) and its priority

    @Test func repeatDurationTV18() {
        // rd = 2.5, d = 1 → D = 2.5; e = 2.2 → k = 2, u = 0.2 → p = 0.2
        let t = timing { $0.repeatDuration = 2.5 }
        #expect(t.activeDuration == 2.5)
        #expect(isClose(progress(t, at: 2.2) ?? -1, 0.2, within: 1e-12))
        #expect(t.sample(atParentTime: 2.5)?.phase == .after)
    }

    @Test func repeatDurationWinsOverRepeatCountUNCONFIRMED() {
        // Apple: both set is undefined. Our choice (UNCONFIRMED): repeatDuration wins,
        // so rc = 10 is ignored and D = rd = 1.5 rather than 10.
        let t = timing { $0.repeatCount = 10; $0.repeatDuration = 1.5 }
        #expect(t.activeDuration == 1.5)
        #expect(t.sample(atParentTime: 1.6)?.phase == .after)
    }

    // MARK: Autoreverses (TV16–TV17)

    @Test func autoreverseMirrorsOddIterationsTV16() {
        // ar, d = 1, rc = 1 → I = 2, D = 2; e = 1.25 → k = 1 (odd), u = 0.25 → 1 − 0.25 = 0.75
        let t = timing { $0.autoreverses = true; $0.repeatCount = 1 }
        #expect(t.activeDuration == 2)
        #expect(isClose(progress(t, at: 1.25) ?? -1, 0.75))
        #expect(isClose(progress(t, at: 0.25) ?? -1, 0.25))   // forward half unchanged
    }

    @Test func autoreverseEndsOnFromValueTV17() {
        // τ_end = 2 is a multiple of d → u = d on iteration k = 1 (odd) → mirrored → p = 0
        let t = timing { $0.autoreverses = true; $0.repeatCount = 1; $0.fillMode = .forwards }
        #expect(progress(t, at: 2) == 0)
        #expect(progress(t, at: 100) == 0)
        // Without autoreverse the held end is the toValue (u = d → p = 1).
        let plain = timing { $0.repeatCount = 2; $0.fillMode = .forwards }
        #expect(progress(plain, at: 100) == 1)
    }

    @Test func groupChildTimingTV22() {
        // CAAnimationGroup is not in AnimaCore yet; this checks the child's half of TV22: a child
        // with beginTime 0.5 and d = 1 sampled at group time 0.75 → e = 0.25 → p = 0.25, and at
        // group time 1.0 (where the group would clip it) it has reached p = 0.5.
        let child = timing { $0.beginTime = 0.5 }
        #expect(isClose(progress(child, at: 0.75) ?? -1, 0.25))
        #expect(isClose(progress(child, at: 1.0) ?? -1, 0.5))
    }

    // MARK: Before the start (TV20)

    @Test func futureBeginTimeTV20() {
        // beginTime = now + 2, sampled at e = −1: before the start.
        let backwards = timing { $0.beginTime = 102; $0.fillMode = .backwards }
        #expect(progress(backwards, at: 101) == 0)   // holds fromValue
        let removed = timing { $0.beginTime = 102 }
        #expect(progress(removed, at: 101) == nil)     // model value shows
        let forwards = timing { $0.beginTime = 102; $0.fillMode = .forwards }
        #expect(progress(forwards, at: 101) == nil)
    }
}
