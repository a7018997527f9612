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

    @Test("Frame and step durations that would make step(by:) run unbounded steps are rejected")
    func unboundedStepping() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let item = TestItem("unbounded", center: CGPoint(x: 200, y: 100), size: CGSize(width: 20, height: 20))
        animator.addBehavior(UIGravityBehavior(items: [item]))
        let before = DynamicsDiagnostics.messages(containing: "UIDynamicAnimator.maximumFrameDuration").count
        animator.maximumFrameDuration = .infinity
        animator.maximumFrameDuration = .nan
        animator.maximumFrameDuration = -1
        animator.maximumFrameDuration = 1e300
        #expect(animator.maximumFrameDuration == 0.25)
        #expect(DynamicsDiagnostics.messages(containing: "UIDynamicAnimator.maximumFrameDuration").count == before + 4)
        animator.stepDuration = 1e-300
        #expect(animator.stepDuration == 1.0 / 120.0)
        animator.step(by: 1e300)   // clamped to 0.25 s: 30 steps, not 10^302
        #expect(abs(animator.elapsedTime() - 0.25) < 1e-9)
        #expect(item.center.y.isFinite && item.center.y > 100)
    }

    @Test("Noise fields with huge speeds or a zero cell size do not trap; positions stay finite")
    func noiseFieldExtremes() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let fast = TestItem("fast-noise", center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        let flat = TestItem("flat-noise", center: CGPoint(x: 300, y: 100), size: CGSize(width: 20, height: 20))
        let speedy = UIFieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1e300)   // time × speed ≫ Int64.max
        speedy.addItem(fast)
        let degenerate = UIFieldBehavior.turbulenceField(smoothness: -1.0 / 9.0, animationSpeed: 1)   // cell size 0
        degenerate.addItem(flat)
        let push = UIPushBehavior(items: [flat], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        animator.addBehavior(speedy)
        animator.addBehavior(degenerate)
        animator.addBehavior(push)
        run(animator, seconds: 0.5)
        #expect(animator.elapsedTime() > 0.4)
        #expect([fast, flat].allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite })
    }

    @Test("items(in:) rejects NaN rectangles and skips items whose transform makes their frame NaN")
    func itemsInNaNRect() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let plain = TestItem("plain", center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        let skewed = TestItem("skewed", center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        animator.addBehavior(UIDynamicItemBehavior(items: [plain, skewed]))
        // ±1e308 × ±10 overflows to ±∞ and the corners' sums become NaN.
        skewed.transform = CGAffineTransform(a: 1e308, b: 0, c: -1e308, d: 1, tx: 0, ty: 0)
        let before = DynamicsDiagnostics.messages(containing: "UIDynamicAnimator.items(in:)").count
        #expect(animator.items(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)).isEmpty)
        #expect(animator.items(in: CGRect(x: -CGFloat.infinity, y: 0, width: CGFloat.infinity, height: 10)).isEmpty)
        #expect(DynamicsDiagnostics.messages(containing: "UIDynamicAnimator.items(in:)").count == before + 2)
        // Edges are fine but standardizing (origin + width) would make one NaN inside Foundation.
        let unbounded = animator.items(in: CGRect(x: 300, y: 300, width: -CGFloat.infinity, height: -CGFloat.infinity))
        #expect(unbounded.count == 1 && unbounded.first === plain)
        let found = animator.items(in: CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(found.count == 1 && found.first === plain)
    }

    @Test("Boundary paths with NaN or huge curves are rejected before flattening; a mutated path changes nothing")
    func hostileBoundaryPaths() {
        let collision = UICollisionBehavior(items: [])
        let before = DynamicsDiagnostics.messages(containing: "UICollisionBehavior.addBoundary(withIdentifier: ").count
        // Flattening these curves would turn an infinite or NaN segment count into an Int.
        collision.addBoundary(withIdentifier: "huge", for: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1e300, height: 1e300),
                                                                   transform: nil))
        collision.addBoundary(withIdentifier: "nan", for: CGPath(ellipseIn: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
                                                                  transform: nil))
        #expect(collision.boundaryIdentifiers == nil)
        #expect(DynamicsDiagnostics.messages(containing: "UICollisionBehavior.addBoundary(withIdentifier: ").count
                == before + 2)
        // The behavior keeps a copy: bending the caller's path afterwards cannot smuggle a bad curve in.
        let shelf = CGMutablePath()
        shelf.move(to: CGPoint(x: 0, y: 300))
        shelf.addLine(to: CGPoint(x: 400, y: 300))
        collision.addBoundary(withIdentifier: "shelf", for: shelf)
        shelf.addQuadCurve(to: CGPoint(x: 1e300, y: 0), control: CGPoint(x: -1e300, y: 1e300))
        let item = TestItem("shelved", center: CGPoint(x: 200, y: 250), size: CGSize(width: 20, height: 20))
        collision.addItem(item)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        run(animator, seconds: 1)
        #expect(abs(item.center.y - 289) < 1.5)   // resting on the shelf (1-pt edge skin)
    }

    @Test("Rejecting a value of an attachment created with a non-finite anchor or length does not recurse")
    func rejectingAfterANonFiniteCreation() {
        let item = TestItem("far-anchor", center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        // The anchor is kept (the attachment has no effect) and the initial length is +∞.
        let rod = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: CGFloat.infinity, y: 0))
        #expect(rod.length == .infinity)
        rod.length = -1                                   // rejected: puts +∞ back without re-validating it
        rod.anchorPoint = CGPoint(x: CGFloat.nan, y: 0)   // rejected: puts (∞, 0) back
        #expect(rod.length == .infinity && rod.anchorPoint.x == .infinity)
        rod.length = 30                                   // valid values are still taken
        rod.anchorPoint = CGPoint(x: 100, y: 150)
        #expect(rod.length == 30 && rod.anchorPoint == CGPoint(x: 100, y: 150))
        // A snap whose item's centre is not finite either snaps to zero, and rejecting later values is safe.
        let lost = TestItem("lost", center: CGPoint(x: CGFloat.nan, y: 0))
        let snap = UISnapBehavior(item: lost, snapTo: CGPoint(x: CGFloat.nan, y: 0))
        #expect(snap.snapPoint == .zero)
        snap.snapPoint = CGPoint(x: 0, y: CGFloat.infinity)
        #expect(snap.snapPoint == .zero)
    }

    @Test("A rectangle item too small for Box2D's polygon mass is ignored with a diagnostic, not an abort")
    func speckItems() {
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let speck = TestItem("speck", center: CGPoint(x: 100, y: 100), size: CGSize(width: 0.05, height: 0.05))
        let sliver = TestItem("sliver", center: CGPoint(x: 200, y: 100), size: CGSize(width: 1e-9, height: 80))
        let normal = TestItem("normal-size", center: CGPoint(x: 300, y: 100), size: CGSize(width: 20, height: 20))
        animator.addBehavior(UIGravityBehavior(items: [speck, sliver, normal]))
        run(animator, seconds: 0.5)
        #expect(speck.center == CGPoint(x: 100, y: 100) && sliver.center == CGPoint(x: 200, y: 100))
        #expect(normal.center.y > 200)
        #expect(!DynamicsDiagnostics.messages(containing: "TestItem(speck) ignored: its collision shape").isEmpty)
        // Shrinking a simulated item to a speck is reported the same way instead of reaching Box2D.
        normal.bounds = CGRect(x: 0, y: 0, width: 0.01, height: 0.01)
        animator.updateItem(usingCurrentState: normal)
        run(animator, seconds: 0.1)
        #expect(normal.center.y.isFinite)
    }
}
