import Foundation
import AnimaGraphics

// The introspection API reads the render-side copy: what the last commit delivered, evaluated at a given media time
// by the same timing maths frames use. It moves no animation's phase and calls no delegate.

extension RenderStore {
    /// Every layer of the tree at media time `time`, depth first in drawing order (a layer's mask after the layer,
    /// before its sublayers).
    func timeline(atMediaTime time: CFTimeInterval) -> DisplayTimeline {
        timelineWithAnimations(atMediaTime: time).0
    }

    /// Every layer of the tree at media time `time`, as ``timeline(atMediaTime:)``, with each listed animation's
    /// object (in the order the layers and their animations are listed): what a recorder tells animations apart by.
    func timelineWithAnimations(atMediaTime time: CFTimeInterval) -> (DisplayTimeline, [(layer: CALayer?, animations: [CAAnimation])]) {
        var layers: [LayerTimeline] = []
        var slots: [Int32] = []
        if root >= 0, !isEvaluating {
            walk(root, depth: 0, parentTime: time, parentSpeed: 1, into: &layers, only: nil, slots: &slots)
        }
        let objects = slots.map { slot -> (layer: CALayer?, animations: [CAAnimation]) in
            var list: [CAAnimation] = []
            var a = storage.records[Int(slot)].firstAnimation
            while a >= 0 {
                if let object = storage.animationObjects[Int(a)] { list.append(object) }
                a = storage.animations[Int(a)].next
            }
            return (storage.layers[Int(slot)], list)
        }
        return (DisplayTimeline(mediaTime: time, layers: layers), objects)
    }

    /// The layer in `slot` at media time `time` (nil when the slot is not reached from the root).
    func timeline(of slot: Int32, atMediaTime time: CFTimeInterval) -> LayerTimeline? {
        guard root >= 0, !isEvaluating else { return nil }
        var found: [LayerTimeline] = [], slots: [Int32] = []
        walk(root, depth: 0, parentTime: time, parentSpeed: 1, into: &found, only: slot, slots: &slots)
        return found.first
    }

    /// Appends the timelines of `slot` and everything under it (only `wanted`'s, when given) to `out`; returns
    /// true once `wanted` is found.
    @discardableResult
    private func walk(_ slot: Int32, depth: Int, parentTime: Double, parentSpeed: Double, into out: inout [LayerTimeline],
                      only wanted: Int32?, slots: inout [Int32]) -> Bool {
        let r = storage.records[Int(slot)]
        // A layer no commit has delivered yet is not shown (nor is anything under it): it has no timing to read.
        guard r.flags.contains(.isFilled) else { return false }
        let local = r.localTime(fromParentTime: parentTime)
        let speed = parentSpeed * r.speed
        if wanted == nil || wanted == slot {
            out.append(layerTimeline(slot, r, depth: depth, localTime: local, effectiveSpeed: speed))
            slots.append(slot)
            if wanted != nil { return true }
        }
        // A mask runs on the masked layer's time, as frames evaluate it.
        if r.mask >= 0, walk(r.mask, depth: depth + 1, parentTime: local, parentSpeed: speed, into: &out, only: wanted, slots: &slots) {
            return true
        }
        var child = r.firstChild
        while child >= 0 {
            if walk(child, depth: depth + 1, parentTime: local, parentSpeed: speed, into: &out, only: wanted, slots: &slots) { return true }
            child = storage.records[Int(child)].nextSibling
        }
        return false
    }

    private func layerTimeline(_ slot: Int32, _ r: LayerRecord, depth: Int, localTime: Double,
                               effectiveSpeed: Double) -> LayerTimeline {
        let layer = storage.layers[Int(slot)]
        var animations: [AnimationTimeline] = []
        var a = r.firstAnimation
        while a >= 0 {
            let record = storage.animations[Int(a)]
            if let object = storage.animationObjects[Int(a)] {
                let key = layer?.animationEntries.first { $0.animation === object }.flatMap { $0.isUserKey ? $0.key : nil }
                animations.append(Self.animationTimeline(object, timing: record.pacing.takeUnretainedValue().timing,
                                                         isRemovedOnCompletion: record.isRemovedOnCompletion,
                                                         key: key, localTime: localTime))
            }
            a = record.next
        }
        return LayerTimeline(name: layer?.storedName, kind: layer.map { String(describing: type(of: $0)) } ?? "CALayer",
                             delegateKind: layer?.delegate.map { String(describing: type(of: $0)) }, depth: depth, isMask: r.flags.contains(.isMask), beginTime: r.beginTime, speed: r.speed,
                             timeOffset: r.timeOffset, localTime: localTime, effectiveSpeed: effectiveSpeed,
                             animations: animations)
    }

    /// `animation`'s place in its timeline at the layer's local time `t`, by `timing` (its committed timing).
    static func animationTimeline(_ animation: CAAnimation, timing: AnimationTiming, isRemovedOnCompletion: Bool,
                                  key: String?, localTime t: Double) -> AnimationTimeline {
        let sample = timing.sample(atParentTime: t)
        let phase: AnimationPhase
        switch sample?.phase {
        case .before: phase = .before
        case .active: phase = .active
        case .after: phase = isRemovedOnCompletion ? .removed : .after
        case nil: phase = .removed   // a duration that is not positive never plays
        }
        return AnimationTimeline(
            key: key, kind: String(describing: type(of: animation)),
            keyPath: (animation as? CAPropertyAnimation)?.keyPath,
            beginTime: timing.beginTime, duration: timing.duration, speed: timing.speed, timeOffset: timing.timeOffset,
            repeatCount: timing.repeatCount, repeatDuration: timing.repeatDuration, autoreverses: timing.autoreverses,
            fillMode: timing.fillMode, isRemovedOnCompletion: isRemovedOnCompletion,
            activeDuration: timing.activeDuration, endTime: timing.endTimeInParent, localTime: t,
            animationTime: (t - timing.beginTime) * timing.speed + timing.timeOffset, phase: phase,
            progress: sample?.progress ?? 0, iteration: sample?.iteration ?? 0,
            isEffective: (sample?.isEffective ?? false) && phase != .removed)
    }
}
