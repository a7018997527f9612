import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

@MainActor
@Suite("UIAttachmentBehavior")
struct AttachmentBehaviorTests {
    @Test("Defaults: length is the distance at creation, damping and frequency 0, range infinite")
    func defaults() {
        let a = TestItem(center: CGPoint(x: 100, y: 100)), b = TestItem(center: CGPoint(x: 130, y: 140))
        let anchor = UIAttachmentBehavior(item: a, attachedToAnchor: CGPoint(x: 100, y: 0))
        #expect(anchor.length == 100)
        #expect(anchor.attachedBehaviorType == .anchor)
        #expect(anchor.damping == 0 && anchor.frequency == 0 && anchor.frictionTorque == 0)
        #expect(anchor.attachmentRange == .infinite)
        let pair = UIAttachmentBehavior(item: a, attachedTo: b)
        #expect(pair.length == 50)
        #expect(pair.attachedBehaviorType == .items)
        #expect(pair.items.count == 2)
        let offset = UIAttachmentBehavior(item: a, offsetFromCenter: UIOffset(horizontal: 30, vertical: 0),
                                          attachedToAnchor: CGPoint(x: 130, y: 60))
        #expect(offset.length == 40)
        let limit = UIAttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b,
                                                         offsetFromCenter: .zero)
        #expect(limit.attachedBehaviorType == .items)
        #expect(limit.length == 50)
    }

    @Test("A rod to an anchor keeps its length while the item swings under gravity")
    func rodKeepsLength() {
        let item = TestItem(center: CGPoint(x: 300, y: 100), size: CGSize(width: 20, height: 20))
        let anchor = CGPoint(x: 200, y: 100)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        animator.addBehavior(UIAttachmentBehavior(item: item, attachedToAnchor: anchor))
        var maxError: CGFloat = 0
        var lowest: CGFloat = 0
        for _ in 0..<120 {
            animator.step(by: 1.0 / 60.0)
            maxError = max(maxError, abs(hypot(item.center.x - anchor.x, item.center.y - anchor.y) - 100))
            lowest = max(lowest, item.center.y)
        }
        #expect(maxError < 1)
        #expect(lowest > 195)   // it swung through the bottom of the circle
    }

    @Test("A spring oscillates at its frequency: f = 2 Hz gives a period of 0.5 s")
    func springFrequency() {
        let item = TestItem(center: CGPoint(x: 300, y: 100), size: CGSize(width: 20, height: 20))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100, y: 100))
        spring.frequency = 2
        spring.damping = 0
        spring.length = 150   // stretched by 50 pt
        animator.addBehavior(spring)
        var crossings: [Double] = []
        var previous = item.center.x - 250
        var time = 0.0
        for _ in 0..<240 {
            animator.step(by: physicsStep)
            time += physicsStep
            let x = item.center.x - 250
            if previous > 0 && x <= 0 { crossings.append(time) }
            previous = x
        }
        #expect(crossings.count >= 3)
        let periods = zip(crossings.dropFirst(), crossings).map { $0 - $1 }
        for period in periods { #expect(abs(period - 0.5) < 0.02) }
    }

    @Test("Damping 1 (critical) stops a spring without crossing the rest length")
    func criticalDamping() {
        let item = TestItem(center: CGPoint(x: 300, y: 100), size: CGSize(width: 20, height: 20))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100, y: 100))
        spring.frequency = 2
        spring.damping = 1
        spring.length = 150
        animator.addBehavior(spring)
        var minimum = CGFloat.infinity
        for _ in 0..<240 {
            animator.step(by: physicsStep)
            minimum = min(minimum, item.center.x)
        }
        #expect(minimum > 249)
        #expect(abs(item.center.x - 250) < 1)
    }

    @Test("Two items joined by a rod keep their distance when one is pushed")
    func itemsRod() {
        let a = TestItem("a", center: CGPoint(x: 100, y: 300), size: CGSize(width: 20, height: 20))
        let b = TestItem("b", center: CGPoint(x: 200, y: 300), size: CGSize(width: 20, height: 20))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(UIAttachmentBehavior(item: a, attachedTo: b))
        let push = UIPushBehavior(items: [a], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 0.1)
        animator.addBehavior(push)
        run(animator, seconds: 1)
        #expect(abs(hypot(a.center.x - b.center.x, a.center.y - b.center.y) - 100) < 0.5)
        #expect(b.center.y > 300.5)   // the rod dragged b along
    }

    @Test("A limit attachment is slack below its length and taut at it")
    func limitIsARope() {
        let a = TestItem("a", center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        let b = TestItem("b", center: CGPoint(x: 200, y: 100), size: CGSize(width: 20, height: 20))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let anchored = UIDynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(UIAttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b,
                                                                  offsetFromCenter: .zero))
        let push = UIPushBehavior(items: [b], mode: .instantaneous)
        push.pushDirection = CGVector(dx: -0.008, dy: 0)   // 0.04 kg: 20 pt/s towards a, slack, so it coasts
        animator.addBehavior(push)
        run(animator, seconds: 0.25)
        #expect(abs(b.center.x - (200 - 20 * (0.25 + physicsStep))) < 0.2)
        let gravity = UIGravityBehavior(items: [b])
        animator.addBehavior(gravity)
        run(animator, seconds: 2)
        #expect(hypot(b.center.x - a.center.x, b.center.y - a.center.y) <= 100.5)
        #expect(a.center == CGPoint(x: 100, y: 100))
    }

    @Test("A pin attachment holds the anchor point together and limits rotation to attachmentRange")
    func pinAttachment() {
        let a = TestItem("a", center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 40))
        let b = TestItem("b", center: CGPoint(x: 180, y: 100), size: CGSize(width: 40, height: 40))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let anchored = UIDynamicItemBehavior(items: [a])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        let pin = UIAttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 140, y: 100))
        pin.attachmentRange = UIFloatRange(minimum: -0.5, maximum: 0.5)
        animator.addBehavior(pin)
        animator.addBehavior(UIGravityBehavior(items: [b]))
        run(animator, seconds: 2)
        // b hangs from the pin, rotated by at most the range's 0.5 rad.
        #expect(b.angle > 0.45 && b.angle < 0.52)
        let pinOnB = CGPoint(x: b.center.x - 40 * cos(b.angle), y: b.center.y - 40 * sin(b.angle))
        #expect(hypot(pinOnB.x - 140, pinOnB.y - 100) < 1)
        pin.attachmentRange = UIFloatRange(minimum: 0.1, maximum: 0.5)   // must contain 0
        #expect(pin.attachmentRange == UIFloatRange(minimum: -0.5, maximum: 0.5))
    }

    @Test("A fixed attachment makes two items move as one")
    func fixedAttachment() {
        let a = TestItem("a", center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 40))
        let b = TestItem("b", center: CGPoint(x: 140, y: 100), size: CGSize(width: 40, height: 40))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(UIAttachmentBehavior.fixedAttachment(with: a, attachedTo: b,
                                                                  attachmentAnchor: CGPoint(x: 120, y: 100)))
        let push = UIPushBehavior(items: [a], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 0.16)   // 0.16 N·s on a 0.16 kg item
        push.setTargetOffsetFromCenter(UIOffset(horizontal: -20, vertical: 0), for: a)
        animator.addBehavior(push)
        run(animator, seconds: 1)
        #expect(abs(hypot(a.center.x - b.center.x, a.center.y - b.center.y) - 40) < 0.5)
        #expect(abs(a.angle - b.angle) < 0.01)
        #expect(abs(a.angle) > 0.05)   // the off-centre push turned the pair
    }

    @Test("A sliding attachment to an anchor lets the item move only along the axis, within the range")
    func slidingAttachment() {
        let item = TestItem(center: CGPoint(x: 200, y: 200), size: CGSize(width: 20, height: 20))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let slide = UIAttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: item.center,
                                                           axisOfTranslation: CGVector(dx: 1, dy: 1))
        slide.attachmentRange = UIFloatRange(minimum: -50, maximum: 50)
        animator.addBehavior(slide)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        run(animator, seconds: 2)
        let dx = item.center.x - 200, dy = item.center.y - 200
        #expect(abs(dx - dy) < 0.5)                           // stays on the diagonal
        #expect(abs(hypot(dx, dy) - 50) < 1)                  // stopped at the range's end
        #expect(abs(item.angle) < 0.01)                       // no rotation
    }

    @Test("Invalid values are rejected: negative length, NaN frequency, zero sliding axis")
    func invalidValues() {
        let item = TestItem(center: CGPoint(x: 0, y: 0))
        let rod = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 0, y: 50))
        rod.length = -5
        rod.frequency = .nan
        #expect(rod.length == 50)
        #expect(rod.frequency == 0)
        let slide = UIAttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: .zero,
                                                           axisOfTranslation: .zero)
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        animator.addBehavior(slide)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        run(animator, seconds: 0.1)   // no joint, nothing crashes: the item falls freely
        #expect(item.center.y > 4)
        #expect(!DynamicsDiagnostics.messages(containing: "axisOfTranslation").isEmpty)
    }
}
