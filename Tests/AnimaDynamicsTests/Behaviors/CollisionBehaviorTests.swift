import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UICollisionBehavior")
struct CollisionBehaviorTests {
    /// A box under gravity inside the reference bounds; returns the pieces.
    func fallingBox(elasticity: CGFloat = 0) -> (TestItem, UIDynamicAnimator, UICollisionBehavior, CollisionEvents) {
        // Starts 10 pt below the top edge so the only contact is with the floor.
        let box = TestItem("box", center: CGPoint(x: 200, y: 60))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        let events = CollisionEvents()
        collision.collisionDelegate = events
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
        if elasticity > 0 {
            let bounce = UIDynamicItemBehavior(items: [box])
            bounce.elasticity = elasticity
            animator.addBehavior(bounce)
        }
        return (box, animator, collision, events)
    }

    @Test("Defaults: mode .everything, no reference boundary, no boundaries")
    func defaults() {
        let collision = UICollisionBehavior(items: [])
        #expect(collision.collisionMode == .everything)
        #expect(collision.collisionMode.rawValue == UInt.max)
        #expect(!collision.translatesReferenceBoundsIntoBoundary)
        #expect(collision.boundaryIdentifiers == nil)
        #expect(UICollisionBehavior.Mode.items.rawValue == 1 && UICollisionBehavior.Mode.boundaries.rawValue == 2)
    }

    @Test("A box comes to rest on the bottom of the reference bounds; began fires once with a nil identifier")
    func restsOnFloor() {
        let (box, animator, _, events) = fallingBox()
        let recorder = AnimatorEvents()
        animator.delegate = recorder
        run(animator, seconds: 3)
        // Box2D rests contacts 0.5 pt deep; shapes and boundaries are offset so the outline lands on the edge.
        #expect(abs(box.center.y - 650) < 0.05)
        #expect(abs(box.angle) < 1e-3)
        let began = events.events.filter(\.began)
        #expect(began.count == 1)
        #expect(began.first?.identifier == nil)
        #expect(abs((began.first?.point?.y ?? 0) - 700) < 1.5)
        #expect(abs((began.first?.point?.x ?? 0) - 200) < 50.5)
        #expect(recorder.log == ["pause"])   // at rest: Box2D put the body to sleep
        #expect(!animator.isRunning)
    }

    @Test("A bouncing box reports began and ended for each bounce")
    func bounceEvents() {
        let (_, animator, _, events) = fallingBox(elasticity: 0.6)
        run(animator, seconds: 3)   // lands at ≈ 1.09 s, again at ≈ 2.39 s
        let kinds = events.events.map(\.began)
        #expect(kinds.count >= 4)
        #expect(Array(kinds.prefix(4)) == [true, false, true, false])
    }

    @Test("Elasticity e bounces back to ≈ e² of the drop height")
    func bounceHeight() {
        let (box, animator, _, _) = fallingBox(elasticity: 0.7)
        // Drop 590 pt; watch the first rebound's peak.
        var sawContact = false
        var peak = CGFloat.infinity
        for _ in 0..<240 {
            animator.step(by: physicsStep)
            if box.center.y > 649 { sawContact = true }
            if sawContact { peak = min(peak, box.center.y) }
        }
        let rebound = 650 - peak
        #expect(abs(rebound - 0.49 * 590) < 0.05 * 590)
    }

