import Foundation
import AnimaGraphics

/// A display's render-side copy of its layer tree: Core Animation's render server, in one process.
///
/// The app's layers are the model. Each display keeps, in dense arrays (``RenderStorage``), a record per layer
/// of its tree and a record per committed animation, and a commit updates only what changed:
///
/// ```
///  layer.position = p ──▶ record dirty (.properties) ─┐
///  layer.add(anim)    ──▶ record dirty (.animations) ─┼─▶ commit: copy the dirty layers' values,
///  parent.addSublayer ──▶ subtree attached, linked   ─┘           compile their new animations
///                                                        frame(t): evaluate every record at t
/// ```
///
/// Membership follows the model tree at once: a layer added to a display's tree is attached (with its
/// sublayers and mask) and shows from the next commit; a layer taken out is detached and costs nothing more.
/// A layer in no display's tree has no record and is just a model. Frames (``FrameEvaluator``),
/// `presentation()` and the drawing order all read these records.
@MainActor
package final class RenderStore {
    /// The display's pipeline (which owns the store; nil once the display is gone).
    package private(set) weak var pipeline: FramePipeline?
    /// Whether a layer drawn this frame kept its store off the display's pixel grid while it moved, and is to be
    /// drawn on the grid in the next frame if it rests there (see `CALayer.drawnContents(presenting:on:visible:maximumScale:)`).
    package var needsFrameToRest = false

    /// Whether the next frame must be evaluated for a layer that may rest (clearing the request).
    func takeFrameToRest() -> Bool {
        defer { needsFrameToRest = false }
        return needsFrameToRest
    }
    /// The records; a frame takes them while it evaluates.
    package var storage = RenderStorage()
    /// The root layer's slot (−1: no root).
    package private(set) var root: Int32 = -1
    /// Slots changed since the last commit, each once.
    private var dirtySlots: [Int32] = []
    private var spareDirtySlots: [Int32] = []
    /// Whether the store is in the transaction system's list of stores to commit.
    private var isAwaitingCommit = false
    /// Whether a frame holds the storage (then changes wait in ``deferred``).
    package private(set) var isEvaluating = false
    private var deferred: [(CALayer, LayerChange)] = []
    /// A reusable list of animation indices (the old list while a layer's list is rebuilt).
    private var scratch: [Int32] = []
    /// How many times a commit filled a record (from every property, or only from those a setter changed), and
    /// linked a layer's whole sublayer list again: for tests of what a commit touches.
    package private(set) var recordsCopied = 0, wholeRecordCopies = 0
    package private(set) var sublayerRelinks = 0

    init(pipeline: FramePipeline) { self.pipeline = pipeline }

    /// The number of live layers.
    package var layerCount: Int { storage.records.count - storage.freeSlots.count }
    /// The number of committed animations.
    package var animationCount: Int { storage.animations.count - storage.freeAnimations.count }

    // MARK: Membership

    /// Makes `layer` the root of the tree (nil: none), detaching the old root's tree.
    package func setRoot(_ layer: CALayer?) {
        if root >= 0, let old = storage.layers[Int(root)] { detach(old) }
        root = -1
        guard let layer else { return }
        layer.renderStore?.detach(layer)
        root = attach(layer)
    }

    /// Copies `layer`, its sublayers and its mask in (empty records, filled by the next commit) and returns its
    /// slot. A layer already in this store (a mask that is also a sublayer somewhere) is reported and kept where
    /// it is.
    @discardableResult
    package func attach(_ layer: CALayer, asMask: Bool = false) -> Int32 {
        if layer.renderStore === self {
            Diagnostics.report("CALayer \(layer.debugName): already in this display's tree (a mask that is also a sublayer, or a mask of two layers); it is drawn in its first place only")
            return -1
        }
        layer.renderStore?.detach(layer)
        let slot = storage.allocateSlot(for: layer)
        layer.renderStore = self
        layer.renderSlot = slot
        if asMask { storage.records[Int(slot)].flags.insert(.isMask) }
        noteChange(slot, .all)
        for sub in layer._sublayers { attach(sub) }
        if let mask = layer.storedMask { attach(mask, asMask: true) }
        return slot
    }

    /// Takes `layer` and everything under it (sublayers, masks) out of the store.
    package func detach(_ layer: CALayer) {
        guard layer.renderStore === self else { return }
        let slot = layer.renderSlot, i = Int(slot)
        let parent = storage.records[i].parent
        if parent >= 0, storage.records[i].flags.contains(.animatesZPosition) {
            storage.records[Int(parent)].zAnimatedChildren -= 1
        }
        storage.unlink(slot)
        if slot == root { root = -1 }
        release(layer)
        pipeline?.generation &+= 1
    }

    private func release(_ layer: CALayer) {
        for sub in layer._sublayers where sub.renderStore === self { release(sub) }
        if let mask = layer.storedMask, mask.renderStore === self, mask.renderSlot >= 0,
           storage.records[Int(mask.renderSlot)].flags.contains(.isMask) {
            release(mask)
        }
        storage.freeSlot(layer.renderSlot)
        layer.renderStore = nil
        layer.renderSlot = -1
    }

    /// Links a new sublayer of `parent` (at `index` among its sublayers) in place, when `parent` draws its
    /// sublayers in sublayer order (no `zPosition`s): just before the record of the sublayer after it. Otherwise `parent` relinks its list at the
    /// next commit.
    package func linkSublayer(_ layer: CALayer, at index: Int, of parent: CALayer) {
        guard layer.renderStore === self, parent.renderStore === self else { return }
        let p = parent.renderSlot
        if parent.zPositionedSublayerCount > 0 || storage.records[Int(p)].dirty.contains(.sublayers) {
            noteChange(p, .sublayers)
            return
        }
        let sublayers = parent._sublayers
        guard index < sublayers.count, sublayers[index] === layer else { return noteChange(p, .sublayers) }
        let next = index + 1 < sublayers.count ? sublayers[index + 1].renderSlot : -1
        storage.link(layer.renderSlot, into: p, before: next)
        pipeline?.generation &+= 1
    }

    /// Moves `layer` within its parent's drawing order to just before `next` (nil: to the end), after its
    /// `zPosition` changed: two links, not a relink of all its siblings.
    package func moveSublayer(_ layer: CALayer, before next: CALayer?) {
        guard layer.renderStore === self else { return }
        let slot = layer.renderSlot, parent = storage.records[Int(slot)].parent
        guard parent >= 0, !storage.records[Int(parent)].dirty.contains(.sublayers) else { return }
        let nextSlot = next?.renderStore === self ? next!.renderSlot : -1
        storage.unlink(slot)
        storage.link(slot, into: parent, before: nextSlot)
        pipeline?.generation &+= 1
    }

    // MARK: Changes and commits

    /// Records that `change` happened to the layer in `slot`, for the next commit.
    package func noteChange(_ slot: Int32, _ change: LayerChange) {
        guard slot >= 0, !change.isEmpty else { return }
        if isEvaluating {
            if let layer = storage.layers.indices.contains(Int(slot)) ? storage.layers[Int(slot)] : nil {
                deferred.append((layer, change))
            }
            return
        }
        let i = Int(slot)
        if storage.records[i].dirty.isEmpty { dirtySlots.append(slot) }
        storage.records[i].dirty.formUnion(change)
        pipeline?.generation &+= 1
        if !isAwaitingCommit {
            isAwaitingCommit = true
            TransactionSystem.storesAwaitingCommit.append(self)
        }
    }

    /// Copies every change noted since the last commit into the records: the changed layers' values, their
    /// animation lists (compiling new animations), their sublayer order. Work follows what changed.
    package func commit() {
        isAwaitingCommit = false
        while !dirtySlots.isEmpty {
            var slots = spareDirtySlots
            swap(&slots, &dirtySlots)
            for slot in slots {
                let i = Int(slot)
                let change = storage.records[i].dirty
                storage.records[i].dirty = []
                guard let layer = storage.layers[i] else { continue }
                if !change.isDisjoint(with: [.properties, .geometry, .background]) { recordsCopied += 1 }
                if change.contains(.properties) {
                    copyProperties(of: layer, into: slot)
                } else {
                    // One setter's worth: the record's fields it changed, not the layer's whole state.
                    if change.contains(.geometry) { storage.records[i].geometry = PresentedGeometry(layer.state) }
                    if change.contains(.background) { copyBackground(of: layer, into: slot) }
                }
                if change.contains(.node) { refreshDrawingFlags(of: layer, slot) }
                if change.contains(.animations) { syncAnimations(of: layer, slot) }
                if change.contains(.sublayers) { relinkSublayers(of: layer, slot) }
                // A new sublayer order changes no field of the layer's own node (the frame writes where its
                // subtree ends, and the sublayers that changed parent are marked by the relink).
                if change != .sublayers { storage.records[i].flags.insert(.needsNodeWrite) }
            }
            slots.removeAll(keepingCapacity: slots.count < 4096)
            spareDirtySlots = slots
        }
        storage.compactKeyframeArenaIfWasteful()
    }

    private func copyProperties(of layer: CALayer, into slot: Int32) {
        let i = Int(slot)
        let s = layer.state
        wholeRecordCopies += 1
        var r = storage.records[i]
        r.geometry = PresentedGeometry(s)
        r.beginTime = layer.ownTiming.beginTime
        r.speed = Double(layer.ownTiming.speed)
        r.timeOffset = layer.ownTiming.timeOffset
        let isTransformLayer = layer is CATransformLayer
        r.flags.insert(.isFilled)
        r.flags.set(.isHidden, s.isHidden)
        r.flags.set(.keepsSublayerDepth, isTransformLayer)
        r.flags.set(.replicates, layer is CAReplicatorLayer)
        r.flags.set(.hasSublayerTransform, s.appearance.storage.sublayerTransform != .identity || s.appearance.storage.isGeometryFlipped)
        if let mask = layer.storedMask, mask.renderStore === self { r.mask = mask.renderSlot } else { r.mask = -1 }
        storage.records[i] = r
        storage.setTransform(s.isTransformIdentity ? nil : s.transform, of: slot)
        storage.appearances[i] = s.appearance
        storage.extras[i] = s.extra
        copyBackground(of: layer, into: slot)
        refreshDrawingFlags(of: layer, slot)
    }

    private func copyBackground(of layer: CALayer, into slot: Int32) {
        let i = Int(slot), color = layer.state.backgroundColor
        storage.records[i].flags.set(.hasBackground, color != nil)
        storage.records[i].background = RGBA(color) ?? RGBA(red: 0, green: 0, blue: 0, alpha: 0)
        storage.backgroundColors[i] = color
    }

    /// The name and whether the node's drawing fields need the layer object (contents, a drawn store, their
    /// placement, a mask).
    private func refreshDrawingFlags(of layer: CALayer, _ slot: Int32) {
        storage.records[Int(slot)].flags.set(.hasName, layer.storedName != nil)
        let drawsPresentation = type(of: layer) != CALayer.self && !type(of: layer).displayKeyProperties.isEmpty
        let hasDrawing = !(layer is CATransformLayer) && (drawsPresentation || layer is CAEmitterLayer || layer.state.appearance.storage.contents != nil
            || layer.hasDrawnStore || layer.storedBackingStore != nil || layer.storedContentsVersion != 0
            || layer.storedContentsGravity != .resize || layer.storedMask != nil)
        storage.records[Int(slot)].flags.set(.drawsPresentation, drawsPresentation)
        storage.records[Int(slot)].flags.set(.hasDrawing, hasDrawing)
    }

    /// Rebuilds the layer's animation list from its committed animations, in the order they apply: records of
    /// animations already here are kept (with their phase), new ones compiled, removed ones freed.
    private func syncAnimations(of layer: CALayer, _ slot: Int32) {
        let i = Int(slot)
        scratch.removeAll(keepingCapacity: true)
        var a = storage.records[i].firstAnimation
        while a >= 0 {
            scratch.append(a)
            a = storage.animations[Int(a)].next
        }
        var head: Int32 = -1, tail: Int32 = -1
        for entry in layer.animationEntries {
            let animation = entry.animation
            guard animation.isCommitted, animation.attachedLayerID == layer.layerID else { continue }
            var index = animation.renderIndex
            if index < 0 || storage.animationObjects[Int(index)] !== animation {
                let pacing = animation.committedPacing ?? {
                    animation.freezePacing()
                    return animation.committedPacing!
                }()
                index = storage.allocateAnimation(animation, pacing: pacing, program: animation.makeProgram())
            }
            storage.animations[Int(index)].next = -1
            if tail >= 0 { storage.animations[Int(tail)].next = index } else { head = index }
            tail = index
        }
        for old in scratch where storage.animationObjects[Int(old)]?.renderIndex != old
            || storage.animationObjects[Int(old)]?.attachedLayerID != layer.layerID || !isListed(old, from: head) {
            storage.freeAnimation(old)
        }
        storage.records[i].firstAnimation = head
        let parent = layer._superlayer.flatMap { $0.renderStore === self ? $0.renderSlot : nil } ?? -1
        storage.refreshAnimationFlags(of: slot, parent: parent)
    }

    private func isListed(_ index: Int32, from head: Int32) -> Bool {
        var a = head
        while a >= 0 {
            if a == index { return true }
            a = storage.animations[Int(a)].next
        }
        return false
    }

    /// Links the layer's sublayers in drawing order (by model `zPosition`, ties in sublayer order).
    private func relinkSublayers(of layer: CALayer, _ slot: Int32) {
        sublayerRelinks += 1
        let p = Int(slot)
        var previous: Int32 = -1
        var first: Int32 = -1
        for sub in layer.renderOrderedSublayers where sub.renderStore === self {
            let c = sub.renderSlot, ci = Int(c)
            // A layer under a new parent has a new world transform, though its node keeps its place. (A layer moved
            // between parents is detached and attached again, so it is new to the store and already marked: this
            // keeps any other path right.)
            if storage.records[ci].parent != slot { storage.records[ci].flags.insert(.needsNodeWrite) }
            storage.records[ci].parent = slot
            storage.records[ci].previousSibling = previous
            storage.records[ci].nextSibling = -1
            if previous >= 0 { storage.records[Int(previous)].nextSibling = c } else { first = c }
            previous = c
        }
        storage.records[p].firstChild = first
        storage.records[p].lastChild = previous
    }

    // MARK: Frames

    /// Lends the storage to `body` (a frame), so that it reads and writes it as a local value; changes reported
    /// meanwhile are applied when it returns.
    package func withStorage<R>(_ body: (inout RenderStorage) -> R) -> R {
        commit()
        var local = RenderStorage()
        swap(&local, &storage)
        isEvaluating = true
        let result = body(&local)
        isEvaluating = false
        swap(&local, &storage)
        let pending = deferred
        deferred = []
        for (layer, change) in pending where layer.renderStore === self { noteChange(layer.renderSlot, change) }
        return result
    }
}

extension RecordFlags {
    /// Inserts or removes `flag`.
    @inline(__always)
    mutating func set(_ flag: RecordFlags, _ on: Bool) {
        if on { insert(flag) } else { remove(flag) }
    }
}
