import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UIPushBehavior")
struct PushBehaviorTests {
    /// Displacement after `seconds` of a continuous push of magnitude 1 to the right.
    func pushedDistance(size: CGSize, density: CGFloat, seconds: Double) -> CGFloat {
        let item = TestItem(center: CGPoint(x: 0, y: 0), size: size)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let push = UIPushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        let properties = UIDynamicItemBehavior(items: [item])
        properties.density = density
        animator.addBehavior(properties)
        animator.addBehavior(push)
        run(animator, seconds: seconds)
        return item.center.x
    }

    @Test("TV61: magnitude 1 accelerates 100×100 at density 1 by 100 pt/s², 200×100 or density 2 by 50 pt/s²")
    func continuousAccelerations() {
        let steps = 120
        let unit = pushedDistance(size: CGSize(width: 100, height: 100), density: 1, seconds: 1)
        let wide = pushedDistance(size: CGSize(width: 200, height: 100), density: 1, seconds: 1)
        let dense = pushedDistance(size: CGSize(width: 100, height: 100), density: 2, seconds: 1)
        #expect(abs(unit - semiImplicitDisplacement(acceleration: 100, steps: steps)) < 0.01)
        #expect(abs(wide - semiImplicitDisplacement(acceleration: 50, steps: steps)) < 0.01)
        #expect(abs(dense - semiImplicitDisplacement(acceleration: 50, steps: steps)) < 0.01)
    }

    @Test("TV62: an instantaneous push of magnitude 1 gives a unit item 100 pt/s once, then turns inactive")
    func instantaneousImpulse() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: -1)
        let velocity = UIDynamicItemBehavior(items: [item])
        animator.addBehavior(velocity)
        animator.addBehavior(push)
        #expect(push.active)
        animator.step(by: physicsStep)
        #expect(!push.active)
        #expect(abs(velocity.linearVelocity(for: item).y + 100) < 1e-3)
        run(animator, seconds: 1)
        #expect(abs(velocity.linearVelocity(for: item).y + 100) < 1e-3)
        #expect(abs(item.center.y + 100 * (1 + physicsStep)) < 0.01)
        push.active = true
        animator.step(by: physicsStep)
        #expect(abs(velocity.linearVelocity(for: item).y + 200) < 1e-3)
    }

    @Test("Defaults: magnitude 0, angle 0, direction (0, 0), active; angle and magnitude stay consistent")
    func defaultsAndPolarForm() {
        let push = UIPushBehavior(items: [], mode: .continuous)
        #expect(push.magnitude == 0)
        #expect(push.angle == 0)
        #expect(push.pushDirection == .zero)
        #expect(push.active)
        push.setAngle(.pi / 2, magnitude: 2)
        #expect(abs(push.pushDirection.dy - 2) < 1e-12)
        push.magnitude = -1
        #expect(abs(push.pushDirection.dy + 1) < 1e-12)
        push.pushDirection = CGVector(dx: CGFloat.infinity, dy: 0)
        #expect(abs(push.pushDirection.dy + 1) < 1e-12)
    }

    @Test("An off-centre push spins the item; a centred one does not")
    func targetOffsetMakesTorque() {
        let item = TestItem(center: .zero)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let push = UIPushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: -40), for: item)
        #expect(push.targetOffsetFromCenter(for: item) == UIOffset(horizontal: 0, vertical: -40))
        animator.addBehavior(push)
        run(animator, seconds: 0.5)
        // A force to the right above the centre turns the item clockwise on screen: a positive angle, since y
        // points down.
        #expect(item.angle > 0.01)
    }

    @Test("Inactive continuous pushes apply no force")
    func inactive() {
        let item = TestItem(center: .zero)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let push = UIPushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        push.active = false
        animator.addBehavior(push)
        run(animator, seconds: 0.5)
        #expect(item.center.x == 0)
    }
}
