import Foundation

/// The timing rules of core-animation-semantics.md §1.2–§1.3 and §3, written out plainly.
///
/// ```
///  parent time t_p ──(− b)──▶ e ──(× s)──▶ a ──(+ o, mod D)──▶ τ' ──(mod d, mirror odd when autoreversing)──▶ u
///      e < 0: before (backwards fill holds τ = o)      a ≥ D: after (forwards fill holds τ_end = D + o)
/// ```
enum ReferenceTiming {
    /// A layer's local time from its parent's (§1.2): `t = (t_p − beginTime) × speed + timeOffset`.
    static func layerTime(parentTime: Double, beginTime: Double, speed: Float, timeOffset: Double) -> Double {
        (parentTime - beginTime) * Double(speed) + timeOffset
    }

    /// Where an animation is: `phase`, progress `p` in 0…1 after mirroring (before the timing function), and
    /// `completedIterations` (forward and backward count as one when autoreversing).
    struct Sample: Equatable {
        enum Phase { case before, active, after }
        var phase: Phase
        var progress: Double
        var completedIterations: Int
    }

    /// The active duration D (§1.3 step 3); ∞ for an endless repeat.
    static func activeDuration(_ timing: RefTiming) -> Double {
        let iteration = timing.duration * (timing.autoreverses ? 2 : 1)
        if timing.repeatDuration > 0 { return timing.repeatDuration }   // rule 1.1.a: repeatDuration wins
        if timing.repeatCount >= Float.greatestFiniteMagnitude { return .infinity }   // rule 1.1.b
        if timing.repeatCount > 0 { return iteration * Double(timing.repeatCount) }
        return iteration
    }

    /// The phase of an animation at parent time `t_p` (whatever its fill mode).
    static func phase(_ timing: RefTiming, parentTime: Double) -> Sample.Phase {
        let e = parentTime - timing.beginTime
        if e < 0 { return .before }
        return e * Double(timing.speed) >= activeDuration(timing) ? .after : .active
    }

    /// Samples an animation at parent time `t_p`; nil when it has no effect there (outside its active
    /// duration without a fill mode holding it). Speeds must be ≥ 0 (negative speed is UNCONFIRMED, §11.4).
    static func sample(_ timing: RefTiming, parentTime: Double) -> Sample? {
        precondition(timing.duration > 0 && timing.speed >= 0)
        let D = activeDuration(timing)
        switch phase(timing, parentTime: parentTime) {
        case .before:
            guard timing.fillMode.fillsBackwards else { return nil }
            return simple(wrap(timing.timeOffset, D), timing, phase: .before)
        case .active:
            let a = (parentTime - timing.beginTime) * Double(timing.speed)
            return simple(wrap(a + timing.timeOffset, D), timing, phase: .active)
        case .after:
            guard timing.fillMode.fillsForwards else { return nil }
            // Step 7: evaluate at τ_end = D + o (wrapped like any τ, but an exact end stays D, not 0); on an
            // exact multiple of d the iteration ends (u = d) instead of starting the next one.
            var tauEnd = wrap(D + timing.timeOffset, D)
            if isNearlyInteger(tauEnd / D) { tauEnd = D }
            let n = tauEnd / timing.duration
            if n >= 1 - 1e-9 && isNearlyInteger(n) {
                let k = Int(n.rounded()) - 1
                let mirrored = timing.autoreverses && k % 2 == 1
                return Sample(phase: .after, progress: mirrored ? 0 : 1,
                              completedIterations: timing.autoreverses ? k / 2 : k)
            }
            return simple(tauEnd, timing, phase: .after)
        }
    }

    /// τ mod D in [0, D) (the timeOffset wrap, recommended modulus D, §11.1); unchanged for an infinite D.
    private static func wrap(_ tau: Double, _ D: Double) -> Double {
        guard D.isFinite else { return tau }
        let r = tau - (tau / D).rounded(.down) * D
        return r < 0 ? r + D : (r >= D ? r - D : r)
    }

    private static func isNearlyInteger(_ x: Double) -> Bool { abs(x - x.rounded()) < 1e-9 }

    /// Step 7: iteration k and simple time u, mirrored on odd iterations when autoreversing.
    private static func simple(_ tau: Double, _ timing: RefTiming, phase: Sample.Phase) -> Sample {
        let d = timing.duration
        let k = (tau / d).rounded(.down)
        var u = tau - k * d
        let ki = Int(k)
        if timing.autoreverses && ki % 2 != 0 { u = d - u }
        return Sample(phase: phase, progress: min(max(u / d, 0), 1),
                      completedIterations: timing.autoreverses ? ki / 2 : ki)
    }

    /// The Bézier timing curve at input progress `x` (§3): solve `Bx(t) = x` by bisection (Bx is monotonic for
    /// control x in [0, 1]), return `By(t)`. Inputs are clamped to [0, 1].
    static func evaluate(_ f: RefTimingFunction, at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * p1 * t * s * s + 3 * p2 * t * t * s + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if bezier(Double(f.c1x), Double(f.c2x), mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(Double(f.c1y), Double(f.c2y), (lo + hi) / 2)
    }

    /// A spring's progress `1 − x(t)` at `t` seconds of simple time (§2.5), from `m x'' + c x' + k x = 0`,
    /// `x(0) = 1`, `x'(0) = −v0`.
    static func springProgress(at t: Double, mass m: Double, stiffness k: Double, damping c: Double,
                               initialVelocity v0: Double, allowsOverdamping: Bool) -> Double {
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let x: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            x = exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        } else if zeta == 1 || !allowsOverdamping {
            x = (1 + (w0 - v0) * t) * exp(-w0 * t)
        } else {
            let w2 = w0 * (zeta * zeta - 1).squareRoot()
            x = exp(-zeta * w0 * t) * (cosh(w2 * t) + (zeta * w0 - v0) / w2 * sinh(w2 * t))
        }
        return 1 - x
    }
}
