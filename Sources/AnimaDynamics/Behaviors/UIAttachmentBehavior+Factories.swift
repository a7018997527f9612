import AnimaGraphics
import Foundation

/// The iOS 9 attachment kinds. UIKit declares these as `class func … -> Self`; here they return
/// `UIAttachmentBehavior`.
extension UIAttachmentBehavior {
    /// Lets `item2` slide relative to `item1` along `axis` (a direction in `item1`'s axes) through `point`, with no
    /// relative rotation. ``attachmentRange`` (points along the axis) limits the travel.
    ///
    /// ```swift
    /// let rail = UIAttachmentBehavior.slidingAttachment(with: a, attachedTo: b, attachmentAnchor: a.center,
    ///                                                   axisOfTranslation: CGVector(dx: 1, dy: 0))
    /// ```
    public static func slidingAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem,
                                         attachmentAnchor point: CGPoint,
                                         axisOfTranslation axis: CGVector) -> UIAttachmentBehavior {
        checkAxis(axis)
        return UIAttachmentBehavior(kind: .sliding(axis: axis), items: [item1, item2],
                                    offsets: [localOffset(of: point, in: item1), localOffset(of: point, in: item2)],
                                    anchor: point, type: .items, length: 0)
    }

    /// Lets `item` slide along `axis` through the fixed `point`, without rotating.
    ///
    /// ```swift
    /// let rail = UIAttachmentBehavior.slidingAttachment(with: box, attachmentAnchor: box.center,
    ///                                                   axisOfTranslation: CGVector(dx: 0, dy: 1))
    /// ```
    public static func slidingAttachment(with item: UIDynamicItem, attachmentAnchor point: CGPoint,
                                         axisOfTranslation axis: CGVector) -> UIAttachmentBehavior {
        checkAxis(axis)
        return UIAttachmentBehavior(kind: .sliding(axis: axis), items: [item],
                                    offsets: [localOffset(of: point, in: item)], anchor: point, type: .anchor,
                                    length: 0)
    }

    /// Keeps two attachment points at most ``length`` apart (their current distance), like a rope.
    ///
    /// ```swift
    /// let rope = UIAttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b,
    ///                                                 offsetFromCenter: .zero)
    /// ```
    public static func limitAttachment(with item1: UIDynamicItem, offsetFromCenter offset1: UIOffset,
                                       attachedTo item2: UIDynamicItem,
                                       offsetFromCenter offset2: UIOffset) -> UIAttachmentBehavior {
        let a = worldPoint(of: item1, offset: offset1), b = worldPoint(of: item2, offset: offset2)
        return UIAttachmentBehavior(kind: .limit, items: [item1, item2], offsets: [offset1, offset2], anchor: .zero,
                                    type: .items, length: hypot(b.x - a.x, b.y - a.y))
    }

    /// Fuses two items at `point` so they move as one (rigid unless ``frequency`` > 0).
    ///
    /// ```swift
    /// let weld = UIAttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: a.center)
    /// ```
    public static func fixedAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem,
                                       attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .fixed, items: [item1, item2],
                             offsets: [localOffset(of: point, in: item1), localOffset(of: point, in: item2)],
                             anchor: point, type: .items, length: 0)
    }

    /// Pins two items together at `point`; they may rotate about it, within ``attachmentRange`` (radians),
    /// resisted by ``frictionTorque``.
    ///
    /// ```swift
    /// let hinge = UIAttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 150, y: 100))
    /// ```
    public static func pinAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem,
                                     attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .pin, items: [item1, item2],
                             offsets: [localOffset(of: point, in: item1), localOffset(of: point, in: item2)],
                             anchor: point, type: .items, length: 0)
    }

    private static func checkAxis(_ axis: CGVector) {
        if !(axis.dx.isFinite && axis.dy.isFinite) || (axis.dx == 0 && axis.dy == 0) {
            DynamicsDiagnostics.report("UIAttachmentBehavior.slidingAttachment: axisOfTranslation "
                + "\(DynamicsDiagnostics.value(axis)) is not a usable direction; the attachment will have no effect")
        }
    }
}
