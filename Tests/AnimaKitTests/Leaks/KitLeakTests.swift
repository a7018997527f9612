import Foundation
import Testing
import AnimaCore
import AnimaDynamics
import AnimaGraphics
@testable import AnimaKit

/// Every kind of AnimaKit object is freed once the app lets go of it, including while something runs:
/// checked with weak references after the owner is gone.
@MainActor
@Suite("Leaks: AnimaKit")
struct KitLeakTests {
    /// A running animator is kept by its display until it ends (as UIKit keeps running animators), then freed
    /// with the views its blocks captured.
    @Test func propertyAnimatorRunningToTheEnd() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        var positions: [UIViewAnimatingPosition] = []
        do {
            let view = tracker.track(addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window), "view")
            display.advance(by: 0)
            let animator = tracker.track(UIViewPropertyAnimator(duration: 0.5, curve: .easeOut) { view.center.x = 200 }, "animator")
            animator.addCompletion { positions.append($0); _ = view.frame }
            animator.startAnimation()
            display.advance(by: 0.25)
            #expect(tracker.alive == ["view", "animator"])
        }
        display.advance(by: 0.5)
        #expect(positions == [.end])
        window.subviews.last?.removeFromSuperview()
        #expect(tracker.alive == [])
    }

    /// The view leaves its window while a running animator moves it.
    @Test func propertyAnimatorRunningWhenItsViewLeavesTheWindow() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        do {
            let view = tracker.track(addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window), "view")
            display.advance(by: 0)
            let animator = tracker.track(UIViewPropertyAnimator(duration: 1, dampingRatio: 0.6) { view.alpha = 0.2 }, "animator")
            animator.addCompletion { _ in _ = view.frame }
            animator.startAnimation()
            display.advance(by: 0.25)
            view.removeFromSuperview()
        }
        display.advance(by: 1.5)
        #expect(tracker.alive == [])
    }

    /// A paused animator the app drops is released (UIKit raises; here a diagnostic) with its views.
    @Test func propertyAnimatorPaused() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        do {
            let view = tracker.track(addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window), "view")
            display.advance(by: 0)
            let animator = tracker.track(UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.y = 200 }, "animator")
            animator.addCompletion { _ in _ = view.frame }
            animator.startAnimation()
            display.advance(by: 0.25)
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            display.advance(by: 0.1)
        }
        #expect(tracker.alive == ["view"])   // the window holds it
        window.subviews.last?.removeFromSuperview()
        display.advance(by: 0.1)
        #expect(tracker.alive == [])
    }

    @Test(arguments: [false, true])
    func propertyAnimatorStopped(withoutFinishing: Bool) {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        do {
            let view = tracker.track(addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window), "view")
            display.advance(by: 0)
            let animator = tracker.track(UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.transform = CGAffineTransform(scaleX: 2, y: 2) }, "animator")
            animator.addCompletion { _ in _ = view.frame }
            animator.startAnimation()
            display.advance(by: 0.3)
            animator.stopAnimation(withoutFinishing)
            if !withoutFinishing { animator.finishAnimation(at: .current) }
            display.advance(by: 0.1)
            view.removeFromSuperview()
        }
        display.advance(by: 0.1)
        #expect(tracker.alive == [])
    }

    /// Block animations whose completions capture their views: finished, and cut short by a removal.
    @Test func blockAnimationsWithCompletions() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        var finished: [Bool] = []
        do {
            let a = tracker.track(addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window), "finishing view")
            let b = tracker.track(addView(CGRect(x: 60, y: 0, width: 50, height: 50), to: window), "removed view")
            display.advance(by: 0)
            UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseIn]) { a.alpha = 0 } completion: { done in
                finished.append(done)
                a.removeFromSuperview()
            }
            UIView.animate(withDuration: 2, delay: 0.1, usingSpringWithDamping: 0.5, initialSpringVelocity: 1, options: [.repeat, .autoreverse]) {
                b.center.y = 250
            } completion: { done in finished.append(done); _ = b.frame }
            UIView.animateKeyframes(withDuration: 1, delay: 0) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { b.alpha = 0.5 }
            } completion: { _ in _ = b.frame }
            display.advance(by: 0.5)
            b.removeFromSuperview()
        }
        display.advance(by: 0.5)
        #expect(finished.sorted { !$0 && $1 } == [false, true])
        #expect(tracker.alive == [])
    }

    /// Recognizers on a view removed mid-gesture: closures that reach the view through the recognizer, and a
    /// target (held weakly, as in UIKit) that owns the view.
    @Test func gestureRecognizersWithClosuresUsingTheirView() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        var pans = 0
        do {
            let view = tracker.track(addView(CGRect(x: 0, y: 0, width: 100, height: 100), to: window), "view")
            let pan = tracker.track(UIPanGestureRecognizer { g in pans += 1; g.view?.center.x += 1 }, "pan")
            let tap = tracker.track(UITapGestureRecognizer { g in g.view?.alpha = 0.5 }, "tap")
            let owner = tracker.track(GestureOwner(view), "target")
            view.addGestureRecognizer(pan)
            view.addGestureRecognizer(tap)
            view.addGestureRecognizer(tracker.track(UILongPressGestureRecognizer(target: owner, action: GestureOwner.press), "long press"))
            drag(on: display)
            view.removeFromSuperview()   // mid-gesture
        }
        display.advance(by: 0.1)
        #expect(pans > 0)
        #expect(tracker.alive == [])
    }

    /// A handler that captures its own view strongly makes a cycle (view → recognizer → handler → view), as a
    /// `UIAction` closure capturing its control does in UIKit: it lasts until the recognizer is removed. (Code
    /// ported from UIKit's weak target and selector should capture `[weak self]` or use `recognizer.view`.)
    @Test func gestureRecognizerWhoseClosureCapturesItsViewLastsUntilRemoved() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        weak var kept: UIView?
        do {
            let view = tracker.track(addView(CGRect(x: 0, y: 0, width: 100, height: 100), to: window), "view")
            view.addGestureRecognizer(tracker.track(UIPanGestureRecognizer { _ in view.center.x += 1 }, "pan"))
            drag(on: display)
            view.removeFromSuperview()
            kept = view
        }
        display.advance(by: 0.1)
        #expect(tracker.alive == ["view", "pan"])
        for recognizer in kept?.gestureRecognizers ?? [] { kept?.removeGestureRecognizer(recognizer) }
        #expect(tracker.alive == [])
    }

    /// A drag at (50, 50) that is still going on.
    private func drag(on display: HeadlessDisplay) {
        display.advance(by: 0)
        display.send(pointer(.began, 50, 50, in: display))
        display.advance(by: 1.0 / 60)
        display.send(pointer(.moved, 80, 50, in: display))
        display.advance(by: 1.0 / 60)
        display.send(pointer(.moved, 90, 50, in: display))
        display.advance(by: 1.0 / 60)
    }

    /// Physics with action blocks that capture the views, dropped while it runs. (An action block that captures
    /// its own animator is a cycle, as in UIKit.)
    @Test func dynamicAnimatorWithBehaviorsAndActionBlocks() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        var readings: [CGFloat] = []
        do {
            let reference = tracker.track(addView(CGRect(x: 0, y: 0, width: 400, height: 300), to: window), "reference view")
            let box = tracker.track(addView(CGRect(x: 50, y: 0, width: 40, height: 40), to: reference), "box")
            display.advance(by: 0)
            let animator = tracker.track(UIDynamicAnimator(referenceView: reference), "animator")
            let gravity = tracker.track(UIGravityBehavior(items: [box]), "gravity")
            gravity.action = { readings.append(box.center.y) }
            let collision = tracker.track(UICollisionBehavior(items: [box]), "collision")
            collision.translatesReferenceBoundsIntoBoundary = true
            let parent = tracker.track(UIDynamicBehavior(), "composite")
            parent.addChildBehavior(collision)
            parent.action = { _ = reference.bounds; _ = box.center }
            animator.addBehavior(gravity)
            animator.addBehavior(parent)
            display.advance(by: 0.5)
            reference.removeFromSuperview()
        }
        display.advance(by: 0.1)
        #expect(readings.count > 10)
        #expect(tracker.alive == [])
    }

    @Test func dynamicAnimatorDroppedWhileRunning() {
        let tracker = LeakTracker()
        let (display, window) = makeWindow()
        var readings = 0
        do {
            let reference = tracker.track(addView(CGRect(x: 0, y: 0, width: 400, height: 300), to: window), "reference view")
            let box = tracker.track(addView(CGRect(x: 50, y: 0, width: 40, height: 40), to: reference), "box")
            display.advance(by: 0)
            let animator = tracker.track(UIDynamicAnimator(referenceView: reference), "animator")
            let gravity = tracker.track(UIGravityBehavior(items: [box]), "gravity")
            gravity.action = { readings += 1; _ = box.center }
            animator.addBehavior(gravity)
            animator.addBehavior(tracker.track(UIPushBehavior(items: [box], mode: .continuous), "push"))
            display.advance(by: 0.25)
            reference.removeFromSuperview()
        }
        let before = readings
        display.advance(by: 0.25)
        #expect(readings == before)   // the animator is gone: no more steps
        #expect(tracker.alive == [])
    }
}

@MainActor
final class GestureOwner {
    let view: UIView
    init(_ view: UIView) { self.view = view }
    func press(_ recognizer: UILongPressGestureRecognizer) { _ = view.frame }
}
