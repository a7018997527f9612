import Foundation
import AnimaGraphics

/// Makes one frame from a display's render-side copy: visits the records in drawing order, moves each animation
/// through its phases (queueing start and stop callbacks, removing animations that end and are removed on
/// completion), applies the animations at the layer's local time, and writes one `RenderNode` per layer.
///
/// Nodes are last frame's, rewritten in place. In the display's tree each layer's node stays at its record's slot
/// from frame to frame, and the frame lists the drawing order beside the nodes (``RenderTree/Nodes``): a layer
/// whose record did not change since the last frame gets only what moves written (geometry, opacity, world
/// transform, and its parent's place and its subtree's end in the drawing order when those moved), and a layer
/// that nothing moves, under a parent that did not move, is left as it was — wherever the drawing order puts it.
/// So a layer moving among its siblings costs one node written, not one per sibling it passed. The frame reads no
/// layer object except for layers whose node shows drawn contents or a mask, whose drawing is filled in by
/// ``finishDrawing()`` after the visit (which may run the app's drawing code).
@MainActor
struct FrameEvaluator {
    let pipeline: FramePipeline
    let time: CFTimeInterval
    /// The nodes (written by the visit, and by ``finishDrawing()`` for drawn ones). In the display's tree, a
    /// layer's node is `storage[slot]` and this frame's transition snapshots follow the layers' (from
    /// ``nextSnapshot``); in a mask's list (made anew each frame), nodes are in drawing order.
    var storage: [RenderNode]
    /// The place in ``storage`` of each node, in drawing order: `order[..<count]` are this frame's.
    private(set) var order: [Int32]
    private(set) var count = 0
    /// Whether nodes go to their layer's slot (the display's tree) or to the next place (a mask's list).
    private(set) var bySlot = true
    /// Where the next transition snapshot node goes in the display's tree.
    var nextSnapshot = 0
    /// Whether ``storage`` holds last frame's nodes (otherwise every node is written whole).
    private let reusesNodes: Bool
    /// Above 0 while a replicator's copies are visited: their nodes go after the slots' (as snapshots do), are
    /// written whole, and their animations are applied without moving through their phases (instance 0 does that).
    var replicaDepth = 0
    /// Whether some animation is still running or waiting to start (the next frame must evaluate).
    var sawAnimations = false
    /// How many nodes were written whole, and how many had only what moves written.
    private(set) var wholeWrites = 0, partialWrites = 0
    /// Nodes whose drawing fields come from the layer object, filled in after the visit.
    var drawings: [PendingDrawing] = []
    /// The node lists of the masks this frame met, and which list the visit is filling (−1: ``storage``).
    var maskNodes: [RenderTree.Nodes] = []
    private(set) var currentTree = -1
    var memo = TimingMemo()
    /// What the layer being visited presents: reused for every layer (so nothing is built or copied per layer), and
    /// read only until its sublayers' visits.
    var work = LayerEvaluation(geometry: PresentedGeometry(), transform: nil)

    /// An evaluator writing over `nodes`, last frame's nodes of the same display (nil: every node is written anew).
    init(pipeline: FramePipeline, time: CFTimeInterval, reusing nodes: RenderTree.Nodes?) {
        self.pipeline = pipeline
        self.time = time
        self.storage = nodes?.storage ?? []
        self.order = nodes?.order ?? []
        self.reusesNodes = nodes != nil
    }

