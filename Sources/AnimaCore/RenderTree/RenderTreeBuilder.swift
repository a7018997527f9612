import Foundation
import AnimaGraphics

/// Walks the model tree once per frame: advances each animation's phase (start and stop
/// callbacks, removal on completion), applies animations at the layer's local time, and writes
/// one `RenderNode` per layer.
@MainActor
struct RenderTreeBuilder {
    let pipeline: FramePipeline
    let time: CFTimeInterval
    var nodes: [RenderNode] = []
    /// Whether any animation is still running or waiting to start (the next frame must evaluate).
    private(set) var sawAnimations = false

    init(pipeline: FramePipeline, time: CFTimeInterval) {
        self.pipeline = pipeline
        self.time = time
    }

    mutating func build(root: CALayer?) -> RenderTree {
        nodes.reserveCapacity(pipeline.renderTree.nodes.count)
        if let root { visit(root, parent: -1, parentTime: time, parentWorld: .identity, parentSublayer: nil) }
        return RenderTree(nodes: nodes, time: time)
    }

    private mutating func visit(_ layer: CALayer, parent: Int, parentTime: CFTimeInterval,
                                parentWorld: CATransform3D, parentSublayer: CATransform3D?) {
        let t = layer.localTime(fromParentTime: parentTime)
        let s = layer.animationEntries.isEmpty ? layer.state : advanceAndApplyAnimations(of: layer, at: t)

        var local = s.matrixToSuperlayerIgnoringSublayerTransform
        if let sub = parentSublayer { local = local * sub }
        // Flatten into the parent's plane: drop the z column.
        local.m13 = 0; local.m23 = 0; local.m33 = 0; local.m43 = 0
        let world = local * parentWorld
        let transition = layer.animationEntries.isEmpty ? nil : transitionLook(of: layer, at: t)
        if let transition, !transition.oldOnTop {
            appendTransitionSnapshot(transition, parent: parent, bounds: s.bounds, world: world)
        }

        // Drawn contents: the model's store, or one redrawn from the presentation when an animation
        // changes a key the layer redraws for.
        let drawn = s.contents == nil ? layer.drawnContents(presenting: s, isAnimated: !layer.animationEntries.isEmpty) : nil

        let index = nodes.count
        nodes.append(RenderNode(
            layerID: layer.layerID, name: layer.name, parent: parent, subtreeEnd: index + 1,
            bounds: s.bounds, position: s.position, anchorPoint: s.anchorPoint, zPosition: s.zPosition,
            isMirrored: s.transform.determinant3 < 0, worldTransform: world, opacity: s.opacity, isHidden: s.isHidden,
            backgroundColor: RGBA(s.backgroundColor), appearance: s.appearance,
            backingStore: s.contents == nil ? drawn?.image : layer.backingStore,
            contentsVersion: layer.contentsVersion, contentsGravity: layer.contentsGravity,
            contentsFrame: drawn?.placementFrame))
        if let mask = layer.mask { nodes[index].mask = buildMask(mask, time: t, world: world) }

        if !layer._sublayers.isEmpty {
            let sublayerMatrix = s.sublayerMatrix
            var sorted = true
            for sub in layer._sublayers where sub.state.zPosition != 0 { sorted = false; break }
            for sub in sorted ? layer._sublayers : layer.renderOrderedSublayers {
                visit(sub, parent: index, parentTime: t, parentWorld: world, parentSublayer: sublayerMatrix)
            }
        }
        nodes[index].subtreeEnd = nodes.count
        if let transition {
            applyTransitionLook(transition, toNodes: index..<nodes.count, bounds: s.bounds, world: world)
            if transition.oldOnTop { appendTransitionSnapshot(transition, parent: parent, bounds: s.bounds, world: world) }
        }
    }

    /// The mask layer's own tree: positioned in the masked layer's coordinates (no sublayerTransform).
    private mutating func buildMask(_ mask: CALayer, time: CFTimeInterval, world: CATransform3D) -> RenderTree {
        let outer = nodes
        nodes = []
        visit(mask, parent: -1, parentTime: time, parentWorld: world, parentSublayer: nil)
        let maskTree = RenderTree(nodes: nodes, time: self.time)
        nodes = outer
        return maskTree
    }

    /// Moves each committed animation through its phases, queueing delegate and completion
    /// callbacks, removes finished ones that are removed on completion, and applies the rest to a
    /// copy of the model state — one pass, so each animation is touched once per frame.
    /// Equals `layer.presentationState(atLocalTime: t)` after the removals.
    private mutating func advanceAndApplyAnimations(of layer: CALayer, at t: CFTimeInterval) -> LayerState {
        var state = layer.state
        var removals: [Int] = []
        for i in layer.animationEntries.indices {
            let animation = layer.animationEntries[i].animation
            guard animation.isCommitted else { sawAnimations = true; continue }
            guard let sample = animation.timing.sample(atParentTime: t) else { continue }
            if sample.phase != .before, !animation.hasStarted {
                animation.hasStarted = true
                if let delegate = animation.delegate { pipeline.callbacks.append { delegate.animationDidStart(animation) } }
            }
            if sample.phase == .after {
                if !animation.hasFinished {
                    animation.hasFinished = true
                    if let delegate = animation.delegate {
                        pipeline.callbacks.append { delegate.animationDidStop(animation, finished: true) }
                    }
                    pipeline.settleCompletions(of: animation)
                }
                if animation.isRemovedOnCompletion { removals.append(i); continue }
            } else {
                sawAnimations = true
            }
            animation.apply(to: &state, atParentTime: t)
        }
        for i in removals.reversed() {
            let entry = layer.animationEntries.remove(at: i)
            entry.animation.attachedLayerID = 0
        }
        return state
    }
}
