import AnimaGraphics
import Foundation

/// Accelerates its items in one direction, regardless of their mass (UIKit's `UIGravityBehavior`).
///
/// A ``gravityDirection`` of (0, 1) — the default — accelerates items downwards at 1000 points/s²; in general the
/// acceleration is `1000 × gravityDirection` pt/s². ``angle``, ``magnitude`` and the vector stay consistent.
/// Changes apply on the next physics step, also while the animator runs.
///
/// ```swift
/// let gravity = UIGravityBehavior(items: [box])
/// gravity.gravityDirection = CGVector(dx: 3, dy: 4)   // magnitude 5: 5000 pt/s², angle ≈ 0.9273
/// animator.addBehavior(gravity)
/// ```
@preconcurrency @MainActor
open class UIGravityBehavior: UIDynamicBehavior {
    /// Acceleration in points/s² for a magnitude of 1.
    public static let pointsPerSecondSquaredPerUnit: CGFloat = 1000

    private var list: ItemList
    /// The simulated items' records, resolved at each synchronization.
    private var resolved: [ItemRecord] = []
    private var direction = DirectionVector(vector: CGVector(dx: 0, dy: 1), angle: .pi / 2)

    /// Creates a gravity behavior for `items` with the default direction (0, 1).
    public init(items: [UIDynamicItem]) {
        list = ItemList(items)
        super.init()
    }

    /// Creates a gravity behavior with no items.
    public convenience override init() { self.init(items: []) }

    /// The items gravity acts on, in the order they were added.
    open var items: [UIDynamicItem] { list.items }

    /// Adds an item; adding an item twice is ignored.
    open func addItem(_ item: UIDynamicItem) {
        if list.add(item) { setNeedsSynchronize() }
    }

    /// Removes an item; unknown items are ignored.
    open func removeItem(_ item: UIDynamicItem) {
        if list.remove(item) { setNeedsSynchronize() }
    }

    /// The gravity vector in units of 1000 pt/s² (default (0, 1)). Non-finite vectors are rejected.
    open var gravityDirection: CGVector {
        get { direction.vector }
        set {
            guard DirectionVector.isValid(newValue) else {
                return reject("gravityDirection", DynamicsDiagnostics.value(newValue))
            }
            direction.setVector(newValue)
            setNeedsSynchronize()
        }
    }

    /// The direction in radians (0 = right, π/2 = down; default π/2). Keeps the magnitude.
    open var angle: CGFloat {
        get { direction.angle }
        set {
            guard newValue.isFinite else { return reject("angle", DynamicsDiagnostics.value(newValue)) }
            direction.setAngle(newValue)
            setNeedsSynchronize()
        }
    }

    /// The strength, the length of ``gravityDirection`` (default 1.0). Setting 0 makes the vector (0, 0) and the
    /// angle 0, as UIKit documents.
    open var magnitude: CGFloat {
        get { direction.magnitude }
        set {
            guard newValue.isFinite else { return reject("magnitude", DynamicsDiagnostics.value(newValue)) }
            if newValue == 0 { direction.setVector(.zero) } else { direction.setMagnitude(newValue) }
            setNeedsSynchronize()
        }
    }

    /// Sets angle (radians) and magnitude together.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else {
            return reject("setAngle(_:magnitude:)", "\(DynamicsDiagnostics.value(angle)), "
                + DynamicsDiagnostics.value(magnitude))
        }
        if magnitude == 0 { direction.setVector(.zero) } else { direction.set(angle: angle, magnitude: magnitude) }
        setNeedsSynchronize()
    }

    private func reject(_ property: String, _ value: String) {
        DynamicsDiagnostics.report("UIGravityBehavior.\(property) = \(value) is not finite; kept \(direction.vector)")
    }

    override var physicsItems: [UIDynamicItem] { list.items }

    override func synchronize(with animator: UIDynamicAnimator) {
        resolved = list.items.compactMap { animator.record(for: $0) }
    }

    override func discardPhysicsObjects() {
        resolved = []
    }

    override func prepareStep(in animator: UIDynamicAnimator, seconds: Double) {
        let v = direction.vector
        guard v.dx != 0 || v.dy != 0 else { return }
        // 1000 pt/s² per unit = 10 m/s²; F = m·a so every mass falls alike. Forces do not wake resting bodies.
        let ax = Double(v.dx) * 10, ay = Double(v.dy) * 10
        for record in resolved where !record.properties.isAnchored {
            let mass = record.mass
            record.body.applyForceToCenter(newtons: mass * ax, mass * ay, wake: false)
        }
    }
}
