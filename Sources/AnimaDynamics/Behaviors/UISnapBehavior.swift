import AnimaGraphics
import Foundation

/// Pulls one item to a point with a damped spring, overshooting less as ``damping`` grows (UIKit's `UISnapBehavior`).
///
/// Built on a Box2D mouse joint at the item's centre: a 3 Hz spring with damping ratio `0.1 + 0.9 × damping`
/// (damping 0.5 → ratio 0.55, a small overshoot; damping 1 → critically damped). UIKit does not publish its spring
/// constants, so these are chosen to look alike (UNCONFIRMED). The pull is capped at 1000 g so it cannot explode.
///
/// ```swift
/// let snap = UISnapBehavior(item: box, snapTo: CGPoint(x: 200, y: 300))
/// animator.addBehavior(snap)   // box.center settles at (200, 300) within about half a second
/// ```
@preconcurrency @MainActor
open class UISnapBehavior: UIDynamicBehavior {
    /// The spring frequency in hertz.
    static let frequency = 3.0

    private let item: UIDynamicItem
    private var joint: PhysicsJoint?
    private var jointBody: PhysicsBody?

    /// Creates a snap of `item` to `point` (reference coordinates, points). A non-finite point is replaced by the
    /// item's current centre (or zero when that is not finite either), with a diagnostic.
    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        if point.x.isFinite && point.y.isFinite {
            snapPoint = point
        } else {
            DynamicsDiagnostics.report("UISnapBehavior(snapTo: \(DynamicsDiagnostics.value(point))) is not finite; "
                + "snapping to the item's centre")
            // A custom item's centre may be non-finite too; the setter's restore relies on a finite value.
            let center = item.center
            snapPoint = center.x.isFinite && center.y.isFinite ? center : .zero
        }
        super.init()
    }

    /// Where the item is pulled (points). Non-finite points are rejected.
    open var snapPoint: CGPoint {
        didSet {
            guard snapPoint.x.isFinite, snapPoint.y.isFinite else {
                DynamicsDiagnostics.report("UISnapBehavior.snapPoint = \(DynamicsDiagnostics.value(snapPoint)) is not "
                    + "finite; kept \(DynamicsDiagnostics.value(oldValue))")
                // The previous value is finite (see init), so putting it back does not recurse.
                snapPoint = oldValue
                return
            }
            joint?.setMouseTarget(snapPoint)
            setNeedsSynchronize()
        }
    }

    /// How much the oscillation is damped, 0…1 (default 0.5): 0 oscillates most, 1 least. Values outside are clamped.
    open var damping: CGFloat = 0.5 {
        didSet {
            guard damping.isFinite else {
                DynamicsDiagnostics.report("UISnapBehavior.damping = \(DynamicsDiagnostics.value(damping)) is not "
                    + "finite; kept \(oldValue)")
                damping = oldValue
                return
            }
            if damping < 0 || damping > 1 { damping = min(max(damping, 0), 1) }
            joint = nil
            setNeedsSynchronize()
        }
    }

    /// The snapped item.
    var snappedItem: UIDynamicItem { item }

    override var physicsItems: [UIDynamicItem] { [item] }

    override func synchronize(with animator: UIDynamicAnimator) {
        guard let record = animator.record(for: item), let ground = animator.groundBody else {
            joint = nil
            return
        }
        if let joint, joint.isValid, jointBody === record.body { return }
        let ratio = 0.1 + 0.9 * Double(damping)
        let mass = max(record.body.mass, 1e-6)
        let omega = 2 * Double.pi * Self.frequency
        joint = PhysicsJoint.mouse(ground: ground, body: record.body, anchor: record.body.position,
                                   maxForce: 1000 * 10 * mass, stiffness: mass * omega * omega,
                                   damping: 2 * mass * ratio * omega)
        joint?.setMouseTarget(snapPoint)
        jointBody = record.body
    }

    override func discardPhysicsObjects() {
        joint = nil
        jointBody = nil
    }
}
