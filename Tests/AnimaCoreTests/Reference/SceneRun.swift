import Foundation
import AnimaCore
import AnimaGraphics

/// One random scene in one `HeadlessDisplay`: the description and the real layers side by side, changed
/// together between frames, compared after every frame (see ``SceneComparison``).
@MainActor
final class SceneRun {
    let display: HeadlessDisplay
    let label: String
    private(set) var layers: [RefLayer] = []
    private(set) var real: [Int: CALayer] = [:]
    private var generator: RandomSceneGenerator
    /// Keys of top-level animations added with beginTime 0 that the next commit stamps.
    private var unstamped: Set<String> = []
    /// Human-readable disagreements, first ones first.
    var mismatches: [String] = []
    private(set) var framesCompared = 0
    private var stepsTaken = 0
    /// Layer-frames compared, and those whose presentation differed from the model (an animation showed).
    private(set) var layerFrames = 0, animatedLayerFrames = 0

    /// A display with 2–4 random top-level layers (up to two levels of sublayers). Layer ids start at
    /// `firstLayerID` so two runs in one process never share a layer name.
    init(seed: UInt64, firstLayerID: Int = 0, label: String) {
        self.label = label
        display = HeadlessDisplay(width: 400, height: 300)   // becomes current: layers are made after it
        generator = RandomSceneGenerator(seed: seed, firstLayerID: firstLayerID)
        for _ in 0..<(2 + generator.rng.int(3)) {
            insert(generator.layer(depth: 2, parentLocalNow: display.time), under: nil)
        }
    }

    // MARK: Changes (description and library together)

