import Foundation
import AnimaGraphics

/// Makes one frame from a display's render-side copy: visits the records in drawing order, moves each animation
/// through its phases (queueing start and stop callbacks, removing animations that end and are removed on
/// completion), applies the animations at the layer's local time, and writes one `RenderNode` per layer.
///
/// Nodes are last frame's, rewritten in place: a layer whose node index and record did not change since the last
/// frame gets only what moves written (geometry, opacity, world transform), and a layer that nothing moves, under
/// a parent that did not move, is left as it was. The frame reads no layer object except for layers whose node
/// shows drawn contents or a mask, whose drawing is filled in by ``finishDrawing()`` after the visit (which may
/// run the app's drawing code).
@MainActor
struct FrameEvaluator {
    let pipeline: FramePipeline
    let time: CFTimeInterval
    /// The nodes: `nodes[..<count]` are this frame's; the rest are last frame's, dropped at the end.
    private(set) var nodes: [RenderNode]
    private(set) var count = 0
    /// Whether some animation is still running or waiting to start (the next frame must evaluate).
    private(set) var sawAnimations = false
    /// How many nodes were written whole, and how many had only what moves written.
    private(set) var wholeWrites = 0, partialWrites = 0
    /// Nodes whose drawing fields come from the layer object, filled in after the visit.
    private var drawings: [PendingDrawing] = []
    /// The node lists of the masks this frame met, and which list the visit is filling (−1: ``nodes``).
    private var maskNodes: [[RenderNode]] = []
    private var currentTree = -1
    private var memo = TimingMemo()

    init(pipeline: FramePipeline, time: CFTimeInterval, reusing nodes: [RenderNode]) {
        self.pipeline = pipeline
        self.time = time
        self.nodes = nodes
    }

    /// Evaluates the tree under `root` into ``nodes``.
    mutating func build(_ s: inout RenderStorage, root: Int32) {
        count = 0
        if root >= 0 {
            visit(&s, root, parent: -1, parentTime: time, parentWorld: .identity, parentSublayer: nil, parentMoved: false)
        }
        if count < nodes.count { nodes.removeSubrange(count...) }
    }

    /// The frame's render tree (after ``finishDrawing()``).
    var renderTree: RenderTree { RenderTree(nodes: nodes, time: time) }

    // MARK: Visiting

