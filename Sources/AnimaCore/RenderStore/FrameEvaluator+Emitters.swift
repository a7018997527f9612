import Foundation
import AnimaGraphics

/// A `CAEmitterLayer`'s particles: one node each, children of the emitter's node drawn before its sublayers — nodes
/// after the slots' (as a replicator's copies), written whole each frame, showing their cell's image tinted by the
/// particle's colour.
extension FrameEvaluator {
    /// Advances the emitter's emission to its local time `t` (once per frame, in the display's tree) and writes a
    /// node for each particle shown, under the emitter's node (`parent` in the drawing order, `node` in storage).
    @inline(never)
    mutating func emitParticles(_ s: inout RenderStorage, _ slot: Int32, emitter: CAEmitterLayer, parent: Int, node: Int,
                                at t: Double) {
        let state = work.isWholeState ? work.state
            : LayerState(appearance: LayerAppearanceBox.defaults, extra: s.extras[Int(slot)])
        func number(_ p: LayerProperty) -> Double { let d = Double(state.number(p)); return d.isFinite ? d : 0 }
        let multipliers = EmitterMultipliers(birthRate: number(.birthRate), lifetime: number(.lifetime),
                                             velocity: number(.velocity), scale: number(.scale), spin: number(.spin))
        var shape = EmitterShapeSetup(shape: emitter.emitterShape, mode: emitter.emitterMode,
                                      position: state.point(.emitterPosition), zPosition: number(.emitterZPosition),
                                      size: .zero, depth: number(.emitterDepth))
        if case .size(let size) = state.value(of: .emitterSize) { shape.size = size }
        let seed = UInt64(emitter.seed)
        // What animations of cell key paths (`emitterCells.spark.birthRate`) wrote over the cells' own values.
        var written: EmitterCellValues?
        if case .object(let values as EmitterCellValues) = state.value(of: .emitterCells), !values.written.isEmpty { written = values }
        let cells = (emitter.emitterCells ?? []).enumerated().filter(\.element.isEnabled).map {
            EmitterCellSetup($0.element, key: Draw.mix(seed << 8 ^ UInt64($0.offset + 1)), layer: multipliers, depth: 0,
                             written: written, names: [])
        }
        let id = ObjectIdentifier(pipeline)
        let emission = emitter.emissions[id] ?? ParticleEmission()
        emitter.emissions[id] = emission
        if replicaDepth == 0, isDisplayTree {
            emission.advance(to: t, frame: pipeline.evaluatedFrameCount, cells: cells, shape: shape, seed: emitter.seed,
                             layerName: emitter.debugName)
        }
        if emission.isLive(cells: cells) { sawAnimations = true }
        var samples = emission.samples(at: t, cells: cells)
        switch emitter.renderMode {
        case .oldestLast: samples.reverse()
        case .backToFront: samples = samples.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element)
        default: break
        }
        let world = storage[node].worldTransform
        let additive = emitter.renderMode == .additive
        for p in samples {
            guard let look = p.cell.renderAppearance(additive: additive, contents: p.contents),
                  let image = look.storage.contents as? CGImage else { continue }
            let r = look.storage.contentsRect, scale = look.storage.contentsScale
            let size = CGSize(width: CGFloat(image.width) * abs(r.width) / scale, height: CGFloat(image.height) * abs(r.height) / scale)
            // About the particle's centre: turned, scaled, then moved to its place in the emitter's plane.
            let local = CATransform3DMakeTranslation(-size.width / 2, -size.height / 2, 0)
                * CATransform3DMakeRotation(CGFloat(p.angle), 0, 0, 1)
                * CATransform3DMakeScale(CGFloat(p.scale), CGFloat(p.scale), 1)
                * CATransform3DMakeTranslation(CGFloat(p.x), CGFloat(p.y), 0)
            let matrix = local * world
            guard matrix.isFinite else { continue }
            let place = nextExtraNode()
            appendToOrder(place)
            storage[place].update(
                layerID: s.layerIDs[Int(slot)], name: nil, parent: parent, bounds: CGRect(origin: .zero, size: size),
                position: .zero, anchorPoint: .zero, zPosition: CGFloat(p.z), isMirrored: false, worldTransform: matrix,
                opacity: Float(p.alpha), isHidden: false, backgroundColor: nil, appearance: Unmanaged.passUnretained(look),
                backingStore: nil, contentsVersion: 0, contentsGravity: .resize, contentsFrame: nil, hasMask: false)
            storage[place].subtreeEnd = count
            if p.red < 1 || p.green < 1 || p.blue < 1 {
                storage[place].tint = RGBA(red: Float(p.red), green: Float(p.green), blue: Float(p.blue), alpha: 1)
            }
            withExtendedLifetime(look) {}
        }
    }
}

extension FrameEvaluator {
    /// Whether the visit fills the display's tree (not a mask's list).
    var isDisplayTree: Bool { bySlot && currentTree < 0 }

    /// The place of a node the visit adds beside the layers' (a particle's): after the slots' in the display's tree,
    /// next in a mask's list.
    mutating func nextExtraNode() -> Int {
        if bySlot { return nextReplicaNode() }
        if count == storage.count { appendNewNode() }
        return count
    }
}

extension CAEmitterCell {
    /// What a particle node of this cell shows: its image, part, scale and filters (and additive blending), kept
    /// while they stay the same; `animated` is the part and scale animations wrote, if any. Nil without an image.
    func renderAppearance(additive: Bool, contents animated: (rect: CGRect, scale: CGFloat)? = nil) -> LayerAppearanceBox? {
        guard let image = contents as? CGImage, image.width > 0, image.height > 0 else { return nil }
        let shownScale = animated?.scale ?? contentsScale, shownRect = animated?.rect ?? contentsRect
        let scale = shownScale.isFinite && shownScale > 0 ? shownScale : 1
        let rect = [shownRect.minX, shownRect.minY, shownRect.width, shownRect.height].allSatisfy(\.isFinite)
            ? shownRect : CGRect(x: 0, y: 0, width: 1, height: 1)
        if let box = cachedAppearance, box.storage.contents === image, box.storage.contentsRect == rect,
           box.storage.contentsScale == scale, (box.storage.compositingFilter != nil) == additive,
           box.storage.magnificationFilter.rawValue == magnificationFilter,
           box.storage.minificationFilter.rawValue == minificationFilter {
            return box
        }
        var look = LayerAppearance()
        look.contents = image
        look.contentsRect = rect
        look.contentsScale = scale
        look.magnificationFilter = CALayerContentsFilter(rawValue: magnificationFilter)
        look.minificationFilter = CALayerContentsFilter(rawValue: minificationFilter)
        look.compositingFilter = additive ? "plusL" : nil
        let box = LayerAppearanceBox(look)
        cachedAppearance = box
        return box
    }
}
