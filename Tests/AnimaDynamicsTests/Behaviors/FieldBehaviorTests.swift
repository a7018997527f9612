import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UIFieldBehavior")
struct FieldBehaviorTests {
    /// Runs `field` on `item`; the returned item behavior reads velocities while `animator` is kept alive.
    func simulate(_ field: UIFieldBehavior, item: TestItem, seconds: Double,
                  configure: (UIDynamicItemBehavior) -> Void = { _ in })
        -> (animator: UIDynamicAnimator, properties: UIDynamicItemBehavior) {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        field.addItem(item)
        let properties = UIDynamicItemBehavior(items: [item])
        configure(properties)
        animator.addBehavior(properties)
        animator.addBehavior(field)
        run(animator, seconds: seconds)
        return (animator, properties)
    }

    @Test("Defaults: strength 1, infinite region, falloff 0 (radial 2, spring −1), tiny minimum radius")
    func defaults() {
        let drag = UIFieldBehavior.dragField()
        #expect(drag.strength == 1)
        #expect(drag.region == .infinite)
        #expect(drag.falloff == 0)
        #expect(drag.direction == .zero)
        #expect(abs(drag.minimumRadius - 0.00305) < 1e-5)
        #expect(UIFieldBehavior.radialGravityField(position: .zero).falloff == 2)
        #expect(UIFieldBehavior.springField().falloff == -1)
        #expect(UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1)).direction == CGVector(dx: 0, dy: 1))
    }

