import Foundation
import Testing

/// The reference evaluator checked against the test vectors of core-animation-semantics.md §10, so that a
/// disagreement with the library points at the library (or at a rule), not at the reference.
@Suite("Reference evaluator against the rules' test vectors")
struct ReferenceSelfTests {
    private func progress(_ timing: RefTiming, at t: Double) -> Double? {
        ReferenceTiming.sample(timing, parentTime: t)?.progress
    }

    private func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    @Test func layerTimeVectors() {
        #expect(ReferenceTiming.layerTime(parentTime: 100, beginTime: 5, speed: 1, timeOffset: 0) == 95)   // TV2
        #expect(ReferenceTiming.layerTime(parentTime: 100, beginTime: 0, speed: 1, timeOffset: 5) == 105)  // TV3
        let parent = ReferenceTiming.layerTime(parentTime: 20, beginTime: 10, speed: 2, timeOffset: 0)      // TV5
        #expect(ReferenceTiming.layerTime(parentTime: parent, beginTime: 0, speed: 3, timeOffset: 1) == 61)
    }

    @Test func animationTimingVectors() {
        let offset = RefTiming(duration: 1, timeOffset: 0.5)
        #expect(near(progress(offset, at: 0.25), 0.75))                                        // TV9
        #expect(near(progress(offset, at: 0.75), 0.25))                                        // TV10
        #expect(progress(offset, at: 1.0) == nil)                                              // TV11 removed
        #expect(near(progress(RefTiming(duration: 1, timeOffset: 0.5, fillMode: .forwards), at: 1.0), 0.5))
        #expect(near(progress(RefTiming(duration: 2, speed: 2), at: 0.5), 0.5))                // TV12
        let fractional = RefTiming(duration: 2, repeatCount: 2.5, fillMode: .forwards)
        #expect(near(progress(fractional, at: 4.5), 0.25))                                     // TV14
        #expect(near(progress(fractional, at: 5), 0.5))                                        // TV15
        let reversing = RefTiming(duration: 1, repeatCount: 1, autoreverses: true, fillMode: .forwards)
        #expect(near(progress(reversing, at: 1.25), 0.75))                                     // TV16
        #expect(near(progress(reversing, at: 2), 0))                                           // TV17
        #expect(near(progress(RefTiming(duration: 1, repeatDuration: 2.5), at: 2.2), 0.2))     // TV18
        #expect(near(progress(RefTiming(duration: 1, repeatCount: .greatestFiniteMagnitude), at: 1000.3), 0.3, 1e-9))
        let future = RefTiming(beginTime: 2, duration: 1, fillMode: .backwards)
        #expect(near(progress(future, at: 1), 0))                                              // TV20
        #expect(progress(RefTiming(beginTime: 2, duration: 1, fillMode: .forwards), at: 1) == nil)
    }

    @Test func groupChildVector() {
        // TV22: group d = 1, child beginTime 0.5, d = 1: group time 0.75 → child p = 0.25.
        let child = RefAnimation(key: "c", property: .opacity, kind: .basic(from: .number(0), to: .number(1), by: nil),
                                 timing: RefTiming(beginTime: 0.5, duration: 1))
        let group = RefAnimation(key: "g", kind: .group([child]), timing: RefTiming(duration: 1))
        var g = RefGeometry()
        var curved = false
        ReferenceEvaluator.apply(group, parentTime: 0.75, to: &g, usedCurveSolve: &curved)
        #expect(near(g.opacity, 0.25))
    }

    @Test func timingFunctionVectors() {
        let easeInOut = RefTimingFunction(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
        #expect(near(ReferenceTiming.evaluate(easeInOut, at: 0.5), 0.5, 1e-6))                 // TV24
        #expect(near(ReferenceTiming.evaluate(easeInOut, at: 0.25), 0.129162, 1e-5))           // TV25
        #expect(near(ReferenceTiming.evaluate(RefTimingFunction(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1), at: 0.5), 0.315357, 1e-5))
        let standard = RefTimingFunction(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)
        #expect(near(ReferenceTiming.evaluate(standard, at: 0.5), 0.802403, 1e-5))             // TV28
        #expect(near(ReferenceTiming.evaluate(standard, at: 0.25), 0.408511, 1e-5))
    }

    @Test func basicValueVectors() {
        func value(_ kind: RefAnimationKind, current: Double = 0, additive: Bool = false, p: Double,
                   iterations: Int = 0, cumulative: Bool = false) -> Double? {
            let a = RefAnimation(key: "a", property: .opacity, kind: kind, isAdditive: additive, isCumulative: cumulative)
            let s = ReferenceTiming.Sample(phase: .active, progress: p, completedIterations: iterations)
            guard case .number(let v) = ReferenceInterpolation.value(of: a, sample: s, current: .number(current)) else { return nil }
            return additive ? v + current : v
        }
        #expect(near(value(.basic(from: .number(10), to: nil, by: .number(5)), p: 0.4), 12))                 // TV30
        #expect(near(value(.basic(from: nil, to: .number(100), by: .number(20)), p: 0.5), 90))               // TV31
        #expect(near(value(.basic(from: nil, to: nil, by: .number(30)), current: 50, p: 0.5), 65))           // TV32
        #expect(near(value(.basic(from: .number(0), to: .number(20), by: nil), current: 100, additive: true, p: 0.5), 110))
        #expect(near(value(.basic(from: .number(0), to: .number(10), by: nil), p: 0.5, iterations: 2, cumulative: true), 25))
    }

    @Test func keyframeVectors() {
        let values: [RefValue] = [.number(0), .number(10), .number(30)]
        func at(_ p: Double, _ keyTimes: [Double]? = nil, _ mode: RefCalculationMode = .linear) -> RefValue {
            ReferenceInterpolation.keyframe(values: values, keyTimes: keyTimes, mode: mode, functions: nil, progress: p)
        }
        #expect(at(0.75) == .number(20))                                                       // TV35
        #expect(at(0.6, [0, 0.2, 1]) == .number(20))                                           // TV36
        #expect(at(0.5, [0, 0.25, 0.75, 1], .discrete) == .number(10))                         // TV37
        #expect(at(0.8, [0, 0.25, 0.75, 1], .discrete) == .number(30))
        #expect(at(0.1, [0, 0.25, 0.75, 1], .discrete) == .number(0))
        guard case .number(let paced) = at(0.5, nil, .paced) else { Issue.record("not a number"); return }
        #expect(near(paced, 15))                                                               // TV38
    }

    @Test func springVector() {
        // TV40: m = 1, k = 100, c = 10, v0 = 0.
        func p(_ t: Double) -> Double {
            ReferenceTiming.springProgress(at: t, mass: 1, stiffness: 100, damping: 10, initialVelocity: 0,
                                           allowsOverdamping: false)
        }
        #expect(near(p(0.1), 0.340300, 1e-6) && near(p(0.25), 1.023360, 1e-6))
        #expect(near(p(0.5), 1.074591, 1e-6) && near(p(1.0), 1.002170, 1e-6))
    }
}
