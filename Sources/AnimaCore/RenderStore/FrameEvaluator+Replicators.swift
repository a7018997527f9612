import Foundation
import AnimaGraphics

/// A `CAReplicatorLayer`'s copies: after the visit of its sublayers (instance 0), the frame visits them again once
/// per further instance in replica mode (``replicaDepth`` above 0) — nodes after the slots', written whole,
/// animations applied at the instance's time without moving through their phases.
extension FrameEvaluator {
    /// The place of the next copy's node: after the slots' nodes, like a transition snapshot's.
    mutating func nextReplicaNode() -> Int {
        let place = nextSnapshot
        nextSnapshot += 1
        if place >= storage.count { appendNewNode() }
        return place
    }

    /// A replicator's presented instance properties, and its instance step (the instance transform about its
    /// centre) and sublayer matrix, read from ``work`` while it presents the replicator.
    typealias ReplicaPlan = (replication: Replication, step: CATransform3D, base: CATransform3D)

    @inline(never)
    func replicaPlan(_ s: inout RenderStorage, _ slot: Int32) -> ReplicaPlan {
        let replication = work.isWholeState
            ? Replication(work.state.value(of:))
            : Replication(LayerState(appearance: LayerAppearanceBox.defaults, extra: s.extras[Int(slot)]).value(of:))
        let bounds = work.isWholeState ? work.state.bounds : work.geometry.bounds
        return (replication, replication.step(about: bounds), sublayerMatrix(&s, slot) ?? .identity)
    }

    /// Draws the replicator's sublayers again for instances 1…count − 1 (each its step applied once more, its time
    /// `instanceDelay` further behind), and multiplies each instance's top nodes' opacity by its alpha. Instance 0,
    /// visited already, is the sublayers themselves; with a count of 0 it is not shown (alpha 0).
    @inline(never)
    mutating func replicate(_ s: inout RenderStorage, _ slot: Int32, _ plan: ReplicaPlan, parent: Int, parentNode: Int,
                                    time t: Double) {
        let (replication, step, base) = plan
        applyInstanceLook(replication, 0, from: parent + 1, parent: parent)
        guard replication.count > 1 else { return }
        let isFlat = Self.actsAsIdentityOnFlatLayers(storage[parentNode].worldTransform)
        let keepsDepth = s.records[Int(slot)].flags.contains(.keepsSublayerDepth)
        var accumulated = CATransform3D.identity
        replicaDepth += 1
        for k in 1..<replication.count {
            accumulated = accumulated * step
            var matrix = accumulated * base
            guard matrix.isFinite else { break }
            let start = count
            withUnsafePointer(to: &matrix) {
                visitSublayers(&s, of: slot, parent: parent, parentNode: parentNode, time: t - Double(k) * replication.delay,
                               moved: true, sublayer: $0, isFlat: isFlat, keepsDepth: keepsDepth)
            }
            applyInstanceLook(replication, k, from: start, parent: parent)
        }
        replicaDepth -= 1
    }

    /// Gives instance `k`'s top nodes (those from `start` on in the drawing order whose parent is `parent`) its look:
    /// their opacity multiplied by its alpha, their tint set to its colour.
    private mutating func applyInstanceLook(_ replication: Replication, _ k: Int, from start: Int, parent: Int) {
        let alpha = replication.count == 0 ? 0 : replication.alpha(ofInstance: k), tint = replication.tint(ofInstance: k)
        for place in start..<count where storage[Int(order[place])].parent == parent {
            let node = Int(order[place])
            if alpha != 1 { storage[node].opacity *= Float(alpha) }
            if storage[node].tint != tint { storage[node].tint = tint }
        }
    }
}
