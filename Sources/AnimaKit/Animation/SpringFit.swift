import Foundation
import AnimaCore
import AnimaGraphics

/// Fits a spring to a duration, as UIKit does for `usingSpringWithDamping:` blocks and for
/// `UISpringTimingParameters(dampingRatio:)`: mass 1, the given damping ratio and initial velocity, and the
/// stiffness whose settling time (to within 0.1 %) equals the duration.
///
/// UIKit's own solver is not public (UNCONFIRMED, §6.3); this bisects the natural frequency ω₀ of
/// `SpringSolver` until `settlingDuration` matches, then uses `k = ω₀²`, `c = 2ζω₀`. Damping ratios above 1
/// act as 1 (critically damped, as Core Animation treats them).
/// ```swift
/// let spring = SpringFit.solver(duration: 0.5, dampingRatio: 0.7, initialVelocity: 0)
/// spring.settlingDuration   // ≈ 0.5
/// ```
package enum SpringFit {
    package static func solver(duration: TimeInterval, dampingRatio: Double, initialVelocity: Double) -> SpringSolver {
        let ratio = min(1, dampingRatio)
        func spring(_ omega: Double) -> SpringSolver {
            SpringSolver(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: initialVelocity)
        }
        guard duration > 0, duration.isFinite else { return spring(2 * Double.pi / 0.5) }
        // An undamped spring never settles: give it one period per duration.
        guard ratio > 0 else { return spring(2 * Double.pi / duration) }
        var low = log(1e-3), high = log(1e5)   // ln ω₀; settling time falls as ω₀ grows
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if spring(exp(mid)).settlingDuration > duration { low = mid } else { high = mid }
        }
        return spring(exp(high))
    }
}
