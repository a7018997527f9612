import CBox2D
import AnimaGraphics
import Foundation

/// A Box2D joint between two bodies; destroyed with this object. Anchors are world points (points).
///
/// Box2D destroys a joint together with either body; ``isValid`` then turns false and the joint is inert.
final class PhysicsJoint {
    enum Kind { case distance, revolute, prismatic, weld, mouse }

    let kind: Kind
    private let handle: OpaquePointer  // cb2_joint *
    // Joints keep their bodies (and so the world) alive; Box2D needs the bodies while the joint exists.
    private let bodies: (PhysicsBody, PhysicsBody)

    private init?(_ kind: Kind, _ a: PhysicsBody, _ b: PhysicsBody, _ handle: OpaquePointer?) {
        guard let handle else { return nil }
        self.kind = kind
        self.handle = handle
        self.bodies = (a, b)
    }

    deinit {
        cb2_joint_destroy(handle)
    }

    var isValid: Bool { cb2_joint_is_valid(handle) != 0 }

    private static func m(_ points: Double) -> Double { PhysicsUnits.meters(points) }
    private func m(_ points: Double) -> Double { PhysicsUnits.meters(points) }

    /// Box2D's spring constants (stiffness N/m, damping N·s/m) for a frequency (Hz) and damping ratio.
    static func linearStiffness(frequency: Double, dampingRatio: Double,
                                _ a: PhysicsBody, _ b: PhysicsBody) -> (stiffness: Double, damping: Double) {
        var k = 0.0, d = 0.0
        cb2_linear_stiffness(frequency, dampingRatio, a.handle, b.handle, &k, &d)
        return (k, d)
    }

    static func angularStiffness(frequency: Double, dampingRatio: Double,
                                 _ a: PhysicsBody, _ b: PhysicsBody) -> (stiffness: Double, damping: Double) {
        var k = 0.0, d = 0.0
        cb2_angular_stiffness(frequency, dampingRatio, a.handle, b.handle, &k, &d)
        return (k, d)
    }

    /// A distance joint: rigid between `minLength` and `maxLength` (points), a spring towards `length` when
    /// `stiffness` > 0.
    static func distance(_ a: PhysicsBody, _ b: PhysicsBody, anchorA: CGPoint, anchorB: CGPoint, length: Double,
                         minLength: Double, maxLength: Double, stiffness: Double, damping: Double) -> PhysicsJoint? {
        let raw = cb2_joint_create_distance(a.world.handle, a.handle, b.handle, m(anchorA.x), m(anchorA.y),
                                            m(anchorB.x), m(anchorB.y), m(length), m(minLength), m(maxLength),
                                            stiffness, damping)
        return PhysicsJoint(.distance, a, b, raw)
    }

    /// A revolute (pin) joint at `anchor`; angles in radians, friction torque in N·m.
    static func revolute(_ a: PhysicsBody, _ b: PhysicsBody, anchor: CGPoint, limit: ClosedRange<Double>?,
                         frictionTorque: Double) -> PhysicsJoint? {
        let raw = cb2_joint_create_revolute(a.world.handle, a.handle, b.handle, m(anchor.x), m(anchor.y),
                                            limit == nil ? 0 : 1, limit?.lowerBound ?? 0, limit?.upperBound ?? 0,
                                            frictionTorque)
        return PhysicsJoint(.revolute, a, b, raw)
    }

    /// A prismatic (sliding) joint along `axis`; translation limits in points, friction force in N.
    static func prismatic(_ a: PhysicsBody, _ b: PhysicsBody, anchor: CGPoint, axis: CGVector,
                          limit: ClosedRange<Double>?, frictionForce: Double) -> PhysicsJoint? {
        let raw = cb2_joint_create_prismatic(a.world.handle, a.handle, b.handle, m(anchor.x), m(anchor.y),
                                             axis.dx, axis.dy, limit == nil ? 0 : 1,
                                             m(limit?.lowerBound ?? 0), m(limit?.upperBound ?? 0), frictionForce)
        return PhysicsJoint(.prismatic, a, b, raw)
    }

    /// A weld joint fusing two bodies at `anchor`; rigid when stiffness is 0.
    static func weld(_ a: PhysicsBody, _ b: PhysicsBody, anchor: CGPoint, stiffness: Double,
                     damping: Double) -> PhysicsJoint? {
        let raw = cb2_joint_create_weld(a.world.handle, a.handle, b.handle, m(anchor.x), m(anchor.y),
                                        stiffness, damping)
        return PhysicsJoint(.weld, a, b, raw)
    }

    /// A mouse joint pulling `body`'s point `anchor` towards a target (initially `anchor`).
    static func mouse(ground: PhysicsBody, body: PhysicsBody, anchor: CGPoint, maxForce: Double,
                      stiffness: Double, damping: Double) -> PhysicsJoint? {
        let raw = cb2_joint_create_mouse(ground.world.handle, ground.handle, body.handle, m(anchor.x), m(anchor.y),
                                         maxForce, stiffness, damping)
        return PhysicsJoint(.mouse, ground, body, raw)
    }

    func setMouseTarget(_ target: CGPoint) { cb2_mouse_joint_set_target(handle, m(target.x), m(target.y)) }

    /// Distance-joint lengths in points (rest length, then the allowed range).
    func setLengths(length: Double, minLength: Double, maxLength: Double) {
        cb2_distance_joint_set_lengths(handle, m(length), m(minLength), m(maxLength))
    }

    /// Spring constants of a distance joint (N/m, N·s/m) or a weld joint (N·m/rad, N·m·s/rad).
    func setSpring(stiffness: Double, damping: Double) {
        switch kind {
        case .distance: cb2_distance_joint_set_spring(handle, stiffness, damping)
        case .weld: cb2_weld_joint_set_spring(handle, stiffness, damping)
        case .mouse: cb2_mouse_joint_set_spring(handle, stiffness, damping)
        case .revolute, .prismatic: break
        }
    }

    /// Limits of a revolute (radians) or prismatic (points) joint; nil removes them.
    func setLimit(_ limit: ClosedRange<Double>?) {
        switch kind {
        case .revolute:
            cb2_revolute_joint_set_limits(handle, limit == nil ? 0 : 1, limit?.lowerBound ?? 0, limit?.upperBound ?? 0)
        case .prismatic:
            cb2_prismatic_joint_set_limits(handle, limit == nil ? 0 : 1, m(limit?.lowerBound ?? 0),
                                           m(limit?.upperBound ?? 0))
        default: break
        }
    }

    /// Friction of a revolute (torque, N·m) or prismatic (force, N) joint, as a motor that holds still.
    func setFriction(_ value: Double) {
        switch kind {
        case .revolute: cb2_revolute_joint_set_friction(handle, value)
        case .prismatic: cb2_prismatic_joint_set_friction(handle, value)
        default: break
        }
    }

    /// Current distance between the anchors of a distance joint, in points.
    var currentLength: Double { PhysicsUnits.points(cb2_distance_joint_current_length(handle)) }
    /// Current angle of a revolute joint (radians).
    var revoluteAngle: Double { cb2_revolute_joint_angle(handle) }
    /// Current translation of a prismatic joint (points).
    var prismaticTranslation: Double { PhysicsUnits.points(cb2_prismatic_joint_translation(handle)) }
}
