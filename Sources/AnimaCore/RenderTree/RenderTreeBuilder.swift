import Foundation
import AnimaGraphics

/// Walks the model tree once per frame: advances each animation's phase (start and stop
/// callbacks, removal on completion), applies animations at the layer's local time, and writes
/// one `RenderNode` per layer.
@MainActor
struct RenderTreeBuilder {
    let pipeline: FramePipeline
    let time: CFTimeInterval
    /// The nodes: `nodes[..<count]` are this frame's; the rest are last frame's, overwritten in place
    /// (`RenderNode.update`) as the walk reaches them and dropped at the end.
    var nodes: [RenderNode] = []
    private(set) var count = 0
    /// Whether any animation is still running or waiting to start (the next frame must evaluate).
    private(set) var sawAnimations = false
    /// Whether an animation was waiting for its commit or outside its active phase (a ``SteadyFrame`` copy
    /// of the tree could not make the frame; the next may).
    private(set) var sawInactive = false
    /// The last timing-curve solve: animations added together share curve and progress, and solving
    /// the cubic (Newton's method) costs more than comparing. Deterministic, so reuse changes nothing.
    ///
    /// The memos name pacings by identity, holding no reference (storing one would retain and release per
    /// animation whenever the memo misses, as it does for animations on their own clocks). An identity can
    /// only match its own pacing: no pacing is made during a build, so every pacing compared was alive at its
    /// start, at a distinct address. Each memo also keeps the values, for pacings that are equal but not shared.
    private var lastSolve: (pacing: ObjectIdentifier, curve: TimingCurve, x: Double, y: Double)?
    /// The last two timing samples, for the same reason: animations committed together share their pacing
    /// object (two entries, as a layer's animations usually alternate between two). Sampling is pure.
    private var sampleMemo: SampleMemo?
    private var sampleMemo2: SampleMemo?
    private struct SampleMemo {
        var pacing: ObjectIdentifier, timing: AnimationTiming, time: Double, sample: TimingSample?
        @inline(__always)
        func matches(_ other: CommittedPacing, at t: Double) -> Bool {
            time == t && (pacing == ObjectIdentifier(other) || timing == other.timing)
        }
    }
    /// The whole presentation state of the layer being evaluated, when its animations need more than
    /// geometry (`hasFullState`). A member rather than a local optional: an optional 240-byte state per
    /// layer cost zeroing and copies in every visit, even when unused.
    private var fullState = LayerState()
    private var hasFullState = false

    init(pipeline: FramePipeline, time: CFTimeInterval) {
        self.pipeline = pipeline
        self.time = time
    }

    /// Builds the tree into `storage`, last frame's nodes: a frame usually presents the same layers in the
    /// same order, so node `i` is overwritten field by field, and references that did not change (the
    /// appearance box, contents) are neither released nor retained again. If someone still holds the
    /// old tree, the first write copies the buffer (copy on write), so that tree is untouched.
    mutating func build(root: CALayer?, reusing storage: inout [RenderNode]) -> RenderTree {
        swap(&nodes, &storage)
        count = 0
        if let root { visit(root, parent: -1, parentTime: time, parentWorld: .identity, parentSublayer: nil) }
        finishNodes()
        return RenderTree(nodes: nodes, time: time)
    }

    /// The index of the next node: last frame's node there, or a new one (with `appearance` as a placeholder).
    @inline(__always)
    private mutating func nextNode(_ appearance: Unmanaged<LayerAppearanceBox>) -> Int {
        let index = count
        if index == nodes.count { nodes.append(RenderNode(appearance: appearance.takeUnretainedValue())) }
        count = index + 1
        return index
    }

    /// Appends a finished node (a transition snapshot's).
    mutating func appendNode(_ node: RenderNode) {
        if count < nodes.count { nodes[count] = node } else { nodes.append(node) }
        count += 1
    }

