import Foundation
import AnimaCore
import AnimaGraphics

extension DynamicPropertyIndex {
    /// The property names a keypath can end in.
    static let propertyNames = ["Color", "Opacity", "Position", "Scale", "Rotation", "Stroke Width", "Colors"]

    /// Sets every property `keypath` matches to `provider`'s values on the built layers: the property's
    /// keyframe animation is replaced (or removed, and the model value set, for a single value). Returns
    /// how many properties changed; what could not be done is reported through `report`, naming `source`.
    @discardableResult
    package func apply(_ provider: AnyValueProvider, keypath: AnimationKeypath, source: String,
                       report: (String) -> Void) -> Int {
        var changed = 0, matched = 0
        var failures: [String] = []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for entry in entries {
            for property in entry.target.properties where keypath.matches(entry.keypath + [property]) {
                matched += 1
                do {
                    try apply(provider, property: property, to: entry)
                    changed += 1
                } catch {
                    let message = "\(source): keypath '\(keypath)' reaches '\((entry.keypath + [property]).joined(separator: "."))', "
                        + "which takes \(ProviderValues.expectation(for: property)), but its \(type(of: provider)) gives "
                        + "\(error.reason); the property is left as it was"
                    if !failures.contains(message) { failures.append(message) }
                }
            }
        }
        CATransaction.commit()
        failures.forEach(report)
        if matched == 0 {
            let property = keypath.propertyName
            let hint = Self.propertyNames.contains(property) || property.contains("*") ? ""
                : " ('\(property)' is not a property a value provider can set; these are \(Self.propertyNames.joined(separator: ", ")))"
            report("\(source): keypath '\(keypath)' matches no property\(hint); logHierarchyKeypaths() lists them")
        }
        return changed
    }

    private func apply(_ provider: AnyValueProvider, property: String, to entry: Entry) throws(ProviderValues.Failure) {
        let storage = provider.typeErasedStorage
        // A provider's keyframes are one animation in lottie-ios (it splits only the file's at holds), so no hold of
        // theirs is left to the model (`KeyframeAnimations.loneHolds`).
        var a = entry.animations
        a.timeline = nil
        func values(_ numbers: (Any) -> [Double]?) throws(ProviderValues.Failure) -> Animated<[Double]> {
            try ProviderValues.property(storage, frames: entry.frames, numbers: numbers)
        }
        func rebind(_ layer: CALayer, _ keyPath: String, _ property: Animated<[Double]>, removing: [String] = [],
                    convert: ([Double]) -> Any) {
            for key in [keyPath] + removing { layer.removeAnimation(forKey: key) }
            a.bind(property, to: layer, keyPath: keyPath, convert: convert)
        }
        let opacity: ([Double]) -> Any = { Float(max(0, min(100, $0.first ?? 100)) / 100) }
        let color: ([Double]) -> Any = { v in
            LottieColor(r: v[0], g: v.count > 1 ? v[1] : 0, b: v.count > 2 ? v[2] : 0, a: v.count > 3 ? v[3] : 1).cgColorValue
        }

        switch (entry.target, property) {
        case (.transform(let pair, _, _), "Position"):
            let v = try values(ProviderValues.pair)
            for key in ["position", "position.x", "position.y"] { pair.outer.removeAnimation(forKey: key) }
            a.bindPoint(v, to: pair.outer, keyPath: "position")
        case (.transform(let pair, _, _), "Scale"):
            try applyScale(try values(ProviderValues.pair), to: pair, animations: a)
        case (.transform(let pair, _, _), "Rotation"):
            rebind(pair.outer, "transform.rotation.z", try values(ProviderValues.scalar)) { CGFloat(($0.first ?? 0) * .pi / 180) }
        case (.transform(let pair, _, true), "Opacity"):
            rebind(pair.outer, "opacity", try values(ProviderValues.scalar), convert: opacity)
        case (.fill(let shapes), "Color"):
            let v = try values(ProviderValues.color)
            for shape in shapes { rebind(shape, "fillColor", v, convert: color) }
        case (.stroke(let shapes, _), "Color"):
            let v = try values(ProviderValues.color)
            for shape in shapes { rebind(shape, "strokeColor", v, convert: color) }
        case (.fill(let shapes), "Opacity"), (.stroke(let shapes, _), "Opacity"):
            let v = try values(ProviderValues.scalar)
            for shape in shapes { rebind(shape, "opacity", v, convert: opacity) }
        case (.stroke(let shapes, let stroke), "Stroke Width"):
            let v = try values(ProviderValues.scalar)
            for shape in shapes {
                Self.grow(shape, from: stroke, to: v)
                rebind(shape, "lineWidth", v) { CGFloat(max(0, $0.first ?? 0)) }
            }
        case (.gradient(let layers, _, let stroke), "Stroke Width"):
            let v = try values(ProviderValues.scalar)
            for layer in layers {
                let shapes = Self.maskShapes(of: layer)
                if let stroke, !shapes.isEmpty { Self.grow(layer, from: stroke, to: v) }
                for mask in shapes {
                    if let stroke { Self.grow(mask, from: stroke, to: v) }
                    rebind(mask, "lineWidth", v) { CGFloat(max(0, $0.first ?? 0)) }
                }
            }
        case (.gradient(let layers, let model, let stroke), "Opacity"):
            let v = try values(ProviderValues.scalar)
            for layer in layers {
                rebind(layer, "opacity", v, convert: GradientLayerBuilder.layerOpacity(model))
                if stroke != nil { for mask in Self.maskShapes(of: layer) { rebind(mask, "opacity", v, convert: opacity) } }
            }
        case (.gradient(let layers, let model, _), "Colors"):
            guard let gradient = provider as? GradientValueProvider else {
                throw ProviderValues.Failure(reason: "values that are not a GradientValueProvider's")
            }
            let replaced = try Self.gradientModel(model, from: gradient, frames: entry.frames)
            for layer in layers {
                for key in ["colors", "locations"] { layer.removeAnimation(forKey: key) }
                a.bindCombined([replaced.stops], to: layer, keyPath: "colors") { frame in
                    GradientLayerBuilder.colors(replaced, frame: frame).map(\.color)
                }
                a.bindCombined([replaced.stops], to: layer, keyPath: "locations") { frame in
                    GradientLayerBuilder.colors(replaced, frame: frame).map { NSNumber(value: $0.location) }
                }
            }
        case (.solid(let layer), "Color"):
            rebind(layer, "backgroundColor", try values(ProviderValues.color), convert: color)
        default:
            break
        }
    }

