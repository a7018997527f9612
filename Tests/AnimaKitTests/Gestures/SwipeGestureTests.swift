import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// `UISwipeGestureRecognizer`: 50 points in an allowed direction within 0.5 s, within 45° of it, recognized while
/// the finger moves (our reading of thresholds Apple does not document).
@MainActor
@Suite("UISwipeGestureRecognizer")
struct SwipeGestureTests {
    /// Presses at `from`, moves by `step` every sixtieth of a second `steps` times, then lifts.
    private func stroke(_ display: HeadlessDisplay, from: CGPoint, step: CGVector, steps: Int, id: Int = 0) {
        display.send(pointer(.began, from.x, from.y, id: id, in: display))
        var p = from
        for _ in 0..<steps {
            display.advance(by: 1.0 / 60)
            p.x += step.dx; p.y += step.dy
            display.send(pointer(.moved, p.x, p.y, id: id, in: display))
        }
        display.advance(by: 1.0 / 60)
        display.send(pointer(.ended, p.x, p.y, id: id, in: display))
        display.advance(by: 1.0 / 60)
    }

    /// A window (returned so the test keeps it) filled by a view with a swipe recognizer.
    private func scene(_ direction: UISwipeGestureRecognizer.Direction)
        -> (HeadlessDisplay, UISwipeGestureRecognizer, StateLog<UISwipeGestureRecognizer>, UIWindow) {
        let (display, window) = makeWindow()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(view)
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = direction
        view.addGestureRecognizer(swipe)
        display.advance(by: 0)
        return (display, swipe, StateLog(swipe), window)
    }

    @Test func aQuickStrokeInAnAllowedDirectionIsRecognizedWhileMoving() {
        let (display, _, log, window) = scene([.left, .right])
        stroke(display, from: CGPoint(x: 300, y: 150), step: CGVector(dx: -20, dy: 3), steps: 4)   // 80 left, 12 down
        #expect(log.states == [.ended])
        #expect(log.values == [CGPoint(x: 240, y: 159)])   // recognized at the third step: 60 points along
        withExtendedLifetime(window) {}
    }

    @Test func wrongDirectionSlowShortOrSlantedStrokesFail() {
        let (display, _, log, window) = scene(.right)
        stroke(display, from: CGPoint(x: 300, y: 150), step: CGVector(dx: -20, dy: 0), steps: 4)   // left: not allowed
        stroke(display, from: CGPoint(x: 100, y: 150), step: CGVector(dx: 1, dy: 0), steps: 80)    // 50 points only at 0.83 s
        stroke(display, from: CGPoint(x: 100, y: 150), step: CGVector(dx: 10, dy: 0), steps: 4)    // lifted after 40
        stroke(display, from: CGPoint(x: 100, y: 100), step: CGVector(dx: 20, dy: 25), steps: 4)   // more down than right
        #expect(log.states.isEmpty)
        stroke(display, from: CGPoint(x: 100, y: 150), step: CGVector(dx: 20, dy: 0), steps: 4)
        #expect(log.states == [.ended])                                                               // and it still works
        withExtendedLifetime(window) {}
    }

    @Test func itNeedsItsNumberOfFingers() {
        let (display, swipe, log, window) = scene(.down)
        swipe.numberOfTouchesRequired = 2
        stroke(display, from: CGPoint(x: 100, y: 50), step: CGVector(dx: 0, dy: 20), steps: 4)     // one finger
        #expect(log.states.isEmpty)
        display.send(pointer(.began, 100, 50, id: 1, in: display))
        display.send(pointer(.began, 140, 50, id: 2, in: display))
        for i in 1...4 {
            display.advance(by: 1.0 / 60)
            display.send(pointer(.moved, 100, 50 + CGFloat(i) * 20, id: 1, in: display))
            display.send(pointer(.moved, 140, 50 + CGFloat(i) * 20, id: 2, in: display))
        }
        display.send(pointer(.ended, 100, 130, id: 1, in: display))
        display.send(pointer(.ended, 140, 130, id: 2, in: display))
        display.advance(by: 1.0 / 60)            // the lifts delivered: no touch is left in flight
        #expect(log.states == [.ended])
        withExtendedLifetime(window) {}
    }
}
