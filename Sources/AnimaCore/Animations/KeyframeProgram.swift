import Foundation
import AnimaGraphics

/// A validated `CAKeyframeAnimation`, ready to evaluate: its track and how the track's value reaches the layer.
///
/// Immutable and built once, when the animation is added to a layer; the stored copy keeps it, and the
/// render-side copy of the layer refers to it. Numbers, points and sizes on a ``ScalarSlot`` (and paths) are
/// sampled as pairs of doubles and written to the slot; any other value is sampled boxed and written to the
/// whole state.
package final class KeyframeProgram {
    package let track: KeyframeTrack
    let keyPath: LayerKeyPath
    /// The slot the values go to unboxed, when there is one (no value function, values of pairs or a path).
    let slot: ScalarSlot?
    let valueFunction: CAValueFunction?
    let isAdditive: Bool, isCumulative: Bool
    /// The rotation added to the direction of travel (0 or π) when the layer turns along it (`rotationMode`).
    let rotationOffset: Double?

    init(track: KeyframeTrack, keyPath: LayerKeyPath, valueFunction: CAValueFunction?, isAdditive: Bool,
         isCumulative: Bool, rotationOffset: Double?) {
        self.track = track
        self.keyPath = keyPath
        self.valueFunction = valueFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.rotationOffset = rotationOffset
        slot = valueFunction == nil && track.samplesPairs ? ScalarSlot(keyPath) : nil
    }

    /// Whether applying needs the whole state (see ``LayerEvaluation``).
    var needsWholeState: Bool { slot.map { $0.target == .state } ?? true }

    /// How the track's table applies, when it has one and its values go to a slot (nil: applied boxed). The
    /// render-side copy keeps this with a copy of the table in its arena.
    var block: KeyframeBlock? {
        guard let slot, track.table != nil else { return nil }
        return KeyframeBlock(offset: 0, length: Int32(track.table?.count ?? 0), slot: slot, isAdditive: isAdditive,
                             isCumulative: isCumulative, rotationOffset: rotationOffset ?? .nan)
    }

    /// Applies the track at eased progress `p` in iteration `iteration`.
    @MainActor
    func apply(to e: inout LayerEvaluation, progress p: Double, iteration: Int) {
        if let block, let table = track.table, e.isWholeState || block.slot.target != .state {
            return table.withUnsafeBufferPointer { block.apply($0.baseAddress!, to: &e, progress: p, iteration: iteration) }
        }
        guard let slot, e.isWholeState || slot.target != .state else { return applyBoxed(to: &e, progress: p, iteration: iteration) }
        // A spline of pairs.
        var (value, angle) = track.samplePair(at: p)
        if isCumulative && iteration > 0 { value += track.lastPair * Double(iteration) }
        if isAdditive { value = slot.read(e) + value }
        slot.write(value, into: &e)
        if let offset = rotationOffset, let direction = angle ?? travelAngle(at: p) { e.rotate(by: direction + offset) }
    }

    /// The general form, on the whole state: any value kind, value functions.
    @MainActor
    private func applyBoxed(to e: inout LayerEvaluation, progress p: Double, iteration: Int) {
        guard e.isWholeState else { return }
        var (value, angle) = track.sample(at: p)
        if isCumulative && iteration > 0 {
            value = value.adding(track.lastValue.scaled(by: Double(iteration)))
        }
        if let valueFunction, keyPath.kind == .transform { value = .transform(valueFunction.transform(for: value)) }
        if isAdditive { value = e.state.value(at: keyPath).adding(value) }
        e.modifyState(keyPath.property) { $0.setValue(value, at: keyPath) }
        if let offset = rotationOffset, let direction = angle ?? travelAngle(at: p) { e.rotate(by: direction + offset) }
    }

    /// The direction of travel of point values at `p`, from a small step along the curve; nil while the value
    /// does not move.
    private func travelAngle(at p: Double) -> Double? {
        let step = 1e-4
        let a = track.samplePair(at: max(0, min(p, 1 - step))).value
        let b = track.samplePair(at: max(step, min(p + step, 1))).value
        guard track.samplesPairs, a != b else { return nil }
        return atan2(b.y - a.y, b.x - a.x)
    }
}

/// A keyframe animation whose track has a table (see ``KeyframeTable``), as evaluation applies it: where the table is
/// (an offset into the arena that holds it), the slot its values go to, and how.
package struct KeyframeBlock: Sendable {
    var offset: Int32
    let length: Int32
    let slot: ScalarSlot
    let isAdditive: Bool, isCumulative: Bool
    /// The rotation added to the direction of travel (0 or π), NaN when the layer does not turn along it.
    let rotationOffset: Double

    /// Applies the table at `table` at eased progress `p` in iteration `iteration`.
    @MainActor @inline(__always)
    func apply(_ table: UnsafePointer<Double>, to e: inout LayerEvaluation, progress p: Double, iteration: Int) {
        var (value, angle) = KeyframeTable.samplePair(table, at: p)
        if isCumulative && iteration > 0 { value += KeyframeTable.lastPair(table) * Double(iteration) }
        if isAdditive { value = slot.read(e) + value }
        slot.write(value, into: &e)
        guard !rotationOffset.isNaN else { return }
        if let direction = angle ?? Self.travelAngle(table, at: p) { e.rotate(by: direction + rotationOffset) }
    }

    /// The direction of travel of point values at `p`, from a small step along the curve; nil while the value
    /// does not move.
    private static func travelAngle(_ table: UnsafePointer<Double>, at p: Double) -> Double? {
        let step = 1e-4
        let a = KeyframeTable.samplePair(table, at: max(0, min(p, 1 - step))).value
        let b = KeyframeTable.samplePair(table, at: max(step, min(p + step, 1))).value
        guard a != b else { return nil }
        return atan2(b.y - a.y, b.x - a.x)
    }
}
