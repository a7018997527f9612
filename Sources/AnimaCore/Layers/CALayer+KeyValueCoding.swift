import Foundation
import AnimaGraphics

/// Key-value coding, as Core Animation's layers offer it: properties by name, struct fields and transform
/// parts by key path (`"position.x"`, `"transform.rotation.z"`), and any other key as a value the layer keeps.
///
/// ```swift
/// layer.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.z")   // runs the "transform" action
/// layer.setValue("card", forKey: "role")                               // kept; value(forKey: "role")
/// ```
/// A value of the wrong type for a property is rejected with a diagnostic naming the layer, key and value,
/// and the model keeps its value.
extension CALayer {
    /// The properties of every layer that key-value coding reaches by name, beyond the animatable ones
    /// (``LayerKeyPath`` names those). Subclasses add theirs (``keyedProperties``).
    package static let layerKeyedProperties = KeyedProperties<CALayer>(KeyedProperty.mediaTiming + [
        (["name"], .optional(\.name, "a String")),
        (["frame"], .value(\.frame, "a CGRect")),
        (["contentsGravity"], .constant(\.contentsGravity)),
        (["maskedCorners"], .optionSet(\.maskedCorners)),
        (["compositingFilter"], .any(\.compositingFilter)),
        (["cornerCurve"], .constant(\.cornerCurve)),
        (["allowsGroupOpacity"], .value(\.allowsGroupOpacity, "a Bool")),
        (["shouldRasterize"], .value(\.shouldRasterize, "a Bool")),
        (["rasterizationScale"], .number(\.rasterizationScale)),
        (["magnificationFilter"], .constant(\.magnificationFilter)),
        (["minificationFilter"], .constant(\.minificationFilter)),
        (["minificationFilterBias"], .number(\.minificationFilterBias)),
        (["opaque", "isOpaque"], .value(\.isOpaque, "a Bool")),
        (["drawsAsynchronously"], .value(\.drawsAsynchronously, "a Bool")),
        (["allowsEdgeAntialiasing"], .value(\.allowsEdgeAntialiasing, "a Bool")),
        (["edgeAntialiasingMask"], .optionSet(\.edgeAntialiasingMask)),
        (["contentsFormat"], .constant(\.contentsFormat)),
        (["geometryFlipped", "isGeometryFlipped"], .value(\.isGeometryFlipped, "a Bool")),
        (["needsDisplayOnBoundsChange"], .value(\.needsDisplayOnBoundsChange, "a Bool")),
        (["actions"], .optional(\.actions, "a [String: CAAction]")),
        (["style"], .optional(\.style, "a [AnyHashable: Any]")),
        (["delegate"], .optional(\.delegate, "a CALayerDelegate")),
        (["sublayers"], .optional(\.sublayers, "a [CALayer]")),
        (["mask"], .optional(\.mask, "a CALayer")),
        (["superlayer"], .readOnly({ $0.superlayer }, because: "read-only: add the layer to a superlayer instead")),
    ])

    /// What ``value(forKey:)`` returns unless a subclass overrides it.
    package final func keyedValue(forKey key: String) -> Any? {
        if let path = LayerKeyPath(key), path.component == nil { return state.value(of: path.property).publicValue }
        if let property = type(of: self).keyedProperties[key] { return property.get(self) }
        if let presented = presentedCustomValue(forKey: key) { return presented }
        return customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// What ``setValue(_:forKey:)`` does unless a subclass overrides it.
    package final func setKeyedValue(_ value: Any?, forKey key: String) {
        if let path = LayerKeyPath(key), path.component == nil { return setModelValue(value, at: path, key: key) }
        guard let property = type(of: self).keyedProperties[key] else { return setCustomValue(value, forKey: key) }
        if !property.set(self, value) {
            Diagnostics.report("CALayer \(debugName): rejected \(key) = \(Diagnostics.describe(value)): \(property.rejection); kept \(Diagnostics.describe(self.value(forKey: key)))")
        }
    }

    /// The value at `keyPath`: a part of a property (`"position.x"`, `"bounds.size.width"`,
    /// `"transform.rotation.z"`, `"transform.scale"`…), or ``value(forKey:)`` for a whole key.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let emitter = self as? CAEmitterLayer, keyPath.hasPrefix("emitterCells."),
           let (cell, key) = emitter.cell(at: keyPath) {
            let own = cell.value(forKey: key)
            // A presentation copy's cells show what animations of their key paths make of them.
            guard isPresentationCopy, let path = LayerKeyPath(keyPath) else { return own }
            let presented = state.value(at: path)
            if own is Float, case .number(let d) = presented { return Float(d) }
            return presented.publicValue
        }
        if let path = LayerKeyPath(keyPath), path.component != nil { return state.value(at: path).publicValue }
        return value(forKey: keyPath)
    }

    /// Sets the part of a property at `keyPath`, through the whole property's setter (so the action of, for
    /// example, `"transform"` runs for `"transform.rotation.z"`); a whole key goes to ``setValue(_:forKey:)``.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if let emitter = self as? CAEmitterLayer, emitter.setCellValue(value, forKeyPath: keyPath) { return }
        if let path = LayerKeyPath(keyPath), path.component != nil { return setModelValue(value, at: path, key: keyPath) }
        setValue(value, forKey: keyPath)
    }

    /// Converts `value` to what `path` holds and writes it into the property's model value, or reports.
    private func setModelValue(_ value: Any?, at path: LayerKeyPath, key: String) {
        guard let part = AnimatableValue.convert(value, to: path.kind) else {
            Diagnostics.report("CALayer \(debugName): rejected \(key) = \(Diagnostics.describe(value)): not a finite \(path.kind) value; kept \(Diagnostics.describe(self.value(forKeyPath: key)))")
            return
        }
        setModelValue(path.inject(part, into: state.value(of: path.property)), of: path.property)
    }
}
