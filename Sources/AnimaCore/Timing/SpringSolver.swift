import Foundation
import AnimaGraphics

/// The closed-form damped harmonic oscillator behind `CASpringAnimation` and UIKit's spring timing.
///
/// A mass `m` on a spring of stiffness `k` with damping `c` starts displaced by the whole distance
/// (x = 1) and settles at its target (x = 0): `m x'' + c x' + k x = 0`, `x'(0) = −initialVelocity`.
/// ``value(at:)`` is the progress `1 − x(t)` (0 at the start, 1 at rest, above 1 while it
/// overshoots); time is in seconds and the answer depends only on `t`, so any frame rate samples
/// the same curve. Velocities are in "whole distances per second" (positive towards the target).
///
/// ```
///  ζ < 1  under-damped:   e^(−ζω₀t)·(cos ω_d t + B sin ω_d t)       overshoots, oscillates
///  ζ = 1  critical:       (1 + (ω₀ − v₀)t)·e^(−ω₀t)                 fastest without oscillating
///  ζ > 1  over-damped:    e^(−ζω₀t)·(cosh ω₂t + C sinh ω₂t)          slow creep (allowsOverdamping only)
/// ```
/// ```swift
/// let spring = SpringSolver(mass: 1, stiffness: 100, damping: 10)
/// spring.dampingRatio        // 0.5
/// spring.value(at: 0.25)     // ≈ 1.02336 (overshoot)
/// spring.settlingDuration    // ≈ 1.4727 s
/// ```
/// Invalid parameters (NaN, ∞, mass or stiffness ≤ 0, damping < 0) are reported and replaced by
/// Core Animation's defaults (mass 1, stiffness 100, damping 10, velocity 0).
public struct SpringSolver: Equatable, Sendable {
    /// The moving mass (> 0).
    public let mass: Double
    /// The spring constant k (> 0).
    public let stiffness: Double
    /// The damping coefficient c (≥ 0).
    public let damping: Double
    /// The velocity at t = 0 in whole distances per second; positive moves towards the target.
    public let initialVelocity: Double
    /// Whether damping ratios above 1 give an over-damped curve; when false they behave as critically damped.
    public let allowsOverdamping: Bool

    private let omega0: Double
    private let zeta: Double
    private let regime: Regime
    /// ω_d (under-damped) or ω₂ (over-damped).
    private let omegaPrime: Double
    /// The sine (sinh) coefficient: B (under-damped), C (over-damped), ω₀ − v₀ (critical).
    private let coefficient: Double

    package enum Regime: Equatable, Sendable { case underdamped, critical, overdamped }

    /// The ε `settlingDuration` uses: the spring is at rest once it stays within 0.1 % of its target.
    public static let defaultSettlingEpsilon = 0.001

