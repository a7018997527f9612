import Foundation
import AnimaGraphics

/// Layers with a running `CATransition` present two appearances: the frozen snapshot of the old
/// subtree, inserted as a sibling of the layer's node (below it, or above it for `.reveal`), and
/// the live subtree, both moved (slid or turned) and faded as the transition's type says.
///
/// Snapshot nodes keep their old world transforms and contents; their `layerID` has
/// ``RenderTree/transitionSnapshotIDBit`` set (so texture caches keep old and new apart) and their
/// name ends in " (old)".
extension FrameEvaluator {
    /// What a layer's transition looks like this frame.
    struct TransitionLook {
        var snapshot: TransitionSnapshot?
        var old: TransitionFace, new: TransitionFace
        var oldOnTop: Bool
    }

    /// The look of the transition in effect on the layer in `slot` at its local time `t`, if any (none once it
    /// is complete, so a transition held by a forwards fill shows only the new appearance).
    func transitionLook(_ s: borrowing RenderStorage, _ slot: Int32, at t: CFTimeInterval) -> TransitionLook? {
        var a = s.records[Int(slot)].firstAnimation
        while a >= 0 {
            if let transition = s.animationObjects[Int(a)] as? CATransition {
                let pacing = s.animations[Int(a)].pacing.takeUnretainedValue()
                guard let sample = pacing.timing.sample(atParentTime: t), sample.isEffective else { return nil }
                let progress = transition.transitionProgress(sample)
                guard progress < 1 else { return nil }
                let look = transition.appearance(at: progress)
                return TransitionLook(snapshot: transition.snapshot, old: look.old, new: look.new, oldOnTop: look.oldOnTop)
            }
            a = s.animations[Int(a)].next
        }
        return nil
    }

    /// Appends the old snapshot as a child of `parent`, shifted and faded.
    mutating func appendTransitionSnapshot(_ look: TransitionLook, parent: Int, bounds: CGRect, world: CATransform3D) {
        guard let snapshot = look.snapshot, !snapshot.nodes.isEmpty else { return }
        let base = count
        let shift = look.old.motion.displayTransform(bounds: bounds, world: world)
        for (k, node) in snapshot.nodes.enumerated() {
            var n = node
            n.parent = k == 0 ? parent : base + node.parent
            n.subtreeEnd = base + node.subtreeEnd
            if let shift, case let moved = n.worldTransform * shift, moved.isFinite { n.worldTransform = moved }
            if k == 0 { n.opacity *= Float(look.old.opacity) }
            if n.layerID & RenderTree.transitionSnapshotIDBit == 0 {
                n.layerID |= RenderTree.transitionSnapshotIDBit
                n.name = (n.name.map { $0 + " " } ?? "") + "(old)"
            }
            appendNode(n)
        }
    }
}

extension RenderTree {
    /// Set in the `layerID` of nodes that show a transition's old appearance.
    public static let transitionSnapshotIDBit: UInt64 = 1 << 60
}
