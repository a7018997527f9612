import Foundation
import AnimaGraphics

/// Core Animation's time type: seconds.
public typealias CFTimeInterval = Double

/// What an animation shows outside its active duration.
///
/// ```
///            begin                 end
/// ─ before ──┼────── active ───────┼── after ──
/// backwards: holds start value │    forwards: holds end value
/// both: both; removed: neither (the model value shows)
/// ```
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The timing model shared by layers and animations: a local time derived from the parent's.
///
/// `t = (parentTime − beginTime) × speed + timeOffset`. Layers use only these four rules of
/// composition; animations add duration, repeats, autoreverse and fill (see ``AnimationTiming``).
@preconcurrency @MainActor
public protocol CAMediaTiming: AnyObject {
    /// When the object begins, in its parent's time (seconds).
    var beginTime: CFTimeInterval { get set }
    /// The basic duration in seconds.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to parent time (1 = same rate, 0 = frozen).
    var speed: Float { get set }
    /// An offset added to local time after speed scaling (seconds).
    var timeOffset: CFTimeInterval { get set }
    /// How many times to repeat; fractional allowed; `.infinity` repeats forever.
    var repeatCount: Float { get set }
    /// How long to repeat, in seconds (takes priority over `repeatCount` when both are set).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays backwards after playing forwards.
    var autoreverses: Bool { get set }
    /// What is shown outside the active duration.
    var fillMode: CAMediaTimingFillMode { get set }
}
