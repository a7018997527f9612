import Foundation
import AnimaGraphics

extension RenderStorage {
    /// A fresh evaluation of the layer in `slot` at its committed values, in the form its animations need.
    @inline(__always)
    mutating func startEvaluation(of slot: Int32, _ r: LayerRecord) -> LayerEvaluation {
        if r.flags.contains(.needsWholeState) { return LayerEvaluation(wholeState: committedState(of: slot)) }
        return LayerEvaluation(geometry: r.geometry, transform: r.transform >= 0 ? transforms[Int(r.transform)] : nil)
    }

    /// Starts `e` again at the committed values of the layer in `slot`, in the form its animations need.
    @inline(__always)
    mutating func resetEvaluation(_ e: inout LayerEvaluation, of slot: Int32) {
        let i = Int(slot)
        if records[i].flags.contains(.needsWholeState) {
            e = LayerEvaluation(wholeState: committedState(of: slot))
        } else {
            let transform = records[i].transform
            e.reset(geometry: records[i].geometry, transform: transform >= 0 ? transforms[Int(transform)] : nil)
        }
    }

    /// The layer in `slot` as presented at its local time `t`, without moving any animation's phase: what
    /// `presentation()` shows and what orders siblings by presented `zPosition`. Animations that have ended and
    /// are removed on completion are left out (the frame at `t` removes them before applying any).
    @MainActor
    mutating func evaluatePresented(_ slot: Int32, at t: Double) -> LayerEvaluation {
        var arena: [Double] = []
        swap(&arena, &keyframeArena)
        defer { swap(&arena, &keyframeArena) }
        return arena.withUnsafeBufferPointer { evaluatePresented(slot, at: t, arena: $0.baseAddress) }
    }

    /// ``evaluatePresented(_:at:)`` with the keyframe arena at `arena` (a frame holds it aside while it runs).
    @MainActor
    mutating func evaluatePresented(_ slot: Int32, at t: Double, arena: UnsafePointer<Double>?) -> LayerEvaluation {
        let r = records[Int(slot)]
        var e = startEvaluation(of: slot, r)
        var a = r.firstAnimation
        while a >= 0 {
            let record = animations[Int(a)]
            let pacing = record.pacing.takeUnretainedValue()
            if let sample = pacing.timing.sample(atParentTime: t), sample.isEffective,
               !(sample.phase == .after && record.isRemovedOnCompletion) {
                let fraction = record.program.isEased ? (pacing.curve?.evaluate(at: sample.progress) ?? sample.progress)
                    : pacing.springFraction(sample)
                record.program.apply(to: &e, sample: sample, fraction: fraction, arena: arena)
            }
            a = record.next
        }
        _ = e.replaceNonFinite { committedState(of: slot) }
        return e
    }

    /// The local time of the layer in `slot` for the display's media time `time`, through its ancestors' records
    /// (a mask's chain starts at the mask).
    func localTime(of slot: Int32, atMediaTime time: Double) -> Double {
        var chain: [Int32] = []
        var s = slot
        while s >= 0 {
            chain.append(s)
            s = records[Int(s)].parent
        }
        var t = time
        for c in chain.reversed() { t = records[Int(c)].localTime(fromParentTime: t) }
        return t
    }
}
