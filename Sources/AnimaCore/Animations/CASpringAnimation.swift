import Foundation
import AnimaGraphics

/// A basic animation whose progress follows a damped spring (Core Animation's `CASpringAnimation`).
///
/// The value is `from + (to − from) · p(t)`, where `p` is the closed-form solution of a mass on a
/// spring (``SpringSolver``) and `t` is the animation's simple time in seconds: the spring is not
/// stretched to fit `duration`, which only cuts it off (set `duration = settlingDuration` to see it
/// come to rest). `timingFunction` is ignored. From/to/by, additive and cumulative work as for
/// ``CABasicAnimation``, on every animatable value type; overshoot extrapolates past `toValue`.
///
/// ```swift
/// let pop = CASpringAnimation(keyPath: "transform.scale")
/// pop.fromValue = 0.5
/// pop.toValue = 1
/// pop.damping = 8
/// pop.duration = pop.settlingDuration
/// layer.add(pop, forKey: "pop")
///
/// let gentle = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)   // duration set for you
/// ```
/// Setters reject NaN/∞, a mass or stiffness ≤ 0 and a negative damping with a diagnostic and keep
/// the previous value.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object attached to the spring (> 0, default 1).
    public var mass: CGFloat = 1 {
        didSet { if !mass.isFinite || mass <= 0 { reject("mass", mass); mass = oldValue } }
    }
    /// The spring stiffness coefficient (> 0, default 100).
    public var stiffness: CGFloat = 100 {
        didSet { if !stiffness.isFinite || stiffness <= 0 { reject("stiffness", stiffness); stiffness = oldValue } }
    }
    /// The damping coefficient (≥ 0, default 10).
    public var damping: CGFloat = 10 {
        didSet { if !damping.isFinite || damping < 0 { reject("damping", damping); damping = oldValue } }
    }
    /// The initial velocity in whole distances per second; positive moves towards `toValue` (default 0).
    public var initialVelocity: CGFloat = 0 {
        didSet { if !initialVelocity.isFinite { reject("initialVelocity", initialVelocity); initialVelocity = oldValue } }
    }
    /// Whether damping ratios above 1 over-damp; when false (the default) they act as critically damped.
    public var allowsOverdamping = false

    /// The solver frozen when the animation was added to a layer.
    package final var committedSolver: SpringSolver?

    /// The spring's properties by key (key-value coding; the derived durations read-only), with a basic
    /// animation's.
    override package class var keyedProperties: KeyedProperties<CAAnimation> { CASpringAnimation.springKeyedProperties }
    private static let springKeyedProperties = CABasicAnimation.basicKeyedProperties.adding(KeyedProperties<CASpringAnimation>([
        (["mass"], .number(\.mass)),
        (["stiffness"], .number(\.stiffness)),
        (["damping"], .number(\.damping)),
        (["initialVelocity"], .number(\.initialVelocity)),
        (["allowsOverdamping"], .value(\.allowsOverdamping, "a Bool")),
        (["settlingDuration"], .readOnly({ $0.settlingDuration }, because: "read-only: it follows from the spring's parameters")),
        (["perceptualDuration"], .readOnly({ $0.perceptualDuration }, because: "read-only: set the spring's parameters")),
        (["bounce"], .readOnly({ $0.bounce }, because: "read-only: set the spring's parameters")),
    ]))

    /// A spring animation with Core Animation's default spring (mass 1, stiffness 100, damping 10).
    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CASpringAnimation {
            mass = o.mass
            stiffness = o.stiffness
            damping = o.damping
            initialVelocity = o.initialVelocity
            allowsOverdamping = o.allowsOverdamping
        }
    }

    /// A spring that settles in about `perceptualDuration` seconds with the given `bounce`
    /// (0: no overshoot; up to 1: bouncier; down to −1: over-damped). Sets mass 1,
    /// `stiffness = (2π / perceptualDuration)²`, the matching damping, `allowsOverdamping = true` and
    /// `duration = settlingDuration`.
    /// ```swift
    /// let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
    /// s.stiffness   // ≈ 157.91
    /// s.damping     // ≈ 17.59 (damping ratio 0.7)
    /// ```
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let solver = SpringSolver(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(solver.mass)
        stiffness = CGFloat(solver.stiffness)
        damping = CGFloat(solver.damping)
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// The spring's period, 2π·√(mass / stiffness), in seconds.
    public var perceptualDuration: CFTimeInterval { solver.response }

    /// The bounce that gives the current damping ratio (see ``init(perceptualDuration:bounce:)``).
    public var bounce: CGFloat { CGFloat(solver.bounce) }

    /// The estimated time for the spring to come to rest, in seconds, divided by `|speed|`
    /// (`Float.greatestFiniteMagnitude` at speed 0; ∞ with no damping). Independent of `duration`.
    public var settlingDuration: CFTimeInterval {
        guard speed != 0 else { return CFTimeInterval(Float.greatestFiniteMagnitude) }
        return solver.settlingDuration / abs(Double(speed))
    }

    /// The spring described by the current properties.
    package var solver: SpringSolver {
        SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    package override func validate(for layer: CALayer, key: String?) -> Bool {
        guard super.validate(for: layer, key: key) else { return false }
        committedSolver = solver
        fractionIsEased = false
        return true
    }

    /// The spring's curve, which its committed pacing carries.
    package override var springCurve: SpringCurve? { (committedSolver ?? solver).curve }

    /// The spring's progress at the sample's simple time (seconds), not the eased progress.
    package func springFraction(_ sample: TimingSample) -> Double {
        (committedSolver ?? solver).value(at: sample.progress * timing.duration)
    }

    /// Scalar endpoints with the spring's curve when the key path and values allow, else the boxed values.
    package override func makeProgram() -> AnimationProgram {
        if let endpoints = ScalarEndpoints(self) { return .spring(endpoints) }
        return .general(Unmanaged.passUnretained(self))
    }

    private func reject(_ key: String, _ value: CGFloat) {
        Diagnostics.report("CASpringAnimation: rejected \(key) = \(Double(value).diagnosticDescription); kept the previous value")
    }
}
