import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Layer-local time: `t = (t_p − beginTime) × speed + timeOffset`, composed down the tree, and
/// `convertTime(_:from:)` / `convertTime(_:to:)`.
@MainActor
@Suite("Layer time")
struct LayerTimeTests {
    /// A standalone layer (its own root), so absolute time is its parent time.
    func rootLayer() -> CALayer {
        _ = HeadlessDisplay(width: 10, height: 10)   // a fresh current pipeline for the layer
        return CALayer()
    }

    @Test func defaultsAreIdentityTV1() {
        let layer = rootLayer()
        #expect(layer.convertTime(100, from: nil) == 100)   // (100 − 0)·1 + 0
        #expect(layer.convertTime(100, to: nil) == 100)
    }

    @Test func beginTimeTV2() {
        let layer = rootLayer()
        layer.beginTime = 5
        #expect(layer.convertTime(100, from: nil) == 95)    // (100 − 5)·1 + 0
    }

    @Test func timeOffsetTV3() {
        let layer = rootLayer()
        layer.timeOffset = 5
        #expect(layer.convertTime(100, from: nil) == 105)   // 100 + 5
    }

    @Test func speedTV4() {
        let layer = rootLayer()
        layer.speed = 2
        #expect(layer.convertTime(100, from: nil) == 200)   // 100 · 2
    }

    @Test func compositionDownTheTreeTV5() {
        let parent = rootLayer()
        parent.beginTime = 10
        parent.speed = 2
        let child = CALayer()
        child.speed = 3
        child.timeOffset = 1
        parent.addSublayer(child)
        #expect(parent.convertTime(20, from: nil) == 20)    // (20 − 10)·2
        #expect(child.convertTime(20, from: nil) == 61)     // (20 − 0)·3 + 1
    }

    @Test func inverseChainTV6() {
        let parent = rootLayer()
        parent.beginTime = 10
        parent.speed = 2
        let child = CALayer()
        child.speed = 3
        child.timeOffset = 1
        parent.addSublayer(child)
        // (61 − 1)/3 + 0 = 20 → (20 − 0)/2 + 10 = 20
        #expect(child.convertTime(61, to: nil) == 20)
    }

    @Test func convertBetweenLayers() {
        let root = rootLayer()
        let a = CALayer()
        a.speed = 2                 // a's time = 2T
        let b = CALayer()
        b.beginTime = 4             // b's time = T − 4
        b.timeOffset = 1            //          + 1 = T − 3
        root.addSublayer(a)
        root.addSublayer(b)
        // a-time 10 → T = 5 → b-time 5 − 3 = 2
        #expect(b.convertTime(10, from: a) == 2)
        #expect(a.convertTime(10, to: b) == 2)
        // and back: b-time 2 → T = 5 → a-time 10
        #expect(a.convertTime(2, from: b) == 10)
        #expect(b.convertTime(2, to: a) == 10)
    }

    @Test func convertThroughPausedLayerGivesItsBeginTimeUNCONFIRMED() {
        // Inverting speed 0 is undefined; our choice (UNCONFIRMED) returns the layer's beginTime.
        let layer = rootLayer()
        layer.speed = 0
        layer.beginTime = 7
        #expect(layer.convertTime(123, to: nil) == 7)
    }

    @Test func currentMediaTimeIsTheDisplayClock() {
        let display = HeadlessDisplay(width: 10, height: 10)
        #expect(CACurrentMediaTime() == 0)
        display.advance(by: 2.5)
        #expect(CACurrentMediaTime() == 2.5)
        #expect(display.time == 2.5)
    }

    // MARK: QA1673 pause and resume (TV7, TV8)