    /// `parentSublayer` points at the parent's sublayer matrix (nil when it has none); `parentMoved` says whether
    /// the parent's world transform changed since last frame (so this layer's must be computed again).
    private mutating func visit(_ s: inout RenderStorage, _ slot: Int32, parent: Int, parentTime: CFTimeInterval,
                                parentWorld: CATransform3D, parentSublayer: UnsafePointer<CATransform3D>?, parentMoved: Bool) {
        let i = Int(slot)
        guard s.records[i].flags.contains(.isFilled) else { return }
        let t = s.records[i].localTime(fromParentTime: parentTime)
        let evaluation: LayerEvaluation? = s.records[i].firstAnimation >= 0 ? advanceAndApply(&s, slot, at: t) : nil
        let r = s.records[i]

        // What the layer presents: its evaluation, or the record.
        let g: PresentedGeometry, transform: CATransform3D
        let whole = evaluation?.isWholeState == true
        if let evaluation {
            if whole {
                g = PresentedGeometry(evaluation.state)
                transform = evaluation.state.transform
            } else {
                g = evaluation.geometry
                transform = evaluation.transform
            }
        } else {
            g = r.geometry
            transform = s.modelTransform(r)
        }
        func worldTransform() -> CATransform3D {
            var local = g.matrixToSuperlayer(transform: transform)
            if let parentSublayer { local = local * parentSublayer.pointee }
            // Flatten into the parent's plane: drop the z column.
            local.m13 = 0; local.m23 = 0; local.m33 = 0; local.m43 = 0
            return local * parentWorld
        }
        // A transition's old snapshot goes before the layer's node (after it for `.reveal`).
        let transition = r.flags.contains(.hasTransition) ? transitionLook(s, slot, at: t) : nil
        let transitionWorld = transition.map { _ in worldTransform() }
        if let transition, let transitionWorld, !transition.oldOnTop {
            appendTransitionSnapshot(transition, parent: parent, bounds: g.bounds, world: transitionWorld)
        }

        let index = count
        count += 1
        let isNewNode = index == nodes.count
        if isNewNode { nodes.append(RenderNode(appearance: LayerAppearanceBox.defaults)) }
        let writesWhole = isNewNode || r.nodeIndex != Int32(index) || whole
            || !r.flags.isDisjoint(with: [.needsNodeWrite, .hasDrawing, .hasTransition])
        let moves = writesWhole || evaluation != nil || parentMoved
        let world = transitionWorld ?? (moves ? worldTransform() : nodes[index].worldTransform)

        let appearance = whole ? evaluation!.state.appearance : s.appearances[i]
        if writesWhole {
            let isHidden = whole ? evaluation!.state.isHidden : r.flags.contains(.isHidden)
            let background = whole ? RGBA(evaluation!.state.backgroundColor) : r.flags.contains(.hasBackground) ? r.background : nil
            let layer = s.layers[i]!
            nodes[index].update(
                layerID: layer.layerID, name: layer.storedName, parent: parent,
                bounds: g.bounds, position: g.position, anchorPoint: g.anchorPoint, zPosition: g.zPosition,
                isMirrored: transform.determinant3 < 0, worldTransform: world, opacity: g.opacity, isHidden: isHidden,
                backgroundColor: background, appearance: Unmanaged.passUnretained(appearance),
                backingStore: nil, contentsVersion: 0, contentsGravity: .resize, contentsFrame: nil, hasMask: false)
            s.records[i].nodeIndex = Int32(index)
            s.records[i].flags.remove(.needsNodeWrite)
            wholeWrites += 1
        } else if moves {
            partialWrites += 1
            nodes[index].updateAnimated(bounds: g.bounds, position: g.position, anchorPoint: g.anchorPoint,
                                        zPosition: g.zPosition, worldTransform: world, opacity: g.opacity,
                                        isMirrored: evaluation == nil ? nodes[index].isMirrored : transform.determinant3 < 0)
            if nodes[index].parent != parent { nodes[index].parent = parent }
        } else if nodes[index].parent != parent {
            nodes[index].parent = parent
        }

        if r.firstChild >= 0 {
            let sublayerMatrix = r.flags.contains(.hasSublayerTransform) ? g.sublayerMatrix(appearance.storage.sublayerTransform) : nil
            if var matrix = sublayerMatrix {
                withUnsafePointer(to: &matrix) {
                    visitSublayers(&s, of: slot, r, parent: index, time: t, world: world, sublayer: $0, moved: moves)
                }
            } else {
                visitSublayers(&s, of: slot, r, parent: index, time: t, world: world, sublayer: nil, moved: moves)
            }
        }
        if nodes[index].subtreeEnd != count { nodes[index].subtreeEnd = count }
        if let transition {
            applyTransitionLook(transition, toNodes: index..<count, bounds: g.bounds, world: world)
            if transition.oldOnTop { appendTransitionSnapshot(transition, parent: parent, bounds: g.bounds, world: world) }
        }
        if r.flags.contains(.hasDrawing) {
            let mask = r.mask >= 0 ? buildMask(&s, r.mask, time: t, world: world) : nil
            let drawsPresented = r.flags.contains(.drawsPresentation) && s.records[i].firstAnimation >= 0
            drawings.append(PendingDrawing(
                tree: currentTree, node: index, layer: s.layers[i]!, hasContents: appearance.storage.contents != nil,
                presented: drawsPresented ? evaluation.map { $0.presentedState(over: s.committedState(of: slot)) } : nil,
                mask: mask))
        }
    }

    private mutating func visitSublayers(_ s: inout RenderStorage, of slot: Int32, _ r: LayerRecord, parent: Int, time t: Double,
                                         world: CATransform3D, sublayer: UnsafePointer<CATransform3D>?, moved: Bool) {
        if r.zAnimatedChildren > 0 {
            for child in presentedDrawingOrder(s, of: slot, atLocalTime: t) {
                visit(&s, child, parent: parent, parentTime: t, parentWorld: world, parentSublayer: sublayer, parentMoved: moved)
            }
            return
        }
        var child = r.firstChild
        while child >= 0 {
            let next = s.records[Int(child)].nextSibling
            visit(&s, child, parent: parent, parentTime: t, parentWorld: world, parentSublayer: sublayer, parentMoved: moved)
            child = next
        }
    }

