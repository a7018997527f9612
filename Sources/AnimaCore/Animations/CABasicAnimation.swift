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

    /// The values converted to the property's type when the animation was added, boxed: four optional
    /// `AnimatableValue`s take about 520 bytes inline (a transform is 128), most of the object, and
    /// evaluation reads them only on the general path.
    ///
    /// Kept only when that path needs them every frame (no ``CAAnimation/scalar`` endpoints) or the animation
    /// captured a previous value. A scalar animation's box is dropped once its endpoints are taken, and the
    /// accessors below convert the public values again on the rare calls that need them: an animated layer then
    /// spans 1 KB less of the heap (two boxes between its objects), and frame evaluation, which walks every
    /// layer's objects, keeps fewer pages and cache lines in use.
    private var resolved = Resolution.none
    private enum Resolution {
        /// No values (nor a captured previous one): the animation runs from and to the value underneath.
        case none
        case stored(ResolvedValues)
        /// Dropped for scalar endpoints (see above): converted again when asked for.
        case onDemand
    }
    package var resolvedFrom: AnimatableValue? { resolvedValue(\.from, fromValue) }
    package var resolvedTo: AnimatableValue? { resolvedValue(\.to, toValue) }
    package var resolvedBy: AnimatableValue? { resolvedValue(\.by, byValue) }
    /// The value before the change that ran this animation as an action.
    package var capturedPrevious: AnimatableValue? { resolvedValue(\.previous, nil) }

    private func resolvedValue(_ field: KeyPath<ResolvedValues, AnimatableValue?>, _ value: Any?) -> AnimatableValue? {
        switch resolved {
        case .none: return nil
        case .stored(let values): return values[keyPath: field]
        case .onDemand: return reconverted(value)
        }
    }

    /// `value` converted to the property's type as when the animation was added (it passed then; a scalar
    /// animation has no value function).
    private func reconverted(_ value: Any?) -> AnimatableValue? {
        guard let value, let kind = suppliedKind else { return nil }
        return AnimatableValue.convert(value, to: kind)
    }

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CABasicAnimation {
            fromValue = o.fromValue
            toValue = o.toValue
            byValue = o.byValue
        }
    }

    /// `fromValue`, `toValue` and `byValue` by key (any value: adding the animation checks them), as well as
    /// the inherited keys.
    override package class var keyedProperties: KeyedProperties<CAAnimation> { CABasicAnimation.basicKeyedProperties }
    package static let basicKeyedProperties = CAPropertyAnimation.propertyKeyedProperties.adding(KeyedProperties<CABasicAnimation>([
        (["fromValue"], .any(\.fromValue)),
        (["toValue"], .any(\.toValue)),
        (["byValue"], .any(\.byValue)),
    ]))

    package override var suppliedValues: [Any?] { [fromValue, toValue, byValue] }

    package override func validate(for layer: CALayer, key: String?) -> Bool {
        guard super.validate(for: layer, key: key) else { return false }
        guard let from = convertValue(fromValue, role: "fromValue", layer: layer),
              let to = convertValue(toValue, role: "toValue", layer: layer),
              let by = convertValue(byValue, role: "byValue", layer: layer) else { return false }
        var previous: AnimatableValue?
        if from == nil, to == nil, by == nil, let context = layer.actionContext, context.key == keyPath {
            previous = context.previous
        }
        resolved = from == nil && to == nil && by == nil && previous == nil ? .none
            : .stored(ResolvedValues(from: from, to: to, by: by, previous: previous))
        if previous == nil, case .stored = resolved, ScalarEndpoints(self) != nil { resolved = .onDemand }
        return true
    }

    /// Scalar endpoints when the key path and values allow, else the boxed values through ``applyWhole(to:sample:fraction:)``.
    package override func makeProgram() -> AnimationProgram {
        if let endpoints = ScalarEndpoints(self) { return .basic(endpoints) }
        return .general(Unmanaged.passUnretained(self))
    }

    package override var needsWholeState: Bool { true }

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

    /// Applies the boxed values at interpolation fraction `p` to the whole state.
    package override func applyWhole(to e: inout LayerEvaluation, sample: TimingSample, fraction p: Double) {
        guard e.isWholeState, let path = resolvedKeyPath else { return }
        let underlying = e.state.value(at: path)
        let base: AnimatableValue = isAdditive ? underlying.zeroValue : underlying
        var v = value(atProgress: p, underlying: base)
        if isCumulative && sample.iteration > 0 {
            v = v.adding(endpoints(underlying: base).1.scaled(by: Double(sample.iteration)))
        }
        e.modifyState(path.property) { write(v, into: &$0, path: path) }
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

/// A basic animation's resolved values (see `CABasicAnimation.resolved`).
private final class ResolvedValues {
    let from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, previous: AnimatableValue?
    init(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, previous: AnimatableValue?) {
        self.from = from; self.to = to; self.by = by; self.previous = previous
    }
}
