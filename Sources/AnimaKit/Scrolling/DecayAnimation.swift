import Foundation
import AnimaGraphics

/// A value that starts with a velocity and slows down at a constant rate per millisecond — how
/// `UIScrollView` decelerates after a fling — as closed-form functions of time.
///
/// With rate `r` per millisecond and `k = 1000 · ln r`:
/// ```
/// v(t) = v₀ · e^(k·t)                x(t) = x₀ + v₀ · (e^(k·t) − 1) / k
///
/// x ─────────────────╮__________ stops at `duration`, when |v| falls to `stopVelocity`
///                  ╱               (or earlier, at a bound)
///                ╱
///              ╱
/// x₀ ────────╯
///            0                       t
/// ```
/// Sampling any time gives the same answer at any frame rate, so a fling travels the same distance at
/// 30, 60 or 120 frames per second. It stops when the speed falls to ``stopVelocity`` (by default when
/// less than half a point of travel remains: 1 pt/s at `.normal`, 5 pt/s at `.fast`; UIKit's own threshold
/// is not documented), or when it reaches an end of ``bounds``, where it stops dead (no bounce). Reads no clock.
/// ```swift
/// let decay = DecayAnimation(initialValue: 0, initialVelocity: 1000, decelerationRate: .normal)
/// decay.value(at: 0.1)     // ≈ 90.63
/// decay.velocity(at: 0.1)  // ≈ 818.6
/// decay.finalValue         // ≈ 499.0, reached after decay.duration ≈ 3.45 s
/// ```
public struct DecayAnimation: Equatable, Sendable {
    /// The value at time 0.
    public let initialValue: CGFloat
    /// The velocity at time 0, in units (points) per second.
    public let initialVelocity: CGFloat
    /// The fraction of the velocity kept per millisecond.
    public let decelerationRate: UIScrollView.DecelerationRate
    /// The speed (points per second) at which the motion ends.
    public let stopVelocity: CGFloat
    /// The range the value stays in, if any.
    public let bounds: ClosedRange<CGFloat>?
    /// The time, in seconds, at which the motion ends.
    public let duration: TimeInterval
    /// Where the motion ends: the projected end point.
    public let finalValue: CGFloat
    /// Whether the motion ends by reaching an end of ``bounds``.
    public let stopsAtBound: Bool
    /// `1000 · ln r`, the exponent per second (negative).
    private let k: Double

    /// A deceleration from `initialValue` at `initialVelocity` points per second.
    ///
    /// Non-finite values and velocities, and rates outside 0 < r < 1, are reported and replaced (0 and
    /// `.normal`); a start outside `bounds` is clamped into them and does not move.
    /// - Parameters:
    ///   - stopVelocity: the speed at which to stop (nil: when half a point of travel remains).
    ///   - bounds: the range to stay in (nil: unbounded).
    public init(initialValue: CGFloat, initialVelocity: CGFloat,
                decelerationRate: UIScrollView.DecelerationRate = .normal,
                stopVelocity: CGFloat? = nil, bounds: ClosedRange<CGFloat>? = nil) {
        let rate = DecayAnimation.checked(decelerationRate)
        var x0 = initialValue, v0 = initialVelocity
        if !x0.isFinite || !v0.isFinite {
            Diagnostics.report("DecayAnimation: rejected initial value \(Double(x0).diagnosticDescription) / velocity \(Double(v0).diagnosticDescription) (not finite); not moving")
            if !x0.isFinite { x0 = 0 }
            v0 = 0
        }
        let k = 1000 * log(Double(rate.rawValue))
        var threshold = stopVelocity ?? DecayAnimation.defaultStopVelocity(for: rate)
        if !(threshold.isFinite && threshold > 0) {
            Diagnostics.report("DecayAnimation: rejected stopVelocity \(Double(threshold).diagnosticDescription) (must be positive and finite); stopping when half a point remains")
            threshold = DecayAnimation.defaultStopVelocity(for: rate)
        }
        self.decelerationRate = rate
        self.stopVelocity = threshold
        self.bounds = bounds
        self.k = k
        if let bounds, !bounds.contains(x0) {
            x0 = min(max(x0, bounds.lowerBound), bounds.upperBound)
            v0 = 0
        }
        self.initialValue = x0
        self.initialVelocity = v0
        guard abs(v0) > threshold else {
            duration = 0
            finalValue = x0
            stopsAtBound = false
            return
        }
        let sign: CGFloat = v0 > 0 ? 1 : -1
        var time = log(Double(threshold / abs(v0))) / k
        var end = x0 + CGFloat((Double(sign * threshold) - Double(v0)) / k)
        var atBound = false
        if let bounds {
            let limit = v0 > 0 ? bounds.upperBound : bounds.lowerBound
            if (end - limit) * sign > 0 {
                // x(t) = limit  ⇔  e^(k·t) = 1 + (limit − x₀)·k / v₀
                time = log(1 + Double(limit - x0) * k / Double(v0)) / k
                end = limit
                atBound = true
            }
        }
        duration = time
        finalValue = end
        stopsAtBound = atBound
    }

