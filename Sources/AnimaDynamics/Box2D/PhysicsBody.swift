import CBox2D
import Foundation

/// Surface and mass parameters of a body's fixtures (Box2D units: kg/m², unitless coefficients).
struct PhysicsMaterial: Equatable {
    var density: Double = 1
    var friction: Double = 0
    var restitution: Double = 0

    var raw: cb2_material { cb2_material(density: density, friction: friction, restitution: restitution) }
}

/// A Box2D body. All positions and velocities here are in points (and radians), converted at this boundary.
///
/// The body is destroyed with this object; it keeps its world alive.
final class PhysicsBody {
    enum Kind { case staticBody, kinematicBody, dynamicBody }

    let world: PhysicsWorld
    let handle: OpaquePointer  // cb2_body *
    let tag: UInt64

    /// Creates a body at `position` (points) and `angle` (radians); nil if the values are not finite.
    init?(world: PhysicsWorld, kind: Kind, position: CGPoint, angle: Double, tag: UInt64) {
        guard let handle = cb2_body_create(world.handle, Self.raw(kind), PhysicsUnits.meters(position.x),
                                           PhysicsUnits.meters(position.y), angle, tag) else { return nil }
        self.world = world
        self.handle = handle
        self.tag = tag
    }

    deinit {
        cb2_body_destroy(handle)
    }

    private static func raw(_ kind: Kind) -> cb2_body_type {
        switch kind {
        case .staticBody: return CB2_BODY_STATIC
        case .kinematicBody: return CB2_BODY_KINEMATIC
        case .dynamicBody: return CB2_BODY_DYNAMIC
        }
    }

    var kind: Kind {
        get {
            switch cb2_body_get_type(handle) {
            case CB2_BODY_STATIC: return .staticBody
            case CB2_BODY_KINEMATIC: return .kinematicBody
            default: return .dynamicBody
            }
        }
        set { cb2_body_set_type(handle, Self.raw(newValue)) }
    }

    /// Body origin in points.
    var position: CGPoint {
        let p = cb2_body_position(handle)
        return CGPoint(x: PhysicsUnits.points(p.x), y: PhysicsUnits.points(p.y))
    }

    /// Rotation in radians (clockwise on screen, since y points down).
    var angle: Double { cb2_body_angle(handle) }

    /// Position (points), angle (radians) with its cosine and sine, and whether the body is awake, in one call.
    var pose: (position: CGPoint, angle: Double, cos: Double, sin: Double, isAwake: Bool) {
        let p = cb2_body_pose(handle)
        return (CGPoint(x: PhysicsUnits.points(p.x), y: PhysicsUnits.points(p.y)), p.angle, p.c, p.s, p.awake != 0)
    }

    func setTransform(position: CGPoint, angle: Double) {
        cb2_body_set_transform(handle, PhysicsUnits.meters(position.x), PhysicsUnits.meters(position.y), angle)
    }

    /// Linear velocity in points per second.
    var linearVelocity: CGPoint {
        get {
            let v = cb2_body_linear_velocity(handle)
            return CGPoint(x: PhysicsUnits.points(v.x), y: PhysicsUnits.points(v.y))
        }
        set { cb2_body_set_linear_velocity(handle, PhysicsUnits.meters(newValue.x), PhysicsUnits.meters(newValue.y)) }
    }

    /// Angular velocity in radians per second.
    var angularVelocity: Double {
        get { cb2_body_angular_velocity(handle) }
        set { cb2_body_set_angular_velocity(handle, newValue) }
    }

    /// Mass in kilograms (a 100×100 pt item of density 1 is 1 kg).
    var mass: Double { cb2_body_mass(handle) }

    /// Applies a force in newtons at a point (points) for the next step; `wake` wakes a sleeping body.
    func applyForce(newtons fx: Double, _ fy: Double, at point: CGPoint, wake: Bool) {
        cb2_body_apply_force(handle, fx, fy, PhysicsUnits.meters(point.x), PhysicsUnits.meters(point.y), wake ? 1 : 0)
    }

    /// Applies a force in newtons at the centre of mass for the next step.
    func applyForceToCenter(newtons fx: Double, _ fy: Double, wake: Bool) {
        cb2_body_apply_force_to_center(handle, fx, fy, wake ? 1 : 0)
    }

    /// Applies an impulse in newton-seconds at a point (points); it changes the velocity at once.
    func applyImpulse(newtonSeconds ix: Double, _ iy: Double, at point: CGPoint) {
        cb2_body_apply_linear_impulse(handle, ix, iy, PhysicsUnits.meters(point.x), PhysicsUnits.meters(point.y), 1)
    }

    /// Mass (kg) and rotational inertia about the origin (kg·m²); ignored unless both are positive and finite.
    func setMass(kilograms mass: Double, inertia: Double) { cb2_body_set_mass_data(handle, mass, inertia) }
    func resetMassFromFixtures() { cb2_body_reset_mass_data(handle) }

    func setDamping(linear: Double, angular: Double) {
        cb2_body_set_linear_damping(handle, linear)
        cb2_body_set_angular_damping(handle, angular)
    }

    func setFixedRotation(_ fixed: Bool) { cb2_body_set_fixed_rotation(handle, fixed ? 1 : 0) }

    var isAwake: Bool {
        get { cb2_body_is_awake(handle) != 0 }
        set { cb2_body_set_awake(handle, newValue ? 1 : 0) }
    }

    func setBullet(_ bullet: Bool) { cb2_body_set_bullet(handle, bullet ? 1 : 0) }

    func setCollisionGroups(items: UInt64, boundaries: UInt64, owner: UInt64) {
        cb2_body_set_collision_groups(handle, items, boundaries, owner)
    }
}
