import Foundation
import AnimaGraphics

/// A range of frame rates, in frames per second, with an optional preferred rate (Core Animation's
/// `CAFrameRateRange`), for `CADisplayLink.preferredFrameRateRange`.
///
/// A display can only show whole-frame divisions of its refresh rate (60, 30, 20, 15 … on a 60-Hz display); a
/// display link given a range fires at the allowed rate closest to `preferred` (or to `maximum` when there is no
/// preference). All zeros, ``default``, means the display's own rate.
/// ```swift
/// link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)   // every other frame at 60 Hz
/// ```
public struct CAFrameRateRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The lowest acceptable rate.
    public var minimum: Float
    /// The highest acceptable rate.
    public var maximum: Float
    /// The rate the link should fire at, 0 for no preference.
    public var preferred: Float

    /// The default range (all zeros): the display's own rate.
    public init() { self.init(minimum: 0, maximum: 0, preferred: nil) }

    /// A range from `minimum` to `maximum` frames per second, preferring `preferred` (nil: no preference, stored as 0).
    ///
    /// The values are not checked here; `CADisplayLink` rejects ranges whose minimum exceeds the maximum, whose
    /// preference lies outside them, or that hold negative or non-finite values.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred ?? 0
    }

    /// The default range: the display's own rate.
    public static let `default` = CAFrameRateRange()

    /// Whether two ranges hold the same values (`CAFrameRateRangeIsEqualToRange`).
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }

    public var description: String { "CAFrameRateRange(minimum: \(minimum), maximum: \(maximum), preferred: \(preferred))" }

    /// Why the range is unusable, or nil when it is valid.
    package var problem: String? {
        for (name, value) in [("minimum", minimum), ("maximum", maximum), ("preferred", preferred)] {
            if !value.isFinite { return "\(name) is \(Double(value).diagnosticDescription)" }
            if value < 0 { return "\(name) is negative" }
        }
        if minimum > maximum { return "minimum \(minimum) exceeds maximum \(maximum)" }
        if preferred != 0, preferred < minimum || preferred > maximum {
            return "preferred \(preferred) lies outside \(minimum)…\(maximum)"
        }
        return nil
    }

    /// How many display frames pass between callbacks on a display refreshing every `displayInterval` seconds:
    /// the divisor n whose rate (display rate / n) is closest to the preferred rate (the maximum when there is no
    /// preference), among the rates inside the range when any is; ties go to the faster rate. 1 for ``default``.
    ///
    /// ```swift
    /// CAFrameRateRange(minimum: 15, maximum: 30, preferred: 24).frameStep(displayInterval: 1.0 / 60)   // 3 (20 Hz)
    /// ```
    package func frameStep(displayInterval: CFTimeInterval) -> Int {
        guard self != .default, problem == nil, displayInterval.isFinite, displayInterval > 0 else { return 1 }
        let displayRate = 1 / displayInterval
        let target = Double(preferred > 0 ? preferred : maximum)
        guard target > 0 else { return 1 }
        let slack = 1e-6 * displayRate   // so 60/2 counts as inside a range that ends at 30
        var best: (step: Int, inRange: Bool, distance: Double)?
        for step in 1...max(1, Int(min(1_000, (displayRate / max(Double(minimum), 1)).rounded(.up)))) {
            let rate = displayRate / Double(step)
            let inRange = rate >= Double(minimum) - slack && (maximum == 0 || rate <= Double(maximum) + slack)
            let distance = abs(rate - target)
            if let b = best {
                if b.inRange && !inRange { continue }
                if b.inRange == inRange && distance >= b.distance - slack { continue }   // not closer: keep the faster one
            }
            best = (step, inRange, distance)
        }
        return best?.step ?? 1
    }
}
