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
    /// What ``value(forKey:)`` returns unless a subclass overrides it.
    package final func keyedValue(forKey key: String) -> Any? {
        if let path = LayerKeyPath(key), path.component == nil { return state.value(of: path.property).publicValue }
        switch key {
        case "name": return name
        case "frame": return frame
        case "beginTime": return beginTime
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "contentsGravity": return contentsGravity
        case "needsDisplayOnBoundsChange": return needsDisplayOnBoundsChange
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "mask": return mask
        default: return customValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// What ``setValue(_:forKey:)`` does unless a subclass overrides it.
    package final func setKeyedValue(_ value: Any?, forKey key: String) {
        if let path = LayerKeyPath(key), path.component == nil { return setModelValue(value, at: path, key: key) }
        func rejected(_ expected: String) {
            Diagnostics.report("CALayer \(debugName): rejected \(key) = \(Diagnostics.describe(value)): expected \(expected); kept \(Diagnostics.describe(self.value(forKey: key)))")
        }
        switch key {
        case "name":
            if value == nil { name = nil } else if let v = value as? String { name = v } else { rejected("a String") }
        case "frame":
            if let v = value as? CGRect { frame = v } else { rejected("a CGRect") }
        case "beginTime", "speed", "timeOffset":
            guard let d = AnimatableValue.number(value) else { return rejected("a number") }
            if key == "beginTime" { beginTime = d } else if key == "speed" { speed = Float(d) } else { timeOffset = d }
        case "contentsGravity":
            if let v = value as? CALayerContentsGravity { contentsGravity = v }
            else if let v = value as? String { contentsGravity = CALayerContentsGravity(rawValue: v) }
            else { rejected("a CALayerContentsGravity") }
        case "needsDisplayOnBoundsChange":
            if let v = value as? Bool { needsDisplayOnBoundsChange = v } else { rejected("a Bool") }
        case "sublayers", "superlayer", "mask":
            Diagnostics.report("CALayer \(debugName): rejected setValue(_:forKey: \"\(key)\"): set the hierarchy through its methods and properties")
        default:
            customValues[key] = value
        }
    }

    /// The value at `keyPath`: a part of a property (`"position.x"`, `"bounds.size.width"`,
    /// `"transform.rotation.z"`, `"transform.scale"`…), or ``value(forKey:)`` for a whole key.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let path = LayerKeyPath(keyPath), path.component != nil { return state.value(at: path).publicValue }
        return value(forKey: keyPath)
    }

    /// Sets the part of a property at `keyPath`, through the whole property's setter (so the action of, for
    /// example, `"transform"` runs for `"transform.rotation.z"`); a whole key goes to ``setValue(_:forKey:)``.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
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
