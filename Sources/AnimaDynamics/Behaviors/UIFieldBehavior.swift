import AnimaGraphics
import Foundation

/// A force field acting on its items inside a region around a position (UIKit's `UIFieldBehavior`).
///
/// Create one with a factory (`init()` is unavailable, as in UIKit). Every kind scales with ``strength`` and,
/// where it depends on distance r from ``position``, with `r^(−falloff)` (r in metres = points / 100, never below
/// ``minimumRadius``). Items outside ``region`` feel nothing. UIKit does not document its field units; the ones
/// chosen here (UNCONFIRMED) line up with the other behaviors:
///
/// | kind | effect at r = 100 pt, strength 1 |
/// |---|---|
/// | linear gravity | acceleration `direction` × 1000 pt/s², like ``UIGravityBehavior`` |
/// | radial gravity | 1000 pt/s² towards the position (default falloff 2) |
/// | velocity | sets the item's velocity to `direction` points/s |
/// | noise | up to 1000 pt/s² of smooth seeded noise, in space (scale `smoothness`) and time (`animationSpeed` Hz) |
/// | turbulence | noise × the item's speed (1/s) |
/// | spring | 1 N towards the position per metre of distance (default falloff −1: Hooke's law) |
/// | electric | charge × 1 N away from the position (attracts opposite signs) |
/// | magnetic | charge × v × B with B along +z: counter-clockwise circles for positive strength |
/// | drag | −1 N per m/s of velocity |
/// | vortex | 1 N tangentially, counter-clockwise for positive strength |
///
/// ```swift
/// let pull = UIFieldBehavior.radialGravityField(position: CGPoint(x: 200, y: 300))
/// pull.region = UIRegion(radius: 250)
/// pull.addItem(ball)
/// animator.addBehavior(pull)
/// ```
@preconcurrency @MainActor
open class UIFieldBehavior: UIDynamicBehavior {
    enum Kind: Equatable {
        case linearGravity, radialGravity, velocity, noise, turbulence, spring, electric, magnetic, drag, vortex
        case custom
    }

    /// The signature of ``field(evaluationBlock:)``'s block: field, position (points), velocity (points/s),
    /// mass, charge and time step (s), returning a force in UIKit newtons.
    public typealias EvaluationBlock = @MainActor (UIFieldBehavior, CGPoint, CGVector, CGFloat, CGFloat,
                                                   TimeInterval) -> CGVector

    let kind: Kind
    let evaluation: EvaluationBlock?
    private var list = ItemList([])
    /// Seed of the noise and turbulence fields (fixed, so runs repeat exactly).
    var noise = ValueNoise(seed: 0x5EED_F1E1D)
    /// False for the 33rd and later fields of an animator.
    var isWithinFieldLimit = true

    init(kind: Kind, evaluation: EvaluationBlock? = nil) {
        self.kind = kind
        self.evaluation = evaluation
        switch kind {
        case .radialGravity: falloff = 2
        case .spring: falloff = -1
        default: falloff = 0
        }
        super.init()
    }

    /// The affected items.
    open var items: [UIDynamicItem] { list.items }

    /// Adds an item; adding an item twice is ignored.
    open func addItem(_ item: UIDynamicItem) {
        if list.add(item) { setNeedsSynchronize() }
    }

    /// Removes an item; unknown items are ignored.
    open func removeItem(_ item: UIDynamicItem) {
        if list.remove(item) { setNeedsSynchronize() }
    }

    /// The field's origin in reference coordinates (points; default zero).
    open var position: CGPoint = .zero {
        didSet {
            guard position.x.isFinite, position.y.isFinite else { return restore(&position, oldValue, "position") }
            setNeedsSynchronize()
        }
    }

    /// Where the field acts, centred on ``position`` (default ``UIRegion/infinite``).
    open var region: UIRegion = .infinite {
        didSet { setNeedsSynchronize() }
    }

