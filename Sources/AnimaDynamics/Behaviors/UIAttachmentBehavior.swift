import AnimaGraphics
import Foundation

/// Whether an attachment joins two items or an item and a fixed point (UIKit's `UIAttachmentBehaviorType`).
public enum UIAttachmentBehaviorType: Int, Sendable {
    /// Two items are attached to each other.
    case items = 0
    /// An item is attached to ``UIAttachmentBehavior/anchorPoint``.
    case anchor = 1
}

/// Connects two items, or an item and an anchor point, with a rod, spring, rope, pin, weld or slide
/// (UIKit's `UIAttachmentBehavior`).
///
/// The plain initializers make a rod of ``length`` (the distance at creation), or a spring when ``frequency``
/// (Hz) is above 0, damped by ``damping`` (a ratio: 1 is critical). Attachment points are the item centres moved by
/// offsets given in the item's own (rotating) axes, in points. The class factories make the other kinds:
/// ``limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)`` (a rope),
/// ``fixedAttachment(with:attachedTo:attachmentAnchor:)`` (a weld), ``pinAttachment(with:attachedTo:attachmentAnchor:)``
/// (a hinge) and the two `slidingAttachment` factories (a rail).
///
/// ```swift
/// let rod = UIAttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 200, y: 100))
/// animator.addBehavior(rod)   // the box swings on a rod of its initial distance from (200, 100)
/// ```
@preconcurrency @MainActor
open class UIAttachmentBehavior: UIDynamicBehavior {
    enum Kind: Equatable {
        case distance, limit, fixed, pin
        case sliding(axis: CGVector)
    }

    let kind: Kind
    let attachedItems: [UIDynamicItem]
    /// Attachment points in each item's own axes (points from its centre).
    let localOffsets: [UIOffset]
    var joint: PhysicsJoint?
    var jointBodies: [ObjectIdentifier] = []
    var needsRebuild = false

    /// The attached items: one for anchor attachments, two otherwise.
    open var items: [UIDynamicItem] { attachedItems }

    /// Whether the attachment joins two items or an item and the anchor point.
    public let attachedBehaviorType: UIAttachmentBehaviorType

    private var isRestoringPreviousValue = false

    /// The fixed point in reference coordinates (points) for anchor attachments; for item attachments, the
    /// anchor given to a factory. Non-finite points are rejected.
    open var anchorPoint: CGPoint {
        didSet {
            guard !isRestoringPreviousValue else { return }
            guard anchorPoint.x.isFinite, anchorPoint.y.isFinite else {
                reject("anchorPoint", DynamicsDiagnostics.value(anchorPoint))
                restorePrevious { anchorPoint = oldValue }
                return
            }
            needsRebuild = true
            setNeedsSynchronize()
        }
    }

    /// The distance between the attachment points in points (the distance at creation unless set);
    /// the maximum distance for a limit attachment. Negative or non-finite values are rejected.
    open var length: CGFloat {
        didSet { validate(\.length, oldValue, "length", allowsNegative: false) }
    }

    /// The spring's damping ratio (0 none, 1 critical; default 0). Used only when ``frequency`` > 0.
    open var damping: CGFloat = 0 {
        didSet { validate(\.damping, oldValue, "damping", allowsNegative: false) }
    }

    /// The spring's frequency in hertz (default 0, which makes a rigid rod).
    open var frequency: CGFloat = 0 {
        didSet { validate(\.frequency, oldValue, "frequency", allowsNegative: false) }
    }

    /// Torque (UIKit newton-points / 100, i.e. N·m) resisting rotation of pin attachments, and force (N) resisting
    /// sliding of sliding attachments (default 0).
    open var frictionTorque: CGFloat = 0 {
        didSet { validate(\.frictionTorque, oldValue, "frictionTorque", allowsNegative: false) }
    }

    /// The allowed range of motion: radians for pin attachments, points along the axis for sliding ones
    /// (default `.infinite`). It must contain 0; other ranges are rejected.
    open var attachmentRange: UIFloatRange = .infinite {
        didSet {
            guard !isRestoringPreviousValue else { return }
            let containsZero = attachmentRange.minimum <= 0 && attachmentRange.maximum >= 0
            guard containsZero else {
                reject("attachmentRange", "[\(attachmentRange.minimum), \(attachmentRange.maximum)] (must contain 0)")
                restorePrevious { attachmentRange = oldValue }
                return
            }
            setNeedsSynchronize()
        }
    }

