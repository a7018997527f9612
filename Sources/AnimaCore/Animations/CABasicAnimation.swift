import Foundation
import AnimaGraphics

/// A single-keyframe animation between two values (Core Animation's `CABasicAnimation`).
///
/// At most two of `fromValue`, `toValue` and `byValue` should be set:
///
/// | set | animates |
/// |---|---|
/// | none | previous value → current value (implicit animations) |
/// | from | from → current |
/// | to | current → to |
/// | by | current → current + by |
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | to, by | to − by → to |
///
/// "Current" is the value underneath the animation (model plus earlier animations), re-read every
/// frame. With all three set, `byValue` is ignored (Apple leaves this undefined).
/// ```swift
/// let move = CABasicAnimation(keyPath: "position.x")
/// move.fromValue = 0; move.toValue = 100; move.duration = 1
/// ```
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value, of the property's type (numbers may be any numeric type).
    public var fromValue: Any?
    /// The end value.
    public var toValue: Any?
    /// A relative change.
    public var byValue: Any?

    package var resolvedFrom: AnimatableValue?
    package var resolvedTo: AnimatableValue?
    package var resolvedBy: AnimatableValue?
    /// The value before the change that ran this animation as an action.
    package var capturedPrevious: AnimatableValue?
    /// The unboxed form of the resolved values, when the key path has a ``ScalarSlot``.
    @exclusivity(unchecked) private var scalar: ScalarEndpoints?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CABasicAnimation {
            fromValue = o.fromValue
            toValue = o.toValue
            byValue = o.byValue
        }
    }

    package override func validate(for layer: CALayer, key: String?) -> Bool {
        guard super.validate(for: layer, key: key) else { return false }
        guard let from = convertValue(fromValue, role: "fromValue", layer: layer),
              let to = convertValue(toValue, role: "toValue", layer: layer),
              let by = convertValue(byValue, role: "byValue", layer: layer) else { return false }
        resolvedFrom = from
        resolvedTo = to
        resolvedBy = by
        if from == nil, to == nil, by == nil, let context = layer.actionContext, context.key == keyPath {
            capturedPrevious = context.previous
        }
        scalar = ScalarEndpoints(self)
        return true
    }

    /// The value at eased progress `p`, given the value underneath.
    package func value(atProgress p: Double, underlying: AnimatableValue) -> AnimatableValue {
        let (start, end) = endpoints(underlying: underlying)
        return start.interpolated(to: end, fraction: p)
    }

    package func endpoints(underlying: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
        switch (resolvedFrom, resolvedTo, resolvedBy) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b))
        case (nil, let t?, let b?): return (t.subtracting(b), t)
        case (let f?, nil, nil): return (f, underlying)
        case (nil, let t?, nil): return (underlying, t)
        case (nil, nil, let b?): return (underlying, underlying.adding(b))
        case (nil, nil, nil): return (capturedPrevious ?? underlying, underlying)
        }
    }

    /// The interpolation fraction for a timing sample: the eased progress (springs override it).
    package func fraction(for sample: TimingSample) -> Double {
        timingFunction?.evaluate(at: sample.progress) ?? sample.progress
    }

    package override func apply(to state: inout LayerState, sample: TimingSample) {
        guard let path = resolvedKeyPath else { return }
        let p = fraction(for: sample)
        if let scalar {
            scalar.apply(to: &state, progress: p, iteration: sample.iteration, additive: isAdditive, cumulative: isCumulative)
            return
        }
        let underlying = state.value(at: path)
        let base: AnimatableValue = isAdditive ? underlying.zeroValue : underlying
        var v = value(atProgress: p, underlying: base)
        if isCumulative && sample.iteration > 0 {
            v = v.adding(endpoints(underlying: base).1.scaled(by: Double(sample.iteration)))
        }
        write(v, into: &state, path: path)
    }

}

extension AnimatableValue {
    /// The additive identity of this value's kind (the base of an additive animation).
    package var zeroValue: AnimatableValue {
        switch self {
        case .transform: return .transform(.identity)
        case .color: return .color(.clear)
        default: return scaled(by: 0)
        }
    }
}

/// A basic animation's values as doubles, for key paths with a ``ScalarSlot`` and no value function:
/// the same from/to/by table, additive and cumulative rules as the general path, without boxing.
private struct ScalarEndpoints {
    let slot: ScalarSlot
    let from: SIMD2<Double>?, to: SIMD2<Double>?, by: SIMD2<Double>?, previous: SIMD2<Double>?

    @MainActor init?(_ a: CABasicAnimation) {
        guard a.valueFunction == nil, let path = a.resolvedKeyPath, let slot = ScalarSlot(path) else { return nil }
        func pair(_ v: AnimatableValue?) -> SIMD2<Double>?? {
            guard let v else { return .some(nil) }
            return v.scalarPair.map { .some($0) } ?? nil
        }
        guard let from = pair(a.resolvedFrom), let to = pair(a.resolvedTo), let by = pair(a.resolvedBy),
              let previous = pair(a.capturedPrevious) else { return nil }
        self.slot = slot
        self.from = from; self.to = to; self.by = by; self.previous = previous
    }

    @inline(__always)
    private func endpoints(_ u: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f + b)
        case (nil, let t?, let b?): return (t - b, t)
        case (let f?, nil, nil): return (f, u)
        case (nil, let t?, nil): return (u, t)
        case (nil, nil, let b?): return (u, u + b)
        case (nil, nil, nil): return (previous ?? u, u)
        }
    }

    @inline(__always)
    func apply(to state: inout LayerState, progress p: Double, iteration: Int, additive: Bool, cumulative: Bool) {
        let underlying = slot.read(state)
        let base = additive ? SIMD2<Double>(0, 0) : underlying
        let (start, end) = endpoints(base)
        var v = start + (end - start) * p
        if cumulative && iteration > 0 { v += end * Double(iteration) }
        if additive { v = underlying + v }
        slot.write(v, into: &state)
    }
}
