import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

/// Hostile input must never crash (Box2D's asserts are live in Debian's build) and never produce NaN positions.
@MainActor
@Suite("Robustness")
struct RobustnessTests {
    @Test("Huge forces, sizes and positions are rejected or survived; positions stay finite")
    func hugeValues() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let normal = TestItem("normal", center: CGPoint(x: 200, y: 200), size: CGSize(width: 20, height: 20))
        let giant = TestItem("giant", center: CGPoint(x: 0, y: 0), size: CGSize(width: 1e20, height: 1e20))
        let far = TestItem("far", center: CGPoint(x: 1e15, y: 0))
        let items = [normal, giant, far]
        let gravity = UIGravityBehavior(items: items)
        gravity.magnitude = 1e300
        let push = UIPushBehavior(items: items, mode: .continuous)
        push.pushDirection = CGVector(dx: 1e200, dy: -1e200)
        let collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(push)
        animator.addBehavior(collision)
        run(animator, seconds: 1)
        #expect(normal.center.x.isFinite && normal.center.y.isFinite)
        #expect(giant.center == .zero && far.center == CGPoint(x: 1e15, y: 0))
        #expect(!DynamicsDiagnostics.messages(containing: "TestItem(giant) ignored: bounds size").isEmpty)
        #expect(!DynamicsDiagnostics.messages(containing: "TestItem(far) ignored: center").isEmpty)
    }

    @Test("Joints on anchored items, zero-length rods and snaps of anchored items do not crash")
    func degenerateJoints() {
        let a = TestItem("a", center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        let b = TestItem("b", center: CGPoint(x: 140, y: 100), size: CGSize(width: 20, height: 20))
        let c = TestItem("c", center: CGPoint(x: 300, y: 300), size: CGSize(width: 20, height: 20))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let anchored = UIDynamicItemBehavior(items: [a, b])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(UIAttachmentBehavior(item: a, attachedTo: b))
        animator.addBehavior(UIAttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: .zero))
        animator.addBehavior(UIAttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: .zero))
        animator.addBehavior(UIAttachmentBehavior.slidingAttachment(with: a, attachedTo: b, attachmentAnchor: .zero,
                                                                    axisOfTranslation: CGVector(dx: 0, dy: 1)))
        animator.addBehavior(UISnapBehavior(item: a, snapTo: CGPoint(x: 10, y: 10)))
        animator.addBehavior(UIAttachmentBehavior(item: c, attachedToAnchor: c.center))   // length 0
        animator.addBehavior(UIAttachmentBehavior(item: c, attachedTo: c))                // an item to itself
        animator.addBehavior(UIGravityBehavior(items: [a, b, c]))
        run(animator, seconds: 1)
        #expect(a.center == CGPoint(x: 100, y: 100) && b.center == CGPoint(x: 140, y: 100))
        #expect(hypot(c.center.x - 300, c.center.y - 300) < 1)
    }

    @Test("Behaviors changing every step from their actions stay consistent")
    func churn() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let items = (0..<6).map { TestItem("c\($0)", center: CGPoint(x: 50 + Double($0) * 50, y: 100)) }
        let collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = UIGravityBehavior(items: items)
        var step = 0
        gravity.action = { [unowned collision, unowned gravity] in
            step += 1
            let item = items[step % items.count]
            if step % 2 == 0 { collision.removeItem(item) } else { collision.addItem(item) }
            gravity.angle += 0.1
            if step % 7 == 0 { collision.translatesReferenceBoundsIntoBoundary.toggle() }
        }
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        run(animator, seconds: 2)
        #expect(step > 200)
        #expect(items.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite })
    }
}
