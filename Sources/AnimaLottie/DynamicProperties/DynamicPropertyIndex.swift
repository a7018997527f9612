import Foundation
import AnimaCore
import AnimaGraphics

/// Where each property a keypath can name ended up in the built layer tree: recorded by the builders while
/// they build (one entry per built copy: a parent's transform is applied again above each child, a
/// repeater draws its items once per copy), read when a value provider is set.
///
/// Keypaths follow lottie-ios's Core Animation engine: `Layer.Transform.Position`, `Layer.Group 1.Fill 1.Color`,
/// `Precomp Layer.Inner Layer.Transform.Opacity`, a solid layer's `Layer.Color`.
@MainActor
package final class DynamicPropertyIndex {
    /// The built layers that show one model object's customizable properties.
    package enum Target {
        /// A layer's or shape group's transform (``TransformLayers``); opacity only where the pair applies it.
        case transform(TransformLayers, TransformModel, includesOpacity: Bool)
        /// The shape layers drawing one fill.
        case fill([CAShapeLayer])
        /// The shape layers drawing one stroke.
        case stroke([CAShapeLayer], StrokeModel)
        /// The gradient layers drawing one gradient fill or stroke (each masked by the shape it fills).
        case gradient([CAGradientLayer], GradientModel, stroke: StrokeModel?)
        /// A solid layer's colour.
        case solid(CALayer)

        /// The names of the properties a keypath can set here, in lottie-ios's order.
        package var properties: [String] {
            switch self {
            case .transform(_, _, let includesOpacity):
                return ["Position", "Scale", "Rotation"] + (includesOpacity ? ["Opacity"] : [])
            case .fill: return ["Color", "Opacity"]
            case .stroke: return ["Color", "Opacity", "Stroke Width"]
            case .gradient(_, _, let stroke): return ["Colors", "Opacity"] + (stroke == nil ? [] : ["Stroke Width"])
            case .solid: return ["Color"]
            }
        }
    }

    /// One recorded object: its keypath (without the property), its layers, and the timeline they run on.
    package struct Entry {
        package var keypath: [String]
        package var target: Target
        /// The animation factory in force when the layers were built (frame rate, time remapping).
        package var animations: KeyframeAnimations
        /// The frames of the owning layer (in to out), where a closure provider is sampled.
        package var frames: ClosedRange<Double>
    }

    /// Everything recorded, in build order.
    package private(set) var entries: [Entry] = []

    private struct LayerScope {
        var keypath: [String]
        var model: LayerModel
    }
    private var layers: [LayerScope] = []
    private var prefixes: [[String]] = []
    /// The composition's frames: a top-level layer's closure samples stay inside them (a layer's out-point is
    /// often far past the end).
    private let compositionFrames: ClosedRange<Double>

    package init(compositionFrames: ClosedRange<Double>) { self.compositionFrames = compositionFrames }

    private var prefix: [String] { prefixes.last ?? [] }

    // MARK: Scopes (the composition builder marks where it is)

    /// The builder starts `layer`'s content (shape items recorded next belong to it).
    package func beginLayer(_ layer: LayerModel) {
        layers.append(LayerScope(keypath: prefix + [layer.name], model: layer))
    }

    /// The keypath of the layer begun last (its name after the names of the precompositions holding it).
    package var currentLayerKeypath: [String] { layers.last?.keypath ?? prefix }

    /// The builder is done with the layer begun last.
    package func endLayer() { _ = layers.popLast() }

    /// The builder starts the layers of the current layer's precomposition (their keypaths start with it).
    package func beginPrecomposition() { prefixes.append(layers.last?.keypath ?? prefix) }

    /// The builder is done with the precomposition begun last.
    package func endPrecomposition() { _ = prefixes.popLast() }

    // MARK: Records

    /// Records the transform pair of `layer` (the layer's own, or a copy above one of its children).
    package func recordTransform(_ pair: TransformLayers, of layer: LayerModel, includesOpacity: Bool,
                                 animations: KeyframeAnimations) {
        entries.append(Entry(keypath: prefix + [layer.name, "Transform"],
                             target: .transform(pair, layer.transform, includesOpacity: includesOpacity),
                             animations: animations, frames: frames(of: layer)))
    }

    /// Records a shape group's transform pair; `shapeKey` is the shape builder's key of the group.
    package func recordGroupTransform(_ pair: TransformLayers, shapeKey: String, transform: TransformModel,
                                      includesOpacity: Bool, animations: KeyframeAnimations) {
        guard let scope = layers.last, let names = resolve(shapeKey, in: scope) else { return }
        entries.append(Entry(keypath: scope.keypath + names + ["Transform"],
                             target: .transform(pair, transform, includesOpacity: includesOpacity),
                             animations: animations, frames: frames(of: scope.model)))
    }

    /// Records the layers a style item was drawn with: the subtrees `added` under its host.
    package func recordStyle(_ item: ShapeItem, shapeKey: String, added: [CALayer], animations: KeyframeAnimations) {
        guard let scope = layers.last, let names = resolve(shapeKey, in: scope) else { return }
        var shapes: [CAShapeLayer] = [], gradients: [CAGradientLayer] = []
        func visit(_ layer: CALayer) {
            if let gradient = layer as? CAGradientLayer { gradients.append(gradient) }
            else if let shape = layer as? CAShapeLayer { shapes.append(shape) }
            for sublayer in layer.sublayers ?? [] { visit(sublayer) }
        }
        added.forEach(visit)
        let target: Target
        switch item {
        case .fill: target = .fill(shapes)
        case .stroke(_, let stroke): target = .stroke(shapes, stroke)
        case .gradientFill(let gradient, _): target = .gradient(gradients, gradient, stroke: nil)
        case .gradientStroke(let gradient, let stroke): target = .gradient(gradients, gradient, stroke: stroke)
        default: return
        }
        entries.append(Entry(keypath: scope.keypath + names, target: target, animations: animations,
                             frames: frames(of: scope.model)))
    }

    /// Records a solid layer's colour layer.
    package func recordSolid(_ solid: CALayer, animations: KeyframeAnimations) {
        guard let scope = layers.last else { return }
        entries.append(Entry(keypath: scope.keypath, target: .solid(solid), animations: animations,
                             frames: frames(of: scope.model)))
    }

    /// The frames a closure provider is sampled at for `layer`: its in to out point, inside the composition's
    /// frames for a layer of the top-level composition.
    private func frames(of layer: LayerModel) -> ClosedRange<Double> {
        let a = layer.inFrame.isFinite ? layer.inFrame : 0, b = layer.outFrame.isFinite ? layer.outFrame : a
        let own = min(a, b)...max(a, b)
        guard prefixes.isEmpty else { return own }
        return own.clamped(to: compositionFrames)
    }

    // MARK: Shape keys → names

    /// The names of the items on the way to the item a shape builder key points at.
    ///
    /// The shape builder keys items by their index in the list it builds, joined by dots: `.2` is item 2 of
    /// the layer's list, `.2.0` item 0 of that group; `.r` continues with the items after the list's first
    /// repeater (re-indexed from 0), `.c3` is copy 3 of a repeater (the items before it, same indexes).
    private func resolve(_ shapeKey: String, in scope: LayerScope) -> [String]? {
        guard case .shapes(let topItems) = scope.model.content else { return nil }
        var items = topItems, names = scope.model.shapeNames, offset = 0
        var path: [String] = []
        for part in shapeKey.split(separator: ".") {
            if part == "r" {
                guard offset <= items.count,
                      let r = items[offset...].firstIndex(where: { if case .repeater = $0 { return true } else { return false } })
                else { return nil }
                offset = r + 1
            } else if part.hasPrefix("c") {
                continue
            } else if let n = Int(part) {
                let index = offset + n
                guard index >= 0, index < items.count else { return nil }
                let item = items[index]
                let named = names.count == items.count ? names[index] : ShapeItemName(name: item.fallbackName, children: [])
                path.append(named.name)
                if case .group(_, let children, _) = item {
                    items = children
                    names = named.children
                    offset = 0
                } else {
                    items = []
                    names = []
                    offset = 0
                }
            } else {
                return nil
            }
        }
        return path
    }
}
