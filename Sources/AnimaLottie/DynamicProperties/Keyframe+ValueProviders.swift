import Foundation

extension Keyframe {
    /// A keyframe for a value provider (lottie-ios's `Keyframe(value:time:…)`): `value` at frame `time` of
    /// the property's timeline.
    ///
    /// The segment from this keyframe to the next eases along the cubic Bézier whose control points are
    /// this keyframe's `outTangent` and the next one's `inTangent` (unit square; lottie-ios's rule); without
    /// tangents it is linear. `isHold` keeps this value until the next keyframe.
    /// ```swift
    /// ColorValueProvider([Keyframe(value: LottieColor(r: 0, g: 0, b: 0), time: 0),
    ///                     Keyframe(value: LottieColor(r: 1, g: 0, b: 0), time: 30)])
    /// ```
    public init(value: Value, time: AnimationFrameTime, isHold: Bool = false,
                inTangent: LottieVector2D? = nil, outTangent: LottieVector2D? = nil) {
        // Provider keyframes keep their own two tangents here (c1 = out, c2 = in); `ProviderValues` pairs
        // each keyframe's out with the next one's in.
        let tangents = (inTangent == nil && outTangent == nil) ? nil
            : (c1: outTangent?.pointValue ?? CGPoint(x: 0, y: 0), c2: inTangent?.pointValue ?? CGPoint(x: 1, y: 1))
        self.init(frame: Double(time), value: value, isHold: isHold, easing: tangents)
    }

    /// The frame at which ``value`` is reached.
    public var time: AnimationFrameTime { CGFloat(frame) }
}
