import Foundation
import Testing
import AnimaCore
import AnimaDynamics
import AnimaGraphics
import AnimaKit

/// `UIDynamicAnimator(referenceView:)`: the display's frames drive the physics, views move without
/// implicit animations, and a released animator stops being stepped.
@MainActor
@Suite("UIDynamicAnimator(referenceView:)")
struct ReferenceViewAnimatorTests {
    @Test func framesDriveFreeFallOfAView() throws {
        let (display, window) = makeWindow(width: 400, height: 700)
        let box = addView(CGRect(x: 150, y: 0, width: 100, height: 100), to: window)
        let animator = UIDynamicAnimator(referenceView: window)
        #expect(animator.referenceView === window)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        display.advance(by: 0)
        display.advance(by: 0.5)
        // y = y0 + ½·1000·t² = 50 + 125 after 0.5 s (fixed 1/120-s steps: within a step's worth).
        let y = box.center.y
        #expect(abs(y - 175) < 5, "centre y \(y)")
        // Written with actions disabled: the layer shows the model value, no implicit animation.
        #expect(box.layer.animationKeys() == nil)
        #expect(isClose(shown(box).position.y, y, within: 1e-6))
    }

    @Test func releasedAnimatorIsNoLongerStepped() throws {
        let (display, window) = makeWindow(width: 400, height: 700)
        let box = addView(CGRect(x: 150, y: 0, width: 100, height: 100), to: window)
        weak var weakAnimator: UIDynamicAnimator?
        do {
            let animator = UIDynamicAnimator(referenceView: window)
            animator.addBehavior(UIGravityBehavior(items: [box]))
            weakAnimator = animator
            display.advance(by: 0)
            display.advance(by: 0.1)
        }
        #expect(weakAnimator == nil)
        let y = box.center.y
        display.advance(by: 0.2)
        #expect(box.center.y == y)
    }
}

@MainActor
@Suite("UICollisionBehavior with UIBezierPath")
struct BezierBoundaryTests {
    @Test func aViewComesToRestOnABezierPathFloor() {
        let (display, window) = makeWindow(width: 400, height: 700)
        let box = addView(CGRect(x: 150, y: 0, width: 100, height: 100), to: window)
        let animator = UIDynamicAnimator(referenceView: window)
        let collision = UICollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "floor", for: UIBezierPath(rect: CGRect(x: 0, y: 400, width: 400, height: 10)))
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
        display.advance(by: 0)
        display.advance(by: 3)
        // The box rests on the floor's top edge at y = 400 (its centre 50 points above), not at the window's bottom.
        #expect(abs(box.frame.maxY - 400) < 1, "box bottom \(box.frame.maxY)")
    }
}
