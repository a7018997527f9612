import Foundation
import AnimaGraphics

/// Receives an animation's start and stop (Core Animation's `CAAnimationDelegate`). Both methods
/// are optional; the animation retains its delegate.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began its active duration.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation completed its active duration (`flag` true) or was removed first (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of Core Animation's animations: timing, a timing function and a delegate.
///
/// Adding an animation to a layer stores a copy; later changes to the original do not affect it.
/// Timing setters reject NaN, infinite or negative durations (and non-finite speeds) with a
/// diagnostic and keep the old value.
/// ```swift
/// let fade = CABasicAnimation(keyPath: "opacity")
/// fade.fromValue = 1; fade.toValue = 0; fade.duration = 0.5
/// layer.add(fade, forKey: "fade")
/// ```
@preconcurrency @MainActor
open class CAAnimation: CAMediaTiming, CAAction {
    /// Runtime state of the copy a layer stores: committed (its begin time stamped), started, finished.
    package final var isCommitted = false
    package final var hasStarted = false
    package final var hasFinished = false
    /// Whether the layer removes the animation once its active duration ends (default true).
    public var isRemovedOnCompletion = true
    /// Whether the interpolation fraction is the timing curve's eased progress (false for springs).
    package final var fractionIsEased = true
    /// Whether this is a `CATransition` (checked per layer per frame; cheaper than a cast or a dynamic call).
    package final var isTransition = false
    /// The timing and timing curve, frozen when the copy is committed (the stored copy must not be modified):
    /// one reference, shared by the animations committed with equal pacing (``CommittedPacing``), so frames
    /// recognise equal timings by identity.
    package final var committedPacing: CommittedPacing?
    /// Where the render-side copy of the animation is, in the store of the display whose tree holds its layer.
    package final var renderIndex: Int32 = -1

    /// The eased pacing of each iteration; nil is linear.
    public var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops (retained).
    public var delegate: CAAnimationDelegate?

    public var beginTime: CFTimeInterval = 0 {
        didSet { if !beginTime.isFinite { reject("beginTime", beginTime); beginTime = oldValue } }
    }
    public var duration: CFTimeInterval = 0 {
        didSet { if !duration.isFinite || duration < 0 { reject("duration", duration); duration = oldValue } }
    }
    public var speed: Float = 1 {
        didSet { if !speed.isFinite { reject("speed", Double(speed)); speed = oldValue } }
    }
    public var timeOffset: CFTimeInterval = 0 {
        didSet { if !timeOffset.isFinite { reject("timeOffset", timeOffset); timeOffset = oldValue } }
    }
    public var repeatCount: Float = 0 {
        didSet { if repeatCount.isNaN || repeatCount < 0 { reject("repeatCount", Double(repeatCount)); repeatCount = oldValue } }
    }
    public var repeatDuration: CFTimeInterval = 0 {
        didSet { if !repeatDuration.isFinite || repeatDuration < 0 { reject("repeatDuration", repeatDuration); repeatDuration = oldValue } }
    }
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed
    /// The frame rate the animation would like (iOS 15's hint for variable-rate displays; default
    /// ``CAFrameRateRange/default``). A hint: frames here come at the display's own rate, and the animation is
    /// evaluated at each. Kept with the animation's other values (no storage in an animation that never sets it).
    public var preferredFrameRateRange: CAFrameRateRange {
        get { customValues[Self.frameRateKey] as? CAFrameRateRange ?? .default }
        set { customValues[Self.frameRateKey] = newValue == .default ? nil : newValue }
    }
    private static let frameRateKey = "preferredFrameRateRange"

    // Runtime state of the copy a layer stores.
    package final var hasSettledGroups = false
    package final var completionGroups: [TransactionCompletion] = []
    /// The `layerID` of the layer storing this copy (0: none).
    package final var attachedLayerID: UInt64 = 0
    /// Values stored by `setValue(_:forKey:)` under keys the animation has no property for (copied with it).
    package final var customValues: [String: Any] = [:]

    /// A new animation with default timing.
    public required init() {}

    /// A copy with the same settings (not the runtime state).
    public required init(copying other: CAAnimation) {
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        customValues = other.customValues
    }

    /// A copy of the animation (as `NSCopying` gives on Apple's platforms).
    public func copy() -> Any { makeCopy() }

    package func makeCopy() -> CAAnimation { type(of: self).init(copying: self) }

    /// Creates an animation (Apple's class factory).
    public class func animation() -> Self { self.init() }

