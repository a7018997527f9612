import Foundation
import AnimaCore
import AnimaGraphics

/// Builds a composition's layers into a `CALayer` tree, once: every Lottie layer becomes a container in
/// the composition's space holding its parents' transforms, its own transform and its content; its
/// in/out points become a `hidden` animation; a precomposition's start time and stretch become its
/// timing layer's `beginTime` and `speed`, so playback only has to move the root's time.
/// ```
/// composition (bounds 0,0,w,h)
///  ├ container "Layer 2" (hidden outside ip..<op; mask = its track matte)
///  │  └ parent transform pair → own transform pair → content (shapes, solid, image, precomp)
///  └ container "Layer 1" …                       (the file's first layer is on top)
/// ```
@MainActor
package struct CompositionBuilder {
    package let context: BuildContext

    package init(context: BuildContext) { self.context = context }

    /// A layer holding `layers` in a `width` × `height` space; `stack` lists the precompositions being
    /// built (a reference to one of them is a cycle, reported and left empty).
    package func build(_ layers: [LayerModel], width: Double, height: Double, stack: [String] = []) -> CALayer {
        let root = CALayer()
        root.name = stack.last.map { "precomp \($0)" } ?? "composition"
        root.anchorPoint = .zero
        root.position = .zero
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        var byIndex: [Int: LayerModel] = [:]
        for layer in layers { if let index = layer.index, byIndex[index] == nil { byIndex[index] = layer } }
        let mattes = TrackMatteLinks(layers) { context.report("\(context.animation.source): \($0)") }
        for (position, layer) in layers.enumerated().reversed() {
            if mattes.isMatteOnly[position] || layer.isHidden { continue }
            let container = buildLayer(layer, byIndex: byIndex, width: width, height: height, stack: stack)
            if let source = mattes.matte[position], let mode = layer.matteMode {
                let matte = buildLayer(layers[source], byIndex: byIndex, width: width, height: height, stack: stack)
                container.mask = TrackMatte(mode: mode, layerName: layer.name, context: context)
                    .mask(from: matte, width: width, height: height)
            }
            root.addSublayer(container)
        }
        return root
    }

    private func buildLayer(_ layer: LayerModel, byIndex: [Int: LayerModel], width: Double, height: Double,
                            stack: [String]) -> CALayer {
        let container = CALayer()
        container.name = layer.name
        container.anchorPoint = .zero
        container.position = .zero
        container.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        bindVisibility(layer, to: container)
        if let filter = LayerBlendMode.compositingFilter(for: layer.blendMode) { container.compositingFilter = filter }
        for feature in layer.unsupportedFeatures { context.unsupported(feature, layer: layer.name) }
        var host = container
        for ancestor in ancestors(of: layer, byIndex: byIndex) {
            let pair = TransformLayers(ancestor.transform, name: ancestor.name, includesOpacity: false, animations: context.animations)
            context.dynamicProperties.recordTransform(pair, of: ancestor, includesOpacity: false, animations: context.animations)
            host.addSublayer(pair.outer)
            host = pair.inner
        }
        let own = TransformLayers(layer.transform, name: layer.name, includesOpacity: true, animations: context.animations)
        context.dynamicProperties.recordTransform(own, of: layer, includesOpacity: true, animations: context.animations)
        host.addSublayer(own.outer)
        if let shadow = layer.dropShadow { DropShadowBuilder(animations: context.animations).apply(shadow, to: own.outer) }
        host = own.inner
        if !layer.masks.isEmpty {
            let body = CALayer.lottieContainer(name: "\(layer.name) masked")
            host.addSublayer(body)
            host = body
            MaskBuilder(context: context, layerName: layer.name).apply(layer.masks, to: body)
        }
        context.dynamicProperties.beginLayer(layer)
        addContent(of: layer, to: host, stack: stack)
        context.dynamicProperties.endLayer()
        return container
    }

    /// Shows the layer only from its in-point up to (not including) its out-point — except that a layer whose
    /// out-point is the composition's own stays visible at that last moment, as lottie-ios keeps it ("anything
    /// visible during the last frame stays visible until the end"), so a file paused at its end shows both what
    /// ends there and what starts there.
    private func bindVisibility(_ layer: LayerModel, to container: CALayer) {
        if let remap = context.animations.remap {
            let range = (layer.inFrame, layer.outFrame)
            container.isHidden = false
            if let show = context.animations.sampledAnimation(keyPath: "hidden", from: remap.range.lowerBound, to: remap.range.upperBound,
                                                              value: { f in let g = remap.frame(f); return !(g >= range.0 && g < range.1) }) {
                show.calculationMode = .discrete
                container.add(show, forKey: "visibility")
            }
            return
        }
        let model = context.animation.model
        if layer.inFrame <= min(model.inFrame, 0) - 1e6 && layer.outFrame >= model.outFrame + 1e6 { return }
        container.isHidden = true
        guard layer.outFrame > layer.inFrame else { return }
        let show = CAKeyframeAnimation(keyPath: "hidden")
        show.values = [false, false]
        // Starting a hair early keeps the in-point itself inside the active interval at any time offset.
        let early = 1e-9
        show.beginTime = layer.inFrame / context.animations.framerate - early
        let map = context.compositionFrame
        let endsWithComposition = map.scale > 0 && map.offset + map.scale * layer.outFrame >= model.outFrame - 1e-6
        show.duration = (layer.outFrame - layer.inFrame + (endsWithComposition ? 1 : 0)) / context.animations.framerate
        show.isRemovedOnCompletion = false
        container.add(show, forKey: "visibility")
    }

    /// The layer's parents, outermost first; a cycle or a missing parent is reported and cut.
    private func ancestors(of layer: LayerModel, byIndex: [Int: LayerModel]) -> [LayerModel] {
        var chain: [LayerModel] = []
        var seen: [Int] = layer.index.map { [$0] } ?? []
        var next = layer.parent
        while let index = next {
            if seen.contains(index) {
                context.report("\(context.animation.source): layer '\(layer.name)' has a parent cycle through index \(index); the cycle is cut")
                break
            }
            guard let parent = byIndex[index] else {
                context.report("\(context.animation.source): layer '\(layer.name)' names parent \(index), which does not exist")
                break
            }
            seen.append(index)
            chain.insert(parent, at: 0)
            next = parent.parent
        }
        return chain
    }

    private func addContent(of layer: LayerModel, to host: CALayer, stack: [String]) {
        switch layer.content {
        case .shapes(let items):
            ShapeBuilder(context: context, layerName: layer.name).build(ShapeItem.roundingCorners(items), into: host)
        case .solid(let color, let w, let h):
            let solid = CALayer()
            solid.name = "\(layer.name) solid"
            solid.anchorPoint = .zero
            solid.position = .zero
            solid.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            solid.backgroundColor = color
            context.dynamicProperties.recordSolid(solid, animations: context.animations)
            host.addSublayer(solid)
        case .image(let id):
            if let image = ImageLoader(context: context).image(id: id, layer: layer.name) { host.addSublayer(image) }
        case .precomp(let id, let w, let h, let remap):
            guard !stack.contains(id) else {
                context.report("\(context.animation.source): layer '\(layer.name)' refers to precomposition '\(id)' inside itself (a cycle); left empty")
                return
            }
            guard let layers = context.animation.model.precomps[id] else {
                context.report("\(context.animation.source): layer '\(layer.name)' refers to a missing precomposition '\(id)'")
                return
            }
            // The precomposition runs on (frame − st) / sr of the containing one (only a precomposition's
            // contents do: a layer's own keyframes are on the containing timeline, as lottie-ios plays them).
            let timing = CALayer.lottieContainer(name: "\(layer.name) time")
            timing.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            timing.masksToBounds = true
            let saved = context.animations
            let fr = saved.framerate, start = layer.startTime, stretch = layer.timeStretch
            if let remap {
                // Time remapping: tm gives the contents' time (seconds) at each frame of this timeline.
                let outer = saved.remap ?? TimeRemap(range: min(layer.inFrame, layer.outFrame)...max(layer.inFrame, layer.outFrame)) { $0 }
                context.animations.remap = outer.then { remap.scalar(atFrame: $0) * fr }
            } else if let outer = saved.remap {
                // Inside remapped contents a precomposition's own time is folded into the remapping too.
                context.animations.remap = outer.then { ($0 - start) / stretch }
            } else {
                timing.beginTime = start / fr
                timing.speed = Float(1 / stretch)
            }
            let savedFrame = context.compositionFrame
            context.compositionFrame = (savedFrame.offset + savedFrame.scale * start, savedFrame.scale * stretch)
            context.animations.timeline = context.localTimeline
            context.dynamicProperties.beginPrecomposition()
            timing.addSublayer(build(layers, width: w, height: h, stack: stack + [id]))
            context.dynamicProperties.endPrecomposition()
            context.animations = saved
            context.compositionFrame = savedFrame
            host.addSublayer(timing)
        case .null:
            break
        case .text(let text):
            TextBuilder(context: context, layerName: layer.name).build(text, into: host)
        case .unsupported(let type):
            context.unsupported("layer type \(type)", layer: layer.name)
        }
    }
}