    /// Evaluates the tree under `root` into ``storage`` and ``order``.
    mutating func build(_ s: inout RenderStorage, root: Int32) {
        count = 0
        // A node per slot (last frame's snapshots dropped, emptied slots' nodes reset), snapshots after them.
        let slots = s.records.count
        if storage.count > slots { storage.removeSubrange(slots...) }
        for slot in s.vacatedSlots where Int(slot) < storage.count {
            storage[Int(slot)] = RenderNode(appearance: LayerAppearanceBox.defaults)
        }
        s.vacatedSlots.removeAll(keepingCapacity: true)
        if storage.count < slots {
            storage.append(contentsOf: repeatElement(RenderNode(appearance: LayerAppearanceBox.defaults), count: slots - storage.count))
        }
        nextSnapshot = slots
        // The keyframe arena is read, never changed, during the frame: it is held aside and read through a pointer.
        var arena: [Double] = []
        swap(&arena, &s.keyframeArena)
        arena.withUnsafeBufferPointer { buffer in
            keyframeArena = buffer.baseAddress
            if root >= 0 {
                visit(&s, root, parent: -1, parentNode: -1, parentTime: time, parentMoved: false, parentSublayer: nil, parentIsFlat: true)
            }
            keyframeArena = nil
        }
        swap(&arena, &s.keyframeArena)
        if count < order.count { order.removeSubrange(count...) }
    }

    /// The store's keyframe arena while the frame is made.
    var keyframeArena: UnsafePointer<Double>?

    /// The frame's render tree (after ``finishDrawing()``).
    var renderTree: RenderTree { RenderTree(nodes: RenderTree.Nodes(storage: storage, order: order), time: time) }

    // MARK: Visiting

    /// The world transform a root (the tree's, or a mask's) is placed in.
    private var rootWorld = CATransform3D.identity