    @Test("Two items in one collision behavior collide; the delegate gets both items and the contact point")
    func itemsCollide() {
        let a = TestItem("a", center: CGPoint(x: 100, y: 300)), b = TestItem("b", center: CGPoint(x: 300, y: 300))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [a, b])
        let events = CollisionEvents()
        collision.collisionDelegate = events
        animator.addBehavior(collision)
        let push = UIPushBehavior(items: [a], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 2, dy: 0)   // 200 pt/s towards b
        animator.addBehavior(push)
        run(animator, seconds: 1)
        let began = events.events.filter(\.began)
        #expect(began.count == 1)
        #expect(Set(began.first?.names ?? []) == ["a", "b"])
        #expect(abs((began.first?.point?.x ?? 0) - 250) < 2)   // a's right face meets b's left face at x = 250
        #expect(b.center.x > 301)           // momentum passed to b
        #expect(b.center.x - a.center.x >= 99)
    }

    @Test("Items in different collision behaviors, or with mode .boundaries, pass through each other")
    func separateGroupsDoNotCollide() {
        for separate in [true, false] {
            let a = TestItem("a", center: CGPoint(x: 100, y: 300)), b = TestItem("b", center: CGPoint(x: 300, y: 300))
            let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
            if separate {
                animator.addBehavior(UICollisionBehavior(items: [a]))
                animator.addBehavior(UICollisionBehavior(items: [b]))
            } else {
                let collision = UICollisionBehavior(items: [a, b])
                collision.collisionMode = .boundaries
                animator.addBehavior(collision)
            }
            let push = UIPushBehavior(items: [a], mode: .instantaneous)
            push.pushDirection = CGVector(dx: 4, dy: 0)
            animator.addBehavior(push)
            run(animator, seconds: 1)
            #expect(b.center.x == 300)
            #expect(a.center.x > 450)
        }
    }

    @Test("Mode .items: items collide with each other but fall through the boundaries")
    func itemsOnlyMode() {
        let a = TestItem("a", center: CGPoint(x: 200, y: 500)), b = TestItem("b", center: CGPoint(x: 200, y: 300))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [a, b])
        collision.collisionMode = .items
        collision.translatesReferenceBoundsIntoBoundary = true
        let events = CollisionEvents()
        collision.collisionDelegate = events
        let anchored = UIDynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [b]))
        run(animator, seconds: 1.5)
        #expect(abs(b.center.y - 400) < 0.5)   // resting on a
        #expect(events.events.filter(\.began).map(\.names).allSatisfy { $0.count == 2 })
        collision.collisionMode = .boundaries
        run(animator, seconds: 1.5)
        #expect(abs(b.center.y - 650) < 0.05)   // fell through a onto the floor
    }

    @Test("Named boundaries stop items and report their identifier; removing one lets items through")
    func namedBoundaries() {
        let box = TestItem("box", center: CGPoint(x: 200, y: 50), size: CGSize(width: 40, height: 40))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 400, y: 300))
        #expect(collision.boundaryIdentifiers == ["shelf"])
        #expect(collision.boundary(withIdentifier: "shelf") != nil)
        let events = CollisionEvents()
        collision.collisionDelegate = events
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        run(animator, seconds: 2)
        #expect(abs(box.center.y - 279) < 1.5)   // resting on the shelf (1-pt edge skin)
        #expect(events.events.first?.identifier == AnyHashable("shelf"))
        collision.removeBoundary(withIdentifier: "shelf")
        #expect(collision.boundaryIdentifiers == nil)
        run(animator, seconds: 0.5)
        #expect(box.center.y > 320)
    }

    @Test("A path boundary (a closed rectangle) keeps an item inside; insets shrink the reference boundary")
    func pathBoundaryAndInsets() {
        let box = TestItem("box", center: CGPoint(x: 200, y: 200), size: CGSize(width: 20, height: 20))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: 7, for: CGPath(rect: CGRect(x: 100, y: 100, width: 200, height: 200),
                                                             transform: nil))
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [box]))
        run(animator, seconds: 2)
        #expect(abs(box.center.y - 289) < 1.5)

        let other = TestItem("other", center: CGPoint(x: 200, y: 50), size: CGSize(width: 20, height: 20))
        let animator2 = UIDynamicAnimator(referenceBounds: referenceBounds)
        let inset = UICollisionBehavior(items: [other])
        inset.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 0, left: 0, bottom: 100, right: 0))
        #expect(inset.translatesReferenceBoundsIntoBoundary)
        animator2.addBehavior(inset)
        animator2.addBehavior(UIGravityBehavior(items: [other]))
        run(animator2, seconds: 2)
        #expect(abs(other.center.y - 590) < 1)
    }

    @Test("Ellipse and path items collide with their own shapes")
    func shapedItems() {
        let ball = TestItem("ball", center: CGPoint(x: 100, y: 50), size: CGSize(width: 60, height: 60))
        ball.collisionBoundsType = .ellipse
        let oval = TestItem("oval", center: CGPoint(x: 200, y: 50), size: CGSize(width: 80, height: 40))
        oval.collisionBoundsType = .ellipse
        let triangle = TestItem("triangle", center: CGPoint(x: 300, y: 50), size: CGSize(width: 60, height: 60))
        triangle.collisionBoundsType = .path
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -30, y: 30))
        path.addLine(to: CGPoint(x: 30, y: 30))
        path.addLine(to: CGPoint(x: 0, y: -30))
        path.closeSubpath()
        triangle.collisionBoundingPath = path
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [ball, oval, triangle])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [ball, oval, triangle]))
        run(animator, seconds: 3)
        #expect(abs(ball.center.y - 670) < 1)
        #expect(abs(oval.center.y - 680) < 1.5)
        #expect(abs(triangle.center.y - 670) < 1.5)
    }
}
