import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// `UIPinchGestureRecognizer` and `UIRotationGestureRecognizer`, driven by two pointers: the scale is the ratio of
/// the fingers' distances, the rotation the angle the line through them turned (clockwise positive, y down).
@MainActor
@Suite("UIPinchGestureRecognizer and UIRotationGestureRecognizer")
struct PinchAndRotationTests {
    /// A window (returned so the test keeps it) filled by a view with `recognizer`.
    private func scene<R: UIGestureRecognizer>(_ recognizer: R) -> (HeadlessDisplay, UIWindow, StateLog<R>) {
        let (display, window) = makeWindow()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(view)
        view.addGestureRecognizer(recognizer)
        display.advance(by: 0)
        return (display, window, StateLog(recognizer))
    }

    /// Puts two fingers down at `a` and `b`, then moves them through `steps` (one pair per sixtieth of a second),
    /// and lets a frame deliver the last pair (events reach recognizers at the next frame).
    private func twoFingers(_ display: HeadlessDisplay, _ a: CGPoint, _ b: CGPoint, _ steps: [(CGPoint, CGPoint)]) {
        display.send(pointer(.began, a.x, a.y, id: 1, in: display))
        display.send(pointer(.began, b.x, b.y, id: 2, in: display))
        for (p, q) in steps {
            display.advance(by: 1.0 / 60)
            display.send(pointer(.moved, p.x, p.y, id: 1, in: display))
            display.send(pointer(.moved, q.x, q.y, id: 2, in: display))
        }
        display.advance(by: 1.0 / 60)
    }

    private func lift(_ display: HeadlessDisplay, _ ids: [Int], at p: CGPoint) {
        for id in ids { display.send(pointer(.ended, p.x, p.y, id: id, in: display)) }
        display.advance(by: 1.0 / 60)
    }

    @Test func pinchScaleIsTheRatioOfDistancesAndCanBeReset() {
        let pinch = UIPinchGestureRecognizer()
        let (display, window, log) = scene(pinch)
        // 100 points apart, spreading 10 points a step: 110, 120, 130, 140.
        let steps = (1...4).map { i in (CGPoint(x: 150 - 5 * CGFloat(i), y: 150), CGPoint(x: 250 + 5 * CGFloat(i), y: 150)) }
        twoFingers(display, CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150), steps)
        #expect(log.states.first == .began && log.states.dropFirst().allSatisfy { $0 == .changed } && log.states.count > 1)
        #expect(abs(pinch.scale - 1.4) < 1e-9)
        #expect(pinch.velocity > 0)                       // growing by 0.1 every sixtieth: about 6 per second
        pinch.scale = 1                                   // measure from 140 points now
        display.advance(by: 1.0 / 60)
        display.send(pointer(.moved, 125, 150, id: 1, in: display))
        display.send(pointer(.moved, 265, 150, id: 2, in: display))   // 140 → 140: unchanged
        display.send(pointer(.moved, 160, 150, id: 1, in: display))   // 140 → 105
        display.advance(by: 1.0 / 60)
        #expect(abs(pinch.scale - 0.75) < 1e-9)
        lift(display, [1], at: CGPoint(x: 160, y: 150))
        #expect(log.states.last == .ended)       // one finger left: the pinch is over
        lift(display, [2], at: CGPoint(x: 265, y: 150))
        withExtendedLifetime(window) {}
    }

    @Test func fewFingersOrTooLittleChangeNeverBegin() {
        let pinch = UIPinchGestureRecognizer()
        let (display, window, log) = scene(pinch)
        display.send(pointer(.began, 100, 100, id: 1, in: display))
        for x in stride(from: 110, through: 300, by: 30) {
            display.advance(by: 1.0 / 60)
            display.send(pointer(.moved, CGFloat(x), 100, id: 1, in: display))   // one finger: a pan, not a pinch
        }
        lift(display, [1], at: CGPoint(x: 300, y: 100))
        twoFingers(display, CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 100), [(CGPoint(x: 97, y: 100), CGPoint(x: 203, y: 100))])
        lift(display, [1, 2], at: CGPoint(x: 100, y: 100))   // 6 points wider: below the threshold, then lifted
        #expect(log.states.isEmpty)
        withExtendedLifetime(window) {}
    }

    /// The second finger circles the first a quarter turn clockwise on screen (from the right to below): +π/2. Then,
    /// from pointing left, a small turn across ±π counts as 0.2 rad, not −2π + 0.2.
    @Test func rotationCountsClockwiseAndAcrossAHalfTurn() {
        let turn = UIRotationGestureRecognizer()
        let (display, window, log) = scene(turn)
        let center = CGPoint(x: 200, y: 150)
        func at(_ angle: CGFloat) -> CGPoint { CGPoint(x: center.x + 80 * cos(angle), y: center.y + 80 * sin(angle)) }
        twoFingers(display, center, at(0), (1...6).map { (center, at(CGFloat($0) * .pi / 12)) })
        #expect(log.states.first == .began)
        #expect(abs(turn.rotation - .pi / 2) < 1e-9)
        #expect(turn.velocity > 0)
        lift(display, [1, 2], at: center)
        #expect(log.states.last == .ended)

        twoFingers(display, center, at(.pi - 0.1), [(center, at(.pi)), (center, at(.pi + 0.1))])
        #expect(abs(turn.rotation - 0.2) < 1e-9)
        lift(display, [1, 2], at: center)
        withExtendedLifetime(window) {}
    }
}