    @Test("A linear gravity field of direction (0, 1) matches UIGravityBehavior")
    func linearGravity() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        _ = simulate(.linearGravityField(direction: CGVector(dx: 0, dy: 1)), item: item, seconds: 0.5)
        #expect(abs(item.center.y - semiImplicitDisplacement(acceleration: 1000, steps: 60)) < 0.05)
    }

    @Test("Regions: items outside feel nothing; boundaries count as inside; set algebra")
    func regions() {
        let inside = TestItem(center: CGPoint(x: 150, y: 100)), outside = TestItem(center: CGPoint(x: 300, y: 100))
        let field = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        field.position = CGPoint(x: 100, y: 100)
        field.region = UIRegion(radius: 100)
        field.addItem(outside)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        field.addItem(inside)
        animator.addBehavior(field)
        animator.step(by: physicsStep)
        #expect(inside.center.y > 100)
        #expect(outside.center.y == 100)
        let region = UIRegion(radius: 50)
        #expect(region.contains(CGPoint(x: 50, y: 0)))
        #expect(!region.contains(CGPoint(x: 50.01, y: 0)))
        #expect(region.inverse().contains(CGPoint(x: 60, y: 0)))
        let ring = UIRegion(radius: 100).difference(from: region)
        #expect(ring.contains(CGPoint(x: 75, y: 0)) && !ring.contains(.zero))
        let box = UIRegion(size: CGSize(width: 20, height: 200))
        #expect(box.union(with: region).contains(CGPoint(x: 0, y: 90)))
        #expect(!box.intersection(with: region).contains(CGPoint(x: 0, y: 90)))
        #expect(UIRegion.infinite.contains(CGPoint(x: 1e9, y: -1e9)))
    }

    @Test("A region combined with itself again and again stops growing at maximumShapeCount nodes, reported")
    func selfCombinedRegionsStayBounded() {
        // Each union shares the tree twice: without the bound, 40 rounds make 2⁴⁰ nodes for contains to visit.
        var region = UIRegion(radius: 10)
        for _ in 0..<40 { region = region.union(with: region) }
        #expect(region.contains(CGPoint(x: 5, y: 0)))
        #expect(!region.contains(CGPoint(x: 50, y: 0)))
        var ring = UIRegion(radius: 100).difference(from: UIRegion(radius: 50))
        for _ in 0..<40 { ring = ring.intersection(with: ring).inverse().inverse() }
        #expect(ring.contains(CGPoint(x: 75, y: 0)) && !ring.contains(.zero) && !ring.contains(CGPoint(x: 101, y: 0)))
        #expect(DynamicsDiagnostics.messages(containing: "UIRegion.union(with:): the combined region would have").count >= 1)
        #expect(DynamicsDiagnostics.messages(containing: "UIRegion.intersection(with:): the combined region would have").count >= 1)
    }

    @Test("Radial gravity pulls towards the position with 1000 pt/s² at 100 pt")
    func radialGravity() {
        let item = TestItem(center: CGPoint(x: 300, y: 200), size: CGSize(width: 10, height: 10))
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 200, y: 200))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        field.addItem(item)
        animator.addBehavior(field)
        animator.step(by: physicsStep)
        // One step from rest: Δx = −a·h².
        #expect(abs((item.center.x - 300) + 1000 * physicsStep * physicsStep) < 1e-3)
        #expect(abs(item.center.y - 200) < 1e-9)
    }

    @Test("Velocity fields set the velocity; drag slows; vortex turns counter-clockwise")
    func velocityDragVortex() {
        let moving = TestItem(center: .zero)
        let (keep1, behavior) = simulate(.velocityField(direction: CGVector(dx: 30, dy: -40)), item: moving,
                                         seconds: 0.5)
        #expect(abs(behavior.linearVelocity(for: moving).x - 30) < 1e-3)
        #expect(abs(behavior.linearVelocity(for: moving).y + 40) < 1e-3)

        let dragged = TestItem(center: .zero)
        let drag = UIFieldBehavior.dragField()
        let (keep2, slowed) = simulate(drag, item: dragged, seconds: 0.5) {
            $0.addLinearVelocity(CGPoint(x: 100, y: 0), for: dragged)
        }
        // F = −v (N per m/s) on 1 kg: v(t) ≈ 100·e^(−t) pt/s.
        #expect(abs(slowed.linearVelocity(for: dragged).x - 100 * exp(-0.5)) < 0.5)

        let swirled = TestItem(center: CGPoint(x: 300, y: 200), size: CGSize(width: 10, height: 10))
        let vortex = UIFieldBehavior.vortexField()
        vortex.position = CGPoint(x: 200, y: 200)
        _ = simulate(vortex, item: swirled, seconds: 0.1)
        #expect(swirled.center.y < 200)   // to the right of the centre, counter-clockwise on screen is upwards
        withExtendedLifetime((keep1, keep2)) {}
    }

    @Test("Spring fields oscillate about the position; electric and magnetic fields need charge")
    func springElectricMagnetic() {
        let item = TestItem(center: CGPoint(x: 300, y: 200))
        let spring = UIFieldBehavior.springField()
        spring.position = CGPoint(x: 200, y: 200)
        spring.strength = 4 * .pi * .pi   // 1 kg: ω = 2π rad/s, a period of 1 s
        _ = simulate(spring, item: item, seconds: 0.5)
        #expect(abs(item.center.x - 100) < 2)   // half a period: the far side

        let neutral = TestItem(center: CGPoint(x: 300, y: 200)), charged = TestItem(center: CGPoint(x: 300, y: 200))
        let electric = UIFieldBehavior.electricField()
        electric.position = CGPoint(x: 200, y: 200)
        _ = simulate(electric, item: neutral, seconds: 0.2)
        #expect(neutral.center.x == 300)
        let electric2 = UIFieldBehavior.electricField()
        electric2.position = CGPoint(x: 200, y: 200)
        _ = simulate(electric2, item: charged, seconds: 0.2) { $0.charge = 1 }
        #expect(charged.center.x > 300)   // like charges repel

        let circling = TestItem(center: CGPoint(x: 200, y: 200), size: CGSize(width: 10, height: 10))
        let magnetic = UIFieldBehavior.magneticField()
        magnetic.strength = 5
        _ = simulate(magnetic, item: circling, seconds: 0.1) {
            $0.charge = 1
            $0.addLinearVelocity(CGPoint(x: 100, y: 0), for: circling)
        }
        #expect(circling.center.y < 200)   // moving right, bent upwards: counter-clockwise
    }

    @Test("Noise is deterministic; turbulence leaves still items alone; custom blocks give forces")
    func noiseTurbulenceCustom() {
        func noisy() -> CGPoint {
            let item = TestItem(center: CGPoint(x: 123, y: 456), size: CGSize(width: 10, height: 10))
            _ = simulate(.noiseField(smoothness: 0.5, animationSpeed: 2), item: item, seconds: 0.5)
            return item.center
        }
        let first = noisy(), second = noisy()
        #expect(first == second)
        #expect(first != CGPoint(x: 123, y: 456))

        let still = TestItem(center: CGPoint(x: 50, y: 50))
        _ = simulate(.turbulenceField(smoothness: 0, animationSpeed: 1), item: still, seconds: 0.2)
        #expect(still.center == CGPoint(x: 50, y: 50))

        let pushed = TestItem(center: .zero)
        var sawMass: CGFloat = 0
        let custom = UIFieldBehavior.field { _, _, _, mass, _, _ in
            sawMass = mass
            return CGVector(dx: 1, dy: 0)   // 1 N on 1 kg: 100 pt/s²
        }
        _ = simulate(custom, item: pushed, seconds: 0.5)
        #expect(sawMass == 1)
        #expect(abs(pushed.center.x - semiImplicitDisplacement(acceleration: 100, steps: 60)) < 0.01)
    }

    @Test("An animator uses at most 32 fields; the 33rd has no effect and is diagnosed")
    func fieldLimit() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let items = (0..<33).map { TestItem("f\($0)", center: CGPoint(x: Double($0) * 10, y: 0)) }
        for item in items {
            let field = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
            field.addItem(item)
            animator.addBehavior(field)
        }
        run(animator, seconds: 0.1)
        #expect(items[31].center.y > 1)
        #expect(items[32].center.y == 0)
        #expect(!DynamicsDiagnostics.messages(containing: "maximum of 32 distinct fields").isEmpty)
    }

    @Test("Non-finite field values are rejected")
    func rejectsNonFinite() {
        let field = UIFieldBehavior.dragField()
        field.strength = .nan
        field.position = CGPoint(x: CGFloat.infinity, y: 0)
        field.minimumRadius = -1
        #expect(field.strength == 1)
        #expect(field.position == .zero)
        #expect(abs(field.minimumRadius - 0.00305) < 1e-5)
    }
}
