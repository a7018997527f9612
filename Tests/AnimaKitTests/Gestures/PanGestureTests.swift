import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIPanGestureRecognizer")
struct PanGestureTests {
    /// A display, its window (the caller keeps it alive: the display holds it weakly), a full-size view
    /// and a pan recognizer on the view.
    private func setUp() -> (HeadlessDisplay, UIWindow, UIView, UIPanGestureRecognizer) {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 400, height: 300), to: window)
        let recognizer = UIPanGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        return (display, window, view, recognizer)
    }

    @Test func beginsAfterTenPointsAndMeasuresFromTheTouchDown() {
        let (display, window, view, recognizer) = setUp()
        _ = window
        let log = StateLog(recognizer) { $0.translation(in: view) }
        pan(display, line(from: CGPoint(x: 100, y: 100), step: CGPoint(x: 3, y: 4), count: 6))
        // 5 points per event: began at the second move (10 points), then changed, ended at the lift.
        #expect(log.states == [.began, .changed, .changed, .changed, .ended])
        #expect(log.values.first == CGPoint(x: 6, y: 8))
        #expect(log.values.last == CGPoint(x: 18, y: 24))
        #expect(recognizer.translation(in: view) == .zero)   // reset once the gesture is over
    }

    @Test func aShortDragFailsAndTheTargetsHearNothing() {
        let (display, window, _, recognizer) = setUp()
        _ = window
        let log = StateLog(recognizer)
        pan(display, line(from: CGPoint(x: 100, y: 100), step: CGPoint(x: 2, y: 0), count: 4))
        #expect(log.states.isEmpty)
    }

    @Test func velocityIsPointsPerSecondFromTheLastTenthOfASecond() {
        let (display, window, view, recognizer) = setUp()
        _ = window
        let log = StateLog(recognizer) { $0.velocity(in: view) }
        // 10 points per 1/60 s: 600 pt/s to the right, 120 pt/s down.
        pan(display, line(from: CGPoint(x: 20, y: 100), step: CGPoint(x: 10, y: 2), count: 20))
        #expect(log.states.last == .ended)
        for v in log.values.dropFirst(3) {
            #expect(isClose(v.x, 600, within: 1e-6) && isClose(v.y, 120, within: 1e-6))
        }
    }

    @Test func velocityIsTheSameAtThirtyAndOneHundredTwentyEventsPerSecond() {
        for rate in [30.0, 120.0] {
            let (display, window, view, recognizer) = setUp()
        _ = window
            display.frameInterval = 1 / rate
            let log = StateLog(recognizer) { $0.velocity(in: view) }
            let step = 900 / rate   // 900 pt/s
            pan(display, line(from: CGPoint(x: 10, y: 100), step: CGPoint(x: step, y: 0), count: Int(rate / 4)), rate: rate)
            #expect(isClose(log.values.last?.x ?? 0, 900, within: 1e-6))
        }
    }

    @Test func aFingerThatRestsBeforeLiftingEndsWithNoVelocity() {
        let (display, window, view, recognizer) = setUp()
        _ = window
        let log = StateLog(recognizer) { $0.velocity(in: view) }
        pan(display, line(from: CGPoint(x: 20, y: 100), step: CGPoint(x: 10, y: 0), count: 10), restBeforeLift: 0.2)
        #expect(log.states.last == .ended)
        #expect(log.values.last == .zero)
        // A slowing finger reports a slower velocity than a steady one.
        var points = [CGPoint(x: 20, y: 100)]
        for i in 1...12 { points.append(CGPoint(x: points[i - 1].x + CGFloat(13 - i), y: 100)) }
        pan(display, points)
        #expect(log.values.last!.x > 100 && log.values.last!.x < 300)   // it started at 720 pt/s
    }

    @Test func translationAndVelocityFollowTheViewsCoordinates() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 100, y: 50, width: 200, height: 200), to: window)
        view.transform = CGAffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 2)
        let recognizer = UIPanGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer) { $0.translation(in: view) }
        var velocities: [CGPoint] = []
        recognizer.addTarget { (g: UIPanGestureRecognizer) in velocities.append(g.velocity(in: view)) }
        pan(display, line(from: CGPoint(x: 200, y: 150), step: CGPoint(x: 10, y: 0), count: 6))
        // Screen +x is the view's −y at half scale.
        #expect(isClose(log.values.last!, CGPoint(x: 0, y: -30), within: 1e-9))
        #expect(isClose(velocities.last!, CGPoint(x: 0, y: -300), within: 1e-6))
        #expect(isClose(log.values.first!, CGPoint(x: 0, y: -5), within: 1e-9))
    }

    @Test func setTranslationRebasesTheMeasurement() {
        let (display, window, view, recognizer) = setUp()
        _ = window
        var increments: [CGFloat] = []
        recognizer.addTarget { (g: UIPanGestureRecognizer) in
            increments.append(g.translation(in: view).x)
            g.setTranslation(.zero, in: view)
        }
        pan(display, line(from: CGPoint(x: 100, y: 100), step: CGPoint(x: 6, y: 0), count: 5))
        #expect(increments == [12, 6, 6, 6])
        recognizer.setTranslation(CGPoint(x: CGFloat.nan, y: 0), in: view)
        #expect(Diagnostics.messages(containing: "rejected setTranslation").count >= 1)
    }

    @Test func aSecondFingerMovesTheCentroidWithoutAJump() {
        let (display, window, view, recognizer) = setUp()
        _ = window
        let log = StateLog(recognizer) { $0.translation(in: view) }
        display.send(pointer(.began, 100, 100, id: 1, in: display))
        display.advance(by: 1.0 / 60)
        for x in stride(from: 110, through: 130, by: 10) {
            display.send(pointer(.moved, CGFloat(x), 100, id: 1, in: display))
            display.advance(by: 1.0 / 60)
        }
        display.send(pointer(.began, 200, 200, id: 2, in: display))   // the centroid jumps, the translation does not
        display.advance(by: 1.0 / 60)
        display.send(pointer(.moved, 210, 200, id: 2, in: display))   // the centroid moves 5 points
        display.advance(by: 1.0 / 60)
        #expect(recognizer.numberOfTouches == 2)
        #expect(isClose(log.values.last!, CGPoint(x: 35, y: 0)))
        display.send(pointer(.ended, 210, 200, id: 2, in: display))
        display.advance(by: 1.0 / 60)
        #expect(log.states.last == .changed)
        display.send(pointer(.moved, 135, 100, id: 1, in: display))
        display.advance(by: 1.0 / 60)
        #expect(isClose(log.values.last!, CGPoint(x: 40, y: 0)))
        display.send(pointer(.ended, 135, 100, id: 1, in: display))
        display.advance(by: 1.0 / 60)
        #expect(log.states.last == .ended)
    }

    @Test func theMinimumNumberOfTouchesHoldsThePanBack() {
        let (display, window, _, recognizer) = setUp()
        _ = window
        recognizer.minimumNumberOfTouches = 2
        let log = StateLog(recognizer)
        pan(display, line(from: CGPoint(x: 100, y: 100), step: CGPoint(x: 10, y: 0), count: 5))
        #expect(log.states.isEmpty)
    }

    @Test func aSliderKeepsItsThumbDragFromAPanningSuperview() {
        let (display, window, view, recognizer) = setUp()
        _ = window
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        view.addSubview(slider)
        display.advance(by: 0)
        let log = StateLog(recognizer)
        pan(display, line(from: CGPoint(x: 34, y: 115), step: CGPoint(x: 10, y: 0), count: 10))
        #expect(log.states.isEmpty)
        #expect(isClose(CGFloat(slider.value), 0.5, within: 1e-6))
        // Away from the thumb, the superview pans.
        pan(display, line(from: CGPoint(x: 200, y: 115), step: CGPoint(x: -10, y: 0), count: 5))
        #expect(log.states.first == .began)
    }
}