    /// The shape layers a gradient layer shows through: its mask, or a gradient stroke's trimmed parts in the
    /// container that masks it.
    private static func maskShapes(of layer: CALayer) -> [CAShapeLayer] {
        if let shape = layer.mask as? CAShapeLayer { return [shape] }
        return (layer.mask?.sublayers ?? []).compactMap { $0 as? CAShapeLayer }
    }

    /// A scale on the pair's scale layers: x and y on layers of their own when the file animates the scale
    /// (so a negative scale never meets a decomposition), else on the inner layer's transform.
    private func applyScale(_ v: Animated<[Double]>, to pair: TransformLayers, animations a: KeyframeAnimations) throws(ProviderValues.Failure) {
        let x: ([Double]) -> Any = { CGFloat(($0.first ?? 100) / 100) }
        let y: ([Double]) -> Any = { CGFloat(($0.count > 1 ? $0[1] : 100) / 100) }
        if pair.scaled !== pair.inner {
            pair.scaled.removeAnimation(forKey: "transform.scale.x")
            pair.inner.removeAnimation(forKey: "transform.scale.y")
            a.bind(v, to: pair.scaled, keyPath: "transform.scale.x", convert: x)
            a.bind(v, to: pair.inner, keyPath: "transform.scale.y", convert: y)
        } else {
            for key in ["transform.scale.x", "transform.scale.y"] { pair.inner.removeAnimation(forKey: key) }
            if v.isAnimated {
                pair.inner.transform = CATransform3DIdentity
                a.bind(v, to: pair.inner, keyPath: "transform.scale.x", convert: x)
                a.bind(v, to: pair.inner, keyPath: "transform.scale.y", convert: y)
            } else {
                let s = v.initialValue
                pair.inner.transform = CATransform3DMakeScale(CGFloat((s.first ?? 100) / 100), CGFloat((s.count > 1 ? s[1] : 100) / 100), 1)
            }
        }
        // Drawn layers below are rasterized for the largest scale shown (see `updateContentsScales`).
        let largest = v.keyframes.map { k in k.value.prefix(2).map { abs($0) / 100 }.max() ?? 1 }.max() ?? 1
        pair.scaled.setValue(largest, forKey: TransformLayers.largestScaleKey)
    }

    /// Widens `layer`'s bounds when `width` reaches further than the file's stroke did (offscreen work —
    /// masks, group opacity — is sized from bounds).
    private static func grow(_ layer: CALayer, from stroke: StrokeModel, to width: Animated<[Double]>) {
        var wider = stroke
        wider.width = width
        let extra = StyleLayerBuilder.reach(of: wider) - StyleLayerBuilder.reach(of: stroke)
        guard extra > 0, extra.isFinite else { return }
        // The builders place drawn layers with `placeAtBounds` (anchor 0, position at the bounds' origin), so the
        // bounds are the drawing's box in the host's space.
        layer.placeAtBounds(layer.bounds.insetBy(dx: -extra, dy: -extra))
    }

    /// `model` with the provider's colours (sampled per frame for a closure provider).
    private static func gradientModel(_ model: GradientModel, from provider: GradientValueProvider,
                                      frames: ClosedRange<Double>) throws(ProviderValues.Failure) -> GradientModel {
        let count = provider.stops(atFrame: CGFloat(frames.lowerBound)).count
        guard count > 0 else { throw ProviderValues.Failure(reason: "no colours") }
        let stops = try ProviderValues.property(provider.typeErasedStorage, frames: frames) { $0 as? [Double] }
        var replaced = model
        replaced.colorCount = count
        replaced.stops = stops
        replaced.alphaShowsTwice = model.hasOpacityStops
        return replaced
    }
}
