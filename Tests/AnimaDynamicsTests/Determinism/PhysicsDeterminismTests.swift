import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

/// The same physics scene run twice gives bit-identical body state after 10 000 fixed steps: Box2D is
/// deterministic for the same inputs in the same order, and the animator adds bodies, joints and forces in
/// insertion order (never in a Set's or Dictionary's order).
@MainActor
@Suite("Physics determinism")
struct PhysicsDeterminismTests {
    /// Twelve items falling into a box, colliding, one pushed, two attached, one snapped, one spinning; the state
    /// of every item (centre and transform, exactly) after `steps` fixed steps of 1/120 s.
    func run(steps: Int) async -> [[Double]] {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        var items: [TestItem] = []
        for i in 0..<12 {
            let size = CGSize(width: 20 + CGFloat(i % 4) * 10, height: 24 + CGFloat(i % 3) * 8)
            items.append(TestItem("item\(i)", center: CGPoint(x: 40 + CGFloat(i % 6) * 60, y: 60 + CGFloat(i / 6) * 80), size: size))
        }
        items[5].collisionBoundsType = .ellipse
        let gravity = UIGravityBehavior(items: items)
        gravity.angle = .pi / 2 + 0.1
        let collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let push = UIPushBehavior(items: [items[0]], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 3, dy: -2)
        let properties = UIDynamicItemBehavior(items: [items[3], items[4]])
        properties.elasticity = 0.7
        properties.addAngularVelocity(4, for: items[3])
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(push)
        animator.addBehavior(properties)
        animator.addBehavior(UIAttachmentBehavior(item: items[1], attachedTo: items[2]))
        animator.addBehavior(UISnapBehavior(item: items[7], snapTo: CGPoint(x: 200, y: 300)))
        // 10 000 fixed steps of 1/120 s, given as 1/60-s frames (two steps each).
        for frame in 0..<(steps / 2) {
            animator.step(by: 1.0 / 60.0)
            if frame % 500 == 499 { await Task.yield() }   // seconds of work: let other main-actor tests run
        }
        return items.map { item in
            [item.center.x, item.center.y, item.transform.a, item.transform.b, item.transform.c, item.transform.d].map { Double($0) }
        }
    }

    @Test func tenThousandStepsTwiceGiveIdenticalBodies() async {
        let first = await run(steps: 10_000)
        let second = await run(steps: 10_000)
        #expect(first == second)   // exact equality, bit for bit
        #expect(first.allSatisfy { $0.allSatisfy(\.isFinite) })
        #expect(first[0] != [40, 60, 1, 0, 0, 1])   // the scene moved
    }
}