    /// The field's strength (default 1); its meaning per kind is in the table above.
    open var strength: CGFloat = 1 {
        didSet {
            guard strength.isFinite else { return restore(&strength, oldValue, "strength") }
            setNeedsSynchronize()
        }
    }

    /// Exponent of the distance falloff (r in metres): radial gravity 2, spring −1, others 0 by default.
    open var falloff: CGFloat {
        didSet {
            guard falloff.isFinite else { return restore(&falloff, oldValue, "falloff") }
            setNeedsSynchronize()
        }
    }

    /// The smallest distance (points) used in falloff, so forces stay finite near the origin (default 2⁻¹⁵ m).
    open var minimumRadius: CGFloat = 100.0 / 32768.0 {
        didSet {
            guard minimumRadius.isFinite, minimumRadius >= 0 else {
                return restore(&minimumRadius, oldValue, "minimumRadius")
            }
        }
    }

    /// The direction of linear gravity and velocity fields (zero for the others).
    open var direction: CGVector = .zero {
        didSet {
            guard DirectionVector.isValid(direction) else { return restore(&direction, oldValue, "direction") }
            setNeedsSynchronize()
        }
    }

    /// Spatial smoothness of noise fields, 0…1 (default 0): the noise varies over `100 + 900 × smoothness` points.
    open var smoothness: CGFloat = 0 {
        didSet { if !smoothness.isFinite { restore(&smoothness, oldValue, "smoothness") } }
    }

    /// How fast noise fields change, in hertz (default 0: still).
    open var animationSpeed: CGFloat = 0 {
        didSet { if !animationSpeed.isFinite { restore(&animationSpeed, oldValue, "animationSpeed") } }
    }

    /// Puts back the previous value of a property that was given a bad one, with a diagnostic.
    private func restore<Value>(_ property: inout Value, _ old: Value, _ name: String) {
        DynamicsDiagnostics.report("UIFieldBehavior.\(name) = \(property) is not finite (or negative); kept \(old)")
        property = old
    }

    // MARK: - Factories

    /// Uniform acceleration along `direction` (× 1000 pt/s²), like gravity.
    public static func linearGravityField(direction: CGVector) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }

    /// Acceleration towards `position`, 1000 pt/s² at 100 pt, falling off with the square of the distance.
    public static func radialGravityField(position: CGPoint) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }

    /// Sets the velocity of items in the region to `direction` (points/s) × strength.
    public static func velocityField(direction: CGVector) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }

    /// Smooth random accelerations that ignore mass; seeded, so runs repeat.
    public static func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .noise)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Noise scaled by each item's speed: still items feel nothing.
    public static func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .turbulence)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Hooke's law towards the position: items oscillate about it.
    public static func springField() -> UIFieldBehavior { UIFieldBehavior(kind: .spring) }
    /// Pushes charged items away from (or pulls them towards) the position: F = charge × strength.
    public static func electricField() -> UIFieldBehavior { UIFieldBehavior(kind: .electric) }
    /// Bends moving charged items into circles: F = charge × v × B.
    public static func magneticField() -> UIFieldBehavior { UIFieldBehavior(kind: .magnetic) }
    /// Slows items in proportion to their velocity.
    public static func dragField() -> UIFieldBehavior { UIFieldBehavior(kind: .drag) }
    /// Swirls items around the position, counter-clockwise for positive strength.
    public static func vortexField() -> UIFieldBehavior { UIFieldBehavior(kind: .vortex) }

    /// A field whose force (UIKit newtons) `block` computes for each item and step.
    public static func field(evaluationBlock block: @escaping EvaluationBlock) -> UIFieldBehavior {
        UIFieldBehavior(kind: .custom, evaluation: block)
    }

    override var physicsItems: [UIDynamicItem] { list.items }

    override func prepareStep(in animator: UIDynamicAnimator, seconds: Double) {
        guard isWithinFieldLimit else { return }
        for item in list.items {
            guard let record = animator.record(for: item), record.body.kind == .dynamicBody else { continue }
            apply(to: record, time: animator.elapsed, seconds: seconds)
        }
    }
}
