import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UITapGestureRecognizer and UILongPressGestureRecognizer")
struct TapAndLongPressTests {
    @Test func aTapIsRecognizedWhenTheFingerLiftsAndTheViewHearsACancellation() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let recognizer = UITapGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer) { $0.location(in: view) }
        tap(display, at: CGPoint(x: 40, y: 30))
        #expect(log.states == [.ended])
        #expect(log.values == [CGPoint(x: 40, y: 30)])
        #expect(view.events == ["began 40,30", "cancelled 40,30"])
    }

    @Test func movingTooFarOrUsingTooManyFingersFails() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let recognizer = UITapGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        drag(display, from: CGPoint(x: 40, y: 30), through: [CGPoint(x: 52, y: 30)])
        #expect(log.states.isEmpty)
        #expect(view.events.last == "ended 52,30")   // the failed tap does not hold the end back
        display.send(pointer(.began, 40, 30, id: 1, in: display))
        display.send(pointer(.began, 60, 30, id: 2, in: display))
        display.send(pointer(.ended, 40, 30, id: 1, in: display))
        display.send(pointer(.ended, 60, 30, id: 2, in: display))
        display.advance(by: 0.1)
        #expect(log.states.isEmpty)
        recognizer.numberOfTouchesRequired = 2
        display.send(pointer(.began, 40, 30, id: 1, in: display))
        display.send(pointer(.began, 60, 30, id: 2, in: display))
        display.send(pointer(.ended, 40, 30, id: 1, in: display))
        display.send(pointer(.ended, 60, 30, id: 2, in: display))
        display.advance(by: 0.1)
        #expect(log.states == [.ended])
    }

    @Test func aDoubleTapHoldsTheViewsEndUntilItDecides() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        let log = StateLog(double)
        tap(display, at: CGPoint(x: 40, y: 30))
        #expect(view.events == ["began 40,30"])   // the end waits: a second tap may come
        display.advance(by: 0.5)
        #expect(view.events == ["began 40,30", "ended 40,30"])   // it did not: the double tap failed
        #expect(log.states.isEmpty)
        tap(display, at: CGPoint(x: 40, y: 30))
        tap(display, at: CGPoint(x: 45, y: 32))
        #expect(log.states == [.ended])
        // Recognizing cancels both touches for the view, the first one's held-back end included.
        #expect(Array(view.events.suffix(4)) == ["began 40,30", "began 45,32", "cancelled 40,30", "cancelled 45,32"])
        tap(display, at: CGPoint(x: 40, y: 30))
        display.advance(by: 0.2)
        tap(display, at: CGPoint(x: 100, y: 100))   // too far from the first tap
        display.advance(by: 1)
        #expect(log.states == [.ended])
    }

    @Test func aButtonKeepsItsTapFromATapRecognizerOnItsSuperview() {
        let (display, window) = makeWindow()
        let container = addView(CGRect(x: 0, y: 0, width: 300, height: 300), to: window)
        let recognizer = UITapGestureRecognizer()
        container.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        let button = UIButton(frame: CGRect(x: 50, y: 50, width: 100, height: 44))
        container.addSubview(button)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        tap(display, at: CGPoint(x: 60, y: 60))
        #expect(taps == 1 && log.states.isEmpty)
        tap(display, at: CGPoint(x: 200, y: 200))
        #expect(log.states == [.ended])
        // A double-tap recognizer is not a button's gesture: it still wins.
        recognizer.numberOfTapsRequired = 2
        tap(display, at: CGPoint(x: 60, y: 60))
        tap(display, at: CGPoint(x: 60, y: 60))
        #expect(log.states == [.ended, .ended])
    }

    @Test func aLongPressBeginsAfterItsDurationInFrameTime() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let press = UILongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        var began: [TimeInterval] = []
        let log = StateLog(press)
        press.addTarget { (g: UILongPressGestureRecognizer) in if g.state == .began { began.append(display.time) } }
        display.send(pointer(.began, 50, 50, in: display))
        let down = display.time
        display.advance(by: 0.45)
        #expect(log.states.isEmpty)
        display.advance(by: 0.1)
        #expect(log.states == [.began])
        #expect(began.count == 1 && began[0] - down >= 0.5 && began[0] - down < 0.5 + 1.0 / 60 + 1e-9)
        display.send(pointer(.moved, 120, 50, in: display))   // after it began, moving is allowed
        display.send(pointer(.ended, 120, 50, in: display))
        display.advance(by: 1.0 / 60)
        #expect(log.states == [.began, .changed, .ended])
        #expect(press.state == .possible)
    }

    @Test func aLongPressFailsWhenMovedOrLiftedEarly() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = 0.3
        view.addGestureRecognizer(press)
        let log = StateLog(press)
        drag(display, from: CGPoint(x: 50, y: 50), through: [CGPoint(x: 65, y: 50)])
        display.advance(by: 0.5)
        tap(display, at: CGPoint(x: 50, y: 50))
        display.advance(by: 0.5)
        #expect(log.states.isEmpty)
        press.minimumPressDuration = -1
        press.minimumPressDuration = .nan
        #expect(press.minimumPressDuration == 0.3)
        #expect(Diagnostics.messages(containing: "rejected minimumPressDuration").count >= 2)
    }

    @Test func aLongPressAfterATap() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let press = UILongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        view.addGestureRecognizer(press)
        let log = StateLog(press)
        display.send(pointer(.began, 50, 50, in: display))
        display.advance(by: 0.8)
        #expect(log.states.isEmpty)   // no tap first: holding does nothing
        display.send(pointer(.ended, 50, 50, in: display))
        display.advance(by: 0.5)
        tap(display, at: CGPoint(x: 50, y: 50))
        display.send(pointer(.began, 50, 50, in: display))
        display.advance(by: 0.6)
        #expect(log.states == [.began])
        display.send(pointer(.ended, 50, 50, in: display))
        display.advance(by: 0.1)
        #expect(log.states == [.began, .ended])
    }
}
