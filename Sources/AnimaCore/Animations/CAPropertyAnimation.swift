import Foundation
import AnimaGraphics

/// An animation of one layer property named by a key path (Core Animation's `CAPropertyAnimation`).
///
/// Key paths may name a component: `position.x`, `bounds.size.width`, `transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`… An additive animation adds its value to the
/// value underneath it; a cumulative one adds the end value of each completed iteration.
open class CAPropertyAnimation: CAAnimation {
    /// The animated property's key path.
    public var keyPath: String? {
        didSet { resolvedKeyPath = keyPath.flatMap(LayerKeyPath.init) }
    }
    /// Whether the value adds to the underlying value instead of replacing it.
    public var isAdditive = false
    /// Whether each repeat starts from the end of the previous one.
    public var isCumulative = false
    /// A function turning the interpolated value(s) into a transform (`rotateZ`, `scale`…).
    public var valueFunction: CAValueFunction?

    package var resolvedKeyPath: LayerKeyPath?

    /// An animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
        resolvedKeyPath = path.flatMap(LayerKeyPath.init)
    }

    /// An animation with no key path yet.
    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAPropertyAnimation {
            keyPath = o.keyPath
            resolvedKeyPath = o.resolvedKeyPath
            isAdditive = o.isAdditive
            isCumulative = o.isCumulative
            valueFunction = o.valueFunction
        }
    }

    /// `keyPath`, `additive`, `cumulative` and `valueFunction` by key, as well as every animation's keys.
    override package class var keyedProperties: KeyedProperties<CAAnimation> { CAPropertyAnimation.propertyKeyedProperties }
    package static let propertyKeyedProperties = CAAnimation.animationKeyedProperties.adding(KeyedProperties<CAPropertyAnimation>([
        (["keyPath"], .optional(\.keyPath, "a String")),
        (["additive", "isAdditive"], .value(\.isAdditive, "a Bool")),
        (["cumulative", "isCumulative"], .value(\.isCumulative, "a Bool")),
        (["valueFunction"], .optional(\.valueFunction, "a CAValueFunction")),
    ]))

    /// The kind of values the animation supplies (numbers when a value function makes the transform).
    package var suppliedKind: ValueKind? {
        guard let path = resolvedKeyPath else { return nil }
        if valueFunction != nil && path.kind == .transform { return .number }
        return path.kind
    }

    package override func animates(_ property: LayerProperty) -> Bool { resolvedKeyPath?.property == property }

    /// The values the animation supplies, which tell a custom property's kind when the layer has no value for it.
    package var suppliedValues: [Any?] { [] }

    package override func validate(for layer: CALayer, key: String?) -> Bool {
        // A key no layer class declares may name a property the layer's subclass adds (``CustomKeyPath``).
        if resolvedKeyPath == nil, let keyPath, let custom = CustomKeyPath.resolve(keyPath, on: layer, values: suppliedValues) {
            resolvedKeyPath = LayerKeyPath(property: .customValues, component: .custom(custom))
            layer.prepareCustomValues(for: custom)
        }
        guard resolvedKeyPath != nil else {
            Diagnostics.report("CALayer \(layer.debugName): rejected \(type(of: self)) for key \(key.map { "'\($0)'" } ?? "nil"): unknown key path '\(keyPath ?? "nil")'")
            return false
        }
        if case .emitterCell(let path)? = resolvedKeyPath?.component {
            guard let emitter = layer as? CAEmitterLayer else {
                Diagnostics.report("CALayer \(layer.debugName): rejected \(type(of: self)) for key \(key.map { "'\($0)'" } ?? "nil"): key path '\(path)' names an emitter cell, and the layer is not a CAEmitterLayer")
                return false
            }
            if path.cell(in: emitter.emitterCells) == nil {
                Diagnostics.report("CAEmitterLayer \(layer.debugName): \(type(of: self)) for key \(key.map { "'\($0)'" } ?? "nil") animates '\(path)', and no cell has that name yet; it has no effect until one has")
            }
        }
        return true
    }

    /// Converts a user value for this animation, reporting a wrong type or a non-finite number.
    package func convertValue(_ any: Any?, role: String, layer: CALayer) -> AnimatableValue?? {
        guard let any else { return .some(nil) }
        guard let kind = suppliedKind else { return nil }
        if kind == .number, let values = any as? [Any], valueFunction != nil {
            let numbers = values.compactMap(AnimatableValue.number)
            if numbers.count == values.count, numbers.allSatisfy(\.isFinite) { return .some(.object(numbers)) }
        }
        guard let v = AnimatableValue.convert(any, to: kind) else {
            Diagnostics.report("CALayer \(layer.debugName): rejected \(type(of: self)) on '\(keyPath ?? "")': \(role) \(any) is not a finite \(kind) value")
            return nil
        }
        return .some(v)
    }

    /// Writes `value` (already blended) into `state`, honouring `isAdditive` and `valueFunction`.
    package func write(_ value: AnimatableValue, into state: inout LayerState, path: LayerKeyPath) {
        var v = value
        if let function = valueFunction, path.kind == .transform { v = .transform(function.transform(for: value)) }
        if isAdditive { v = state.value(at: path).adding(v) }
        state.setValue(v, at: path)
    }
}
