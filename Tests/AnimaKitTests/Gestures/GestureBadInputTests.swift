import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("Gestures: hidden views, views leaving the window, bad input")
struct GestureBadInputTests {
    @Test func aHiddenViewsRecognizersGetNoTouches() {
        let (display, window) = makeWindow()
        let below = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(below)
        let hidden = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        hidden.isHidden = true
        let recognizer = UIPanGestureRecognizer()
        hidden.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        pan(display, line(from: CGPoint(x: 50, y: 50), step: CGPoint(x: 10, y: 0), count: 5))
        #expect(log.states.isEmpty)
        #expect(below.events.first == "began 50,50" && below.events.last == "ended 100,50")
        hidden.isHidden = false
        pan(display, line(from: CGPoint(x: 50, y: 50), step: CGPoint(x: 10, y: 0), count: 5))
        #expect(log.states.first == .began && log.states.last == .ended)
    }

    @Test func aViewThatLeavesTheWindowMidPanCancelsItsGestureOnce() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window, tag: 8123)
        let recognizer = UIPanGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        pan(display, line(from: CGPoint(x: 50, y: 50), step: CGPoint(x: 10, y: 0), count: 3), lift: false)
        #expect(log.states == [.began, .changed, .changed])
        view.removeFromSuperview()
        display.send(pointer(.moved, 100, 50, in: display))
        display.advance(by: 1.0 / 60)
        display.send(pointer(.moved, 110, 50, in: display))
        display.send(pointer(.ended, 110, 50, in: display))
        display.advance(by: 1.0 / 60)
        #expect(log.states == [.began, .changed, .changed, .cancelled])
        #expect(diagnosed("UIView tag 8123", "its view left the window during the gesture"))
        #expect(recognizer.state == .possible)
        // Back in a window, it works again.
        window.addSubview(view)
        pan(display, line(from: CGPoint(x: 50, y: 50), step: CGPoint(x: 10, y: 0), count: 3))
        #expect(log.states.suffix(3) == [.began, .changed, .ended])
    }

    @Test func aViewHiddenMidGestureEndsIt() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window, tag: 8124)
        let press = UILongPressGestureRecognizer()
        view.addGestureRecognizer(press)
        let log = StateLog(press)
        display.send(pointer(.began, 50, 50, in: display))
        display.advance(by: 0.2)
        window.isHidden = true   // an ancestor hidden hides the view too
        display.advance(by: 0.5)
        #expect(log.states.isEmpty)   // it had not begun: it failed
        #expect(diagnosed("UIView tag 8124", "its view was hidden during the gesture"))
        window.isHidden = false
        display.send(pointer(.ended, 50, 50, in: display))
        display.advance(by: 0.1)
        display.send(pointer(.began, 50, 50, in: display))
        display.advance(by: 0.6)
        #expect(log.states == [.began])
        view.isHidden = true
        display.advance(by: 1.0 / 60)
        #expect(log.states == [.began, .cancelled])
        display.send(pointer(.ended, 50, 50, in: display))
        display.advance(by: 0.1)
        #expect(log.states == [.began, .cancelled])
    }

    @Test func aRecognizerOnTheWindowKeepsATouchWhoseViewLeft() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let recognizer = UIPanGestureRecognizer()
        recognizer.cancelsTouchesInView = false
        window.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        display.send(pointer(.began, 50, 50, in: display))
        display.advance(by: 1.0 / 60)
        view.removeFromSuperview()
        for x in stride(from: 60, through: 90, by: 10) {
            display.send(pointer(.moved, CGFloat(x), 50, in: display))
            display.advance(by: 1.0 / 60)
        }
        display.send(pointer(.ended, 90, 50, in: display))
        display.advance(by: 1.0 / 60)
        #expect(log.states == [.began, .changed, .changed, .changed, .ended])
        #expect(view.events == ["began 50,50", "cancelled 60,50"])   // the view hears one cancellation
    }

    @Test func recognizersAddedBeforeTheViewJoinsAWindowWork() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let recognizer = UITapGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        let (display, window) = makeWindow()
        window.addSubview(view)
        tap(display, at: CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended])
    }

    @Test func nonFinitePointerEventsNeverReachRecognizers() {
        let (display, window) = makeWindow()
        let recognizer = UIPanGestureRecognizer()
        window.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        display.send(pointer(.began, 10, 10, in: display))
        display.send(pointer(.moved, .infinity, 10, in: display))
        display.send(pointer(.moved, 10, .nan, in: display))
        display.send(pointer(.ended, 12, 10, in: display))
        display.advance(by: 0.1)
        #expect(log.states.isEmpty)
        #expect(recognizer.state == .possible && recognizer.numberOfTouches == 0)
    }
}