    init(kind: Kind, items: [UIDynamicItem], offsets: [UIOffset], anchor: CGPoint,
         type: UIAttachmentBehaviorType, length: CGFloat) {
        self.kind = kind
        attachedItems = items
        localOffsets = offsets
        attachedBehaviorType = type
        anchorPoint = anchor
        self.length = length
        super.init()
        let values = [anchor.x, anchor.y, length] + offsets.flatMap { [$0.horizontal, $0.vertical] }
        if !values.allSatisfy(\.isFinite) {
            DynamicsDiagnostics.report("UIAttachmentBehavior: non-finite anchor, offset or length \(values); "
                + "the attachment will have no effect")
        }
        if items.count == 2, items[0] === items[1] {
            DynamicsDiagnostics.report("UIAttachmentBehavior: \(DynamicsDiagnostics.name(items[0])) is attached to "
                + "itself; the attachment will have no effect")
        }
    }

    /// Attaches `item`'s centre to `point` (reference coordinates) with a rod of the current distance.
    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches a point of `item` (offset from its centre, in its own axes) to `point`.
    public convenience init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        let start = Self.worldPoint(of: item, offset: offset)
        self.init(kind: .distance, items: [item], offsets: [offset], anchor: point, type: .anchor,
                  length: hypot(point.x - start.x, point.y - start.y))
    }

    /// Attaches the centres of two items with a rod of their current distance.
    public convenience init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Attaches a point of `item1` to a point of `item2` (offsets in each item's own axes).
    public convenience init(item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset,
                            attachedTo item2: UIDynamicItem, offsetFromCenter offset2: UIOffset) {
        let a = Self.worldPoint(of: item1, offset: offset1), b = Self.worldPoint(of: item2, offset: offset2)
        self.init(kind: .distance, items: [item1, item2], offsets: [offset1, offset2], anchor: .zero, type: .items,
                  length: hypot(b.x - a.x, b.y - a.y))
    }

    private func validate(_ key: ReferenceWritableKeyPath<UIAttachmentBehavior, CGFloat>, _ old: CGFloat,
                          _ name: String, allowsNegative: Bool) {
        guard !isRestoringPreviousValue else { return }
        let value = self[keyPath: key]
        guard value.isFinite, allowsNegative || value >= 0 else {
            reject(name, DynamicsDiagnostics.value(value))
            restorePrevious { self[keyPath: key] = old }
            return
        }
        if value != old { setNeedsSynchronize() }
    }

    /// Puts back a rejected property's previous value without validating it again: the initializer keeps a
    /// non-finite anchor or length (the attachment then has no effect), and re-validating such a value would
    /// reject it and restore the rejected one, forever.
    private func restorePrevious(_ restore: () -> Void) {
        isRestoringPreviousValue = true
        defer { isRestoringPreviousValue = false }
        restore()
    }

    private func reject(_ property: String, _ value: String) {
        DynamicsDiagnostics.report("UIAttachmentBehavior.\(property) = \(value) is invalid; kept the previous value")
    }

    /// The reference-coordinate position of a point given in an item's own axes.
    static func worldPoint(of item: UIDynamicItem, offset: UIOffset) -> CGPoint {
        let t = item.transform
        let c = item.center
        let angle = (t.a.isFinite && t.b.isFinite) ? atan2(t.b, t.a) : 0
        return CGPoint(x: c.x + cos(angle) * offset.horizontal - sin(angle) * offset.vertical,
                       y: c.y + sin(angle) * offset.horizontal + cos(angle) * offset.vertical)
    }

    /// An item-local offset for a reference-coordinate point.
    static func localOffset(of point: CGPoint, in item: UIDynamicItem) -> UIOffset {
        let t = item.transform
        let angle = (t.a.isFinite && t.b.isFinite) ? atan2(t.b, t.a) : 0
        let dx = point.x - item.center.x, dy = point.y - item.center.y
        return UIOffset(horizontal: cos(angle) * dx + sin(angle) * dy, vertical: -sin(angle) * dx + cos(angle) * dy)
    }

    override var physicsItems: [UIDynamicItem] { attachedItems }

    override func synchronize(with animator: UIDynamicAnimator) {
        synchronizeJoint(with: animator)
    }

    override func discardPhysicsObjects() {
        joint = nil
        jointBodies = []
    }
}
