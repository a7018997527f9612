import Foundation
import AnimaCore
import AnimaGraphics

/// How an animator paces a run: a cubic Bézier or a spring, evaluated at a time fraction.
package enum AnimatorCurve {
    case cubic(CAMediaTimingFunction)
    case spring(UISpringTimingParameters)

    /// The curve a timing provider describes (composed and built-in providers use their cubic part, or
    /// ease-in-ease-out when they have none).
    package init(_ provider: UITimingCurveProvider) {
        if provider.timingCurveType == .spring, let spring = provider.springTimingParameters {
            self = .spring(spring)
        } else if let cubic = provider.cubicTimingParameters {
            self = .cubic(cubic.timingFunction)
        } else if let spring = provider.springTimingParameters {
            self = .spring(spring)
        } else {
            Diagnostics.report("UIViewPropertyAnimator: timing provider \(type(of: provider)) gives neither a cubic nor a spring curve; using ease-in-ease-out")
            self = .cubic(CAMediaTimingFunction(name: .easeInEaseOut))
        }
    }

    /// Whether the curve is the identity (then linear scrubbing needs no remapping).
    package var isLinear: Bool {
        if case .cubic(let f) = self { return f == CAMediaTimingFunction(name: .linear) }
        return false
    }

    /// The progress function of a run of `duration` seconds for a track moving with `velocity` (whole
    /// distances per second; springs only): time fraction 0…1 → progress (springs may overshoot).
    package func evaluator(duration: TimeInterval, velocity: Double) -> (Double) -> Double {
        switch self {
        case .cubic(let function):
            return { u in function.evaluate(at: min(1, max(0, u))) }
        case .spring(let parameters):
            let solver = parameters.solver(duration: duration, velocity: velocity)
            return { u in u >= 1 ? 1 : solver.value(at: max(0, u) * duration) }
        }
    }

    /// The first time fraction at which `evaluate` reaches `progress` (bisection; for continuing a
    /// linearly scrubbed animation along its curve without a jump).
    package static func inverse(_ evaluate: (Double) -> Double, progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        // A spring may overshoot: search up to its first crossing, found by a coarse scan.
        var high = 1.0
        for i in 1...64 where evaluate(Double(i) / 64) >= progress {
            high = Double(i) / 64
            break
        }
        var low = max(0, high - 1.0 / 64)
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if evaluate(mid) < progress { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
