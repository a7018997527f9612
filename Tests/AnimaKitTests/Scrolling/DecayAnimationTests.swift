import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("DecayAnimation")
struct DecayAnimationTests {
    @Test func ratesAreUIKitsPerMillisecondFactors() {
        #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
    }

    @Test func velocityAndPositionFollowTheReferenceVectors() {
        let decay = DecayAnimation(initialValue: 0, initialVelocity: 1000, decelerationRate: .normal)
        #expect(isClose(decay.velocity(at: 0.1), 818.567, within: 1e-3))            // TV66
        #expect(isClose(decay.velocity(at: 1.0 / 60), 967.184, within: 1e-3))
        #expect(isClose(decay.value(at: 0.1), 90.626, within: 1e-3))                // TV67
        // TV68: 1000 pt/s falls to 1 pt/s after ≈ 3450.4 ms.
        let tv68 = DecayAnimation(initialValue: 0, initialVelocity: 1000, decelerationRate: .normal, stopVelocity: 1)
        #expect(isClose(tv68.duration, 3.4504, within: 1e-4))
        // The continuous rest point (TV64, ≈ 499.50) minus what the last 1 pt/s would still travel (≈ 0.4995).
        #expect(isClose(tv68.finalValue, 499.50 - 0.4995, within: 1e-2))
        let fast = DecayAnimation(initialValue: 0, initialVelocity: 1000, decelerationRate: .fast, stopVelocity: 1)
        #expect(isClose(fast.finalValue, 99.499 - 0.0995, within: 1e-2))           // TV65
    }

    @Test func theDefaultStopLeavesHalfAPointOfTravel() {
        for rate in [UIScrollView.DecelerationRate.normal, .fast] {
            let decay = DecayAnimation(initialValue: 10, initialVelocity: -2500, decelerationRate: rate)
            let rest = 10 + 2500 / (1000 * log(Double(rate.rawValue)))   // the continuous limit
            #expect(isClose(decay.finalValue, CGFloat(rest) + 0.5, within: 1e-9))
            #expect(isClose(abs(decay.velocity(at: decay.duration - 1e-9)), decay.stopVelocity, within: 1e-6))
            #expect(decay.velocity(at: decay.duration) == 0 && decay.value(at: decay.duration + 5) == decay.finalValue)
        }
        #expect(isClose(DecayAnimation.defaultStopVelocity(for: .normal), 1.001, within: 1e-3))
    }

    @Test func sampledAtAnyFrameRateItMatchesTheStepwiseUpdate() {
        let decay = DecayAnimation(initialValue: 0, initialVelocity: 1800, decelerationRate: .normal)
        let k = 1000 * log(0.998)
        for fps in [30.0, 60.0, 120.0] {
            // The per-frame form from the reference: d = r^(1000 Δt); x += v (d − 1) / (1000 ln r); v *= d.
            var x = 0.0, v = 1800.0
            let dt = 1 / fps
            let d = pow(0.998, 1000 * dt)
            for frame in 1...Int(fps) {
                x += v * (d - 1) / k
                v *= d
                #expect(isClose(decay.value(at: Double(frame) * dt), CGFloat(x), within: 1e-6))
            }
        }
    }

    @Test func boundsStopTheMotionAtTheEdgeAtTheRightTime() {
        let decay = DecayAnimation(initialValue: 100, initialVelocity: 2000, decelerationRate: .normal, bounds: 0...400)
        #expect(decay.stopsAtBound && decay.finalValue == 400)
        #expect(isClose(decay.value(at: decay.duration - 1e-6), 400, within: 1e-2))
        #expect(decay.value(at: decay.duration / 2) < 400)
        let unbounded = DecayAnimation(initialValue: 100, initialVelocity: 2000, decelerationRate: .normal)
        #expect(isClose(unbounded.value(at: decay.duration), 400, within: 1e-6))   // the same curve until the edge
        let backwards = DecayAnimation(initialValue: 100, initialVelocity: -200, decelerationRate: .fast, bounds: 0...400)
        #expect(!backwards.stopsAtBound && backwards.finalValue > 0)   // .fast stops after ≈ 20 points
        let outside = DecayAnimation(initialValue: 500, initialVelocity: 100, bounds: 0...400)
        #expect(outside.finalValue == 400 && outside.duration == 0)
    }

    @Test func theLandingHelperHitsTheTargetExactly() {
        for (distance, rate) in [(300.0, UIScrollView.DecelerationRate.normal), (-120, .fast), (0.25, .normal)] {
            let v = DecayAnimation.initialVelocity(toTravel: CGFloat(distance), decelerationRate: rate)
            let decay = DecayAnimation(initialValue: 50, initialVelocity: v, decelerationRate: rate)
            #expect(isClose(decay.finalValue, 50 + CGFloat(distance), within: 1e-9))
            #expect(isClose(DecayAnimation.distance(initialVelocity: v, decelerationRate: rate), CGFloat(distance), within: 1e-9))
        }
        #expect(DecayAnimation.initialVelocity(toTravel: 0) == 0)
    }

    @Test func badInputIsReportedAndDoesNotMove() {
        let nan = DecayAnimation(initialValue: 5, initialVelocity: .nan)
        #expect(nan.finalValue == 5 && nan.duration == 0)
        #expect(Diagnostics.messages(containing: "DecayAnimation: rejected initial value").count >= 1)
        let badRate = DecayAnimation(initialValue: 0, initialVelocity: 1000, decelerationRate: .init(rawValue: 1.5))
        #expect(badRate.decelerationRate == .normal)
        #expect(Diagnostics.messages(containing: "rejected deceleration rate 1.5").count >= 1)
        let badStop = DecayAnimation(initialValue: 0, initialVelocity: 1000, stopVelocity: -3)
        #expect(badStop.stopVelocity > 0)
        #expect(DecayAnimation.initialVelocity(toTravel: .infinity) == 0)
        let slow = DecayAnimation(initialValue: 7, initialVelocity: 0.5)
        #expect(slow.duration == 0 && slow.finalValue == 7)   // already below the stop speed
    }
}
