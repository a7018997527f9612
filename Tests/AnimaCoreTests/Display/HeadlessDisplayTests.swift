import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// HeadlessDisplay's virtual time and frame making, ManualClock, idle frames and CADisplayLink.
@MainActor
@Suite("HeadlessDisplay")
struct HeadlessDisplayTests {
    @Test func startsAtZeroWithARootSizedToTheDisplay() {
        let display = HeadlessDisplay(width: 400, height: 300)
        #expect(display.time == 0)
        #expect(display.frameInterval == 1.0 / 60)
        #expect(display.rootLayer.bounds == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(display.rootLayer.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(display.rootLayer.presentation() != nil)   // committed by the display
    }

    @Test func advanceMakesFramesEveryIntervalAndOneAtTheEnd() {
        let display = HeadlessDisplay(width: 10, height: 10)
        display.frameInterval = 0.1
        let times = Box<[CFTimeInterval]>([])
        display.pipeline.addFrameObserver { times.value.append($0) }
        display.advance(by: 0.35)
        // 0.1, 0.2, 0.3, then exactly 0.35
        #expect(times.value.count == 4)
        #expect(zip(times.value, [0.1, 0.2, 0.3, 0.35]).allSatisfy { isClose($0, $1, within: 1e-12) })
        #expect(display.time == 0.35)
        display.advance(to: 0.5)   // 0.45, then 0.5
        #expect(times.value.count == 6 && times.value.last == 0.5)
        display.advance(by: 0)     // one frame at the current time
        #expect(times.value.count == 7 && times.value.last == 0.5)
    }

    @Test func manualClock() {
        let clock = ManualClock()
        #expect(clock.now == 0)
        clock.advance(by: 1.5)
        clock.advance(to: 4)
        #expect(clock.now == 4)
        let before = diagnosticCount("ManualClock.advance(to:): rejected 3.0")
        clock.advance(to: 3)     // never goes back
        clock.advance(by: -1)
        clock.advance(by: .nan)
        #expect(clock.now == 4)
        #expect(diagnosticCount("ManualClock.advance(to:): rejected 3.0") > before)
        #expect(ManualClock(start: 7).now == 7)
    }

    @Test func pipelineOnAManualClock() {
        // A FramePipeline can be driven by a ManualClock directly: CACurrentMediaTime reads it.
        let clock = ManualClock(start: 10)
        let pipeline = FramePipeline(clock: clock)
        pipeline.makeCurrent()
        #expect(CACurrentMediaTime() == 10)
        let root = CALayer()
        pipeline.rootLayer = root
        root.add(basic("opacity", from: 1, to: 0, duration: 2), forKey: "fade")
        pipeline.renderFrame(at: clock.now)   // commits at 10
        clock.advance(by: 1)
        let tree = pipeline.renderFrame(at: clock.now)
        #expect(isClose(tree.nodes[0].opacity, 0.5))   // e = 1 of 2
        #expect(isClose(tree.time, 11))
    }

    // MARK: Idle frames

    @Test func idleFramesDoNotEvaluate() {
        let (display, layer) = makeScene("idle", at: 1)
        let evaluated = display.pipeline.evaluatedFrameCount
        display.advance(by: 1)   // 60 frames with nothing changing
        #expect(display.pipeline.evaluatedFrameCount == evaluated)
        #expect(!display.pipeline.needsFrame)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)   // implicit animation, 0.25 s
        #expect(display.pipeline.needsFrame)
        display.advance(by: 0.5)
        let afterAnimation = display.pipeline.evaluatedFrameCount
        #expect(afterAnimation > evaluated)
        display.advance(by: 1)
        #expect(display.pipeline.evaluatedFrameCount == afterAnimation)   // idle again once it ended
    }

    @Test func runningAnimationEvaluatesEveryFrame() {
        let (display, layer) = makeScene("busy", at: 1)
        layer.add(basic("opacity", from: 1, to: 0, duration: 10), forKey: "fade")
        display.advance(by: 0)
        let start = display.pipeline.evaluatedFrameCount
        display.frameInterval = 0.1
        display.advance(by: 1)   // 10 frames
        #expect(display.pipeline.evaluatedFrameCount == start + 10)
    }

    // MARK: CADisplayLink (TV69)

    @Test func displayLinkTimestampsTV69() throws {
        let display = HeadlessDisplay(width: 10, height: 10)
        let stamps = Box<[(timestamp: Double, target: Double, duration: Double)]>([])
        let link = CADisplayLink { stamps.value.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.frameInterval = 2
        link.add(to: .main, forMode: .common)
        display.advance(by: 0.2)   // 12 frames at 60 Hz → called on every second one
        #expect(stamps.value.count == 6)
        for (a, b) in zip(stamps.value, stamps.value.dropFirst()) {
            #expect(isClose(b.timestamp - a.timestamp, 2.0 / 60, within: 1e-9))   // ≈ 0.0333
        }
        let first = try #require(stamps.value.first)
        #expect(isClose(first.duration, 1.0 / 60, within: 1e-12))                 // ≈ 0.016667
        #expect(isClose(first.target - first.timestamp, 2.0 / 60, within: 1e-9))
        link.invalidate()
        display.advance(by: 0.2)
        #expect(stamps.value.count == 6)
    }

    @Test func displayLinkPreferredFramesPerSecondTV69() {
        let display = HeadlessDisplay(width: 10, height: 10)
        let stamps = Box<[Double]>([])
        let link = CADisplayLink { stamps.value.append($0.timestamp) }
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .default)
        display.advance(by: 0.2)
        #expect(stamps.value.count == 6)
        #expect(isClose(stamps.value[1] - stamps.value[0], 1.0 / 30, within: 1e-9))
        link.isPaused = true
        display.advance(by: 0.2)
        #expect(stamps.value.count == 6)
        link.invalidate()
    }

    @Test func displayLinkTimestampIsTheFrameTime() {
        let display = HeadlessDisplay(width: 10, height: 10)
        let seen = Box<[(Double, Double)]>([])
        let link = CADisplayLink { seen.value.append(($0.timestamp, CACurrentMediaTime())) }
        link.add(to: .main, forMode: .common)
        display.advance(by: 0.05)
        #expect(seen.value.count == 3)
        #expect(seen.value.allSatisfy { $0.0 == $0.1 })
        link.invalidate()
    }
}
