import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UISnapBehavior")
struct SnapBehaviorTests {
    @Test("TV63: damping defaults to 0.5 and is clamped to 0…1")
    func defaults() {
        let item = TestItem(center: .zero)
        let snap = UISnapBehavior(item: item, snapTo: CGPoint(x: 10, y: 20))
        #expect(snap.damping == 0.5)
        #expect(snap.snapPoint == CGPoint(x: 10, y: 20))
        snap.damping = 2
        #expect(snap.damping == 1)
        snap.damping = .nan
        #expect(snap.damping == 1)
    }

    @Test("The item converges on the snap point and the animator then pauses")
    func converges() {
        let item = TestItem(center: CGPoint(x: 50, y: 50))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let events = AnimatorEvents()
        animator.delegate = events
        animator.addBehavior(UISnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 500)))
        run(animator, seconds: 1.5)
        #expect(hypot(item.center.x - 300, item.center.y - 500) < 1)
        run(animator, seconds: 3)
        #expect(hypot(item.center.x - 300, item.center.y - 500) < 0.5)
        #expect(events.log == ["resume", "pause"])
    }

    @Test("Lower damping overshoots more")
    func dampingControlsOvershoot() {
        func overshoot(_ damping: CGFloat) -> CGFloat {
            let item = TestItem(center: CGPoint(x: 0, y: 0))
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            let snap = UISnapBehavior(item: item, snapTo: CGPoint(x: 200, y: 0))
            snap.damping = damping
            animator.addBehavior(snap)
            var farthest: CGFloat = 0
            for _ in 0..<120 {
                animator.step(by: 1.0 / 60.0)
                farthest = max(farthest, item.center.x)
            }
            return farthest - 200
        }
        let loose = overshoot(0.1), medium = overshoot(0.5), tight = overshoot(1)
        #expect(loose > medium)
        #expect(medium > tight)
        #expect(tight < 1)
    }

    @Test("Moving snapPoint while running retargets the item")
    func movingSnapPoint() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let snap = UISnapBehavior(item: item, snapTo: CGPoint(x: 100, y: 100))
        animator.addBehavior(snap)
        run(animator, seconds: 1)
        snap.snapPoint = CGPoint(x: 300, y: 100)
        run(animator, seconds: 3)
        #expect(hypot(item.center.x - 300, item.center.y - 100) < 0.5)
    }
}
