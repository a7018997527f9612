import Foundation
import AnimaGraphics

/// A compact copy of a layer tree whose only per-frame change is its running animations, from which a
/// frame is evaluated without reading the layers and animation objects: the render server's copy of the
/// tree, in Core Animation's terms.
///
/// A frame of such a tree needs, per layer, a few doubles of geometry and timing and, per animation, its
/// endpoints and its pacing; the general walk (`RenderTreeBuilder`) finds them in the layer object, its
/// animation list and each animation object, spread over ten cache lines or more. Here they sit in two dense
/// arrays, about a third of those bytes, so twice the layers still fit the caches the walk runs from.
///
/// The copy is made after a general frame of a tree that qualifies (``capture(root:nodeCount:)``) and used
/// while the model is unchanged (``FramePipeline/modelRevision``); a frame the copy cannot make exactly as the
/// general walk would (an animation leaving its active phase, which has callbacks and removals to run)
/// gives up, and the general walk makes that frame. Both evaluate with the same functions in the same order,
/// so their nodes are equal to the bit.
@MainActor
struct SteadyFrame {
    /// One layer, in node order (depth first, drawing order).
    struct Layer {
        /// The model's geometry and opacity, which animations start from.
        var geometry: PresentedGeometry
        /// The layer's timing (`localTime(fromParentTime:)`).
        var beginTime: Double, speed: Double, timeOffset: Double
        /// The parent's node index (−1 for the root), the end of this layer's animations in `animations`, and
        /// its transform's index in `transforms` (−1 for the identity).
        var parent: Int32, animationsEnd: Int32, transform: Int32
    }

    /// One running scalar animation of geometry: its frozen endpoints and its pacing (held by `pacings`).
    struct Animation {
        var scalar: ScalarEndpoints
        var pacing: Unmanaged<CommittedPacing>
    }

    private(set) var layers: [Layer] = []
    private var animations: [Animation] = []
    private var transforms: [CATransform3D] = []
    /// Keeps the pacings `animations` refers to alive (one reference per run of animations sharing one).
    private var pacings: [CommittedPacing] = []
    /// Each layer's local time in the frame being made (its sublayers' parent time), kept between frames.
    private var times: [Double] = []
    /// The root the copy was made from; nil while there is no copy.
    private(set) var root: ObjectIdentifier?

    /// No copy.
    init() {}

    /// Replaces the copy with one of the tree under `root`, reusing the arrays' memory (a copy is taken again
    /// after each change, and fresh pages cost page faults). Returns false, leaving no copy, when a frame of the
    /// tree needs more than this evaluation does: a mask, drawing from the presentation, a sublayer transform, a
    /// transition, an animation that is not a running scalar animation of geometry (one the general walk
    /// applies to the whole state, or before its start, or finished). `nodeCount` is the general frame's node
    /// count, which the copy must match.
    mutating func capture(root: CALayer, nodeCount: Int) -> Bool {
        invalidate()
        layers.removeAll(keepingCapacity: true)
        animations.removeAll(keepingCapacity: true)
        transforms.removeAll(keepingCapacity: true)
        layers.reserveCapacity(nodeCount)
        animations.reserveCapacity(nodeCount)
        guard append(root, parent: -1), layers.count == nodeCount else {
            invalidate()
            return false
        }
        if times.count != nodeCount { times = [Double](repeating: 0, count: nodeCount) }
        self.root = ObjectIdentifier(root)
        return true
    }

    /// Drops the copy (and the references it holds), keeping the arrays' memory for the next.
    mutating func invalidate() {
        root = nil
        pacings.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ layer: CALayer, parent: Int32) -> Bool {
        // Contents and a drawn store stay as the last frame placed them; a store drawn from the presentation
        // changes with it, and dropping one changes the contents version.
        guard layer.storedMask == nil, layer.zAnimatedSublayerCount == 0, layer.state.appearance.storage.sublayerTransform == .identity,
              !layer.drawnContentsNeedPresentation(isAnimated: !layer.animationEntries.isEmpty),
              layer.presentedStore == nil else { return false }
        for entry in layer.animationEntries {
            let animation = entry.animation
            guard animation.isCommitted, !animation.isTransition, animation.fractionIsEased, animation.hasStarted,
                  !animation.hasFinished, let scalar = animation.scalar, scalar.slot.isGeometric,
                  let pacing = animation.committedPacing else { return false }
            if pacings.last !== pacing { pacings.append(pacing) }   // shared pacings come in runs
            animations.append(Animation(scalar: scalar, pacing: .passUnretained(pacing)))
        }
        var transformIndex: Int32 = -1
        if !layer.state.isTransformIdentity {
            transformIndex = Int32(transforms.count)
            transforms.append(layer.state.transform)
        }
        let index = Int32(layers.count)
        layers.append(Layer(geometry: PresentedGeometry(layer.state), beginTime: layer.ownTiming.beginTime,
                            speed: Double(layer.ownTiming.speed), timeOffset: layer.ownTiming.timeOffset, parent: parent,
                            animationsEnd: Int32(animations.count), transform: transformIndex))
        // Prefetched as the walk does: without it, a copy of a tree past the caches waits on every animation.
        return forEachPrefetching(layer.renderOrderedSublayers) { append($0, parent: index) }
    }