    /// Visits the layer in `slot` and its sublayers. `parent` is the parent's place in the drawing order and
    /// `parentNode` its node's in ``storage`` (−1 for a root). `parentMoved` says whether the parent's world transform
    /// changed since last frame (so this layer's must be computed again); `parentSublayer` points at the parent's
    /// sublayer matrix (nil when it has none); `parentIsFlat` whether the parent's world transform is the identity
    /// (a display's root usually is: its children's world transforms are then their own matrices, unmultiplied).
    /// The parent's world transform is read from its node.
    ///
    /// Out of line, and its rare paths too: inlined into ``build(_:root:)`` the function grew past what the optimizer
    /// reads in place, and nodes and records were read through the arrays' getters (a copy of each, with its
    /// references retained and released) — twice the frame.
    @inline(never)
    private mutating func visit(_ s: inout RenderStorage, _ slot: Int32, parent: Int, parentNode: Int, parentTime: CFTimeInterval,
                                parentMoved: Bool, parentSublayer: UnsafePointer<CATransform3D>?, parentIsFlat: Bool,
                                parentKeepsDepth: Bool = false) {
        let i = Int(slot)
        let flags = s.records[i].flags
        guard flags.contains(.isFilled) else { return }
        let t = s.records[i].localTime(fromParentTime: parentTime)

        // What the layer presents: the record's values with its animations applied (a whole state for layers
        // whose animations need one).
        s.resetEvaluation(&work, of: slot)
        let animated = s.records[i].firstAnimation >= 0
        if animated {
            if replicaDepth > 0 { applyAnimations(&s, of: slot, at: t) } else { advanceAndApplyAnimations(&s, of: slot, at: t) }
            work.settleTransform()
            if !work.isSurelyFinite() { replaceNonFinite(&s, slot, at: t) }
        }

        // A transition's old snapshot goes before the layer's node (after it for `.reveal`).
        let hasTransition = flags.contains(.hasTransition) && replicaDepth == 0
            && beginTransition(&s, slot, at: t, parent: parent, parentNode: parentNode, parentSublayer, parentIsFlat: parentIsFlat)

        let index = count
        let isReplica = replicaDepth > 0
        let node = isReplica && bySlot ? nextReplicaNode() : bySlot ? i : index
        appendToOrder(node)
        let isNewNode: Bool
        if isReplica && bySlot {
            isNewNode = true
        } else if bySlot {
            isNewNode = !reusesNodes
        } else {
            isNewNode = node == storage.count
            if isNewNode { appendNewNode() }
        }
        let writesWhole = isNewNode || s.records[i].nodeIndex != Int32(node) || work.isWholeState
            || !flags.isDisjoint(with: [.needsNodeWrite, .hasDrawing, .hasTransition])
        let moves = writesWhole || animated || parentMoved
        // A sublayer's place in the drawing order (its parent's place, where its subtree ends) moves when a sibling
        // before it moved: written with what moves, or on its own, in one access — for a leaf, whose subtree ends
        // right after it, before its sublayers' visits (it has none); for others, after them.
        let isLeaf = s.records[i].firstChild < 0
        if writesWhole {
            let world = worldTransform(parentNode: parentNode, parentSublayer, parentIsFlat: parentIsFlat, keepsDepth: parentKeepsDepth)
            writeWhole(&s, slot, node: node, parent: parent, world: world)
            if !isReplica {
                s.records[i].nodeIndex = bySlot ? Int32(node) : -1
                s.records[i].flags.remove(.needsNodeWrite)
            }
        } else if moves {
            let world = worldTransform(parentNode: parentNode, parentSublayer, parentIsFlat: parentIsFlat, keepsDepth: parentKeepsDepth)
            let g = work.geometry, isMirrored = work.isMirrored()
            storage[node].updateAnimated(bounds: g.bounds, position: g.position, anchorPoint: g.anchorPoint,
                                         zPosition: g.zPosition, worldTransform: world, opacity: g.opacity,
                                         isMirrored: isMirrored, parent: parent, leafEnd: isLeaf ? count : nil)
            partialWrites += 1
        } else if placeOfParent(in: node) != parent || (isLeaf && subtreeEnd(of: node) != count) {
            storage[node].setPlace(parent: parent, leafEnd: isLeaf ? count : nil)
        }
        if flags.contains(.hasDrawing) {
            noteDrawing(&s, slot, node: node, at: t)
            if let emitter = s.layers[i] as? CAEmitterLayer { emitParticles(&s, slot, emitter: emitter, parent: index, node: node, at: t) }
        }

        if s.records[i].firstChild >= 0 {
            // Read before the sublayers' visits, which reuse ``work``.
            let replicas = flags.contains(.replicates) ? replicaPlan(&s, slot) : nil
            let isFlat = Self.actsAsIdentityOnFlatLayers(storage[node].worldTransform)
            let keepsDepth = flags.contains(.keepsSublayerDepth)
            if flags.contains(.hasSublayerTransform), var matrix = sublayerMatrix(&s, slot) {
                withUnsafePointer(to: &matrix) {
                    visitSublayers(&s, of: slot, parent: index, parentNode: node, time: t, moved: moves, sublayer: $0, isFlat: isFlat,
                                   keepsDepth: keepsDepth)
                }
            } else {
                visitSublayers(&s, of: slot, parent: index, parentNode: node, time: t, moved: moves, sublayer: nil, isFlat: isFlat,
                               keepsDepth: keepsDepth)
            }
            if let replicas { replicate(&s, slot, replicas, parent: index, parentNode: node, time: t) }
        }
        if !isLeaf || writesWhole, subtreeEnd(of: node) != count { storage[node].subtreeEnd = count }
        if hasTransition { endTransition(at: index, parent: parent) }
    }

    /// Puts the node at `node` in ``storage`` next in the drawing order: written only where it changed (most frames
    /// draw in last frame's order, and each write checks that the buffer is not shared).
    @inline(__always)
    mutating func appendToOrder(_ node: Int) {
        if count < order.count {
            if order[count] != Int32(node) { order[count] = Int32(node) }
        } else {
            growOrder(node)
        }
        count += 1
    }

    /// The parent and subtree end of a node, read in place whatever the optimizer makes of the visit (see
    /// ``visit(_:_:parent:parentNode:parentTime:parentMoved:parentSublayer:parentIsFlat:)``); nonisolated, as a
    /// closure made in main-actor code checks the executor at each call.
    @inline(__always)
    private func placeOfParent(in node: Int) -> Int { Self.placeOfParent(in: node, of: storage) }
    @inline(__always)
    private func subtreeEnd(of node: Int) -> Int { Self.subtreeEnd(of: node, of: storage) }
    @inline(__always)
    private nonisolated static func placeOfParent(in node: Int, of nodes: [RenderNode]) -> Int {
        nodes.withUnsafeBufferPointer { $0[node].parent }
    }
    @inline(__always)
    private nonisolated static func subtreeEnd(of node: Int, of nodes: [RenderNode]) -> Int {
        nodes.withUnsafeBufferPointer { $0[node].subtreeEnd }
    }