    /// The value of `key` (key-value coding): a timing property, a value set with ``setValue(_:forKey:)``
    /// (kept by the copy a layer stores, so a delegate can tell its animations apart), or else
    /// ``defaultValue(forKey:)``.
    /// ```swift
    /// fade.setValue("fadeOut", forKey: "name")
    /// // in animationDidStop(_:finished:):  anim.value(forKey: "name") as? String == "fadeOut"
    /// ```
    open func value(forKey key: String) -> Any? {
        if let property = type(of: self).keyedProperties[key] { return property.get(self) }
        return customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets `key` (key-value coding): a property through its setter (which rejects bad values), or keeps the
    /// value under any other key (nil removes it). A value of the wrong type is rejected with a diagnostic.
    open func setValue(_ value: Any?, forKey key: String) {
        guard let property = type(of: self).keyedProperties[key] else { customValues[key] = value; return }
        if !property.set(self, value) {
            Diagnostics.report("\(type(of: self)): rejected \(key) = \(Diagnostics.describe(value)): \(property.rejection); kept \(Diagnostics.describe(self.value(forKey: key)))")
        }
    }

    /// The properties key-value coding reaches by name on animations of this class: ``animationKeyedProperties``,
    /// and a subclass's own.
    package class var keyedProperties: KeyedProperties<CAAnimation> { CAAnimation.animationKeyedProperties }

    /// Every animation's properties by key: its timing, timing function and delegate.
    package static let animationKeyedProperties = KeyedProperties<CAAnimation>(KeyedProperty.mediaTiming + [
        (["removedOnCompletion", "isRemovedOnCompletion"], .value(\.isRemovedOnCompletion, "a Bool")),
        (["timingFunction"], .optional(\.timingFunction, "a CAMediaTimingFunction")),
        (["delegate"], .optional(\.delegate, "a CAAnimationDelegate")),
    ])

    /// The default value of `key` for new animations (nil when the animation has no such property).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime", "duration", "timeOffset", "repeatDuration": return CFTimeInterval(0)
        case "speed": return Float(1)
        case "repeatCount": return Float(0)
        case "autoreverses": return false
        case "fillMode": return CAMediaTimingFillMode.removed
        case "removedOnCompletion", "isRemovedOnCompletion": return true
        default: return nil
        }
    }

    /// Whether the animation's value at `key` should be archived (always true here).
    public func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Adds the animation to `anObject` (a layer) under `event`: how an animation acts as an action.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// Freezes the timing and the timing function's curve into ``committedPacing``, reusing an equal one of
    /// `recent` (a commit passes the pacings it made so far, so animations committed together share them).
    package final func freezePacing(sharingWith recent: inout [CommittedPacing]) {
        committedPacing = nil   // so that `timing` reads the settings
        committedPacing = CommittedPacing.shared(timing, timingFunction?.curve, spring: springCurve, recent: &recent)
    }

    /// A spring's curve (nil for every other animation).
    package var springCurve: SpringCurve? { nil }

    /// Freezes the timing and curve on their own (a group's child, a property animator's hold).
    package final func freezePacing() {
        var unshared: [CommittedPacing] = []
        freezePacing(sharingWith: &unshared)
    }

    package final var timing: AnimationTiming {
        if let committedPacing { return committedPacing.timing }
        return AnimationTiming(beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
                        repeatCount: Double(repeatCount), repeatDuration: repeatDuration,
                        autoreverses: autoreverses, fillMode: fillMode)
    }

    /// The eased progress for linear progress `p`: the committed curve (nil: linear, as no timing function
    /// is), else the timing function's.
    @inline(__always)
    package final func eased(_ p: Double) -> Double {
        if let committedPacing { return committedPacing.curve?.evaluate(at: p) ?? p }
        return timingFunction?.evaluate(at: p) ?? p
    }

    private func reject(_ key: String, _ value: Double) {
        Diagnostics.report("\(type(of: self)): rejected \(key) = \(value.diagnosticDescription); kept the previous value")
    }

    // MARK: Hooks for subclasses

    /// Whether the animation changes `property` (a group: whether one of its animations does).
    package func animates(_ property: LayerProperty) -> Bool { false }

    /// Checks the animation can run on `layer`; reports and returns false when it cannot.
    package func validate(for layer: CALayer, key: String?) -> Bool { true }

    /// The animation compiled for evaluation (see ``AnimationProgram``); valid once validated. The default
    /// applies through ``applyWhole(to:sample:fraction:)``.
    package func makeProgram() -> AnimationProgram { .general(Unmanaged.passUnretained(self)) }

    /// Whether ``applyWhole(to:sample:fraction:)`` needs the layer evaluated as a whole state.
    package var needsWholeState: Bool { true }

    /// Applies the animation at an effective timing sample and interpolation fraction, for animations whose
    /// program is ``AnimationProgram/general(_:)``.
    package func applyWhole(to e: inout LayerEvaluation, sample: TimingSample, fraction: Double) {}
}

/// One animation stored on a layer, under a user key or an internal key for `nil`.
package struct AnimationEntry {
    package var animation: CAAnimation
    package var key: String
    package var isUserKey: Bool

    package init(key: String, isUserKey: Bool, animation: CAAnimation) {
        self.animation = animation
        self.key = key
        self.isUserKey = isUserKey
    }
}
