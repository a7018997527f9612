import AnimaGraphics
import Foundation

/// Applies a continuous or instantaneous force to its items (UIKit's `UIPushBehavior`).
///
/// Forces are in UIKit newtons: magnitude 1 accelerates a 100×100 item of density 1 (mass 1) at 100 pt/s², and a
/// 200×100 item or one of density 2 at 50 pt/s². An instantaneous push of magnitude 1 changes that item's velocity by
/// 100 pt/s once, then ``active`` turns false. ``pushDirection``, ``angle`` and ``magnitude`` stay consistent
/// (defaults: (0, 0), 0, 0).
///
/// ```swift
/// let push = UIPushBehavior(items: [box], mode: .instantaneous)
/// push.pushDirection = CGVector(dx: 1, dy: 0)   // +100 pt/s to the right on the next step
/// animator.addBehavior(push)
/// ```
@preconcurrency @MainActor
open class UIPushBehavior: UIDynamicBehavior {
    /// How a push applies its force (UIKit's `UIPushBehavior.Mode`).
    public enum Mode: Int, Sendable {
        /// A force applied on every step while active.
        case continuous = 0
        /// An impulse applied once when activated.
        case instantaneous = 1
    }

    /// The push's mode, fixed at creation.
    public let mode: Mode
    private var list: ItemList
    private var direction = DirectionVector(vector: .zero, angle: 0)
    private var offsets: [(item: UIDynamicItem, offset: UIOffset)] = []
    private var isActive = true

    /// Creates a push for `items` in `mode`; it is active at once, with magnitude 0 until a direction is set.
    public init(items: [UIDynamicItem], mode: Mode) {
        list = ItemList(items)
        self.mode = mode
        super.init()
    }

    /// The pushed items.
    open var items: [UIDynamicItem] { list.items }

    /// Adds an item; adding an item twice is ignored.
    open func addItem(_ item: UIDynamicItem) {
        if list.add(item) { setNeedsSynchronize() }
    }

    /// Removes an item; unknown items are ignored.
    open func removeItem(_ item: UIDynamicItem) {
        if list.remove(item) {
            offsets.removeAll { $0.item === item }
            setNeedsSynchronize()
        }
    }

    /// Whether the push acts. Setting true on an instantaneous push applies one more impulse.
    open var active: Bool {
        get { isActive }
        set {
            isActive = newValue
            if newValue { setNeedsSynchronize() }
        }
    }

    /// The force vector in UIKit newtons (1 = 100 pt/s² on a unit-mass item). Non-finite vectors are rejected.
    open var pushDirection: CGVector {
        get { direction.vector }
        set {
            guard DirectionVector.isValid(newValue) else {
                return reject("pushDirection", DynamicsDiagnostics.value(newValue))
            }
            direction.setVector(newValue)
            setNeedsSynchronize()
        }
    }

    /// The direction in radians (0 = right, π/2 = down). Keeps the magnitude.
    open var angle: CGFloat {
        get { direction.angle }
        set {
            guard newValue.isFinite else { return reject("angle", DynamicsDiagnostics.value(newValue)) }
            direction.setAngle(newValue)
            setNeedsSynchronize()
        }
    }

    /// The force's strength; negative values push the opposite way. Keeps the angle.
    open var magnitude: CGFloat {
        get { direction.magnitude }
        set {
            guard newValue.isFinite else { return reject("magnitude", DynamicsDiagnostics.value(newValue)) }
            direction.setMagnitude(newValue)
            setNeedsSynchronize()
        }
    }

    /// Sets angle (radians) and magnitude together.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else {
            return reject("setAngle(_:magnitude:)", "\(DynamicsDiagnostics.value(angle)), "
                + DynamicsDiagnostics.value(magnitude))
        }
        direction.set(angle: angle, magnitude: magnitude)
        setNeedsSynchronize()
    }

    /// Where the force acts on `item`, relative to its centre in points (default zero); off-centre pushes spin it.
    open func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset {
        offsets.first { $0.item === item }?.offset ?? .zero
    }

    /// Sets the point of application for `item` relative to its centre (points, reference axes).
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: UIDynamicItem) {
        guard offset.horizontal.isFinite, offset.vertical.isFinite else {
            return reject("setTargetOffsetFromCenter", "(\(offset.horizontal), \(offset.vertical))")
        }
        offsets.removeAll { $0.item === item }
        if offset != .zero { offsets.append((item, offset)) }
        setNeedsSynchronize()
    }

    private func reject(_ property: String, _ value: String) {
        DynamicsDiagnostics.report("UIPushBehavior.\(property) = \(value) is not finite; call ignored")
    }

    override var physicsItems: [UIDynamicItem] { list.items }

    override func prepareStep(in animator: UIDynamicAnimator, seconds: Double) {
        guard isActive else { return }
        let v = direction.vector
        if v.dx != 0 || v.dy != 0 {
            for item in list.items {
                guard let record = animator.record(for: item), record.body.kind == .dynamicBody else { continue }
                let offset = targetOffsetFromCenter(for: item)
                let center = record.body.position
                let point = CGPoint(x: center.x + offset.horizontal, y: center.y + offset.vertical)
                switch mode {
                case .continuous:
                    record.body.applyForce(newtons: Double(v.dx), Double(v.dy), at: point, wake: true)
                case .instantaneous:
                    record.body.applyImpulse(newtonSeconds: Double(v.dx), Double(v.dy), at: point)
                }
            }
        }
        if mode == .instantaneous { isActive = false }
    }
}
