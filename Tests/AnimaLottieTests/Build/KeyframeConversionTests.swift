import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

@MainActor
@Suite("Keyframes to Core Animation")
struct KeyframeConversionTests {
    let factory = KeyframeAnimations(framerate: 30)

    private func keys(_ list: [(Double, Double, Bool)]) -> [Keyframe<Any>] {
        list.map { Keyframe<Any>(frame: $0.0, value: $0.1, isHold: $0.2) }
    }

    @Test func allHoldSegmentsBecomeADiscreteAnimation() throws {
        let animation = try #require(factory.animation(keyPath: "opacity", keyframes: keys([(0, 1, true), (15, 0.5, true), (30, 0, false)])))
        #expect(animation.calculationMode == .discrete)
        #expect(animation.keyTimes?.map(\.doubleValue) == [0, 0.5, 1])
        #expect(animation.duration == 1)
        #expect(animation.fillMode == .both)
        #expect(!animation.isRemovedOnCompletion)
    }

    @Test func aHoldAmongBlendedSegmentsIsAZeroLengthStep() throws {
        let animation = try #require(factory.animation(keyPath: "opacity", keyframes: keys([(0, 1, true), (15, 0.5, false), (30, 0, false)])))
        #expect(animation.calculationMode == .linear)
        let times = try #require(animation.keyTimes?.map(\.doubleValue))
        #expect(times.count == 4 && times[0] == 0 && times[2] == 0.5 && times[3] == 1)
        #expect(times[1] < 0.5 && times[1] > 0.5 - 1e-6)   // the held value ends just before the next key time
        #expect((animation.values as? [Double]) == [1, 1, 0.5, 0])
        #expect(animation.timingFunctions?.count == 3)
    }

    @Test func easingBecomesOneTimingFunctionPerSegment() throws {
        var first = Keyframe<Any>(frame: 10, value: 0.0)
        first.easing = (CGPoint(x: 0.25, y: 0.1), CGPoint(x: 0.75, y: 0.9))
        let animation = try #require(factory.animation(keyPath: "opacity", keyframes: [first, Keyframe<Any>(frame: 40, value: 1.0)]))
        let function = try #require(animation.timingFunctions?.first)
        #expect(function == CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.75, 0.9))
        // The animation spans its keyframes: it begins at frame 10's time and lasts 30 frames.
        #expect(abs(animation.beginTime - 10.0 / 30) < 1e-12)
        #expect(abs(animation.duration - 1) < 1e-12)
    }

    @Test func aBeginTimeAtFrameZeroIsNeverZero() {
        // Core Animation reads a beginTime of 0 as "when committed"; frame 0 must stay at local time 0.
        #expect(factory.time(ofFrame: 0) != 0)
        #expect(factory.time(ofFrame: 0) < 1e-50)
    }

    @Test func curvedPositionSegmentsFollowTheirBezierAtTheEasedParameter() throws {
        // A quarter of the way through a linear segment from (0, 0) to (100, 0) whose handles pull it
        // 50 down: the point is the cubic Bézier at t = 0.25, computed here from the Bernstein weights.
        var a = Keyframe<CGPoint>(frame: 0, value: CGPoint(x: 0, y: 0))
        a.spatialTangents = (CGPoint(x: 0, y: 50), CGPoint(x: 0, y: 50))
        let keys = [a, Keyframe(frame: 40, value: CGPoint(x: 100, y: 0))]
        let t = 0.25, m = 0.75
        let expected = CGPoint(x: 3 * m * t * t * 100 + t * t * t * 100, y: 3 * m * m * t * 50 + 3 * m * t * t * 50)
        let point = KeyframeAnimations.point(in: keys, atFrame: 10)
        #expect(abs(point.x - expected.x) < 1e-9 && abs(point.y - expected.y) < 1e-9)
        let animation = try #require(factory.pointAnimation(keyPath: "position", keyframes: keys))
        #expect(animation.values?.count == 41)   // one value per frame, both ends included
        #expect(animation.path == nil)
    }

    @Test func straightPositionKeyframesUseValues() throws {
        let animation = try #require(factory.pointAnimation(keyPath: "position", keyframes: [
            Keyframe(frame: 0, value: CGPoint(x: 0, y: 0)), Keyframe(frame: 30, value: CGPoint(x: 100, y: 0))]))
        #expect(animation.path == nil)
        #expect(animation.values?.count == 2)
    }
}