    /// Drops the nodes left from last frame past this frame's.
    private mutating func finishNodes() {
        if count < nodes.count { nodes.removeSubrange(count...) }
    }

    /// `parentSublayer` points at the parent's sublayer matrix (nil when it has none): a pointer, not an
    /// optional matrix, because copying a 129-byte optional per layer showed in profiles.
    private mutating func visit(_ layer: CALayer, parent: Int, parentTime: CFTimeInterval,
                                parentWorld: CATransform3D, parentSublayer: UnsafePointer<CATransform3D>?) {
        let t = layer.localTime(fromParentTime: parentTime)
        var hasTransition = false
        // The presented values: geometry in `g`; the whole state is copied (into `fullState`) only when an
        // animation needs more than the scalar fast path on geometry (see `advanceAndApplyAnimations`).
        var g = PresentedGeometry(layer.state)
        hasFullState = false
        if !layer.animationEntries.isEmpty {
            advanceAndApplyAnimations(of: layer, at: t, geometry: &g, sawTransition: &hasTransition)
        }
        let isAnimated = !layer.animationEntries.isEmpty
        // The appearance box is used unretained (a retain and release per layer, atomic writes, cost more than
        // the arithmetic): the layer or `fullState` holds it until the node below stores it, and from then on
        // the node does. Only drawing runs code of the app's before that (its `init(layer:)`, `draw(in:)`), and
        // holds the box while it runs.
        let transform: CATransform3D, appearance: Unmanaged<LayerAppearanceBox>, isHidden: Bool, background: RGBA?
        if hasFullState {
            g = PresentedGeometry(fullState)
            transform = fullState.transform; appearance = Unmanaged.passUnretained(fullState.appearance)
            isHidden = fullState.isHidden; background = RGBA(fullState.backgroundColor)
        } else {
            transform = layer.state.isTransformIdentity ? .identity : layer.state.transform
            appearance = Unmanaged.passUnretained(layer.state.appearance)
            isHidden = layer.state.isHidden; background = RGBA(layer.state.backgroundColor)
        }
        let hasContents = withUnretained(appearance) { $0.storage.contents != nil }

        var local = g.matrixToSuperlayer(transform: transform)
        if let parentSublayer { local = local * parentSublayer.pointee }
        // Flatten into the parent's plane: drop the z column.
        local.m13 = 0; local.m23 = 0; local.m33 = 0; local.m43 = 0
        let world = local * parentWorld
        let transition = hasTransition ? transitionLook(of: layer, at: t) : nil
        if let transition, !transition.oldOnTop {
            appendTransitionSnapshot(transition, parent: parent, bounds: g.bounds, world: world)
        }

        // Drawn contents (shown while `contents` is nil): the model's store, or one redrawn from the
        // presentation when an animation changes a key the layer redraws for. A layer that never drew and
        // does not redraw has neither, and skips the lookup.
        var store: AnyObject? = nil, storeFrame: CGRect? = nil, heldAppearance: LayerAppearanceBox? = nil
        if hasContents {
            store = layer.storedBackingStore
        } else if layer.hasSideState || layer.drawnContentsNeedPresentation(isAnimated: isAnimated) {
            heldAppearance = appearance.takeUnretainedValue()
            (store, storeFrame) = drawnStore(of: layer, isAnimated: isAnimated, geometry: g)
        }

        let index = nextNode(appearance)
        nodes[index].update(
            layerID: layer.layerID, name: layer.storedName, parent: parent,
            bounds: g.bounds, position: g.position, anchorPoint: g.anchorPoint, zPosition: g.zPosition,
            isMirrored: transform.determinant3 < 0, worldTransform: world, opacity: g.opacity, isHidden: isHidden,
            backgroundColor: background, appearance: appearance,
            backingStore: store, contentsVersion: layer.storedContentsVersion, contentsGravity: layer.storedContentsGravity,
            contentsFrame: storeFrame, hasMask: layer.storedMask != nil)
        // Not `withExtendedLifetime(_:_:)`: its closure would get an actor-isolation check per layer (see
        // `withUnretained(_:_:)`), which measured 20 % of the frame.
        extendLifetime(heldAppearance)
        if let mask = layer.storedMask { nodes[index].mask = buildMask(mask, time: t, world: world) }

        let sublayers = layer._sublayers
        if !sublayers.isEmpty {
            let order = layer.zAnimatedSublayerCount > 0 ? layer.presentedDrawingOrder(atLocalTime: t) : layer.renderOrderedSublayers
            if var sublayerMatrix = withUnretained(appearance, { g.sublayerMatrix($0.storage.sublayerTransform) }) {
                withUnsafePointer(to: &sublayerMatrix) { matrix in
                    visitSublayers(order, parent: index, parentTime: t, parentWorld: world, parentSublayer: matrix)
                }
            } else {
                visitSublayers(order, parent: index, parentTime: t, parentWorld: world, parentSublayer: nil)
            }
        }
        nodes[index].subtreeEnd = count
        if let transition {
            applyTransitionLook(transition, toNodes: index..<count, bounds: g.bounds, world: world)
            if transition.oldOnTop { appendTransitionSnapshot(transition, parent: parent, bounds: g.bounds, world: world) }
        }
    }

