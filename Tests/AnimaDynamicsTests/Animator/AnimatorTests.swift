import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UIDynamicAnimator")
struct AnimatorTests {
    @Test("A new animator is paused; adding a behavior resumes it and calls the delegate")
    func resumeOnAdd() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let events = AnimatorEvents()
        animator.delegate = events
        #expect(!animator.isRunning)
        #expect(animator.elapsedTime() == 0)
        animator.step(by: 1)   // paused: nothing happens
        #expect(animator.elapsedTime() == 0)
        let item = TestItem(center: CGPoint(x: 10, y: 10))
        animator.addBehavior(UIGravityBehavior(items: [item]))
        #expect(animator.isRunning)
        #expect(events.log == ["resume"])
        #expect(animator.behaviors.count == 1)
    }

    @Test("With nothing to simulate the animator pauses on its next step")
    func pausesWhenEmpty() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let events = AnimatorEvents()
        animator.delegate = events
        let item = TestItem(center: .zero)
        let gravity = UIGravityBehavior(items: [item])
        animator.addBehavior(gravity)
        run(animator, seconds: 0.1)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty)
        let y = item.center.y
        run(animator, seconds: 0.1)
        #expect(events.log == ["resume", "pause"])
        #expect(item.center.y == y)
        #expect(gravity.dynamicAnimator == nil)
    }

    @Test("Actions run once per physics step, and a behavior removed in its own action stops at once")
    func actionsPerStep() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let item = TestItem(center: .zero)
        let gravity = UIGravityBehavior(items: [item])
        let observer = UIDynamicBehavior()
        var gravityCalls = 0, observerCalls = 0
        gravity.action = { [unowned animator, unowned gravity] in
            gravityCalls += 1
            if gravityCalls == 10 { animator.removeBehavior(gravity) }
        }
        observer.action = { observerCalls += 1 }
        animator.addBehavior(gravity)
        animator.addBehavior(observer)
        run(animator, seconds: 0.5)
        #expect(gravityCalls == 10)
        #expect(observerCalls == 10)   // then nothing was left to simulate: paused
        #expect(!animator.isRunning)
        #expect(abs(animator.elapsedTime() - 10 * physicsStep) < 1e-12)
    }

    @Test("Child behaviors act and their actions run; removing a child stops it")
    func childBehaviors() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let item = TestItem(center: .zero)
        let parent = UIDynamicBehavior()
        let gravity = UIGravityBehavior(items: [item])
        var moves: [UIDynamicAnimator?] = []
        final class Probe: UIDynamicBehavior {
            var onMove: ((UIDynamicAnimator?) -> Void)?
            override func willMove(to dynamicAnimator: UIDynamicAnimator?) { onMove?(dynamicAnimator) }
        }
        let probe = Probe()
        probe.onMove = { moves.append($0) }
        parent.addChildBehavior(gravity)
        parent.addChildBehavior(probe)
        animator.addBehavior(parent)
        #expect(gravity.dynamicAnimator === animator)
        #expect(moves.count == 1 && moves[0] === animator)
        run(animator, seconds: 0.5)
        #expect(item.center.y > 100)
        parent.removeChildBehavior(gravity)
        #expect(gravity.dynamicAnimator == nil)
        #expect(parent.childBehaviors.count == 1)
        animator.removeBehavior(parent)
        #expect(moves.count == 2 && moves[1] == nil)
    }

    @Test("Misuse is rejected with diagnostics: adding twice, two animators, removing twice, child as root")
    func misuse() {
        let a = UIDynamicAnimator(referenceBounds: referenceBounds)
        let b = UIDynamicAnimator(referenceBounds: referenceBounds)
        let gravity = UIGravityBehavior(items: [])
        a.addBehavior(gravity)
        a.addBehavior(gravity)
        b.addBehavior(gravity)
        #expect(a.behaviors.count == 1 && b.behaviors.isEmpty)
        a.removeBehavior(gravity)
        a.removeBehavior(gravity)
        let parent = UIDynamicBehavior(), child = UIDynamicBehavior()
        parent.addChildBehavior(child)
        a.addBehavior(child)
        child.addChildBehavior(parent)   // a cycle
        parent.addChildBehavior(parent)
        #expect(a.behaviors.isEmpty)
        #expect(child.childBehaviors.isEmpty)
        #expect(!DynamicsDiagnostics.messages(containing: "belongs to another animator").isEmpty)
        #expect(!DynamicsDiagnostics.messages(containing: "is not in this animator").isEmpty)
        #expect(!DynamicsDiagnostics.messages(containing: "is a child of another behavior").isEmpty)
    }

    @Test("Bad items are ignored with a diagnostic naming them; the rest simulate")
    func badItems() {
        let nanItem = TestItem("nan-centre", center: CGPoint(x: CGFloat.nan, y: 0))
        let empty = TestItem("zero-size", center: .zero, size: .zero)
        let negative = TestItem("negative-size", center: .zero, size: CGSize(width: -5, height: 10))
        let infinite = TestItem("infinite-size", center: .zero, size: CGSize(width: CGFloat.infinity, height: 10))
        let flat = TestItem("flat-path", center: .zero)
        flat.collisionBoundsType = .path
        let line = CGMutablePath()
        line.move(to: CGPoint(x: -10, y: 0))
        line.addLine(to: CGPoint(x: 10, y: 0))
        line.addLine(to: CGPoint(x: 20, y: 0))
        flat.collisionBoundingPath = line
        let good = TestItem("good", center: .zero)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let all = [nanItem, empty, negative, infinite, flat, good]
        animator.addBehavior(UIGravityBehavior(items: all))
        animator.addBehavior(UICollisionBehavior(items: all))
        run(animator, seconds: 0.25)
        #expect(good.center.y > 30)
        #expect(empty.center == .zero)
        for name in ["nan-centre", "zero-size", "negative-size", "infinite-size", "flat-path"] {
            #expect(DynamicsDiagnostics.messages(containing: "TestItem(\(name)) ignored").count == 1)
        }
        #expect(animator.items(in: CGRect(x: -500, y: -500, width: 2000, height: 2000)).count == 1)
    }

    @Test("An item already in another animator is ignored there")
    func itemInTwoAnimators() {
        let item = TestItem("shared", center: .zero)
        let first = UIDynamicAnimator(referenceBounds: referenceBounds)
        let second = UIDynamicAnimator(referenceBounds: referenceBounds)
        first.addBehavior(UIGravityBehavior(items: [item]))
        run(first, seconds: 0.1)
        let push = UIPushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 100, dy: 0)
        second.addBehavior(push)
        run(second, seconds: 0.1)
        #expect(item.center.x == 0)
        #expect(!DynamicsDiagnostics.messages(containing: "TestItem(shared) ignored: it is already in another")
            .isEmpty)
    }

    @Test("Non-finite frame durations and step sizes are rejected")
    func badTime() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let item = TestItem(center: .zero)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        animator.step(by: .nan)
        animator.step(by: -1)
        animator.stepDuration = 0
        #expect(animator.stepDuration == 1.0 / 120.0)
        #expect(item.center == .zero)
        // A long stall simulates at most maximumFrameDuration.
        animator.step(by: 10)
        #expect(abs(animator.elapsedTime() - 0.25) < 1e-9)
    }

    @Test("items(in:) finds items by their frames; updateItem(usingCurrentState:) re-reads centre and size")
    func itemsInRectAndUpdate() {
        let a = TestItem("a", center: CGPoint(x: 50, y: 50)), b = TestItem("b", center: CGPoint(x: 300, y: 300))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [a, b])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let found = animator.items(in: CGRect(x: 0, y: 0, width: 120, height: 120))
        #expect(found.count == 1 && found.first === a)
        run(animator, seconds: 1)   // nothing moves; the animator pauses
        #expect(!animator.isRunning)
        let events = AnimatorEvents()
        animator.delegate = events
        a.center = CGPoint(x: 200, y: 200)
        a.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        animator.updateItem(usingCurrentState: a)
        #expect(events.log == ["resume"])
        #expect(animator.items(in: CGRect(x: 190, y: 190, width: 20, height: 20)).first === a)
        a.center = CGPoint(x: CGFloat.infinity, y: 0)
        animator.updateItem(usingCurrentState: a)
        run(animator, seconds: 0.1)
        #expect(a.center == CGPoint(x: 200, y: 200))
    }

    @Test("Removing the floor under a resting item resumes the animator and the item falls")
    func removingSupportWakes() {
        let box = TestItem("box", center: CGPoint(x: 200, y: 600))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let events = AnimatorEvents()
        animator.delegate = events
        let floor = UICollisionBehavior(items: [box])
        floor.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(floor)
        run(animator, seconds: 3)
        #expect(events.log == ["resume", "pause"])
        #expect(abs(box.center.y - 650) < 1)
        animator.removeBehavior(floor)
        #expect(events.log == ["resume", "pause", "resume"])
        run(animator, seconds: 0.5)
        #expect(box.center.y > 700)
    }

    @Test("A behavior outlives its animator and works in a new one (boundaries are rebuilt)")
    func behaviorReusedAfterAnimatorIsReleased() {
        let box = TestItem("box", center: CGPoint(x: 200, y: 60))
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = UIGravityBehavior(items: [box])
        do {
            let first = UIDynamicAnimator(referenceBounds: referenceBounds)
            first.addBehavior(gravity)
            first.addBehavior(collision)
            run(first, seconds: 0.1)
        }
        #expect(collision.dynamicAnimator == nil)
        box.center = CGPoint(x: 200, y: 60)
        let second = UIDynamicAnimator(referenceBounds: referenceBounds)
        second.addBehavior(gravity)
        second.addBehavior(collision)
        run(second, seconds: 3)
        #expect(abs(box.center.y - 650) < 1)
    }

    @Test("Two identical runs give bit-identical item states")
    func determinism() {
        func simulate() -> [Double] {
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            var items: [TestItem] = []
            for i in 0..<24 {
                let item = TestItem("i\(i)", center: CGPoint(x: 40 + Double(i % 6) * 60, y: 40 + Double(i / 6) * 60),
                                    size: CGSize(width: 30 + Double(i % 3) * 5, height: 30))
                if i % 4 == 1 { item.collisionBoundsType = .ellipse }
                items.append(item)
            }
            let collision = UICollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            let bounce = UIDynamicItemBehavior(items: items)
            bounce.elasticity = 0.4
            bounce.friction = 0.3
            let push = UIPushBehavior(items: [items[0]], mode: .instantaneous)
            push.pushDirection = CGVector(dx: 3, dy: -1)
            animator.addBehavior(UIGravityBehavior(items: items))
            animator.addBehavior(collision)
            animator.addBehavior(bounce)
            animator.addBehavior(push)
            run(animator, seconds: 3)
            return items.flatMap { [Double($0.center.x), Double($0.center.y), Double($0.angle)] }
        }
        let first = simulate(), second = simulate()
        #expect(first == second)
        #expect(first.allSatisfy { $0.isFinite })
    }

    @Test("Releasing the animator frees behaviors and items")
    func releaseFreesEverything() {
        weak var weakAnimator: UIDynamicAnimator?
        weak var weakItem: TestItem?
        weak var weakBehavior: UICollisionBehavior?
        do {
            let item = TestItem(center: CGPoint(x: 100, y: 100))
            let other = TestItem(center: CGPoint(x: 200, y: 100))
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            let collision = UICollisionBehavior(items: [item, other])
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
            animator.addBehavior(UIGravityBehavior(items: [item, other]))
            animator.addBehavior(UIAttachmentBehavior(item: item, attachedTo: other))
            animator.addBehavior(UISnapBehavior(item: item, snapTo: .zero))
            run(animator, seconds: 0.2)
            weakAnimator = animator
            weakItem = item
            weakBehavior = collision
        }
        #expect(weakAnimator == nil)
        #expect(weakItem == nil)
        #expect(weakBehavior == nil)
    }
}