    /// The sublayers of `slot` ordered by *presented* `zPosition` at its local time `t`, ties in sublayer order:
    /// what a frame draws while some sublayer's `zPosition` animates. Sorted per frame, for such layers only.
    private func presentedDrawingOrder(_ s: RenderStorage, of slot: Int32, atLocalTime t: Double) -> [Int32] {
        guard let layer = s.layers[Int(slot)] else { return [] }
        var keyed: [(slot: Int32, z: CGFloat, index: Int)] = []
        for (index, sub) in layer._sublayers.enumerated() where sub.renderStore != nil {
            let c = sub.renderSlot
            guard c >= 0, c < s.records.count, s.records[Int(c)].parent == slot else { continue }
            let r = s.records[Int(c)]
            let z = r.flags.contains(.animatesZPosition)
                ? s.evaluatePresented(c, at: r.localTime(fromParentTime: t)).presentedZPosition : r.geometry.zPosition
            keyed.append((c, z, index))
        }
        return keyed.sorted { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }.map(\.slot)
    }

    /// Visits the mask layer's own tree into a node list of its own (positioned in the masked layer's coordinates,
    /// without its sublayerTransform) and returns the list's index in ``maskNodes``. Mask nodes are made anew each
    /// frame.
    private mutating func buildMask(_ s: inout RenderStorage, _ mask: Int32, time: CFTimeInterval, world: CATransform3D) -> Int {
        let tree = maskNodes.count
        maskNodes.append([])
        var outerNodes: [RenderNode] = []
        swap(&outerNodes, &nodes)
        let (outerCount, outerTree) = (count, currentTree)
        (count, currentTree) = (0, tree)
        visit(&s, mask, parent: -1, parentTime: time, parentWorld: world, parentSublayer: nil, parentMoved: true)
        swap(&outerNodes, &nodes)
        maskNodes[tree] = outerNodes
        (count, currentTree) = (outerCount, outerTree)
        return tree
    }

    /// Appends a finished node (a transition snapshot's).
    mutating func appendNode(_ node: RenderNode) {
        if count < nodes.count { nodes[count] = node } else { nodes.append(node) }
        count += 1
    }

    /// Shifts and fades the live subtree in `range` (its first node is the layer).
    mutating func applyTransitionLook(_ look: TransitionLook, toNodes range: Range<Int>, bounds: CGRect, world: CATransform3D) {
        guard !range.isEmpty else { return }
        nodes[range.lowerBound].opacity *= look.newOpacity
        guard let shift = Self.displayShift(look.newOffset, bounds: bounds, world: world) else { return }
        for i in range { nodes[i].worldTransform = nodes[i].worldTransform * shift }
    }

    // MARK: Animations

    /// Moves each animation of the layer through its phases and applies the effective ones, in order: one pass,
    /// so each animation is touched once per frame. Returns the presented values.
    private mutating func advanceAndApply(_ s: inout RenderStorage, _ slot: Int32, at t: CFTimeInterval) -> LayerEvaluation {
        let i = Int(slot)
        var e = s.startEvaluation(of: slot, s.records[i])
        var previous: Int32 = -1
        var a = s.records[i].firstAnimation
        var removed = false
        while a >= 0 {
            let next = s.animations[Int(a)].next
            if advanceAndApply(&s, a, at: t, to: &e) {
                if previous >= 0 { s.animations[Int(previous)].next = next } else { s.records[i].firstAnimation = next }
                remove(&s, a, of: slot)
                removed = true
            } else {
                previous = a
            }
            a = next
        }
        if removed {
            s.records[i].flags.insert(.needsNodeWrite)
            s.refreshAnimationFlags(of: slot, parent: s.records[i].parent)
        }
        return e
    }

