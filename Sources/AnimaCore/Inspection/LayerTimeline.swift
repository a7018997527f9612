import Foundation
import AnimaGraphics

/// Where an animation is in its timeline at one moment, by Core Animation's timing rules.
///
/// ```
///        beginTime                    beginTime + D / speed
///  before    │◀────────── active ──────────▶│   after (fill forwards, kept)
///            │                              │   removed (isRemovedOnCompletion: the frame takes it off)
/// ```
public enum AnimationPhase: String, Sendable, CaseIterable {
    /// The layer's local time is before `beginTime` (a backwards fill may still hold the start value).
    case before
    /// Inside the active duration.
    case active
    /// Past the active duration, still on the layer (`isRemovedOnCompletion == false`); a forwards fill holds the
    /// end value.
    case after
    /// Past the active duration and removed on completion: the frame at this time takes it off the layer, and it
    /// changes nothing.
    case removed
}

/// One animation of a layer as the display's render-side copy holds it, evaluated at one moment.
///
/// Times are in the layer's local time (an animation's parent time), as `CAMediaTiming` defines them; `beginTime`
/// is the stored copy's, stamped by the commit that added it. Reads no clock.
public struct AnimationTimeline: Equatable, Sendable {
    /// The key the animation was added under (nil: added with a nil key).
    public var key: String?
    /// The animation's class (`"CABasicAnimation"`).
    public var kind: String
    /// The animated key path, for property animations.
    public var keyPath: String?
    public var beginTime: CFTimeInterval
    public var duration: CFTimeInterval
    public var speed: Double
    public var timeOffset: CFTimeInterval
    public var repeatCount: Double
    public var repeatDuration: CFTimeInterval
    public var autoreverses: Bool
    public var fillMode: CAMediaTimingFillMode
    public var isRemovedOnCompletion: Bool
    /// The active duration `D` in the animation's local time (∞ for endless repeats).
    public var activeDuration: CFTimeInterval
    /// When the active duration ends, in the layer's local time: `beginTime + D / |speed|` (∞ when it never ends).
    public var endTime: CFTimeInterval
    /// The layer's local time the animation was evaluated at (the animation's parent time).
    public var localTime: CFTimeInterval
    /// The animation's own local time at that moment: `(localTime − beginTime) × speed + timeOffset` (before repeats
    /// wrap it; negative before the beginning).
    public var animationTime: CFTimeInterval
    public var phase: AnimationPhase
    /// Progress through the current iteration, 0…1, before the timing function (after autoreverse mirroring).
    public var progress: Double
    /// Completed iterations (forward and back count as one when autoreversing).
    public var iteration: Int
    /// Whether the animation changes the presented value at this moment (false outside the active duration unless
    /// the fill mode holds a value there).
    public var isEffective: Bool
}

/// One layer of a display's tree with its composed local time and its animations, at one moment.
public struct LayerTimeline: Equatable, Sendable {
    /// The layer's name (nil: none).
    public var name: String?
    /// The layer's class (`"CAShapeLayer"`).
    public var kind: String
    /// The class of the layer's delegate — the view that owns it, for a view's layer (`"UIButton"`; nil: none).
    public var delegateKind: String?
    /// How deep the layer is under the display's root (the root is 0; a mask is one deeper than its layer).
    public var depth: Int
    /// Whether the layer is another layer's mask.
    public var isMask: Bool
    /// The layer's own timing, as committed.
    public var beginTime: CFTimeInterval
    public var speed: Double
    public var timeOffset: CFTimeInterval
    /// The layer's local time: `t = (parentTime − beginTime) × speed + timeOffset` composed down from the root.
    public var localTime: CFTimeInterval
    /// How fast the local time runs against media time (the product of the speeds down from the root).
    public var effectiveSpeed: Double
    /// The layer's animations in the order they apply.
    public var animations: [AnimationTimeline]
}

/// A display's tree with every layer's local time and animations, at one media time: depth first, in drawing order.
///
/// ```swift
/// let timeline = display.timeline()
/// print(timeline.text)        // stable text, one line per layer and per animation
/// ```
public struct DisplayTimeline: Equatable, Sendable {
    /// The media time the tree was evaluated at.
    public var mediaTime: CFTimeInterval
    public var layers: [LayerTimeline]
}
