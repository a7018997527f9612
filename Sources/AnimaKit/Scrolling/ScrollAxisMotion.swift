import Foundation
import AnimaCore
import AnimaGraphics

/// One axis of a scroll view's motion after the finger lifts, as closed-form functions of time: a deceleration
/// (``DecayAnimation``) that, when it reaches an edge of the scrollable range with speed and the axis bounces, goes
/// on as a critically damped spring about that edge — past it, then back; or, for content released beyond an
/// edge or a page to settle on, that spring alone.
///
/// ```
/// offset                     ╭──╮  bounce: the spring about the edge,
/// edge ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─╱─ ─ ╲─────  x(τ) = edge + (x₀ + (v₀ + ω·x₀)·τ)·e^(−ω·τ)
///                         ╱             x₀, v₀: displacement from the edge and velocity where it takes over
///                       ╱   decay       (x₀ = 0 at the end of a decay; the offset beyond the edge when released
/// start ──────────────╯                  there, or the distance to the page)
///       0             t_edge        t
/// ```
/// ω is 2π / 0.4 s (the spring of a 0.4-second response, which settles in about half a second): UIKit's own
/// constants are not documented; this is our reading of how its bounces and page snaps look. Reads no clock.
package struct ScrollAxisMotion: Equatable, Sendable {
    /// The deceleration before the spring (nil: the spring from the start).
    package let decay: DecayAnimation?
    /// When the spring takes over (nil: no spring).
    package let springStart: TimeInterval?
    /// Where the spring comes to rest, and its displacement from there and velocity when it takes over.
    package let rest: CGFloat
    private let displacement: CGFloat, springVelocity: CGFloat
    /// When the motion ends.
    package let duration: TimeInterval

    /// The spring's rate, per second.
    package static let omega: CGFloat = 2 * .pi / 0.4

    /// A deceleration from `start` at `velocity` (points per second) within `range`; with `bounces`, it springs
    /// back from a start beyond an edge, and reaching an edge with speed, it overshoots and returns.
    package static func decelerating(from start: CGFloat, velocity: CGFloat, rate: UIScrollView.DecelerationRate,
                                     within range: ClosedRange<CGFloat>?, bounces: Bool) -> ScrollAxisMotion {
        if bounces, let range, !range.contains(start) {
            let edge = min(max(start, range.lowerBound), range.upperBound)
            return ScrollAxisMotion(decay: nil, springStart: 0, rest: edge, displacement: start - edge, springVelocity: velocity)
        }
        let decay = DecayAnimation(initialValue: start, initialVelocity: velocity, decelerationRate: rate, bounds: range)
        guard bounces, decay.stopsAtBound, velocity != 0 else {
            return ScrollAxisMotion(decay: decay, springStart: nil, rest: decay.finalValue, displacement: 0, springVelocity: 0)
        }
        // The speed at the edge: v₀·e^(k·t), k = 1000·ln r.
        let k = 1000 * log(Double(rate.rawValue))
        let edgeVelocity = velocity * CGFloat(exp(k * decay.duration))
        return ScrollAxisMotion(decay: decay, springStart: decay.duration, rest: decay.finalValue, displacement: 0,
                                springVelocity: edgeVelocity)
    }

    /// A deceleration alone.
    package init(decay: DecayAnimation) {
        self.init(decay: decay, springStart: nil, rest: decay.finalValue, displacement: 0, springVelocity: 0)
    }

    /// The spring from `start` at `velocity` to rest at `target` (a page, or an edge).
    package static func settling(from start: CGFloat, velocity: CGFloat, to target: CGFloat) -> ScrollAxisMotion {
        ScrollAxisMotion(decay: nil, springStart: 0, rest: target, displacement: start - target, springVelocity: velocity)
    }

    private init(decay: DecayAnimation?, springStart: TimeInterval?, rest: CGFloat, displacement: CGFloat,
                 springVelocity: CGFloat) {
        self.decay = decay
        self.springStart = springStart
        self.rest = rest
        let finite = displacement.isFinite && springVelocity.isFinite
        self.displacement = finite ? displacement : 0
        self.springVelocity = finite ? springVelocity : 0
        if let springStart {
            duration = springStart + Self.settlingTime(displacement: self.displacement, velocity: self.springVelocity)
        } else {
            duration = decay?.duration ?? 0
        }
    }

    /// The offset `time` seconds after the finger lifted.
    package func value(at time: TimeInterval) -> CGFloat {
        guard let springStart, time >= springStart else { return decay?.value(at: time) ?? rest }
        if time >= duration { return rest }
        let (x, _) = spring(at: time - springStart)
        return rest + x
    }

    /// The velocity `time` seconds after the finger lifted, in points per second.
    package func velocity(at time: TimeInterval) -> CGFloat {
        guard let springStart, time >= springStart else { return decay?.velocity(at: time) ?? 0 }
        if time >= duration { return 0 }
        return spring(at: time - springStart).velocity
    }

    package func isFinished(at time: TimeInterval) -> Bool { time >= duration }

    /// The spring's displacement from rest and velocity `tau` seconds after it took over.
    private func spring(at tau: TimeInterval) -> (displacement: CGFloat, velocity: CGFloat) {
        Self.spring(displacement: displacement, velocity: springVelocity, at: CGFloat(tau))
    }

    private static func spring(displacement a: CGFloat, velocity v: CGFloat, at tau: CGFloat) -> (displacement: CGFloat, velocity: CGFloat) {
        let b = v + omega * a
        let decay = exp(-omega * tau)
        return ((a + b * tau) * decay, (b - omega * (a + b * tau)) * decay)
    }

    /// When the spring is within a tenth of a point of rest, moving slower than a point per second, for good (it
    /// crosses rest at most once): the first such time on a 1/240-second grid, at most 4 s.
    private static func settlingTime(displacement: CGFloat, velocity: CGFloat) -> TimeInterval {
        guard displacement != 0 || velocity != 0 else { return 0 }
        let step: CGFloat = 1.0 / 240
        var tau: CGFloat = 0
        while tau < 4 {
            tau += step
            let (x, v) = spring(displacement: displacement, velocity: velocity, at: tau)
            // Past the peak, both only shrink from here (the envelope (|a| + |b|·τ)·e^(−ωτ) decreases after 1/ω).
            if abs(x) < 0.1, abs(v) < 1, tau > 1 / omega { return TimeInterval(tau) }
        }
        return 4
    }
}

/// How far content dragged `overshoot` points beyond an edge is shown past it: resistance that grows with the
/// distance and never reaches `dimension` (the scroll view's size on that axis) — `(1 − 1 / (x·c / d + 1))·d` with
/// c = 0.55, the constant commonly measured from UIKit (our reading; UIKit does not document it).
package enum RubberBand {
    package static let coefficient: CGFloat = 0.55

    package static func shown(overshoot x: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0, x > 0 else { return max(x, 0) }
        return (1 - 1 / (x * coefficient / d + 1)) * d
    }

    /// The overshoot a finger must drag to show `shown` points past the edge (the inverse of ``shown(overshoot:dimension:)``).
    package static func overshoot(showing shown: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0, shown > 0 else { return max(shown, 0) }
        let f = min(shown / d, 0.999_999)
        return d / coefficient * (1 / (1 - f) - 1)
    }
}
