import AnimaGraphics
import Foundation

/// The physical properties a ``UIDynamicItemBehavior`` gives an item; the defaults apply without one.
struct ItemProperties: Equatable {
    var elasticity: Double = 0
    var friction: Double = 0
    var density: Double = 1
    var resistance: Double = 0
    var angularResistance: Double = 0
    var charge: Double = 0
    var isAnchored = false
    var allowsRotation = true

    var material: PhysicsMaterial { PhysicsMaterial(density: density, friction: friction, restitution: elasticity) }
}

/// One simulated item: the item, its Box2D body and what was last pushed into the body.
@MainActor
final class ItemRecord {
    let item: UIDynamicItem
    let body: PhysicsBody
    private(set) var shape: ItemShape
    private(set) var properties = ItemProperties()
    var itemsMask: UInt64 = 0
    var boundariesMask: UInt64 = 0

    var tag: UInt64 { body.tag }
    /// The body's mass in kg, cached because it changes only when properties or shape do.
    private(set) var mass: Double = 0

    init(item: UIDynamicItem, body: PhysicsBody, shape: ItemShape) {
        self.item = item
        self.body = body
        self.shape = shape
        mass = body.mass
    }

    /// Pushes changed properties into the body (material, mass, damping, anchoring, rotation lock).
    func apply(_ new: ItemProperties) {
        guard new != properties else { return }
        let old = properties
        properties = new
        if new.material != old.material { body.setMaterial(new.material) }
        if new.density != old.density { shape.applyMass(to: body, density: new.density) }
        body.setDamping(linear: new.resistance, angular: new.angularResistance)
        if new.isAnchored != old.isAnchored {
            body.kind = new.isAnchored ? .staticBody : .dynamicBody
            if !new.isAnchored { shape.applyMass(to: body, density: new.density) }
        }
        if new.allowsRotation != old.allowsRotation {
            body.setFixedRotation(!new.allowsRotation)
            if new.allowsRotation { shape.applyMass(to: body, density: new.density) }
        }
        mass = body.mass
    }

    /// Rebuilds the fixtures for a new shape (after ``UIDynamicAnimator/updateItem(usingCurrentState:)``).
    func rebuild(with newShape: ItemShape) -> Bool {
        guard newShape != shape else { return true }
        body.removeAllFixtures()
        shape = newShape
        defer { mass = body.mass }
        return newShape.build(on: body, material: properties.material)
    }

    /// Writes the body's position and rotation back to the item (points, radians) if it is awake;
    /// returns whether it was.
    func writeBackIfAwake() -> Bool {
        let pose = body.pose
        guard pose.isAwake else { return false }
        item.center = pose.position
        item.transform = CGAffineTransform(a: pose.cos, b: pose.sin, c: -pose.sin, d: pose.cos, tx: 0, ty: 0)
        return true
    }

    /// The item's frame in reference coordinates: the bounding box of its rotated bounds.
    var frame: CGRect {
        let size = item.bounds.size
        let center = item.center
        let t = item.transform
        let corners = [CGPoint(x: -size.width / 2, y: -size.height / 2), CGPoint(x: size.width / 2, y: -size.height / 2),
                       CGPoint(x: size.width / 2, y: size.height / 2), CGPoint(x: -size.width / 2, y: size.height / 2)]
            .map { p in CGPoint(x: center.x + t.a * p.x + t.c * p.y, y: center.y + t.b * p.x + t.d * p.y) }
        return CGRect.boundingBox(of: corners)
    }
}

/// Which animator simulates each item: an item may belong to one animator at a time.
@MainActor
enum ItemClaims {
    private final class Claim {
        weak var item: UIDynamicItem?
        weak var animator: UIDynamicAnimator?
        init(item: UIDynamicItem, animator: UIDynamicAnimator) {
            self.item = item
            self.animator = animator
        }
    }

    private static var claims: [ObjectIdentifier: Claim] = [:]
    private static var pruneThreshold = 64

    /// Claims `item` for `animator`; returns the other animator that holds it, if any.
    static func claim(_ item: UIDynamicItem, for animator: UIDynamicAnimator) -> UIDynamicAnimator? {
        let key = ObjectIdentifier(item)
        if let existing = claims[key], existing.item === item, let owner = existing.animator, owner !== animator {
            return owner
        }
        claims[key] = Claim(item: item, animator: animator)
        if claims.count > pruneThreshold {
            claims = claims.filter { $0.value.item != nil && $0.value.animator != nil }
            pruneThreshold = max(64, claims.count * 2)
        }
        return nil
    }

    static func release(_ item: UIDynamicItem, from animator: UIDynamicAnimator) {
        let key = ObjectIdentifier(item)
        if let existing = claims[key], existing.animator === animator || existing.animator == nil {
            claims[key] = nil
        }
    }
}
