import Foundation
import AnimaCore
import AnimaGraphics

extension KeyframeAnimations {
    /// Sets `layer`'s `keyPath` to the property's first value and, when it changes over time, adds a
    /// keyframe animation of it (keyed by the key path). `modelInLoneHolds`: the layer's model value of
    /// `keyPath` is what lottie-ios's layer shows in a hold it leaves to the model (``loneHolds(in:)``) —
    /// false where its layer animates another property (the anchor, which it animates as `anchorPoint`).

    package func bind(_ property: Animated<[Double]>, to layer: CALayer, keyPath: String, modelInLoneHolds: Bool = true,
                      convert: ([Double]) -> Any) {
        if remap != nil { return bindCombined([property], to: layer, keyPath: keyPath) { convert(property.value(atFrame: $0)) } }
        // The model is set only for a static value: an animation fills both ways and covers every time, and
        // a model value read back through a transform's decomposition (a negative scale) would taint it.
        guard property.isAnimated else { return layer.setValue(convert(property.initialValue), forKeyPath: keyPath) }
        let keyframes = property.keyframes.map { k in
            Keyframe<Any>(frame: k.frame, value: convert(k.value), isHold: k.isHold, easing: k.easing)
        }
        let model: (() -> Any?)? = modelInLoneHolds ? { layer.value(forKeyPath: keyPath) } : nil
        if let animation = animation(keyPath: keyPath, keyframes: keyframes, model: model) {
            layer.add(animation, forKey: keyPath)
        } else if let last = property.keyframes.last {
            // Keyframes that all share one frame span no time: the value is the last one from then on.
            layer.setValue(convert(last.value), forKeyPath: keyPath)
        }
    }

    /// Like ``bind(_:to:keyPath:convert:)`` for a point property whose keyframes may curve in space.

    package func bindPoint(_ property: Animated<[Double]>, to layer: CALayer, keyPath: String) {
        if remap != nil { return bind(property, to: layer, keyPath: keyPath) { CGPoint(lottie: $0) } }
        guard property.isAnimated else { return layer.setValue(CGPoint(lottie: property.initialValue), forKeyPath: keyPath) }
        let keyframes = property.keyframes.map { k in
            Keyframe<CGPoint>(frame: k.frame, value: CGPoint(lottie: k.value), isHold: k.isHold, easing: k.easing,
                              spatialTangents: k.spatialTangents)
        }
        if let animation = pointAnimation(keyPath: keyPath, keyframes: keyframes) {
            layer.add(animation, forKey: keyPath)
        } else if let last = property.keyframes.last {
            layer.setValue(CGPoint(lottie: last.value), forKeyPath: keyPath)
        }
    }

    /// Sets `keyPath` from several properties combined by `value(frame)`: keyframed when at most one
    /// of `inputs` is animated with `single`, sampled every frame otherwise.

    package func bindCombined(_ inputs: [Animated<[Double]>], to layer: CALayer, keyPath: String,
                              value: (Double) -> Any) {
        if let remap {
            // Sampled on the outer timeline: what the contents show at each outer frame.
            guard inputs.contains(where: \.isAnimated) else {
                return layer.setValue(value(remap.frame(remap.range.lowerBound)), forKeyPath: keyPath)
            }
            if let animation = sampledAnimation(keyPath: keyPath, from: remap.range.lowerBound,
                                                                  to: remap.range.upperBound, value: { value(remap.frame($0)) }) {
                layer.add(animation, forKey: keyPath)
            }
            return
        }
        let animated = inputs.filter(\.isAnimated)
        let start = animated.compactMap { $0.keyframes.first?.frame }.min() ?? 0
        guard !animated.isEmpty else { return layer.setValue(value(start), forKeyPath: keyPath) }
        let end = animated.compactMap { $0.keyframes.last?.frame }.max() ?? start
        if animated.count == 1, let only = animated.first {
            let keyframes = only.keyframes.map { k in
                Keyframe<Any>(frame: k.frame, value: value(k.frame), isHold: k.isHold, easing: k.easing)
            }
            if let animation = animation(keyPath: keyPath, keyframes: keyframes) {
                layer.add(animation, forKey: keyPath)
            } else {
                layer.setValue(value(end), forKeyPath: keyPath)
            }
            return
        }
        if let animation = sampledAnimation(keyPath: keyPath, from: start, to: end, value: value) {
            layer.add(animation, forKey: keyPath)
        } else {
            layer.setValue(value(end), forKeyPath: keyPath)
        }
    }
}

extension KeyframeAnimations {
    /// Like ``bindCombined(_:to:keyPath:value:)``, but sampled every frame whenever an input moves, even a
    /// single one: for values Core Animation cannot blend between keyframes the way the file means (a
    /// transform matrix from an angle, which a decomposition would blend the short way or not at all).
    package func bindSampled(_ inputs: [Animated<[Double]>], to layer: CALayer, keyPath: String, value: (Double) -> Any) {
        let animated = inputs.filter(\.isAnimated)
        guard remap == nil, !animated.isEmpty else { return bindCombined(inputs, to: layer, keyPath: keyPath, value: value) }
        let start = animated.compactMap { $0.keyframes.first?.frame }.min() ?? 0
        let end = animated.compactMap { $0.keyframes.last?.frame }.max() ?? start
        if let animation = sampledAnimation(keyPath: keyPath, from: start, to: end, value: value) {
            layer.add(animation, forKey: keyPath)
        } else {
            layer.setValue(value(end), forKeyPath: keyPath)
        }
    }
}

extension CGPoint {
    /// A point from a Lottie value (`[x, y, …]`; missing components are 0).
    init(lottie v: [Double]) { self.init(x: v.count > 0 ? v[0] : 0, y: v.count > 1 ? v[1] : 0) }
}

extension CGColor {
    /// A colour from a Lottie value (`[r, g, b, a?]`), its components divided by `scale` (1, or 255 for old
    /// files' 0…255 values); alpha is left out (Lottie's opacity is a property of its own). Components are
    /// clamped to 0…1: an easing that overshoots takes a blend a little past its ends.
    static func lottie(_ v: [Double], scale: Double) -> CGColor {
        func c(_ i: Int) -> CGFloat { i < v.count ? CGFloat(min(1, max(0, v[i] / scale))) : 0 }
        return CGColor(red: c(0), green: c(1), blue: c(2), alpha: 1)
    }

    /// A colour from one Lottie value, on the 0…255 scale when a component is above 1.
    static func lottie(_ v: [Double]) -> CGColor { lottie(v, scale: colorScale(of: [v])) }

    /// 255 when any of `values` has a red, green or blue component above 1 (an old file's 0…255 colour),
    /// else 1. Decided once per property from its keyframes, never from a blend between them (which an
    /// overshooting easing can take just past 1).
    static func colorScale(of values: [[Double]]) -> Double {
        values.contains { $0.prefix(3).contains { $0 > 1 } } ? 255 : 1
    }
}

extension Animated where Value == [Double] {
    /// The scale of this colour property's components (see ``CGColor/colorScale(of:)``).
    var colorScale: Double { CGColor.colorScale(of: keyframes.map(\.value)) }
}
