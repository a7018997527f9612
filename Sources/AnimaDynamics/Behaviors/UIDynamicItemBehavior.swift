import AnimaGraphics
import Foundation

/// Sets the physical properties of its items and adds velocity to them (UIKit's `UIDynamicItemBehavior`).
///
/// Mass is ``density`` × area, with a 100×100-point item of density 1 weighing 1 (kg in Box2D). When several item
/// behaviors list the same item, the one added last decides all of its properties.
///
/// ```swift
/// let bouncy = UIDynamicItemBehavior(items: [ball])
/// bouncy.elasticity = 0.8          // rebounds to ≈ 0.8² = 64 % of its drop height
/// bouncy.addLinearVelocity(CGPoint(x: 200, y: 0), for: ball)   // +200 pt/s to the right
/// animator.addBehavior(bouncy)
/// ```
@preconcurrency @MainActor
open class UIDynamicItemBehavior: UIDynamicBehavior {
    private var list: ItemList
    private(set) var properties = ItemProperties()
    private var pendingLinear: [(item: UIDynamicItem, velocity: CGPoint)] = []
    private var pendingAngular: [(item: UIDynamicItem, velocity: CGFloat)] = []

    /// Creates an item behavior for `items` with UIKit's defaults.
    public init(items: [UIDynamicItem]) {
        list = ItemList(items)
        super.init()
    }

    /// Creates an item behavior with no items.
    public convenience override init() { self.init(items: []) }

    /// The items whose properties this behavior sets.
    open var items: [UIDynamicItem] { list.items }

    /// Adds an item; adding an item twice is ignored.
    open func addItem(_ item: UIDynamicItem) {
        if list.add(item) { setNeedsSynchronize() }
    }

    /// Removes an item; unknown items are ignored.
    open func removeItem(_ item: UIDynamicItem) {
        if list.remove(item) { setNeedsSynchronize() }
    }

    /// Restitution in collisions, usually 0…1 (default 0: no bounce; 1: a perfectly elastic bounce).
    open var elasticity: CGFloat {
        get { properties.elasticity }
        set { set(\.elasticity, newValue, "elasticity") }
    }

    /// Sliding friction coefficient (default 0). Against boundaries the item's own value applies; between
    /// two items Box2D uses √(f₁·f₂).
    open var friction: CGFloat {
        get { properties.friction }
        set { set(\.friction, newValue, "friction") }
    }

    /// Mass per area, where 100×100 points at density 1 weigh 1 (default 1).
    open var density: CGFloat {
        get { properties.density }
        set { set(\.density, newValue, "density") }
    }

    /// Linear velocity damping per second, 0…∞ (default 0): v shrinks by a factor 1/(1 + resistance·dt) each step.
    open var resistance: CGFloat {
        get { properties.resistance }
        set { set(\.resistance, newValue, "resistance") }
    }

    /// Angular velocity damping per second, 0…∞ (default 0).
    open var angularResistance: CGFloat {
        get { properties.angularResistance }
        set { set(\.angularResistance, newValue, "angularResistance") }
    }

    /// Electric charge used by electric and magnetic fields (unitless, default 0; may be negative).
    open var charge: CGFloat {
        get { properties.charge }
        set {
            guard newValue.isFinite else { return reject("charge", newValue) }
            properties.charge = newValue
            setNeedsSynchronize()
        }
    }

    /// Whether the items stay fixed in place: others collide with them but they never move (default false).
    open var isAnchored: Bool {
        get { properties.isAnchored }
        set {
            properties.isAnchored = newValue
            setNeedsSynchronize()
        }
    }

    /// Whether the items may rotate (default true).
    open var allowsRotation: Bool {
        get { properties.allowsRotation }
        set {
            properties.allowsRotation = newValue
            setNeedsSynchronize()
        }
    }

    private func set(_ key: WritableKeyPath<ItemProperties, Double>, _ value: CGFloat, _ name: String) {
        guard value.isFinite, value >= 0 else { return reject(name, value) }
        properties[keyPath: key] = value
        setNeedsSynchronize()
    }

    private func reject(_ name: String, _ value: CGFloat) {
        DynamicsDiagnostics.report("UIDynamicItemBehavior.\(name) = \(DynamicsDiagnostics.value(value)) is invalid "
            + "(must be finite\(name == "charge" ? "" : " and ≥ 0")); kept \(properties)")
    }

    /// Adds `velocity` (points/s) to `item`'s linear velocity. Before the behavior is in an animator, additions
    /// accumulate and apply when it joins. Items not in this behavior, and non-finite values, are rejected.
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        guard velocity.x.isFinite, velocity.y.isFinite, list.contains(item) else {
            return DynamicsDiagnostics.report("UIDynamicItemBehavior.addLinearVelocity("
                + "\(DynamicsDiagnostics.value(velocity)), for: \(DynamicsDiagnostics.name(item))) rejected: "
                + (list.contains(item) ? "not finite" : "item is not in this behavior"))
        }
        pendingLinear.append((item, velocity))
        setNeedsSynchronize()
        animator?.synchronizeIfNeeded()
    }

    /// The item's current linear velocity in points/s (zero when it is not being simulated).
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        animator?.synchronizeIfNeeded()
        guard list.contains(item), let record = animator?.record(for: item) else {
            return pendingLinear.filter { $0.item === item }.reduce(.zero) { sum, entry in
                CGPoint(x: sum.x + entry.velocity.x, y: sum.y + entry.velocity.y)
            }
        }
        return record.body.linearVelocity
    }

    /// Adds `velocity` (radians/s, positive is clockwise on screen) to `item`'s angular velocity.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {
        guard velocity.isFinite, list.contains(item) else {
            return DynamicsDiagnostics.report("UIDynamicItemBehavior.addAngularVelocity("
                + "\(DynamicsDiagnostics.value(velocity)), for: \(DynamicsDiagnostics.name(item))) rejected")
        }
        pendingAngular.append((item, velocity))
        setNeedsSynchronize()
        animator?.synchronizeIfNeeded()
    }

    /// The item's current angular velocity in radians/s.
    open func angularVelocity(for item: UIDynamicItem) -> CGFloat {
        animator?.synchronizeIfNeeded()
        guard list.contains(item), let record = animator?.record(for: item) else {
            return pendingAngular.filter { $0.item === item }.reduce(0) { $0 + $1.velocity }
        }
        return record.body.angularVelocity
    }

    override var physicsItems: [UIDynamicItem] { list.items }

    override func synchronize(with animator: UIDynamicAnimator) {
        var waiting: [(item: UIDynamicItem, velocity: CGPoint)] = []
        for entry in pendingLinear {
            guard let record = animator.record(for: entry.item) else {
                waiting.append(entry)
                continue
            }
            let v = record.body.linearVelocity
            record.body.linearVelocity = CGPoint(x: v.x + entry.velocity.x, y: v.y + entry.velocity.y)
            record.body.isAwake = true
        }
        pendingLinear = waiting
        var waitingAngular: [(item: UIDynamicItem, velocity: CGFloat)] = []
        for entry in pendingAngular {
            guard let record = animator.record(for: entry.item) else {
                waitingAngular.append(entry)
                continue
            }
            record.body.angularVelocity += entry.velocity
            record.body.isAwake = true
        }
        pendingAngular = waitingAngular
    }
}
