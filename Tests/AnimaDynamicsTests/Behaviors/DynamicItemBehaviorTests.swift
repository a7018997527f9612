import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UIDynamicItemBehavior")
struct DynamicItemBehaviorTests {
    @Test("TV63: density 1, allowsRotation true, resistance 0; elasticity, friction, charge 0; not anchored")
    func defaults() {
        let behavior = UIDynamicItemBehavior(items: [])
        #expect(behavior.density == 1)
        #expect(behavior.allowsRotation)
        #expect(behavior.resistance == 0)
        #expect(behavior.angularResistance == 0)
        #expect(behavior.elasticity == 0)
        #expect(behavior.friction == 0)
        #expect(behavior.charge == 0)
        #expect(!behavior.isAnchored)
    }

    @Test("Negative or non-finite values are rejected with a diagnostic")
    func rejectsBadValues() {
        let behavior = UIDynamicItemBehavior(items: [])
        behavior.density = -1
        behavior.resistance = .nan
        behavior.elasticity = .infinity
        #expect(behavior.density == 1)
        #expect(behavior.resistance == 0)
        #expect(behavior.elasticity == 0)
        #expect(!DynamicsDiagnostics.messages(containing: "UIDynamicItemBehavior.density = -1.0").isEmpty)
    }

    @Test("Velocity added before joining an animator accumulates and applies when it joins")
    func pendingVelocity() {
        let item = TestItem(center: .zero)
        let behavior = UIDynamicItemBehavior(items: [item])
        behavior.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        behavior.addLinearVelocity(CGPoint(x: 50, y: 20), for: item)
        behavior.addAngularVelocity(1, for: item)
        #expect(behavior.linearVelocity(for: item) == CGPoint(x: 150, y: 20))
        #expect(behavior.angularVelocity(for: item) == 1)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(behavior)
        run(animator, seconds: 1)
        #expect(abs(item.center.x - 150) < 0.01)
        #expect(abs(item.center.y - 20) < 0.01)
        #expect(abs(item.angle - 1) < 1e-3)
        behavior.addLinearVelocity(CGPoint(x: -150, y: -20), for: item)
        #expect(abs(behavior.linearVelocity(for: item).x) < 1e-3)
    }

    @Test("Resistance c damps velocity like v·(1 + c·h)^-n")
    func resistance() {
        let item = TestItem(center: .zero)
        let behavior = UIDynamicItemBehavior(items: [item])
        behavior.resistance = 2
        behavior.addLinearVelocity(CGPoint(x: 1000, y: 0), for: item)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(behavior)
        run(animator, seconds: 0.5)
        let expected = 1000 * pow(1 + 2 * physicsStep, -60)   // ≈ e^(−1) · 1000
        #expect(abs(behavior.linearVelocity(for: item).x - expected) < 0.5)
    }

    @Test("Friction μ against the floor stops a sliding item after v²/(2·μ·1000) points")
    func frictionStoppingDistance() {
        let item = TestItem(center: CGPoint(x: 50, y: 650))
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 2000, height: 700))
        let collision = UICollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let behavior = UIDynamicItemBehavior(items: [item])
        behavior.friction = 0.5
        behavior.allowsRotation = false
        behavior.addLinearVelocity(CGPoint(x: 500, y: 0), for: item)
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        animator.addBehavior(behavior)
        run(animator, seconds: 2)
        let travelled = item.center.x - 50
        #expect(abs(travelled - 250) < 0.1 * 250)   // 500² / (2 · 0.5 · 1000) = 250 pt
    }

    @Test("Anchored items do not move but others collide with them; allowsRotation false keeps angle 0")
    func anchoredAndRotation() {
        let floor = TestItem("floor", center: CGPoint(x: 200, y: 400), size: CGSize(width: 300, height: 20))
        let box = TestItem("box", center: CGPoint(x: 230, y: 300), size: CGSize(width: 40, height: 40))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let anchored = UIDynamicItemBehavior(items: [floor])
        anchored.isAnchored = true
        let noSpin = UIDynamicItemBehavior(items: [box])
        noSpin.allowsRotation = false
        noSpin.addAngularVelocity(5, for: box)
        animator.addBehavior(anchored)
        animator.addBehavior(noSpin)
        animator.addBehavior(UICollisionBehavior(items: [floor, box]))
        animator.addBehavior(UIGravityBehavior(items: [floor, box]))
        run(animator, seconds: 2)
        #expect(floor.center == CGPoint(x: 200, y: 400))
        #expect(abs(box.center.y - 370) < 0.5)   // item on item: within half a point of touching
        #expect(box.angle == 0)
    }

    @Test("The last item behavior listing an item decides its density")
    func lastBehaviorWins() {
        let item = TestItem(center: .zero)
        let first = UIDynamicItemBehavior(items: [item])
        first.density = 4
        let second = UIDynamicItemBehavior(items: [item])
        second.density = 2
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(first)
        animator.addBehavior(second)
        animator.addBehavior(push)
        animator.step(by: physicsStep)
        #expect(abs(second.linearVelocity(for: item).x - 50) < 1e-3)
    }
}
