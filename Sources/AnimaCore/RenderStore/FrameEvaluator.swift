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
    /// What the layer being visited presents: reused for every layer (so nothing is built or copied per layer), and
    /// read only until its sublayers' visits.
    private var work = LayerEvaluation(geometry: PresentedGeometry(), transform: nil)

    init(pipeline: FramePipeline, time: CFTimeInterval, reusing nodes: [RenderNode]) {
        self.pipeline = pipeline
        self.time = time
        self.nodes = nodes
    }

    /// Evaluates the tree under `root` into ``nodes``.
    mutating func build(_ s: inout RenderStorage, root: Int32) {
        count = 0
        // The keyframe arena is read, never changed, during the frame: it is held aside and read through a pointer.
        var arena: [Double] = []
        swap(&arena, &s.keyframeArena)
        arena.withUnsafeBufferPointer { buffer in
            keyframeArena = buffer.baseAddress
            if root >= 0 { visit(&s, root, parent: -1, parentTime: time, parentMoved: false, parentSublayer: nil, parentIsFlat: true) }
            keyframeArena = nil
        }
        swap(&arena, &s.keyframeArena)
        if count < nodes.count { nodes.removeSubrange(count...) }
    }

    /// The store's keyframe arena while the frame is made.
    private var keyframeArena: UnsafePointer<Double>?

    /// The frame's render tree (after ``finishDrawing()``).
    var renderTree: RenderTree { RenderTree(nodes: nodes, time: time) }

    // MARK: Visiting

    /// The world transform a root (the tree's, or a mask's) is placed in.
    private var rootWorld = CATransform3D.identity

    /// Visits the layer in `slot` and its sublayers. `parentMoved` says whether the parent's world transform
    /// changed since last frame (so this layer's must be computed again); `parentSublayer` points at the parent's
    /// sublayer matrix (nil when it has none); `parentIsFlat` whether the parent's world transform is the identity
    /// (a display's root usually is: its children's world transforms are then their own matrices, unmultiplied).
    /// The parent's world transform is read from its node.
    private mutating func visit(_ s: inout RenderStorage, _ slot: Int32, parent: Int, parentTime: CFTimeInterval,
                                parentMoved: Bool, parentSublayer: UnsafePointer<CATransform3D>?, parentIsFlat: Bool) {
        let i = Int(slot)
        let flags = s.records[i].flags
        guard flags.contains(.isFilled) else { return }
        let t = s.records[i].localTime(fromParentTime: parentTime)

        // What the layer presents: the record's values with its animations applied (a whole state for layers
        // whose animations need one).
        s.resetEvaluation(&work, of: slot)
        let animated = s.records[i].firstAnimation >= 0
        if animated {
            advanceAndApplyAnimations(&s, of: slot, at: t)
            work.settleTransform()
            if !work.isSurelyFinite() { replaceNonFinite(&s, slot, at: t) }
        }

        // A transition's old snapshot goes before the layer's node (after it for `.reveal`).
        let hasTransition = flags.contains(.hasTransition) && beginTransition(&s, slot, at: t, parent: parent, parentSublayer, parentIsFlat: parentIsFlat)

        let index = count
        count += 1
        let isNewNode = index == nodes.count
        if isNewNode { nodes.append(RenderNode(appearance: LayerAppearanceBox.defaults)) }
        let writesWhole = isNewNode || s.records[i].nodeIndex != Int32(index) || work.isWholeState
            || !flags.isDisjoint(with: [.needsNodeWrite, .hasDrawing, .hasTransition])
        let moves = writesWhole || animated || parentMoved
        if writesWhole {
            let world = worldTransform(parent: parent, parentSublayer, parentIsFlat: parentIsFlat)
            writeWhole(&s, slot, node: index, parent: parent, world: world)
            s.records[i].nodeIndex = Int32(index)
            s.records[i].flags.remove(.needsNodeWrite)
        } else if moves {
            let world = worldTransform(parent: parent, parentSublayer, parentIsFlat: parentIsFlat)
            let g = work.geometry, isMirrored = work.isMirrored()
            nodes[index].updateAnimated(bounds: g.bounds, position: g.position, anchorPoint: g.anchorPoint,
                                        zPosition: g.zPosition, worldTransform: world, opacity: g.opacity,
                                        isMirrored: isMirrored)
            if nodes[index].parent != parent { nodes[index].parent = parent }
            partialWrites += 1
        } else if nodes[index].parent != parent {
            nodes[index].parent = parent
        }
        if flags.contains(.hasDrawing) { noteDrawing(&s, slot, node: index, at: t) }

        if s.records[i].firstChild >= 0 {
            let isFlat = Self.actsAsIdentityOnFlatLayers(nodes[index].worldTransform)
            if flags.contains(.hasSublayerTransform), var matrix = sublayerMatrix(&s, slot) {
                withUnsafePointer(to: &matrix) {
                    visitSublayers(&s, of: slot, parent: index, time: t, moved: moves, sublayer: $0, isFlat: isFlat)
                }
            } else {
                visitSublayers(&s, of: slot, parent: index, time: t, moved: moves, sublayer: nil, isFlat: isFlat)
            }
        }
        if nodes[index].subtreeEnd != count { nodes[index].subtreeEnd = count }
        if hasTransition { endTransition(node: index, parent: parent) }
    }

    /// The world transform of the layer presenting ``work``: its matrix to its superlayer (with the parent's
    /// sublayer matrix), flattened into the parent's plane, then the parent's world transform.
    @inline(__always)
    private mutating func worldTransform(parent: Int, _ parentSublayer: UnsafePointer<CATransform3D>?, parentIsFlat: Bool) -> CATransform3D {
        var local = work.matrixToSuperlayer()
        if let parentSublayer { local = local * parentSublayer.pointee }
        // Flatten into the parent's plane: drop the z column.
        local.m13 = 0; local.m23 = 0; local.m33 = 0; local.m43 = 0
        let world = parentIsFlat ? local : parent >= 0 ? local * nodes[parent].worldTransform : local * rootWorld
        // A sum of the entries that can be non-zero is finite exactly when they all are (or, past ±10³⁰⁸, when some
        // overflow: such a layer has no place on a display either).
        let sum = world.m11 + world.m12 + world.m14 + world.m21 + world.m22 + world.m24 + world.m31 + world.m32
            + world.m34 + world.m41 + world.m42 + world.m44
        return sum.isFinite ? world : Self.collapsed
    }

    /// Whether multiplying a flattened layer matrix (third column zero) by `w` leaves it as it is: `w`'s first,
    /// second and fourth rows are the identity's. (Its third row meets only the zero column; a display's root, once
    /// flattened, is such a matrix, with m33 = 0.)
    @inline(__always)
    static func actsAsIdentityOnFlatLayers(_ w: CATransform3D) -> Bool {
        w.m11 == 1 && w.m12 == 0 && w.m13 == 0 && w.m14 == 0 && w.m21 == 0 && w.m22 == 1 && w.m23 == 0 && w.m24 == 0
            && w.m41 == 0 && w.m42 == 0 && w.m43 == 0 && w.m44 == 1
    }

    /// What a layer whose world transform overflows is drawn with: everything at one point (nothing shows). Finite
    /// values that large (a layer 10³⁰⁸ points from its parent) have no place on a display.
    static let collapsed = CATransform3D(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                                         m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// Puts the committed values back where the layer's animations made presented values infinite or NaN, and
    /// reports it once per layer until its animations change.
    @inline(never)
    private mutating func replaceNonFinite(_ s: inout RenderStorage, _ slot: Int32, at t: Double) {
        let committed = s.committedState(of: slot)
        let properties = work.replaceNonFiniteValues { committed }
        guard !properties.isEmpty else { return }
        let i = Int(slot)
        guard !s.records[i].flags.contains(.reportedNonFinite) else { return }
        s.records[i].flags.insert(.reportedNonFinite)
        let name = s.layers[i]?.debugName ?? "#\(slot)"
        Diagnostics.report("CALayer \(name): animations of \(properties.joined(separator: ", ")) overflowed to a non-finite value at local time \(t); showing the committed value instead")
    }

    /// The sublayer matrix of the layer presenting ``work`` (nil when its sublayer transform is the identity).
    @inline(never)
    private func sublayerMatrix(_ s: inout RenderStorage, _ slot: Int32) -> CATransform3D? {
        if work.isWholeState { return work.state.sublayerMatrix }
        return work.geometry.sublayerMatrix(s.appearances[Int(slot)].storage.sublayerTransform)
    }

    private mutating func visitSublayers(_ s: inout RenderStorage, of slot: Int32, parent: Int, time t: Double,
                                         moved: Bool, sublayer: UnsafePointer<CATransform3D>?, isFlat: Bool) {
        if s.records[Int(slot)].zAnimatedChildren > 0 {
            for child in presentedDrawingOrder(&s, of: slot, atLocalTime: t) {
                visit(&s, child, parent: parent, parentTime: t, parentMoved: moved, parentSublayer: sublayer, parentIsFlat: isFlat)
            }
            return
        }
        var child = s.records[Int(slot)].firstChild
        while child >= 0 {
            let next = s.records[Int(child)].nextSibling
            visit(&s, child, parent: parent, parentTime: t, parentMoved: moved, parentSublayer: sublayer, parentIsFlat: isFlat)
            child = next
        }
    }

    /// The sublayers of `slot` ordered by *presented* `zPosition` at its local time `t`, ties in sublayer order:
    /// what a frame draws while some sublayer's `zPosition` animates. Sorted per frame, for such layers only.
    @inline(never)
    private func presentedDrawingOrder(_ s: inout RenderStorage, of slot: Int32, atLocalTime t: Double) -> [Int32] {
        guard let layer = s.layers[Int(slot)] else { return [] }
        var keyed: [(slot: Int32, z: CGFloat, index: Int)] = []
        for (index, sub) in layer._sublayers.enumerated() where sub.renderStore != nil {
            let c = sub.renderSlot
            guard c >= 0, c < s.records.count, s.records[Int(c)].parent == slot else { continue }
            let r = s.records[Int(c)]
            let z = r.flags.contains(.animatesZPosition)
                ? s.evaluatePresented(c, at: r.localTime(fromParentTime: t), arena: keyframeArena).presentedZPosition : r.geometry.zPosition
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
        let (outerCount, outerTree, outerWorld) = (count, currentTree, rootWorld)
        (count, currentTree, rootWorld) = (0, tree, world)
        visit(&s, mask, parent: -1, parentTime: time, parentMoved: true, parentSublayer: nil,
              parentIsFlat: Self.actsAsIdentityOnFlatLayers(world))
        swap(&outerNodes, &nodes)
        maskNodes[tree] = outerNodes
        (count, currentTree, rootWorld) = (outerCount, outerTree, outerWorld)
        return tree
    }

    /// Appends a finished node (a transition snapshot's).
    mutating func appendNode(_ node: RenderNode) {
        if count < nodes.count { nodes[count] = node } else { nodes.append(node) }
        count += 1
    }

    // MARK: Transitions

    /// The transitions being drawn, innermost last: each layer's look, bounds and world transform.
    private var transitions: [(look: TransitionLook, bounds: CGRect, world: CATransform3D)] = []

    /// Starts the transition of the layer in `slot`, if one shows now: appends the old snapshot unless it goes on
    /// top, and keeps the look for ``endTransition(node:parent:)``. Returns whether one shows.
    @inline(never)
    private mutating func beginTransition(_ s: inout RenderStorage, _ slot: Int32, at t: Double, parent: Int,
                                          _ parentSublayer: UnsafePointer<CATransform3D>?, parentIsFlat: Bool) -> Bool {
        guard let look = transitionLook(s, slot, at: t) else { return false }
        let world = worldTransform(parent: parent, parentSublayer, parentIsFlat: parentIsFlat)
        let bounds = work.isWholeState ? work.state.bounds : work.geometry.bounds
        if !look.oldOnTop { appendTransitionSnapshot(look, parent: parent, bounds: bounds, world: world) }
        transitions.append((look, bounds, world))
        return true
    }

    /// Shifts and fades the live subtree (from `node` to here), and appends the old snapshot when it goes on top.
    @inline(never)
    private mutating func endTransition(node index: Int, parent: Int) {
        let (look, bounds, world) = transitions.removeLast()
        let range = index..<count
        nodes[range.lowerBound].opacity *= look.newOpacity
        if let shift = Self.displayShift(look.newOffset, bounds: bounds, world: world) {
            for i in range {
                let moved = nodes[i].worldTransform * shift
                if moved.isFinite { nodes[i].worldTransform = moved }
            }
        }
        if look.oldOnTop { appendTransitionSnapshot(look, parent: parent, bounds: bounds, world: world) }
    }

    /// Writes every field of the layer's node (its drawing fields come later, from ``finishDrawing()``).
    @inline(never)
    private mutating func writeWhole(_ s: inout RenderStorage, _ slot: Int32, node index: Int, parent: Int,
                                     world: CATransform3D) {
        wholeWrites += 1
        let i = Int(slot)
        if work.isWholeState { return writeWholeState(&s, slot, node: index, parent: parent, world: world) }
        // From the record and the store's arrays only: no layer object is read.
        let flags = s.records[i].flags
        let g = work.geometry, isMirrored = work.isMirrored()
        nodes[index].update(
            layerID: s.layerIDs[i], name: s.name(of: slot), parent: parent,
            bounds: g.bounds, position: g.position, anchorPoint: g.anchorPoint, zPosition: g.zPosition,
            isMirrored: isMirrored, worldTransform: world,
            opacity: g.opacity, isHidden: flags.contains(.isHidden),
            backgroundColor: flags.contains(.hasBackground) ? s.records[i].background : nil,
            appearance: Unmanaged.passUnretained(s.appearances[i]),
            backingStore: nil, contentsVersion: 0, contentsGravity: .resize, contentsFrame: nil, hasMask: false)
    }

    /// ``writeWhole(_:_:node:parent:world:)`` for a layer evaluated as a whole state.
    @inline(never)
    private mutating func writeWholeState(_ s: inout RenderStorage, _ slot: Int32, node index: Int, parent: Int,
                                          world: CATransform3D) {
        let i = Int(slot)
        let state = work.state
        nodes[index].update(
            layerID: s.layerIDs[i], name: s.name(of: slot), parent: parent,
            bounds: state.bounds, position: state.position, anchorPoint: state.anchorPoint, zPosition: state.zPosition,
            isMirrored: state.transform.determinant3 < 0, worldTransform: world, opacity: state.opacity,
            isHidden: state.isHidden, backgroundColor: RGBA(state.backgroundColor),
            appearance: Unmanaged.passUnretained(state.appearance),
            backingStore: nil, contentsVersion: 0, contentsGravity: .resize, contentsFrame: nil, hasMask: false)
        withExtendedLifetime(state) {}
    }

    /// Notes the node's drawing for ``finishDrawing()``, building the layer's mask's nodes first.
    @inline(never)
    private mutating func noteDrawing(_ s: inout RenderStorage, _ slot: Int32, node index: Int, at t: Double) {
        let i = Int(slot)
        let e = work
        let mask = s.records[i].mask >= 0 ? buildMask(&s, s.records[i].mask, time: t, world: nodes[index].worldTransform) : nil
        let drawsPresented = s.records[i].flags.contains(.drawsPresentation) && s.records[i].firstAnimation >= 0
        let contents = e.isWholeState ? e.state.contents : s.appearances[i].storage.contents
        let presented = drawsPresented ? e.presentedState(over: s.committedState(of: slot)) : nil
        drawings.append(PendingDrawing(tree: currentTree, node: index, layer: s.layers[i]!, hasContents: contents != nil,
                                       presented: presented, mask: mask))
    }

    // MARK: Animations

    /// Moves each animation of the layer through its phases and applies the effective ones, in order: one pass,
    /// so each animation is touched once per frame. Returns the presented values.
    private mutating func advanceAndApplyAnimations(_ s: inout RenderStorage, of slot: Int32, at t: CFTimeInterval) {
        let i = Int(slot)
        var previous: Int32 = -1
        var a = s.records[i].firstAnimation
        var removed = false
        while a >= 0 {
            let next = s.animations[Int(a)].next
            if advanceAndApply(&s, a, at: t) {
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
    }

    /// One animation's step; returns whether it is to be removed (ended, and removed on completion).
    @inline(__always)
    private mutating func advanceAndApply(_ s: inout RenderStorage, _ a: Int32, at t: CFTimeInterval) -> Bool {
        let ai = Int(a)
        let record = s.animations[ai]
        let pacing = record.pacing
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
            : pacing._withUnsafeGuaranteedRef { $0.springFraction(sample) }
        record.program.apply(to: &work, sample: sample, fraction: fraction, arena: keyframeArena)
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
            } else if layer.drawsInStepWithDisplay, let region = displayRegion(of: pending) {
                let drawn = layer.drawnContents(presenting: pending.presented, on: region.grid, visible: region.visible,
                                                maximumScale: region.maximumScale)
                (store, frame) = (drawn.image, drawn.placementFrame)
            } else if let presented = pending.presented {
                let drawn = layer.drawnContents(presenting: presented)
                (store, frame) = (drawn?.image, drawn?.placementFrame)
            } else if layer.hasDrawnStore || layer.drawsInStepWithDisplay {
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

    /// Where the pending node's layer meets the display, when the display's scale is known and the node's
    /// transform to the display is 2-D affine: the display's pixel grid as the layer sees it (nil unless the
    /// transform only scales and moves it), and the part of the layer's plane the display can show (its
    /// rectangle grown by a quarter of its larger side, for shadows cast from off screen) in the layer's coordinates,
    /// so that a layer scaled far beyond the display is drawn only where it can be seen; and, for a store not on
    /// the grid, the most pixels per point worth drawing: twice as many as the display shows (the compositor
    /// resamples such a store, and from twice the size that keeps edges crisp).
    private func displayRegion(of pending: PendingDrawing) -> (grid: PixelGrid?, visible: CGRect?, maximumScale: CGFloat)? {
        let scale = pipeline.pixelsPerPoint
        guard scale > 0, count > 0 else { return nil }
        let world = pending.tree < 0 ? nodes[pending.node].worldTransform : maskNodes[pending.tree][pending.node].worldTransform
        guard world.m14 == 0, world.m24 == 0, world.m44 != 0 else { return nil }
        let grid = PixelGrid(world: world, pixelsPerPoint: scale)
        let area = abs(world.m11 * world.m22 - world.m12 * world.m21) / (world.m44 * world.m44)
        let maximumScale = area.isFinite && area > 0 ? 2 * area.squareRoot() * scale : .infinity
        // The two fields read in place: binding the root node would copy it, and this runs for every drawn layer.
        guard let screen = PixelGrid.mapped(nodes[0].bounds, by: nodes[0].worldTransform), !screen.isEmpty else {
            return (grid, nil, maximumScale)
        }
        let margin = max(screen.width, screen.height) / 4
        return (grid, PixelGrid.mapped(screen.insetBy(dx: -margin, dy: -margin), by: world, inverted: true), maximumScale)
    }
}

extension LayerEvaluation {
    /// The presented `zPosition`.
    var presentedZPosition: CGFloat { isWholeState ? state.zPosition : geometry.zPosition }
}