    func pause(_ layer: CALayer) {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    func resume(_ layer: CALayer) {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }

    @Test func pauseAndResumeLayerTimeTV7TV8() {
        let (display, layer) = makeScene("qa1673-time")
        display.advance(to: 50)
        pause(layer)
        #expect(layer.speed == 0 && layer.timeOffset == 50)             // pausedTime = 50
        display.advance(to: 53)
        #expect(layer.convertTime(CACurrentMediaTime(), from: nil) == 50)  // (53 − 0)·0 + 50
        display.advance(to: 60)
        resume(layer)
        #expect(layer.beginTime == 10)                                    // 60 − 50
        #expect(layer.convertTime(CACurrentMediaTime(), from: nil) == 50) // (60 − 10)·1
        display.advance(to: 61)
        #expect(layer.convertTime(CACurrentMediaTime(), from: nil) == 51)
    }

    @Test func pauseAndResumeFreezesAnimation() throws {
        let (display, layer) = makeScene("qa1673-anim", at: 1)
        let recorder = AnimationRecorder()
        // position.x 0 → 100 over 10 s, committed at T = 1 (beginTime 1 in layer time).
        let move = basic("position.x", from: 0, to: 100, duration: 10)
        move.delegate = recorder
        layer.add(move, forKey: "move")
        display.advance(by: 0)

        display.advance(to: 3)          // e = 2 → x = 20
        #expect(isClose(try #require(layer.presentation()).position.x, 20, within: 1e-9))
        pause(layer)                    // paused at layer time 3
        display.advance(to: 7)          // still layer time 3 → x = 20
        #expect(isClose(try #require(layer.presentation()).position.x, 20, within: 1e-9))
        #expect(display.renderTree.node(named: "qa1673-anim").map { isClose($0.position.x, 20) } == true)
        resume(layer)                   // beginTime = 7 − 3 = 4
        #expect(layer.beginTime == 4)
        #expect(isClose(try #require(layer.presentation()).position.x, 20, within: 1e-9))
        display.advance(to: 8)          // layer time 4 → e = 3 → x = 30
        #expect(isClose(try #require(layer.presentation()).position.x, 30, within: 1e-9))
        #expect(recorder.stops.isEmpty)
        // It ends at layer time 11, i.e. T = 11 + 4 = 15 (the 4 s pause added to 1 + 10).
        display.advance(to: 14.9)
        #expect(recorder.stops.isEmpty)
        display.advance(to: 15.1)
        #expect(recorder.stops.count == 1 && recorder.stops[0].finished)
        #expect(try #require(recorder.stops.first).time >= 15)
    }

    // MARK: The seed's slider: speed 0 + timeOffset, and beginTime in the past + forwards fill

    @Test(arguments: [0.0, 0.25, 0.6])
    func sliderScrubsWithSpeedZero(fraction: Double) throws {
        let (display, layer) = makeScene("slider-speed0-\(fraction)", at: 3)
        let duration = 4.0
        let move = basic("position.x", from: 0, to: 200, duration: duration)
        move.speed = 0
        move.timeOffset = fraction * duration
        layer.add(move, forKey: "scrub")
        display.advance(by: 0)
        display.advance(by: 10)   // time does not move a speed-0 animation
        // a = 0, τ = fraction·d → x = 200 · fraction
        #expect(isClose(try #require(layer.presentation()).position.x, 200 * fraction, within: 1e-9))
        #expect(layer.animation(forKey: "scrub") != nil)
    }

    @Test(arguments: [0.25, 0.6])
    func sliderScrubsWithBeginTimeInThePast(fraction: Double) throws {
        let (display, layer) = makeScene("slider-past-\(fraction)", at: 100)
        let duration = 4.0
        let move = basic("position.x", from: 0, to: 200, duration: duration)
        move.timeOffset = fraction * duration
        move.beginTime = 1                  // long over at T = 100
        move.isRemovedOnCompletion = false
        move.fillMode = .forwards
        layer.add(move, forKey: "scrub")
        display.advance(by: 0.5)
        // Held end: τ_end = D + o = 4 + 4·fraction, wrapped mod 4 → 4·fraction → x = 200 · fraction
        #expect(isClose(try #require(layer.presentation()).position.x, 200 * fraction, within: 1e-9))
        #expect(layer.animation(forKey: "scrub")?.beginTime == 1)   // non-zero beginTime is kept
    }
}
