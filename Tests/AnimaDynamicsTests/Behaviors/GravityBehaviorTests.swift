import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UIGravityBehavior")
struct GravityBehaviorTests {
    @Test("TV59: free fall for 0.5 s from rest is ½·1000·t² plus the integrator's ½·a·t·h")
    func freeFall() {
        let item = TestItem(center: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let gravity = UIGravityBehavior(items: [item])
        animator.addBehavior(gravity)
        run(animator, seconds: 0.5)
        let dy = item.center.y - 100
        // 60 steps of 1/120 s: semi-implicit Euler gives 125 + ½·1000·0.5/120 = 127.083 pt.
        #expect(abs(dy - semiImplicitDisplacement(acceleration: 1000, steps: 60)) < 0.01)
        #expect(abs(dy - 125) <= 0.5 * 1000 * 0.5 * physicsStep + 0.01)
        #expect(abs(item.center.x - 200) < 1e-6)
        #expect(abs(animator.elapsedTime() - 0.5) < 1e-9)
    }

    @Test("Free fall does not depend on the frame rate")
    func frameRateIndependence() {
        var results: [CGFloat] = []
        for frame in [1.0 / 30.0, 1.0 / 60.0, 1.0 / 120.0, 1.0 / 144.0 * 1.0] {
            let item = TestItem(center: CGPoint(x: 200, y: 100))
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            animator.addBehavior(UIGravityBehavior(items: [item]))
            var time = 0.0
            while time < 0.5 - 1e-9 {
                let dt = min(frame, 0.5 - time)
                animator.step(by: dt)
                time += dt
            }
            results.append(item.center.y)
        }
        #expect(results.allSatisfy { abs($0 - results[0]) < 1e-9 })
    }

    @Test("TV60: gravityDirection (3, 4) has magnitude 5 and angle atan2(4, 3), accelerating at 5000 pt/s²")
    func directionMagnitudeAngle() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let gravity = UIGravityBehavior(items: [item])
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(abs(gravity.angle - .pi / 2) < 1e-12)
        #expect(gravity.magnitude == 1)
        gravity.gravityDirection = CGVector(dx: 3, dy: 4)
        #expect(abs(gravity.magnitude - 5) < 1e-12)
        #expect(abs(gravity.angle - 0.927295) < 1e-6)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(gravity)
        run(animator, seconds: 0.5)
        let distance = hypot(item.center.x, item.center.y)
        #expect(abs(distance - semiImplicitDisplacement(acceleration: 5000, steps: 60)) < 0.1)
        #expect(abs(item.center.y / item.center.x - 4.0 / 3.0) < 1e-4)
    }

    @Test("Magnitude 0 gives the vector (0, 0) and angle 0; angle and magnitude setters keep each other")
    func magnitudeZeroAndSetters() {
        let gravity = UIGravityBehavior(items: [])
        gravity.magnitude = 0
        #expect(gravity.gravityDirection == .zero)
        #expect(gravity.angle == 0)
        gravity.setAngle(.pi, magnitude: 2)
        #expect(abs(gravity.gravityDirection.dx + 2) < 1e-12)
        #expect(abs(gravity.gravityDirection.dy) < 1e-12)
        gravity.magnitude = 3
        #expect(abs(gravity.angle - .pi) < 1e-12)
        #expect(abs(gravity.gravityDirection.dx + 3) < 1e-12)
        gravity.angle = .pi / 2
        #expect(abs(gravity.gravityDirection.dy - 3) < 1e-12)
    }

    @Test("Non-finite gravity values are rejected with a diagnostic and the old vector kept")
    func rejectsNonFinite() {
        let gravity = UIGravityBehavior(items: [])
        gravity.gravityDirection = CGVector(dx: CGFloat.nan, dy: 1)
        gravity.magnitude = .infinity
        gravity.angle = .nan
        gravity.setAngle(0, magnitude: .nan)
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        #expect(!DynamicsDiagnostics.messages(containing: "UIGravityBehavior.gravityDirection = (NaN, 1.0)").isEmpty)
    }

    @Test("Changing gravity while running applies from the next step (the seed's slider)")
    func liveChange() {
        let item = TestItem(center: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let gravity = UIGravityBehavior(items: [item])
        animator.addBehavior(gravity)
        run(animator, seconds: 0.25)
        let v1 = item.center.y
        gravity.gravityDirection = CGVector(dx: 0, dy: 0)
        run(animator, seconds: 0.25)
        let drift = item.center.y - v1
        // With no gravity the item coasts at its velocity of 1000·0.25 = 250 pt/s for 0.25 s.
        #expect(abs(drift - 250 * 0.25) < 0.5)
    }

    @Test("Seed 000: the box reaches the bottom at the analytic time ± one step; removing gravity in action pauses")
    func seedDropBox() {
        let box = TestItem("box", center: CGPoint(x: 200, y: 50))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let events = AnimatorEvents()
        animator.delegate = events
        let gravity = UIGravityBehavior(items: [box])
        var labels: [CGFloat] = []
        gravity.action = { [unowned animator, unowned gravity, unowned box] in
            labels.append(box.center.y)
            if box.center.y + 50 >= 700 { animator.removeBehavior(gravity) }
        }
        animator.addBehavior(gravity)
        #expect(events.log == ["resume"])
        #expect(animator.isRunning)
        run(animator, seconds: 2)
        #expect(events.log == ["resume", "pause"])
        #expect(!animator.isRunning)
        let analytic = (2 * 600 / 1000.0).squareRoot()  // 1.0954 s
        #expect(abs(animator.elapsedTime() - analytic) <= physicsStep)
        #expect(labels.count == Int((animator.elapsedTime() / physicsStep).rounded()))
        let finalY = box.center.y
        run(animator, seconds: 0.5)
        #expect(box.center.y == finalY)
        // Drop again: adding the behavior resumes.
        box.center = CGPoint(x: 200, y: 50)
        animator.addBehavior(gravity)
        #expect(events.log == ["resume", "pause", "resume"])
    }
}
