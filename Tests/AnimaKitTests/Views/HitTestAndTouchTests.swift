import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Records the touches it receives, with locations in its own coordinates.
final class TouchRecorder: UIView {
    var events: [String] = []
    var forward = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("began", touches)
        if forward { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled", touches) }
    private func record(_ phase: String, _ touches: Set<UITouch>) {
        let p = touches.first!.location(in: self)
        events.append("\(phase) \(Int(p.x)),\(Int(p.y))")
    }
}

/// A view whose touch area extends 20 points beyond its bounds.
final class GenerousView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

@MainActor
@Suite("Hit testing and touches")
struct HitTestAndTouchTests {
    @Test func hitTestFindsTheDeepestVisibleInteractiveView() {
        let (_, window) = makeWindow()
        let parent = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window, tag: 1)
        let child = addView(CGRect(x: 50, y: 50, width: 50, height: 50), to: parent, tag: 2)
        let overlap = addView(CGRect(x: 80, y: 80, width: 50, height: 50), to: parent, tag: 3)
        #expect(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === child)
        #expect(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === overlap)   // later subviews are on top
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === parent)
        #expect(window.hitTest(CGPoint(x: 300, y: 250), with: nil) === window)
        overlap.isHidden = true
        #expect(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === child)
        child.isUserInteractionEnabled = false
        #expect(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === parent)
        parent.alpha = 0.001
        #expect(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === window)
    }

    @Test func subviewsOutsideTheBoundsAreNotHitUnlessPointInsideSaysSo() {
        let (_, window) = makeWindow()
        let parent = addView(CGRect(x: 0, y: 0, width: 100, height: 100), to: window)
        let child = addView(CGRect(x: 90, y: 90, width: 50, height: 50), to: parent)
        #expect(window.hitTest(CGPoint(x: 120, y: 120), with: nil) === window)   // outside parent: missed
        #expect(window.hitTest(CGPoint(x: 95, y: 95), with: nil) === child)
        let generous = GenerousView(frame: CGRect(x: 200, y: 200, width: 40, height: 40))
        window.addSubview(generous)
        #expect(window.hitTest(CGPoint(x: 185, y: 190), with: nil) === generous)
    }

    @Test func pointerEventsBecomeTouchesOnTheHitView() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(view)
        display.send(pointer(.began, 110, 120, in: display))
        display.send(pointer(.moved, 150, 130, in: display))
        display.advance(by: 0.1)
        display.send(pointer(.moved, 250, 140, in: display))   // outside: still the same view
        display.send(pointer(.ended, 260, 150, in: display))
        display.advance(by: 0)
        #expect(view.events == ["began 10,20", "moved 50,30", "moved 150,40", "ended 160,50"])
    }

    @Test func touchesTravelUpTheResponderChain() {
        let (display, window) = makeWindow()
        let outer = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(outer)
        let inner = TouchRecorder(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        inner.forward = true
        outer.addSubview(inner)
        addView(CGRect(x: 150, y: 150, width: 20, height: 20), to: outer)
        display.send(pointer(.began, 60, 60, in: display))
        display.send(pointer(.ended, 60, 60, in: display))
        display.send(pointer(.began, 155, 155, id: 1, in: display))   // a plain UIView forwards by default
        display.advance(by: 0)
        #expect(inner.events == ["began 10,10", "ended 10,10"])
        #expect(outer.events == ["began 60,60", "began 155,155"])
    }

    @Test func aViewThatLeavesTheWindowHearsOneCancellation() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.tag = 6611
        window.addSubview(view)
        display.send(pointer(.began, 10, 10, in: display))
        display.advance(by: 0)
        view.removeFromSuperview()
        display.send(pointer(.moved, 20, 20, in: display))
        display.send(pointer(.moved, 30, 30, in: display))
        display.send(pointer(.ended, 30, 30, in: display))
        display.advance(by: 0)
        #expect(view.events == ["began 10,10", "cancelled 20,20"])
        #expect(diagnosticCount("TouchRecorder tag 6611") >= 1)
    }

    @Test func tapCountCountsQuickTapsInOnePlace() {
        let (display, window) = makeWindow()
        final class TapCounter: UIView {
            var counts: [Int] = []
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { counts.append(touches.first!.tapCount) }
        }
        let view = TapCounter(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        for _ in 0..<2 {
            display.send(pointer(.began, 50, 50, in: display))
            display.send(pointer(.ended, 50, 50, in: display))
            display.advance(by: 0.1)
        }
        display.advance(by: 1)
        display.send(pointer(.began, 50, 50, in: display))
        display.send(pointer(.ended, 50, 50, in: display))
        display.advance(by: 0)
        #expect(view.counts == [1, 2, 1])
    }

    @Test func nonFinitePointerEventsAreRejected() {
        let (display, window) = makeWindow()
        let view = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let before = diagnosticCount("UIWindow: rejected pointer event")
        display.send(pointer(.began, .nan, 10, in: display))
        display.advance(by: 0)
        #expect(view.events.isEmpty)
        #expect(diagnosticCount("UIWindow: rejected pointer event") == before + 1)
    }
}
