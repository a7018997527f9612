import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A continuous recognizer that begins at touch-down, changes at each move and ends at lift-off.
final class EagerRecognizer: UIGestureRecognizer {
    var resets = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .began }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { state = .changed }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
    override func reset() {
        super.reset()
        resets += 1
    }
}

/// A delegate with switchable answers.
@MainActor
final class SwitchableDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var simultaneous = false
    var receives = true
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { simultaneous }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
}

/// A target object for the method-reference forms.
@MainActor
final class PanHandler {
    var calls: [String] = []
    func handle(_ pan: UIPanGestureRecognizer) { calls.append("pan \(pan.state)") }
    func handleAny(_ g: UIGestureRecognizer) { calls.append("any \(g.state)") }
    func poke() { calls.append("poke") }
}

@MainActor
@Suite("UIGestureRecognizer state machine and routing")
struct GestureRecognizerTests {
    @Test func stateRawValuesMatchUIKit() {
        #expect(UIGestureRecognizer.State.recognized == .ended)
        #expect(UIGestureRecognizer.State.failed.rawValue == 5 && UIGestureRecognizer.State.began.rawValue == 1)
    }

    @Test func targetsHearEveryStateButFailedAndTheRecognizerResetsAfterwards() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let g = EagerRecognizer()
        view.addGestureRecognizer(g)
        let log = StateLog(g)
        pan(display, [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 10), CGPoint(x: 30, y: 10)])
        #expect(log.states == [.began, .changed, .ended])
        #expect(log.values.last == CGPoint(x: 30, y: 10))
        #expect(g.state == .possible && g.resets == 1)
        #expect(g.view === view && view.gestureRecognizers?.count == 1)
    }

    @Test func illegalTransitionsAreReportedAndIgnored() {
        let g = UIPanGestureRecognizer()
        g.name = "probe-7731"
        let log = StateLog(g)
        g.state = .changed
        #expect(g.state == .possible)
        #expect(diagnosed("probe-7731", "illegal state change possible → changed"))
        g.state = .began
        g.state = .possible
        #expect(g.state == .began)
        g.state = .ended
        g.state = .changed
        #expect(g.state == .ended)
        #expect(log.states == [.began, .ended])
    }

    @Test func methodReferencesClosuresAndWeakTargets() {
        let g = UIPanGestureRecognizer(target: PanHandler(), action: PanHandler.handle)   // released at once
        var handler: PanHandler? = PanHandler()
        g.addTarget(handler!, action: PanHandler.handleAny)
        g.addTarget(handler!, action: PanHandler.poke)
        var closureCalls = 0
        g.addTarget { (_: UIPanGestureRecognizer) in closureCalls += 1 }
        g.state = .began
        #expect(handler?.calls == ["any began", "poke"])
        #expect(closureCalls == 1)
        g.removeTarget(handler)
        g.state = .changed
        #expect(handler?.calls.count == 2 && closureCalls == 2)
        handler = nil
        g.removeTarget(nil)
        g.state = .ended
        #expect(closureCalls == 2)
        let tap = UITapGestureRecognizer { tap in tap.name = "fired" }
        tap.state = .recognized
        #expect(tap.name == "fired")
    }

    @Test func recognizingCancelsTheTouchesInTheView() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let recognizer = UIPanGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 4, y: 0), count: 5))
        // Moves before the pan began reach the view; then it hears one cancellation and nothing else.
        #expect(view.events == ["began 10,10", "moved 14,10", "moved 18,10", "cancelled 22,10"])
        recognizer.cancelsTouchesInView = false
        view.events = []
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 4, y: 0), count: 5))
        #expect(view.events == ["began 10,10", "moved 14,10", "moved 18,10", "moved 22,10", "moved 26,10", "ended 30,10"])
    }

    @Test func theDelegateCanRefuseTheBeginningOrTheTouch() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let g = EagerRecognizer()
        let delegate = SwitchableDelegate()
        g.delegate = delegate
        view.addGestureRecognizer(g)
        let log = StateLog(g)
        delegate.shouldBegin = false
        tap(display, at: CGPoint(x: 10, y: 10))
        #expect(log.states.isEmpty)
        #expect(view.events == ["began 10,10", "ended 10,10"])   // a failed recognizer leaves the view alone
        delegate.shouldBegin = true
        delegate.receives = false
        tap(display, at: CGPoint(x: 10, y: 10))
        #expect(log.states.isEmpty)
        delegate.receives = true
        tap(display, at: CGPoint(x: 10, y: 10))
        #expect(log.states == [.began, .ended])
    }

    @Test func oneRecognizerExcludesAnotherUnlessTheDelegateAllowsBoth() {
        let (display, window) = makeWindow()
        let parent = addView(CGRect(x: 0, y: 0, width: 300, height: 300), to: window)
        let child = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: parent)
        let inner = UIPanGestureRecognizer(), outer = UIPanGestureRecognizer()
        child.addGestureRecognizer(inner)
        parent.addGestureRecognizer(outer)
        let innerLog = StateLog(inner), outerLog = StateLog(outer)
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 6, y: 0), count: 4))
        #expect(innerLog.states == [.began, .changed, .ended])   // the deepest view's recognizer goes first
        #expect(outerLog.states.isEmpty)
        let delegate = SwitchableDelegate()
        delegate.simultaneous = true
        outer.delegate = delegate
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 6, y: 0), count: 4))
        #expect(outerLog.states == [.began, .changed, .ended])
    }

    @Test func requireToFailWaitsForTheOtherRecognizer() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 300, height: 300), to: window)
        let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        let singleLog = StateLog(single), doubleLog = StateLog(double)
        tap(display, at: CGPoint(x: 50, y: 50))
        #expect(singleLog.states.isEmpty)            // waiting: a second tap may follow
        display.advance(by: 0.2)
        #expect(singleLog.states.isEmpty)
        display.advance(by: 0.2)                     // 0.35 s without a second tap: the double tap failed
        #expect(singleLog.states == [.ended])
        #expect(doubleLog.states.isEmpty)
        tap(display, at: CGPoint(x: 50, y: 50))
        tap(display, at: CGPoint(x: 52, y: 50))
        #expect(doubleLog.states == [.ended])
        display.advance(by: 1)
        #expect(singleLog.states == [.ended])        // the single tap failed with the double tap's success
    }

    @Test func disablingOrRemovingDuringAGestureCancelsIt() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let recognizer = UIPanGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        let log = StateLog(recognizer)
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 6, y: 0), count: 3), lift: false)
        recognizer.isEnabled = false
        #expect(log.states == [.began, .changed, .cancelled])
        display.send(pointer(.moved, 80, 10, in: display))
        display.send(pointer(.ended, 80, 10, in: display))
        display.advance(by: 0.1)
        #expect(log.states.count == 3)
        recognizer.isEnabled = true
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 6, y: 0), count: 3), lift: false)
        view.removeGestureRecognizer(recognizer)
        #expect(log.states.suffix(3) == [.began, .changed, .cancelled])
        #expect(recognizer.view == nil && view.gestureRecognizers == nil)
        display.send(pointer(.ended, 28, 10, in: display))
        display.advance(by: 0.1)
    }

    @Test func aRecognizerMovesToTheLastViewItIsAddedTo() {
        let a = UIView(), b = UIView()
        let g = UITapGestureRecognizer()
        a.addGestureRecognizer(g)
        b.addGestureRecognizer(g)
        #expect(g.view === b && a.gestureRecognizers == nil && b.gestureRecognizers?.count == 1)
        b.addGestureRecognizer(g)
        #expect(b.gestureRecognizers?.count == 1)
        a.removeGestureRecognizer(g)   // not a's: ignored
        #expect(g.view === b)
    }

    @Test func locationOfATouchOutOfRangeIsReported() {
        let g = UIPanGestureRecognizer()
        g.name = "probe-9921"
        #expect(g.location(ofTouch: 3, in: nil) == .zero)
        #expect(diagnosed("probe-9921", "location(ofTouch: 3, in:) index beyond bounds"))
        #expect(g.numberOfTouches == 0)
    }

    @Test func delaysTouchesBeganHoldsTheTouchUntilTheRecognizerFails() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let recognizer = UIPanGestureRecognizer()
        recognizer.delaysTouchesBegan = true
        view.addGestureRecognizer(recognizer)
        // A short drag: the pan fails at the lift and the view then hears the held touch-down and the end.
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 2, y: 0), count: 3))
        #expect(view.events == ["began 16,10", "ended 16,10"])
        // A pan: the view never hears of the touch.
        view.events = []
        pan(display, line(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 6, y: 0), count: 5))
        #expect(view.events.isEmpty)
    }
}
