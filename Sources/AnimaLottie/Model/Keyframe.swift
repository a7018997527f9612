import Foundation
import AnimaGraphics

/// One keyframe of an animated Lottie property: its value from `frame` on, and how the segment that
/// starts here moves to the next keyframe. Public as lottie-ios's `Keyframe` for value providers
/// (`Keyframe(value:time:)`, in `Keyframe+ValueProviders.swift`).
public struct Keyframe<Value> {
    /// The frame (of the containing composition's timeline) at which `value` is reached.
    package var frame: Double
    /// The value at `frame`.
    public var value: Value
    /// Whether the value holds until the next keyframe (Lottie's `h: 1`): a jump, not a blend.
    public var isHold: Bool
    /// The easing of the segment to the next keyframe, as a cubic Bézier's control points
    /// (`o` then `i`, in unit square coordinates); nil is linear.
    package var easing: (c1: CGPoint, c2: CGPoint)?
    /// Spatial tangents of a point property (`to`, `ti`), relative to this keyframe's and the next one's
    /// value; nil when the segment is straight.
    package var spatialTangents: (out: CGPoint, in: CGPoint)?

    package init(frame: Double, value: Value, isHold: Bool = false,
                 easing: (c1: CGPoint, c2: CGPoint)? = nil, spatialTangents: (out: CGPoint, in: CGPoint)? = nil) {
        self.frame = frame; self.value = value; self.isHold = isHold
        self.easing = easing; self.spatialTangents = spatialTangents
    }

    /// The timing function of the segment that starts here (linear when there is no easing).
    package var timingFunction: CAMediaTimingFunction {
        guard let easing else { return CAMediaTimingFunction(name: .linear) }
        return CAMediaTimingFunction(controlPoints: Float(easing.c1.x), Float(easing.c1.y),
                                     Float(easing.c2.x), Float(easing.c2.y))
    }
}

/// A Lottie property: one value, or keyframes in frame order.
package struct Animated<Value> {
    /// At least one keyframe; one keyframe is a static value.
    package var keyframes: [Keyframe<Value>]

    package init(_ value: Value) { keyframes = [Keyframe(frame: 0, value: value)] }
    package init(keyframes: [Keyframe<Value>]) { self.keyframes = keyframes }

    /// Whether the value changes over time.
    package var isAnimated: Bool { keyframes.count > 1 }
    /// The first keyframe's value.
    package var initialValue: Value { keyframes[0].value }

    /// The same keyframes with each value converted.
    package func map<T>(_ transform: (Value) -> T) -> Animated<T> {
        Animated<T>(keyframes: keyframes.map {
            Keyframe(frame: $0.frame, value: transform($0.value), isHold: $0.isHold,
                     easing: $0.easing, spatialTangents: $0.spatialTangents)
        })
    }
}

extension Animated where Value == [Double] {
    /// The value at `frame`: held before the first and after the last keyframe; between two, the
    /// segment's easing applied to straight blending (spatial tangents are not followed here).
    package func value(atFrame frame: Double) -> [Double] {
        let k = keyframes
        if frame <= k[0].frame || k.count == 1 { return k[0].value }
        guard let last = k.last, frame < last.frame else { return k[k.count - 1].value }
        var i = 0
        while i + 1 < k.count, k[i + 1].frame <= frame { i += 1 }
        let a = k[i], b = k[i + 1]
        if a.isHold || b.frame <= a.frame { return a.value }
        let u = (frame - a.frame) / (b.frame - a.frame)
        let eased = a.easing == nil ? u : a.timingFunction.evaluate(at: u)
        return zip(a.value, b.value).map { $0 + ($1 - $0) * eased } + a.value.dropFirst(min(a.value.count, b.value.count))
    }

    /// The first component at `frame` (0 when there is none).
    package func scalar(atFrame frame: Double) -> Double { value(atFrame: frame).first ?? 0 }
}