    /// Adds `layer` (with its subtree and animations) under `parentID` (nil: the display's root) at sublayer
    /// `index` (nil: last).
    private func insert(_ layer: RefLayer, under parentID: Int?, at index: Int? = nil) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        attach(build(layer), under: parentID, at: index)
        CATransaction.commit()
        place(layer, under: parentID, at: index)
        // Animations are added outside the explicit transaction: the frame's implicit commit stamps them.
        addAnimations(of: layer)
    }

    /// Puts a description layer into the tree.
    private func place(_ layer: RefLayer, under parentID: Int?, at index: Int?) {
        if let parentID {
            layers.modify(parentID) { $0.sublayers.insert(layer, at: min(index ?? .max, $0.sublayers.count)) }
        } else {
            layers.insert(layer, at: min(index ?? .max, layers.count))
        }
    }

    /// Puts a real layer into the tree (callers hold a transaction).
    private func attach(_ layer: CALayer, under parentID: Int?, at index: Int?) {
        let parent = parentID.map { real[$0]! } ?? display.rootLayer
        if let index { parent.insertSublayer(layer, at: UInt32(index)) } else { parent.addSublayer(layer) }
    }

    private func build(_ layer: RefLayer) -> CALayer {
        let made = LibraryBridge.makeLayer(layer)
        real[layer.id] = made
        for sub in layer.sublayers { made.addSublayer(build(sub)) }
        return made
    }

    private func addAnimations(of layer: RefLayer) {
        for a in layer.animations { add(a, to: layer.id) }
        for sub in layer.sublayers { addAnimations(of: sub) }
    }

    private func add(_ a: RefAnimation, to id: Int) {
        if a.timing.beginTime == 0 { unstamped.insert(a.key) }
        real[id]!.add(LibraryBridge.makeAnimation(a), forKey: a.key)
    }

    /// Replaces the description's beginTime 0 of top-level animations by the layer's local time at `commitTime`
    /// (§1.3 step 1: the commit stamps the stored copy).
    private func stampBeginTimes(at commitTime: Double) {
        for id in layers.allIDs {
            guard let t = layers.localTime(of: id, at: commitTime) else { continue }
            layers.modify(id) { l in
                for i in l.animations.indices where unstamped.contains(l.animations[i].key) {
                    l.animations[i].timing.beginTime = t
                }
            }
        }
        unstamped.removeAll()
    }

    /// Between-frame changes: 0–2 random edits of the model, hierarchy, layer timing or animations.
    func mutate(commitTime: Double) {
        display.makeCurrent()
        for change in 0..<(generator.rng.chance(0.4) ? 1 + generator.rng.int(2) : 0) {
            let ids = layers.allIDs
            guard !ids.isEmpty else {
                insert(generator.layer(depth: 1, parentLocalNow: display.time), under: nil)
                continue
            }
            let id = generator.rng.pick(ids)
            switch generator.rng.int(12) {
            case 0...2:   // a model property, actions disabled
                let property = generator.rng.pick([RefProperty.position, .bounds, .opacity, .zPosition, .zPosition,
                                                   .anchorPoint, .transform])
                var g = layers.layer(id)!.model
                g[property] = generator.value(property, layerID: id)
                if property == .opacity { g.opacity = Double(Float(g.opacity)) }
                layers.modify(id) { $0.model = g }
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                LibraryBridge.setModel(g, on: real[id]!)
                CATransaction.commit()
            case 3:   // layer timing
                let (b, s, o) = (generator.rng.uniform(-1, 1), generator.rng.pick([1, 0.5, 2, 0] as [Float]),
                                 generator.rng.uniform(-1, 1))
                layers.modify(id) { $0.beginTime = b; $0.speed = s; $0.timeOffset = o }
                let layer = real[id]!
                layer.beginTime = b; layer.speed = s; layer.timeOffset = o
            case 4:   // a new sublayer (or top-level layer)
                let parent: Int? = generator.rng.chance(0.3) ? nil : id
                let now = parent.flatMap { layers.localTime(of: $0, at: display.time) } ?? display.time
                let count = parent.map { layers.layer($0)!.sublayers.count } ?? layers.count
                insert(generator.layer(depth: 1, parentLocalNow: now), under: parent, at: generator.rng.int(count + 1))
            case 5 where ids.count > 2:   // remove a layer and its subtree
                _ = layers.remove(id)
                real[id]!.removeFromSuperlayer()
            case 6, 7:   // a new animation
                let localNow = layers.localTime(of: id, at: display.time)!
                var a = generator.animation(layerID: id, localNow: localNow)
                if change == 0 && stepsTaken > 0 && generator.rng.chance(0.3) {
                    // Added in an explicit transaction while no implicit one is open (the last frame committed
                    // it; before the first frame the scene's own adds are still open, and an explicit
                    // transaction would nest in theirs): its commit, now, stamps beginTime 0 with the layer's
                    // current local time.
                    CATransaction.begin()
                    real[id]!.add(LibraryBridge.makeAnimation(a), forKey: a.key)
                    CATransaction.commit()
                    if a.timing.beginTime == 0 { a.timing.beginTime = localNow }
                    layers.modify(id) { $0.animations.append(a) }
                } else {
                    layers.modify(id) { $0.animations.append(a) }
                    add(a, to: id)
                }
            case 8:   // move a subtree under another layer (never into itself), at any sublayer index
                let moved = layers.layer(id)!
                let candidates = layers.allIDs.filter { !moved.sublayers.allIDs.contains($0) && $0 != id }
                let parent: Int? = candidates.isEmpty || generator.rng.chance(0.3) ? nil : generator.rng.pick(candidates)
                _ = layers.remove(id)
                let count = parent.map { layers.layer($0)!.sublayers.count } ?? layers.count
                let index = generator.rng.int(count + 1)
                place(moved, under: parent, at: index)
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                attach(real[id]!, under: parent, at: index)
                CATransaction.commit()
            case 9:   // remove every animation of a layer
                layers.modify(id) { $0.animations.removeAll() }
                real[id]!.removeAllAnimations()
            default:   // remove an animation
                guard let key = layers.layer(id)!.animations.first.map(\.key) else { continue }
                layers.modify(id) { $0.animations.removeAll { $0.key == key } }
                real[id]!.removeAnimation(forKey: key)
            }
        }
        stampBeginTimes(at: commitTime)
    }

    /// Takes a random layer (with its subtree and animations) out of this scene and puts it into `other`'s tree,
    /// under a random layer there or at its top (between rounds, when no transaction is open).
    func moveRandomLayer(to other: SceneRun) {
        guard let id = layers.allIDs.isEmpty ? nil : generator.rng.pick(layers.allIDs),
              let moved = layers.remove(id) else { return }
        if !ReferenceExclusions.movingToAnotherDisplayUpdatesTheSource {
            // Today: take it out while its own display is current, or that display keeps drawing it.
            display.makeCurrent()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            real[id]!.removeFromSuperlayer()
            CATransaction.commit()
        }
        other.display.makeCurrent()
        let targets = other.layers.allIDs
        let parent: Int? = targets.isEmpty || generator.rng.chance(0.3) ? nil : generator.rng.pick(targets)
        let count = parent.map { other.layers.layer($0)!.sublayers.count } ?? other.layers.count
        let index = generator.rng.int(count + 1)
        for movedID in [id] + moved.sublayers.allIDs { other.real[movedID] = real.removeValue(forKey: movedID) }
        other.place(moved, under: parent, at: index)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        other.attach(other.real[id]!, under: parent, at: index)
        CATransaction.commit()
    }

    /// Advances by `dt` after random changes, then drops finished animations and compares.
    func step(by dt: Double) {
        let interval = display.frameInterval
        let commitTime = dt > interval + 1e-9 ? display.time + interval : display.time + dt
        mutate(commitTime: commitTime)
        display.advance(by: dt)
        stepsTaken += 1
        removeFinishedAnimations()
    }

    /// §1.3 step 5: an animation with `isRemovedOnCompletion` is gone once its active duration is over.
    private func removeFinishedAnimations() {
        for id in layers.allIDs {
            let t = layers.localTime(of: id, at: display.time)!
            for a in layers.layer(id)!.animations
            where a.isRemovedOnCompletion && ReferenceTiming.phase(a.timing, parentTime: t) == .after {
                layers.modify(id) { $0.animations.removeAll { $0.key == a.key } }
                if real[id]!.animation(forKey: a.key) != nil {
                    record("ref-\(id) animation \(a.key) still on the layer after its end (isRemovedOnCompletion)")
                }
            }
        }
    }

    func record(_ message: String) {
        if mismatches.count < 8 { mismatches.append("\(label) t=\(display.time): \(message)") }
        if mismatches.count == 1, let hook = SceneRun.onFirstMismatch { hook(self); SceneRun.onFirstMismatch = nil }
    }

    /// Debugging aid: called with the run at its first disagreement (set it in a scratch test).
    static var onFirstMismatch: ((SceneRun) -> Void)?

    /// Compares every layer with the reference at the display's time.
    func compare() {
        framesCompared += 1
        // Siblings sorted by the library's presented zPosition (compared with the reference's within tolerance
        // below), so that a rounding difference in a tie does not count as a wrong order.
        let reference = ReferenceEvaluator.evaluate(layers, at: display.time) { [real] expected in
            real[expected.id].flatMap(LibraryBridge.presented).map { $0.zPosition } ?? expected.geometry.zPosition
        }
        layerFrames += reference.count
        animatedLayerFrames += reference.filter { $0.geometry != layers.layer($0.id)?.model }.count
        SceneComparison.compare(reference: reference, real: real, renderTree: display.renderTree,
                                time: display.time, record: record)
    }
}