    /// Makes the frame at `time` into `nodes`, last frame's nodes of this tree, rewriting only what animations
    /// change (geometry, opacity, the world transform). Returns false, with `nodes` partly written, when an
    /// animation has left its active phase; the general walk must then make the frame.
    mutating func evaluate(at time: CFTimeInterval, into nodes: inout [RenderNode]) -> Bool {
        guard nodes.count == layers.count else { return false }
        let transforms = self.transforms
        return layers.withUnsafeBufferPointer { layers in
            animations.withUnsafeBufferPointer { animations in
                times.withUnsafeMutableBufferPointer { times in
                    SteadyFrame.evaluate(layers, animations, transforms, times, at: time, into: &nodes)
                }
            }
        }
    }

    private static func evaluate(_ layers: UnsafeBufferPointer<Layer>, _ animations: UnsafeBufferPointer<Animation>,
                                 _ transforms: [CATransform3D], _ times: UnsafeMutableBufferPointer<Double>,
                                 at time: CFTimeInterval, into nodes: inout [RenderNode]) -> Bool {
        var memo = Memo()
        var next = 0   // the next layer's first animation
        for i in 0..<layers.count {
            let record = layers[i]
            let parent = Int(record.parent)
            let t = ((parent < 0 ? time : times[parent]) - record.beginTime) * record.speed + record.timeOffset
            times[i] = t
            var g = record.geometry
            while next < Int(record.animationsEnd) {
                let animation = animations[next]
                next += 1
                let pacing = animation.pacing.takeUnretainedValue()
                guard let sample = memo.sample(pacing, at: t), sample.phase == .active else { return false }
                guard sample.isEffective else { continue }
                animation.scalar.apply(to: &g, progress: memo.eased(sample.progress, by: pacing), iteration: sample.iteration)
            }
            let transform = record.transform < 0 ? CATransform3D.identity : transforms[Int(record.transform)]
            var local = g.matrixToSuperlayer(transform: transform)
            local.m13 = 0; local.m23 = 0; local.m33 = 0; local.m43 = 0
            let world = local * (parent < 0 ? .identity : nodes[parent].worldTransform)
            nodes[i].updateAnimated(bounds: g.bounds, position: g.position, anchorPoint: g.anchorPoint,
                                    zPosition: g.zPosition, worldTransform: world, opacity: g.opacity)
        }
        return true
    }

    /// The general walk's memos of timing samples and curve solves (see `RenderTreeBuilder`), over pacings.
    private struct Memo {
        var sample1: (pacing: ObjectIdentifier, time: Double, sample: TimingSample?)?
        var sample2: (pacing: ObjectIdentifier, time: Double, sample: TimingSample?)?
        var solve: (pacing: ObjectIdentifier, x: Double, y: Double)?

        @inline(__always)
        mutating func sample(_ pacing: CommittedPacing, at t: Double) -> TimingSample? {
            let id = ObjectIdentifier(pacing)
            if let m = sample1, m.pacing == id, m.time == t { return m.sample }
            if let m = sample2, m.pacing == id, m.time == t { return m.sample }
            let sample = pacing.timing.sample(atParentTime: t)
            sample2 = sample1
            sample1 = (id, t, sample)
            return sample
        }

        @inline(__always)
        mutating func eased(_ p: Double, by pacing: CommittedPacing) -> Double {
            guard let curve = pacing.curve else { return p }
            let id = ObjectIdentifier(pacing)
            if let s = solve, s.pacing == id, s.x == p { return s.y }
            let y = curve.evaluate(at: p)
            solve = (id, p, y)
            return y
        }
    }
}