    /// A spring from its physical parameters (Core Animation's defaults: 1, 100, 10, 0).
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
                allowsOverdamping: Bool = false) {
        func checked(_ value: Double, _ name: String, _ fallback: Double, valid: (Double) -> Bool) -> Double {
            if value.isFinite && valid(value) { return value }
            Diagnostics.report("SpringSolver: rejected \(name) \(value.diagnosticDescription); using \(fallback)")
            return fallback
        }
        self.mass = checked(mass, "mass", 1) { $0 > 0 }
        self.stiffness = checked(stiffness, "stiffness", 100) { $0 > 0 }
        self.damping = checked(damping, "damping", 10) { $0 >= 0 }
        self.initialVelocity = checked(initialVelocity, "initialVelocity", 0) { _ in true }
        self.allowsOverdamping = allowsOverdamping

        let w0 = (self.stiffness / self.mass).squareRoot()
        let ratio = self.damping / (2 * (self.stiffness * self.mass).squareRoot())
        omega0 = w0
        let v0 = self.initialVelocity
        if abs(ratio - 1) < 1e-9 || (ratio > 1 && !allowsOverdamping) {
            // Clamped springs are critically damped at ω₀ (Core Animation's rule without allowsOverdamping).
            zeta = 1
            regime = .critical
            omegaPrime = 0
            coefficient = w0 - v0
        } else if ratio < 1 {
            zeta = ratio
            regime = .underdamped
            omegaPrime = w0 * (1 - ratio * ratio).squareRoot()
            coefficient = (ratio * w0 - v0) / omegaPrime
        } else {
            zeta = ratio
            regime = .overdamped
            omegaPrime = w0 * (ratio * ratio - 1).squareRoot()
            coefficient = (ratio * w0 - v0) / omegaPrime
        }
    }

    /// A spring of unit mass from a damping ratio and a response (the period of the undamped
    /// oscillation, in seconds): `stiffness = (2π / response)²`, `damping = 4π · ratio / response`.
    /// Over-damping is allowed, so a ratio above 1 creeps.
    /// ```swift
    /// SpringSolver(dampingRatio: 0.8, response: 0.5).damping   // ≈ 20.1062
    /// ```
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) {
        var ratio = dampingRatio, period = response
        if !ratio.isFinite || ratio < 0 {
            Diagnostics.report("SpringSolver: rejected dampingRatio \(ratio.diagnosticDescription); using 1")
            ratio = 1
        }
        if !period.isFinite || period <= 0 {
            Diagnostics.report("SpringSolver: rejected response \(period.diagnosticDescription) s; using 0.5")
            period = 0.5
        }
        let k = pow(2 * Double.pi / period, 2)
        self.init(mass: 1, stiffness: k, damping: 4 * Double.pi * ratio / period, initialVelocity: initialVelocity,
                  allowsOverdamping: true)
    }

    /// A spring from a perceptual duration (its response, seconds) and a bounce: 0 is critically
    /// damped, positive values bounce (typically up to 1), negative values are over-damped (down to −1).
    /// The damping ratio is `1 − bounce` for bounce ≥ 0 and `1 / (1 + bounce)` below 0.
    /// ```swift
    /// SpringSolver(perceptualDuration: 0.5, bounce: 0.3).dampingRatio   // 0.7
    /// ```
    public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        var b = bounce
        if !b.isFinite || b <= -1 {
            Diagnostics.report("SpringSolver: rejected bounce \(b.diagnosticDescription) (must be finite and above −1); using 0")
            b = 0
        }
        self.init(dampingRatio: b >= 0 ? 1 - b : 1 / (1 + b), response: perceptualDuration,
                  initialVelocity: initialVelocity)
    }

    // MARK: Derived parameters

    /// ω₀ = √(k/m), the undamped angular frequency in radians per second.
    public var naturalFrequency: Double { omega0 }

    /// ζ = c / (2√(k·m)) as given (above 1 even when `allowsOverdamping` is false).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The period of the undamped oscillation, 2π·√(m/k), in seconds (Core Animation's
    /// `perceptualDuration`, UIKit's `response`).
    public var response: Double { 2 * Double.pi / omega0 }

    /// The bounce that gives this spring's damping ratio: `1 − ζ` up to ζ = 1, `1/ζ − 1` above.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    // MARK: The curve

    /// The progress at `t` seconds: 0 at t ≤ 0, tending to 1 (may overshoot). Non-finite times
    /// give 0 (−∞, NaN) or 1 (+∞).
    public func value(at t: Double) -> Double { 1 - displacement(at: t) }

    /// The velocity of the progress at `t` seconds, in whole distances per second.
    public func velocity(at t: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 0 : initialVelocity }
        let t = max(0, t)
        let v0 = initialVelocity
        switch regime {
        case .underdamped:
            let wd = omegaPrime, decay = zeta * omega0
            let e = exp(-decay * t)
            let dx = e * ((coefficient * wd - decay) * cos(wd * t) - (decay * coefficient + wd) * sin(wd * t))
            return -dx
        case .critical:
            return exp(-omega0 * t) * (v0 + omega0 * coefficient * t)
        case .overdamped:
            // x = ½(1+C)e^(λ₁t) + ½(1−C)e^(λ₂t) with λ₁,₂ = −ζω₀ ± ω₂ (stable for large t).
            let l1 = -zeta * omega0 + omegaPrime, l2 = -zeta * omega0 - omegaPrime
            let dx = 0.5 * (1 + coefficient) * l1 * exp(l1 * t) + 0.5 * (1 - coefficient) * l2 * exp(l2 * t)
            return -dx
        }
    }

    /// The normalised distance still to go at `t` seconds, x(t) = 1 − value(at: t).
    private func displacement(at t: Double) -> Double { curve.displacement(at: t) }

    /// The curve alone (what evaluating it per frame needs: 40 bytes, not the solver's 80).
    package var curve: SpringCurve {
        SpringCurve(regime: regime, omega0: omega0, zeta: zeta, omegaPrime: omegaPrime, coefficient: coefficient)
    }

    // MARK: Settling

    /// The estimated time for the spring to come to rest (within 0.1 % of its target), in seconds;
    /// ∞ for an undamped spring.
    public var settlingDuration: Double { settlingDuration(epsilon: Self.defaultSettlingEpsilon) }

    /// The time after which the spring stays within `epsilon` of its target.
    ///
    /// Under-damped springs use the envelope `(1 + |B|)·e^(−ζω₀t) < ε`; critically and over-damped
    /// ones step in 0.1 s until the spring has stayed within ε for a whole second (so the answer is
    /// a multiple of 0.1 s), as Core Animation does.
    public func settlingDuration(epsilon: Double) -> Double {
        let eps = epsilon.isFinite && epsilon > 0 ? epsilon : Self.defaultSettlingEpsilon
        switch regime {
        case .underdamped:
            guard zeta > 0 else { return .infinity }
            return max(0, -log(eps / (1 + abs(coefficient))) / (zeta * omega0))
        case .critical, .overdamped:
            // After `bound` the envelope is below ε for good, so the search can stop there.
            let bound = quietAfter(eps)
            let step = 0.1
            let steps = (bound / step).rounded(.up)
            guard steps < 1_000_000 else { return steps * step }
            var calmSince: Double?
            for i in 0...(Int(steps) + 10) {
                let t = Double(i) * step
                if abs(displacement(at: t)) < eps {
                    if let since = calmSince {
                        if t - since >= 1 - 1e-9 { return since }
                    } else {
                        calmSince = t
                    }
                } else {
                    calmSince = nil
                }
            }
            return calmSince ?? steps * step
        }
    }

    /// A time after which |x| < ε holds forever (critically and over-damped springs).
    private func quietAfter(_ eps: Double) -> Double {
        let envelope: (Double) -> Double
        let decay: Double
        if regime == .overdamped {
            // |x| ≤ ½(|1+C| + |1−C|)·e^(λ₁t), λ₁ = −ζω₀ + ω₂ < 0.
            decay = zeta * omega0 - omegaPrime
            let k = 0.5 * (abs(1 + coefficient) + abs(1 - coefficient))
            guard decay > 0 else { return .infinity }
            return max(0, log(k / eps) / decay)
        }
        decay = omega0
        let a = abs(coefficient)
        envelope = { (1 + a * $0) * exp(-decay * $0) }
        // (1 + a t)e^(−ω₀t) decreases once t > 1/ω₀ − 1/a; double t from there until it is below ε.
        var t = max(0.1, a > 0 ? 1 / decay - 1 / a : 0)
        while envelope(t) >= eps && t < 1e12 { t *= 2 }
        return t
    }
}

/// A spring's closed-form progress curve, as ``SpringSolver`` derives it: the only formula for a spring's value,
/// shared by the solver and by the render-side copy of a `CASpringAnimation`.
package struct SpringCurve: Equatable, Sendable {
    let regime: SpringSolver.Regime
    let omega0: Double, zeta: Double, omegaPrime: Double, coefficient: Double

    /// The progress at `t` seconds (see ``SpringSolver/value(at:)``).
    @inline(__always)
    package func value(at t: Double) -> Double { 1 - displacement(at: t) }

    /// The normalised distance still to go at `t` seconds, x(t).
    package func displacement(at t: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 0 : 1 }
        guard t > 0 else { return 1 }
        switch regime {
        case .underdamped:
            let wd = omegaPrime
            return exp(-zeta * omega0 * t) * (cos(wd * t) + coefficient * sin(wd * t))
        case .critical:
            return (1 + coefficient * t) * exp(-omega0 * t)
        case .overdamped:
            let l1 = -zeta * omega0 + omegaPrime, l2 = -zeta * omega0 - omegaPrime
            return 0.5 * (1 + coefficient) * exp(l1 * t) + 0.5 * (1 - coefficient) * exp(l2 * t)
        }
    }
}
