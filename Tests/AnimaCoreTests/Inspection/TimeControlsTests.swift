import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// `TimeControls` on a display's root: pause, steps, scrubbing and slow motion give the same presented values as
/// the same moment of an uncontrolled display, and as the equivalent layer timing set by hand (QA1673's recipe).
@MainActor
@Suite("Time controls", .serialized)
struct TimeControlsTests {
    /// A display with a box moving from x = 0 to x = 100 between its root's times 1 and 3 (linear), advanced to `time`.
    func scene(advancedTo time: Double = 1.5) -> (display: HeadlessDisplay, box: CALayer) {
        let display = HeadlessDisplay(width: 200, height: 100)
        display.makeCurrent()
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        display.rootLayer.addSublayer(box)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.beginTime = 1
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        box.add(move, forKey: "move")
        display.advance(to: time)
        return (display, box)
    }

    func x(_ box: CALayer) -> CGFloat { box.presentation()?.position.x ?? .nan }

    /// The box's x in an uncontrolled display when its root's time is `t`.
    func reference(atLocalTime t: Double) -> CGFloat {
        let (display, box) = scene(advancedTo: t)
        return withExtendedLifetime(display) { x(box) }
    }

    @Test func pauseHoldsTimeLikeTheRecipe() {
        let (display, box) = scene()
        let controls = TimeControls(layer: display.rootLayer, pipeline: display.pipeline)
        controls.pause()
        display.advance(to: 3)
        // QA1673 by hand on another display: speed 0, timeOffset = the paused time.
        let (byHand, handBox) = scene()
        byHand.rootLayer.speed = 0
        byHand.rootLayer.timeOffset = 1.5
        byHand.advance(to: 3)
        #expect(controls.isPaused && controls.localTime == 1.5)
        #expect(isClose(x(box), 25, within: 1e-6) && isClose(x(handBox), 25, within: 1e-6))
        #expect(isClose(x(box), reference(atLocalTime: 1.5), within: 1e-9))
        // The app's code reads the same layer time it would under the recipe.
        #expect(display.rootLayer.convertTime(CACurrentMediaTime(), from: nil) == 1.5)
    }

    @Test func resumeContinuesWhereTimeStood() {
        let (display, box) = scene()
        let controls = TimeControls(layer: display.rootLayer, pipeline: display.pipeline)
        controls.pause()
        display.advance(to: 3)
        controls.resume()
        display.advance(to: 3.25)
        #expect(!controls.isPaused && isClose(controls.localTime, 1.75))
        #expect(isClose(x(box), reference(atLocalTime: 1.75), within: 1e-9))
    }

    @Test func stepsMoveOneFrameIntervalEach() {
        let (display, box) = scene()
        let controls = TimeControls(layer: display.rootLayer, pipeline: display.pipeline)
        controls.step(by: 3)   // pauses, then 3 × 1/60 s forward
        display.advance(by: 0.5)
        #expect(controls.isPaused && isClose(controls.localTime, 1.55))
        #expect(isClose(x(box), reference(atLocalTime: 1.55), within: 1e-9))
        controls.step(by: -6)
        display.advance(by: 0)
        #expect(isClose(x(box), reference(atLocalTime: 1.45), within: 1e-9))
    }

    @Test func scrubSetsTheTime() {
        let (display, box) = scene()
        let controls = TimeControls(layer: display.rootLayer, pipeline: display.pipeline)
        controls.scrub(toLocalTime: 2.2)
        display.advance(by: 1)
        #expect(isClose(x(box), 60, within: 1e-6) && isClose(x(box), reference(atLocalTime: 2.2), within: 1e-9))
        controls.scrub(toLocalTime: .nan)   // rejected: time stays
        display.advance(by: 0)
        #expect(isClose(controls.localTime, 2.2))
    }

    @Test func slowFactorScalesTimeWithoutAJump() {
        let (display, box) = scene()
        let controls = TimeControls(layer: display.rootLayer, pipeline: display.pipeline)
        controls.slowFactor = 0.5
        display.advance(by: 0)
        #expect(isClose(x(box), 25, within: 1e-6))   // no jump at the change
        display.advance(to: 2.5)                       // one second at half speed: the root's time is 2
        // By hand: beginTime 1.5, timeOffset 1.5, speed 0.5.
        let (byHand, handBox) = scene()
        byHand.rootLayer.beginTime = 1.5
        byHand.rootLayer.timeOffset = 1.5
        byHand.rootLayer.speed = 0.5
        byHand.advance(to: 2.5)
        #expect(isClose(x(box), 50, within: 1e-6) && isClose(x(handBox), x(box), within: 1e-9))
        #expect(isClose(x(box), reference(atLocalTime: 2), within: 1e-9))
    }

    @Test func slowFactorOutsideItsRangeIsClamped() {
        let (display, _) = scene()
        let controls = TimeControls(layer: display.rootLayer, pipeline: display.pipeline)
        controls.slowFactor = 5
        #expect(controls.slowFactor == 2 && display.rootLayer.speed == 2)
        controls.slowFactor = 0.01
        #expect(controls.slowFactor == 0.1)
        controls.slowFactor = .infinity
        #expect(controls.slowFactor == 0.1)
        #expect(!Diagnostics.messages(containing: "TimeControls.slowFactor: rejected +∞").isEmpty)
        controls.pause()
        controls.slowFactor = 1   // while paused: stays paused, applies on resume
        #expect(controls.isPaused)
        controls.resume()
        #expect(display.rootLayer.speed == 1)
    }
}
