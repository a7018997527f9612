import Foundation
import AnimaGraphics

/// Properties a subclass adds by key (``CustomKeyPath``): set and read by key-value coding, animated by key,
/// presented by the presentation copy, and redrawn for when the class says so.
extension CALayer {
    /// Makes the model's state read the layer's custom values underneath their animations (once per layer), and
    /// marks the class as redrawing for custom properties when `path` says it does.
    package func prepareCustomValues(for path: CustomKeyPath) {
        var seeded = false
        if case .object(let values as CustomValues) = state.value(of: .customValues) { seeded = values.belongs(to: self) }
        if !seeded { state.setValue(.object(CustomValues(layer: self)), of: .customValues) }
        if path.redraws { type(of: self).noteRedrawsForCustomKey() }
        // The render-side copy takes the values, and whether the layer redraws from its presentation.
        if !seeded || path.redraws { noteChange(.properties) }
    }

    /// The presented value of the custom property `key` on a presentation copy, as the model's value is typed.
    package func presentedCustomValue(forKey key: String) -> Any?? {
        guard isPresentationCopy, case .object(let values as CustomValues) = state.value(of: .customValues),
              let written = values.writtenValue(forKey: key) else { return nil }
        return .some(written.publicValue(like: customValues[key] ?? type(of: self).defaultValue(forKey: key)))
    }

    /// Sets a custom property, as Core Animation's setter of an `@NSManaged` property does: the override of
    /// `action(forKey:)` is asked first (it sees the old value; nothing is made for it by default), the value is
    /// kept, a class that redraws for the key redraws, and the action runs.
    package func setCustomValue(_ value: Any?, forKey key: String) {
        let old = customValues[key]
        if let kind = CustomKeyPath.kind(of: value), CustomKeyPath.kind(of: old) == kind,
           let new = AnimatableValue.convert(value, to: kind), let previous = AnimatableValue.convert(old, to: kind),
           new.isSame(as: previous) {
            customValues[key] = value
            return
        }
        var action: CAAction?
        var shown: AnimatableValue?
        if !isPresentationCopy, asksForActions, !CATransaction.disableActions(), let found = self.action(forKey: key),
           !(found is NSNull) {
            action = found
            // An action animation with no values animates from the value shown before the change.
            let presented = presentation().flatMap { $0.value(forKey: key) } ?? old
            shown = CustomKeyPath.kind(of: presented).flatMap { AnimatableValue.convert(presented, to: $0) }
        }
        customValues[key] = value
        guard !isPresentationCopy else { return }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        guard let action else { return }
        actionContext = shown.map { (key, $0) }
        action.run(forKey: key, object: self, arguments: nil)
        actionContext = nil
    }

    /// Whether `key` names a custom property of this layer (an action animation without a key path animates it).
    package func hasCustomProperty(_ key: String) -> Bool {
        !key.isEmpty && !key.contains(".") && LayerKeyPath(key) == nil && type(of: self).keyedProperties[key] == nil
            && (value(forKey: key) != nil || type(of: self).needsDisplay(forKey: key))
    }
}