    /// The rare paths of the visit, out of line.
    @inline(never)
    private mutating func growOrder(_ node: Int) { order.append(Int32(node)) }

    @inline(never)
    mutating func appendNewNode() { storage.append(RenderNode(appearance: LayerAppearanceBox.defaults)) }

    /// The world transform of the layer presenting ``work``: its matrix to its superlayer (with the parent's
    /// sublayer matrix), flattened into the parent's plane unless the parent `keepsDepth` (a `CATransformLayer`),
    /// then the parent's world transform. (Its z column never reaches the screen, so the identity shortcut of a
    /// flat parent holds either way.)
    @inline(__always)
    private mutating func worldTransform(parentNode: Int, _ parentSublayer: UnsafePointer<CATransform3D>?, parentIsFlat: Bool,
                                         keepsDepth: Bool = false) -> CATransform3D {
        var local = work.matrixToSuperlayer()
        if let parentSublayer { local = local * parentSublayer.pointee }
        // Flatten into the parent's plane: drop the z column.
        if !keepsDepth { local.m13 = 0; local.m23 = 0; local.m33 = 0; local.m43 = 0 }
        let world = parentIsFlat ? local : parentNode >= 0 ? local * storage[parentNode].worldTransform : local * rootWorld
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
        let properties = work.replaceNonFiniteValues { s.committedState(of: slot) }   // read only when needed
        guard !properties.isEmpty else { return }
        let i = Int(slot)
        guard !s.records[i].flags.contains(.reportedNonFinite) else { return }
        s.records[i].flags.insert(.reportedNonFinite)
        let name = s.layers[i]?.debugName ?? "#\(slot)"
        Diagnostics.report("CALayer \(name): animations of \(properties.joined(separator: ", ")) overflowed to a non-finite value at local time \(t); showing the committed value instead")
    }

    /// The sublayer matrix of the layer presenting ``work`` (nil when its sublayer transform is the identity and its
    /// geometry is not flipped).
    @inline(never)
    func sublayerMatrix(_ s: inout RenderStorage, _ slot: Int32) -> CATransform3D? {
        if work.isWholeState { return work.state.sublayerMatrix }
        let appearance = s.appearances[Int(slot)].storage
        return work.geometry.sublayerMatrix(appearance.sublayerTransform, isGeometryFlipped: appearance.isGeometryFlipped)
    }