    /// One animation's step; returns whether it is to be removed (ended, and removed on completion).
    @inline(__always)
    private mutating func advanceAndApply(_ s: inout RenderStorage, _ a: Int32, at t: CFTimeInterval,
                                          to e: inout LayerEvaluation) -> Bool {
        let ai = Int(a)
        let record = s.animations[ai]
        let pacing = record.pacing.takeUnretainedValue()
        guard let sample = memo.sample(pacing, at: t) else { return false }
        if sample.phase != .before, !record.hasStarted {
            s.animations[ai].hasStarted = true
            started(s.animationObjects[ai]!)
        }
        if sample.phase == .after {
            if !record.hasFinished {
                s.animations[ai].hasFinished = true
                finished(s.animationObjects[ai]!)
            }
            if record.isRemovedOnCompletion { return true }
        } else {
            sawAnimations = true
        }
        guard sample.isEffective else { return false }
        let fraction = record.program.isEased ? memo.eased(sample.progress, by: pacing)
            : record.program.springFraction(sample, duration: pacing.timing.duration)
        record.program.apply(to: &e, sample: sample, fraction: fraction)
        return false
    }

    private func started(_ animation: CAAnimation) {
        animation.hasStarted = true
        if let delegate = animation.delegate { pipeline.callbacks.append { delegate.animationDidStart(animation) } }
    }

    private func finished(_ animation: CAAnimation) {
        guard !animation.hasFinished else { return }
        animation.hasFinished = true
        if let delegate = animation.delegate {
            pipeline.callbacks.append { delegate.animationDidStop(animation, finished: true) }
        }
        pipeline.settleCompletions(of: animation)
    }

    /// Removes an ended animation from the record and from its layer's list (already unlinked from the record's).
    private func remove(_ s: inout RenderStorage, _ a: Int32, of slot: Int32) {
        guard let animation = s.animationObjects[Int(a)] else { return }
        s.freeAnimation(a)
        animation.attachedLayerID = 0
        if let layer = s.layers[Int(slot)], let k = layer.animationEntries.firstIndex(where: { $0.animation === animation }) {
            layer.animationEntries.remove(at: k)
        }
    }

    // MARK: Drawing

    /// A node whose drawing fields (contents, drawn store, placement, mask) are written after the visit.
    private struct PendingDrawing {
        /// The node list (−1: ``nodes``, else a mask's in ``maskNodes``) and the node's index there.
        var tree: Int, node: Int
        var layer: CALayer
        var hasContents: Bool
        /// The presented state to draw from, for a layer that redraws for animated keys.
        var presented: LayerState?
        /// The layer's mask's node list in ``maskNodes``.
        var mask: Int?
    }

    /// Writes the drawing fields of the nodes that show drawn contents or a mask: the model's store, or one drawn
    /// from the presentation while an animation changes a key the layer redraws for (which runs the layer's
    /// drawing code, so it happens after the visit, with the store's records back in place).
    mutating func finishDrawing() {
        for pending in drawings {
            let layer = pending.layer
            var store: AnyObject? = nil, frame: CGRect? = nil
            if pending.hasContents {
                store = layer.storedBackingStore
            } else if let presented = pending.presented {
                let drawn = layer.drawnContents(presenting: presented)
                (store, frame) = (drawn?.image, drawn?.placementFrame)
            } else if layer.hasSideState {
                let drawn = layer.showModelStore()
                (store, frame) = (drawn?.image, drawn?.placementFrame)
            }
            // Pending drawings come after those of their mask's layers, so the mask's list is complete here.
            let mask = pending.mask.map { RenderTree(nodes: maskNodes[$0], time: time) }
            let version = layer.storedContentsVersion, gravity = layer.storedContentsGravity
            if pending.tree < 0 {
                nodes[pending.node].setDrawing(backingStore: store, contentsVersion: version, contentsGravity: gravity,
                                               contentsFrame: frame, mask: mask)
            } else {
                maskNodes[pending.tree][pending.node].setDrawing(backingStore: store, contentsVersion: version,
                                                                 contentsGravity: gravity, contentsFrame: frame, mask: mask)
            }
        }
        drawings = []
        maskNodes = []
    }
}

extension LayerEvaluation {
    /// The presented `zPosition`.
    var presentedZPosition: CGFloat { isWholeState ? state.zPosition : geometry.zPosition }
}