    private mutating func visitSublayers(_ order: [CALayer], parent: Int, parentTime: CFTimeInterval,
                                         parentWorld: CATransform3D, parentSublayer: UnsafePointer<CATransform3D>?) {
        _ = forEachPrefetching(order) {
            visit($0, parent: parent, parentTime: parentTime, parentWorld: parentWorld, parentSublayer: parentSublayer)
            return true
        }
    }

    /// The mask layer's own tree: positioned in the masked layer's coordinates (no sublayerTransform).
    private mutating func buildMask(_ mask: CALayer, time: CFTimeInterval, world: CATransform3D) -> RenderTree {
        // Swaps rather than copies the outer nodes aside: a second reference to their buffer would make the
        // next in-place write copy it.
        var maskNodes: [RenderNode] = []
        swap(&maskNodes, &nodes)
        let outerCount = count
        count = 0
        visit(mask, parent: -1, parentTime: time, parentWorld: world, parentSublayer: nil)
        finishNodes()
        swap(&maskNodes, &nodes)
        count = outerCount
        return RenderTree(nodes: maskNodes, time: self.time)
    }

    /// Moves each committed animation through its phases, queueing delegate and completion
    /// callbacks, removes finished ones that are removed on completion, and applies the rest to the
    /// presented values — one pass, so each animation is touched once per frame.
    ///
    /// Scalar basic animations of geometry (position, bounds, opacity…) apply to `geometry`, a few
    /// doubles; the first animation that needs more copies the model state into `fullState`, with the
    /// geometry so far, and from then on every animation applies to `fullState`, in order. The result (`fullState`,
    /// or the model with `geometry`) equals `layer.presentationState(atLocalTime: t)` after the removals.
    private mutating func advanceAndApplyAnimations(of layer: CALayer, at t: CFTimeInterval,
                                                    geometry: inout PresentedGeometry, sawTransition: inout Bool) {
        var removals: [Int] = []
        // Each animation is read from the layer's list in place and used unretained: the list keeps them alive,
        // and nothing changes it before the removals below (callbacks are queued, not called). A local copy of
        // the list would retain and release its buffer, two atomic writes per layer and frame.
        var i = 0
        while i < layer.animationEntries.count {
            let remove = withUnretained(Unmanaged.passUnretained(layer.animationEntries[i].animation)) { animation in
                advanceAndApply(animation, of: layer, at: t, geometry: &geometry, sawTransition: &sawTransition)
            }
            if remove { removals.append(i) }
            i += 1
        }
        for i in removals.reversed() {
            let entry = layer.animationEntries.remove(at: i)
            entry.animation.attachedLayerID = 0
        }
    }