    mutating func visitSublayers(_ s: inout RenderStorage, of slot: Int32, parent: Int, parentNode: Int, time t: Double,
                                         moved: Bool, sublayer: UnsafePointer<CATransform3D>?, isFlat: Bool, keepsDepth: Bool) {
        if s.records[Int(slot)].zAnimatedChildren > 0 {
            for child in presentedDrawingOrder(&s, of: slot, atLocalTime: t) {
                visit(&s, child, parent: parent, parentNode: parentNode, parentTime: t, parentMoved: moved,
                      parentSublayer: sublayer, parentIsFlat: isFlat, parentKeepsDepth: keepsDepth)
            }
            return
        }
        var child = s.records[Int(slot)].firstChild
        while child >= 0 {
            let next = s.records[Int(child)].nextSibling
            visit(&s, child, parent: parent, parentNode: parentNode, parentTime: t, parentMoved: moved,
                  parentSublayer: sublayer, parentIsFlat: isFlat, parentKeepsDepth: keepsDepth)
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
        maskNodes.append(RenderTree.Nodes([]))
        var (outerStorage, outerOrder): ([RenderNode], [Int32]) = ([], [])
        swap(&outerStorage, &storage)
        swap(&outerOrder, &order)
        let (outerCount, outerTree, outerWorld, outerBySlot) = (count, currentTree, rootWorld, bySlot)
        (count, currentTree, rootWorld, bySlot) = (0, tree, world, false)
        visit(&s, mask, parent: -1, parentNode: -1, parentTime: time, parentMoved: true, parentSublayer: nil,
              parentIsFlat: Self.actsAsIdentityOnFlatLayers(world))
        swap(&outerStorage, &storage)
        swap(&outerOrder, &order)
        maskNodes[tree] = RenderTree.Nodes(storage: outerStorage, order: outerOrder)
        (count, currentTree, rootWorld, bySlot) = (outerCount, outerTree, outerWorld, outerBySlot)
        return tree
    }

    /// Appends a finished node (a transition snapshot's) to the drawing order.
    mutating func appendNode(_ node: RenderNode) {
        let place: Int
        if bySlot {
            place = nextSnapshot
            nextSnapshot += 1
        } else {
            place = count
        }
        if place < storage.count { storage[place] = node } else { storage.append(node) }
        appendToOrder(place)
    }

    // MARK: Transitions

    /// The transitions being drawn, innermost last: each layer's look, bounds and world transform.
    private var transitions: [(look: TransitionLook, bounds: CGRect, world: CATransform3D)] = []

    /// Starts the transition of the layer in `slot`, if one shows now: appends the old snapshot unless it goes on
    /// top, and keeps the look for ``endTransition(node:parent:)``. Returns whether one shows.
    @inline(never)
    private mutating func beginTransition(_ s: inout RenderStorage, _ slot: Int32, at t: Double, parent: Int, parentNode: Int,
                                          _ parentSublayer: UnsafePointer<CATransform3D>?, parentIsFlat: Bool) -> Bool {
        guard let look = transitionLook(s, slot, at: t) else { return false }
        let world = worldTransform(parentNode: parentNode, parentSublayer, parentIsFlat: parentIsFlat)
        let bounds = work.isWholeState ? work.state.bounds : work.geometry.bounds
        if !look.oldOnTop { appendTransitionSnapshot(look, parent: parent, bounds: bounds, world: world) }
        transitions.append((look, bounds, world))
        return true
    }

    /// Moves and fades the live subtree (from `index` in the drawing order to here), and appends the old snapshot
    /// when it goes on top.
    @inline(never)
    private mutating func endTransition(at index: Int, parent: Int) {
        let (look, bounds, world) = transitions.removeLast()
        let range = index..<count
        storage[Int(order[index])].opacity *= Float(look.new.opacity)
        if let shift = look.new.motion.displayTransform(bounds: bounds, world: world) {
            for i in range {
                let node = Int(order[i])
                let moved = storage[node].worldTransform * shift
                if moved.isFinite { storage[node].worldTransform = moved }
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
        storage[index].update(
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
        storage[index].update(
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
        let mask = s.records[i].mask >= 0 ? buildMask(&s, s.records[i].mask, time: t, world: storage[index].worldTransform) : nil
        // Drawn from the presentation only while animations change a key the class redraws for (a shape layer that
        // only moves shows its model's store).
        let drawsPresented = s.records[i].flags.contains(.drawsPresentation) && s.records[i].firstAnimation >= 0
            && e.mayHaveWritten(type(of: s.layers[i]!).displayKeyBits)
        let contents = e.isWholeState ? e.state.contents : s.appearances[i].storage.contents
        let presented = drawsPresented ? e.presentedState(over: s.committedState(of: slot)) : nil
        drawings.append(PendingDrawing(tree: currentTree, node: index, layer: s.layers[i]!, hasContents: contents != nil,
                                       presented: presented, mask: mask))
    }
}

extension LayerEvaluation {
    /// The presented `zPosition`.
    var presentedZPosition: CGFloat { isWholeState ? state.zPosition : geometry.zPosition }
}
