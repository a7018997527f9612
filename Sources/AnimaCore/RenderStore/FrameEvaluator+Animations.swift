import Foundation
import AnimaGraphics

/// The animations' part of a frame: each animation of a visited layer moved through its phases (start and stop
/// callbacks queued, animations that end and are removed on completion freed) and applied to ``work`` at the
/// layer's local time — or, for a replicator's copy behind in time, applied without moving.
extension FrameEvaluator {
    /// Moves each animation of the layer through its phases and applies the effective ones, in order: one pass,
    /// so each animation is touched once per frame. Returns the presented values.
    mutating func advanceAndApplyAnimations(_ s: inout RenderStorage, of slot: Int32, at t: CFTimeInterval) {
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

    /// Applies the layer's effective animations at `t` without moving them through their phases (a replicator's
    /// copy, behind in time: instance 0's visit moves them).
    @inline(never)
    mutating func applyAnimations(_ s: inout RenderStorage, of slot: Int32, at t: CFTimeInterval) {
        var a = s.records[Int(slot)].firstAnimation
        while a >= 0 {
            let record = s.animations[Int(a)]
            if let sample = memo.sample(record.pacing, at: t), sample.isEffective {
                let fraction = record.program.isEased ? memo.eased(sample.progress, by: record.pacing)
                    : record.pacing._withUnsafeGuaranteedRef { $0.springFraction(sample) }
                record.program.apply(to: &work, sample: sample, fraction: fraction, arena: keyframeArena)
            }
            a = record.next
        }
    }
}