    /// The value at `time` seconds (the start before 0, ``finalValue`` from ``duration`` on).
    public func value(at time: TimeInterval) -> CGFloat {
        guard time > 0 else { return initialValue }
        guard time < duration else { return finalValue }
        return initialValue + CGFloat(Double(initialVelocity) * (exp(k * time) - 1) / k)
    }

    /// The velocity at `time` seconds, in points per second (0 from ``duration`` on).
    public func velocity(at time: TimeInterval) -> CGFloat {
        guard time < duration else { return 0 }
        return CGFloat(Double(initialVelocity) * exp(k * max(0, time)))
    }

    /// Whether the motion has ended at `time` seconds.
    public func isFinished(at time: TimeInterval) -> Bool { time >= duration }

    // MARK: Helpers

    /// The stop speed used when none is given: the speed at which half a point of travel remains.
    public static func defaultStopVelocity(for rate: UIScrollView.DecelerationRate) -> CGFloat {
        CGFloat(0.5 * 1000 * abs(log(Double(checked(rate, quietly: true).rawValue))))
    }

    /// How far a fling at `initialVelocity` points per second travels before it stops (unbounded).
    /// ```swift
    /// DecayAnimation.distance(initialVelocity: 1000, decelerationRate: .normal)   // ≈ 499.0
    /// ```
    public static func distance(initialVelocity: CGFloat, decelerationRate: UIScrollView.DecelerationRate = .normal,
                                stopVelocity: CGFloat? = nil) -> CGFloat {
        let decay = DecayAnimation(initialValue: 0, initialVelocity: initialVelocity,
                                   decelerationRate: decelerationRate, stopVelocity: stopVelocity)
        return decay.finalValue
    }

    /// The velocity, in points per second, with which a fling stops exactly `distance` points away.
    /// ```swift
    /// let v = DecayAnimation.initialVelocity(toTravel: 300, decelerationRate: .fast)
    /// DecayAnimation(initialValue: 0, initialVelocity: v, decelerationRate: .fast).finalValue   // 300
    /// ```
    public static func initialVelocity(toTravel distance: CGFloat, decelerationRate: UIScrollView.DecelerationRate = .normal,
                                       stopVelocity: CGFloat? = nil) -> CGFloat {
        guard distance.isFinite else {
            Diagnostics.report("DecayAnimation.initialVelocity(toTravel:): rejected distance \(Double(distance).diagnosticDescription) (not finite); 0")
            return 0
        }
        guard distance != 0 else { return 0 }
        let rate = checked(decelerationRate)
        let k = 1000 * log(Double(rate.rawValue))
        var threshold = stopVelocity ?? defaultStopVelocity(for: rate)
        if !(threshold.isFinite && threshold > 0) { threshold = defaultStopVelocity(for: rate) }
        // distance = (sign · threshold − v₀) / k
        let sign: CGFloat = distance > 0 ? 1 : -1
        return sign * threshold - distance * CGFloat(k)
    }

    private static func checked(_ rate: UIScrollView.DecelerationRate, quietly: Bool = false) -> UIScrollView.DecelerationRate {
        let r = rate.rawValue
        guard r.isFinite, r > 0, r < 1 else {
            if !quietly {
                Diagnostics.report("DecayAnimation: rejected deceleration rate \(Double(r).diagnosticDescription) (must be between 0 and 1); using .normal (0.998)")
            }
            return .normal
        }
        return rate
    }
}
