import Foundation
import AnimaCore
import AnimaGraphics

/// Turns Lottie keyframes into `CAKeyframeAnimation`s on a frame timeline.
///
/// Time: frame `f` of the containing composition is local time `f / framerate` seconds of the layer that
/// gets the animation, so an animation spans its first to its last keyframe (`beginTime`, `duration`) and
/// fills both ways (`fillMode = .both`), showing the first value before and the last after. Hold keyframes
/// become `.discrete` when every segment holds, otherwise a zero-length step (a hold lottie-ios leaves to the
/// model shows the model value: ``loneHolds(in:)``); easing becomes one
/// `CAMediaTimingFunction` per segment; curved position segments are sampled on their Bézier curve.
/// ```
/// keyframes:   t=0 ──ease──▶ t=30 ─hold─▶ t=45
/// animation:   beginTime ≈ 0, duration 45/fr, keyTimes [0, 30/45, 1 − ε, 1], values [a, b, b, c]
/// ```
@MainActor
package struct KeyframeAnimations {
    /// Frames per second of the timeline the animations run on.
    package let framerate: Double
    /// A time remapping in force (inside a time-remapped precomposition): every property is then sampled
    /// on the outer timeline, at the frames the remapping sends each outer frame to.
    package var remap: TimeRemap?

    /// The composition's in- and out-points, in the frames of the keyframes (a precomposition's own frames
    /// inside one); with them, ``animation(keyPath:keyframes:model:)`` shows a model value where lottie-ios's
    /// engine shows one (``loneHolds(in:)``).
    package var timeline: ClosedRange<Double>?

    package init(framerate: Double, remap: TimeRemap? = nil, timeline: ClosedRange<Double>? = nil) {
        self.framerate = framerate; self.remap = remap; self.timeline = timeline
    }

    /// The local time of `frame`, never exactly 0: Core Animation reads a `beginTime` of 0 as "when committed".
    package func time(ofFrame frame: Double) -> CFTimeInterval {
        let t = frame / framerate
        return t == 0 ? 1e-100 : t
    }

    /// An animation of `keyPath` through `keyframes`, whose values are already of the property's type;
    /// nil for a single keyframe (a static value: set the model instead). `model` reads the layer's own value of
    /// `keyPath`, what shows in the holds lottie-ios's engine leaves to the model (``loneHolds(in:)``); it is read
    /// only when there are such holds.
    package func animation(keyPath: String, keyframes: [Keyframe<Any>], model readModel: (() -> Any?)? = nil) -> CAKeyframeAnimation? {
        guard keyframes.count > 1, let first = keyframes.first, let last = keyframes.last else { return nil }
        var lone = readModel == nil ? LoneHolds() : loneHolds(in: keyframes)
        let model = lone.isEmpty ? nil : readModel?()
        if model == nil { lone = LoneHolds() }
        let end = lone.afterLast ? max(last.frame, timeline?.upperBound ?? last.frame) : last.frame
        let span = end - first.frame
        guard span > 0 else { return nil }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        configureTiming(animation, from: first.frame, to: end)
        let segmentsHold = keyframes.dropLast().allSatisfy(\.isHold)
        if segmentsHold && lone.isEmpty {
            animation.calculationMode = .discrete
            animation.values = keyframes.map(\.value)
            animation.keyTimes = keyframes.map { NSNumber(value: ($0.frame - first.frame) / span) }
            return animation
        }
        let linear = CAMediaTimingFunction(name: .linear)
        var values: [Any] = [first.value], times: [Double] = [0], functions: [CAMediaTimingFunction] = []
        func append(_ value: Any, at time: Double, _ function: CAMediaTimingFunction = linear) {
            values.append(value); times.append(time); functions.append(function)
        }
        for index in 0..<(keyframes.count - 1) {
            let a = keyframes[index], b = keyframes[index + 1]
            let start = (a.frame - first.frame) / span, end = (b.frame - first.frame) / span
            // A step lasts a moment (at most 1e-7 of the span) so that a keyframe's own frame shows its value.
            let step = min(1e-7, (end - start) / 2)
            if a.isHold, let model, lone.indices.contains(index) {
                if index == 0 { values[0] = model } else { append(model, at: start + step) }
                append(model, at: end - step)
                append(b.value, at: end)
            } else if a.isHold {
                // The held value lasts until just before the next key time, so that the next keyframe's own
                // frame shows the next value (as a jump at exactly that time would).
                append(a.value, at: end - step)
                append(b.value, at: end)
            } else {
                append(b.value, at: end, a.timingFunction)
            }
        }
        if let model, lone.afterLast, end > last.frame {
            let lastTime = (last.frame - first.frame) / span
            append(model, at: lastTime + min(1e-7, (1 - lastTime) / 2))
            append(model, at: 1)
        }
        animation.values = values
        animation.keyTimes = times.map { NSNumber(value: $0) }
        animation.timingFunctions = functions
        return animation
    }

    /// The holds lottie-ios's Core Animation engine leaves to the layer's model value.
    ///
    /// lottie-ios plays keyframes that mix holds and blends as one `CAKeyframeAnimation` per run of either
    /// (a run ends at the keyframe where hold changes to blend or back, which also begins the next run), a
    /// holding run `.discrete`, the first run starting at the composition's in-point at the latest and the
    /// last ending at its out-point at the earliest. A holding run of one keyframe that a blend follows, or
    /// that the out-point ends, becomes a discrete animation of a single value, and Core Animation applies
    /// none: Apple's render of lottie-ios's `pr_1632_2` shows its fill at the model opacity, 100 %, in the 33
    /// frames where the file holds 0 %.
    /// ```
    /// keyframes:   ●───blend───◆───hold───●───blend───●        ◆: a lone hold
    /// lottie-ios:  [ linear   ][ discrete, 1 value  ][ linear ]
    /// shown:         blend      the model value        blend
    /// ```
    /// Only with a ``timeline`` and no remapping (lottie-ios samples remapped keyframes itself).
    package func loneHolds(in keyframes: [Keyframe<Any>]) -> LoneHolds {
        guard let timeline, remap == nil, keyframes.count > 1,
              keyframes.contains(where: \.isHold), keyframes.contains(where: { !$0.isHold }) else { return LoneHolds() }
        var result = LoneHolds()
        for index in 0..<(keyframes.count - 1) where keyframes[index].isHold && !keyframes[index + 1].isHold {
            let alone = index == 0 ? keyframes[0].frame <= timeline.lowerBound : !keyframes[index - 1].isHold
            if alone { result.indices.insert(index) }
        }
        let n = keyframes.count
        result.afterLast = keyframes[n - 1].isHold && !keyframes[n - 2].isHold && keyframes[n - 1].frame < timeline.upperBound
        return result
    }

    /// Where the model shows (``loneHolds(in:)``): the holds beginning at `indices`, and after the last
    /// keyframe when `afterLast`.
    package struct LoneHolds: Equatable {
        package var indices: Set<Int> = []
        package var afterLast = false
        package var isEmpty: Bool { indices.isEmpty && !afterLast }
    }

    /// A point animation (`position`) that follows the keyframes' spatial tangents when any segment curves
    /// (and none holds); otherwise the same as ``animation(keyPath:keyframes:)``.
    ///
    /// A curved segment is sampled at every frame: the point at Bézier parameter `t` = the segment's eased
    /// progress, which is where Core Animation puts a layer following a keyframe `path` in linear mode
    /// (the references show it; a constant speed along the curve, as our keyframe path does, lags or leads).
    package func pointAnimation(keyPath: String, keyframes: [Keyframe<CGPoint>]) -> CAKeyframeAnimation? {
        let curves = keyframes.dropLast().contains { $0.spatialTangents != nil }
        let holds = keyframes.dropLast().contains(where: \.isHold)
        guard curves, !holds, keyframes.count > 1, let first = keyframes.first, let last = keyframes.last,
              last.frame > first.frame else {
            return animation(keyPath: keyPath, keyframes: keyframes.map { $0.erased })
        }
        return sampledAnimation(keyPath: keyPath, from: first.frame, to: last.frame) { frame in
            Self.point(in: keyframes, atFrame: frame)
        }
    }

    /// The point the keyframes give at `frame`: on a segment's cubic Bézier (its tangents relative to its
    /// ends) at the parameter its easing gives.
    package static func point(in keyframes: [Keyframe<CGPoint>], atFrame frame: Double) -> CGPoint {
        guard let first = keyframes.first, let last = keyframes.last else { return .zero }
        if frame <= first.frame { return first.value }
        if frame >= last.frame { return last.value }
        var i = 0
        while i + 2 < keyframes.count, keyframes[i + 1].frame <= frame { i += 1 }
        let a = keyframes[i], b = keyframes[i + 1]
        guard b.frame > a.frame else { return b.value }
        let u = (frame - a.frame) / (b.frame - a.frame)
        let t = a.easing == nil ? u : a.timingFunction.evaluate(at: u)
        let tangents = a.spatialTangents ?? (.zero, .zero)
        let p0 = a.value, p1 = a.value + tangents.out, p2 = b.value + tangents.in, p3 = b.value
        let m = 1 - t
        let w0 = m * m * m, w1 = 3 * m * m * t, w2 = 3 * m * t * t, w3 = t * t * t
        return CGPoint(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }

    /// An animation through values sampled at every whole frame from `start` to `end` (and at both ends),
    /// blended linearly: for what one keyframe list cannot say (several animated inputs to one value).
    package func sampledAnimation(keyPath: String, from start: Double, to end: Double,
                                  value: (Double) -> Any) -> CAKeyframeAnimation? {
        guard end > start else { return nil }
        var frames: [Double] = [start]
        var f = start.rounded(.down) + 1
        while f < end { frames.append(f); f += 1 }
        frames.append(end)
        return animation(keyPath: keyPath, keyframes: frames.map { Keyframe(frame: $0, value: value($0)) })
    }

    private func configureTiming(_ animation: CAKeyframeAnimation, from start: Double, to end: Double) {
        animation.beginTime = time(ofFrame: start)
        animation.duration = (end - start) / framerate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
    }
}

extension Keyframe {
    /// The keyframe with its value type erased (for `CAKeyframeAnimation.values`).
    package var erased: Keyframe<Any> {
        Keyframe<Any>(frame: frame, value: value, isHold: isHold, easing: easing, spatialTangents: spatialTangents)
    }
}

/// A time remapping: outer frames `range` shown as inner frames `frame(outer)`.
package struct TimeRemap {
    package var range: ClosedRange<Double>
    package var frame: (Double) -> Double

    package init(range: ClosedRange<Double>, frame: @escaping (Double) -> Double) { self.range = range; self.frame = frame }

    /// This remapping followed by `inner` (a remapping inside the remapped contents).
    package func then(_ inner: @escaping (Double) -> Double) -> TimeRemap {
        let outer = frame
        return TimeRemap(range: range) { inner(outer($0)) }
    }
}