    /// One animation's step of ``advanceAndApplyAnimations(of:at:geometry:sawTransition:)``; returns whether
    /// the animation is to be removed (finished, and removed on completion).
    @inline(__always)
    private mutating func advanceAndApply(_ animation: CAAnimation, of layer: CALayer, at t: CFTimeInterval,
                                          geometry: inout PresentedGeometry, sawTransition: inout Bool) -> Bool {
        if animation.isTransition { sawTransition = true }
        guard animation.isCommitted else { sawAnimations = true; sawInactive = true; return false }
        guard let sample = sample(of: animation, at: t) else { sawInactive = true; return false }
        if sample.phase != .active { sawInactive = true }
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
            if animation.isRemovedOnCompletion { return true }
        } else {
            sawAnimations = true
        }
        guard sample.isEffective else { return false }
        if animation.fractionIsEased, let scalar = animation.scalar {
            let p = eased(sample.progress, by: animation)
            if !hasFullState, scalar.slot.isGeometric {
                scalar.apply(to: &geometry, progress: p, iteration: sample.iteration)
            } else {
                if !hasFullState { beginFullState(layer, geometry) }
                scalar.apply(to: &fullState, progress: p, iteration: sample.iteration)
            }
        } else {
            if !hasFullState { beginFullState(layer, geometry) }
            animation.apply(to: &fullState, sample: sample)
        }
        return false
    }

    /// `animation.timing.sample(atParentTime: t)`, reusing one of the last two samples when the pacing (the
    /// same object, or an equal timing) and the time are equal.
    @inline(__always)
    private mutating func sample(of animation: CAAnimation, at t: Double) -> TimingSample? {
        guard let pacing = animation.committedPacing else { return animation.timing.sample(atParentTime: t) }
        if let memo = sampleMemo, memo.matches(pacing, at: t) { return memo.sample }
        if let memo = sampleMemo2, memo.matches(pacing, at: t) { return memo.sample }
        let sample = pacing.timing.sample(atParentTime: t)
        sampleMemo2 = sampleMemo
        sampleMemo = SampleMemo(pacing: ObjectIdentifier(pacing), timing: pacing.timing, time: t, sample: sample)
        return sample
    }

    /// `animation.eased(p)`, reusing the previous solve when the curve (the same pacing, or an equal curve)
    /// and progress are the same.
    @inline(__always)
    private mutating func eased(_ p: Double, by animation: CAAnimation) -> Double {
        guard let pacing = animation.committedPacing else { return animation.eased(p) }
        guard let curve = pacing.curve else { return p }
        if let last = lastSolve, last.x == p, last.pacing == ObjectIdentifier(pacing) || last.curve == curve { return last.y }
        let y = curve.evaluate(at: p)
        lastSolve = (ObjectIdentifier(pacing), curve, p, y)
        return y
    }

    /// Switches the layer being evaluated to a whole presentation state: the model with the geometry so far.
    @inline(never)
    private mutating func beginFullState(_ layer: CALayer, _ geometry: PresentedGeometry) {
        fullState = geometry.applied(to: layer.state)
        hasFullState = true
    }

    /// The drawn store to show and where it goes: one drawn from the presentation (the whole state when
    /// `hasFullState`, else the model with `geometry`), or the model's. Out of line: few layers draw.
    @inline(never)
    private func drawnStore(of layer: CALayer, isAnimated: Bool, geometry: PresentedGeometry) -> (AnyObject?, CGRect?) {
        let drawn: BackingStore?
        if layer.drawnContentsNeedPresentation(isAnimated: isAnimated) {
            drawn = layer.drawnContents(presenting: hasFullState ? fullState : geometry.applied(to: layer.state))
        } else {
            drawn = layer.showModelStore()
        }
        return (drawn?.image, drawn?.placementFrame)
    }
}
