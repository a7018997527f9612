import Foundation
import AnimaGraphics

extension CALayer {
    /// The layer's model tree — itself, its sublayers and their masks, with the values last set and no animation —
    /// as a render tree in the layer's own coordinates (its bounds space; the layer's own `position` and
    /// `transform` place it in its superlayer, so they are left out): what `render(in:)` draws.
    ///
    /// It reads the model layers, not a display's render-side copy: a layer in no display draws too, and what the
    /// app set since the last commit shows. Layers that need display are displayed first (`displayIfNeeded()`).
    package func modelRenderTree() -> RenderTree {
        var nodes: [RenderNode] = []
        var visited: Set<ObjectIdentifier> = []
        Self.appendModelNodes(of: self, world: .identity, isMirrored: false, parent: -1, into: &nodes, visited: &visited)
        return RenderTree(nodes: nodes, time: 0)
    }

    /// Appends `layer`'s node and its sublayers' (in drawing order), each once: a mask that is also one of the
    /// tree's layers is drawn only in its first place, with a diagnostic.
    private static func appendModelNodes(of layer: CALayer, world: CATransform3D, isMirrored: Bool, parent: Int,
                                         into nodes: inout [RenderNode], visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(layer)).inserted else {
            return Diagnostics.report("CALayer \(layer.debugName): drawn twice by render(in:) (a mask that is also a sublayer, or a mask of two layers); drawn in its first place only")
        }
        layer.displayIfNeeded()
        let s = layer.state
        let index = nodes.count
        var node = RenderNode(appearance: s.appearance)
        node.update(layerID: layer.layerID, name: layer.storedName, parent: parent, bounds: s.bounds, position: s.position,
                    anchorPoint: s.anchorPoint, zPosition: s.zPosition, isMirrored: isMirrored, worldTransform: world,
                    opacity: s.opacity, isHidden: s.isHidden, backgroundColor: RGBA(s.backgroundColor),
                    appearance: Unmanaged.passUnretained(s.appearance), backingStore: nil, contentsVersion: 0,
                    contentsGravity: .resize, contentsFrame: nil, hasMask: false)
        var mask: RenderTree?
        if let maskLayer = layer.storedMask, s.appearance.storage.drawsOwnContent {
            var maskNodes: [RenderNode] = []
            let m = maskLayer.state
            appendModelNodes(of: maskLayer, world: m.matrixToSuperlayerIgnoringSublayerTransform * world,
                             isMirrored: m.transform.determinant3 < 0, parent: -1, into: &maskNodes, visited: &visited)
            mask = RenderTree(nodes: maskNodes, time: 0)
        }
        let store = s.contents == nil && s.appearance.storage.drawsOwnContent ? layer.modelStoreForRendering() : nil
        node.setDrawing(backingStore: s.contents == nil ? store?.image : layer.storedBackingStore,
                        contentsVersion: layer.storedContentsVersion, contentsGravity: layer.storedContentsGravity,
                        contentsFrame: store?.placementFrame, mask: mask)
        nodes.append(node)
        let sublayerMatrix = s.sublayerMatrix, keepsDepth = layer is CATransformLayer
        // A replicator's sublayers once per instance (its model instance properties; time plays no part here).
        let replication = layer is CAReplicatorLayer ? Replication(s.value(of:)) : nil
        let step = replication?.step(about: s.bounds)
        let visitedBefore = visited
        var instanceMatrix = CATransform3D.identity
        for k in 0..<max(replication?.count ?? 1, 1) {
            if k > 0, let step {
                visited = visitedBefore       // each copy draws the same layers again
                instanceMatrix = instanceMatrix * step
            }
            let alpha = replication.map { $0.count == 0 ? 0 : $0.alpha(ofInstance: k) } ?? 1
            let tint = replication?.tint(ofInstance: k)
            for sub in drawingOrder(layer._sublayers) {
                let t = sub.state
                var subWorld = t.matrixToSuperlayerIgnoringSublayerTransform
                if k > 0 { subWorld = subWorld * instanceMatrix }
                if let sublayerMatrix { subWorld = subWorld * sublayerMatrix }
                // Flattened into this layer's plane, as a display draws it, unless this is a transform layer.
                if !keepsDepth { subWorld.m13 = 0; subWorld.m23 = 0; subWorld.m33 = 0; subWorld.m43 = 0 }
                let start = nodes.count
                appendModelNodes(of: sub, world: subWorld * world, isMirrored: t.transform.determinant3 < 0, parent: index,
                                 into: &nodes, visited: &visited)
                if alpha != 1, start < nodes.count { nodes[start].opacity *= Float(alpha) }
                if let tint, start < nodes.count { nodes[start].tint = tint }
            }
        }
        nodes[index].subtreeEnd = nodes.count
    }

    /// The store drawn from the model: the one the layer keeps, or for a layer drawn in step with a display (which
    /// keeps none of its own), one drawn now and not kept.
    private func modelStoreForRendering() -> BackingStore? {
        if let modelStore { return modelStore }
        guard drawsInStepWithDisplay || presentedStore != nil else { return nil }
        return BackingStoreRasterizer.draw(self, dirtyRect: nil, previous: nil)
    }
}
