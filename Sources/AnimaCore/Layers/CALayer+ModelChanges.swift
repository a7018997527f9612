import Foundation
import AnimaGraphics

extension CALayer {
    /// The single path every animatable property setter takes.
    ///
    /// Rejects non-finite values with a diagnostic, ignores a change to the same value, captures the
    /// old presentation value, writes the model, runs the property's action, and marks layout and
    /// display as the property requires.
    package func setModelValue(_ value: AnimatableValue, of property: LayerProperty) {
        guard value.isFinite else {
            Diagnostics.report("CALayer \(debugName): rejected \(property.rawValue) = \(value.diagnosticDescription) (not a finite value); the model keeps \(state.value(of: property).diagnosticDescription)")
            return
        }
        // `opacity` and `shadowOpacity` are Floats: a finite Double beyond Float's range (a value given by key)
        // would be stored as ±∞.
        if property.storesFloat, case .number(let d) = value, !Float(d).isFinite {
            Diagnostics.report("CALayer \(debugName): rejected \(property.rawValue) = \(value.diagnosticDescription) (beyond a Float's range); the model keeps \(state.value(of: property).diagnosticDescription)")
            return
        }
        let old = state.value(of: property)
        if old.isSame(as: value) { return }
        if isPresentationCopy {
            state.setValue(value, of: property)
            return
        }
        noteChange(LayerChange(modelChangeOf: property))
        // The override of `action(forKey:)`, if any, decides (its default searches and makes the implicit
        // animation); it runs before the model changes, so it sees the old presented value.
        var action: CAAction?
        var previous: AnimatableValue?
        if asksForActions && !CATransaction.disableActions(), let found = self.action(forKey: property.rawValue),
           !(found is NSNull) {
            action = found
            previous = previousPresentationValue(of: property)
        }
        let oldZ = state.zPosition
        state.setValue(value, of: property)
        if property == .zPosition, let parent = _superlayer {
            parent.zPositionedSublayerCount += (state.zPosition != 0 ? 1 : 0) - (oldZ != 0 ? 1 : 0)
            parent.sublayerZPositionDidChange(self, from: oldZ)
        }
        propertyDidChange(property)
        if let action {
            let key = property.rawValue
            actionContext = previous.map { (key, $0) }
            action.run(forKey: key, object: self, arguments: nil)
            actionContext = nil
        }
    }

    /// Whether a change asks `action(forKey:)` for an action: once the layer has been committed, or while it is in
    /// a display's tree — a view added to a window animates in the block that added it, as in UIKit (`addSubview`
    /// then `UIView.animate { toast.alpha = 1 }`). The search's own implicit animation still waits for a commit
    /// (``defaultActionSearch(forKey:)``), so a plain layer added and changed in one transaction does not animate.
    package var asksForActions: Bool { isCommitted || renderStore != nil }

    /// The presented value at the start of the transaction: when an action already ran for this
    /// property in the (not yet committed) transaction, its start value; otherwise the presented
    /// value now. So `position.x = …; position.y = …` animates from where the layer was shown.
    package func previousPresentationValue(of property: LayerProperty) -> AnimatableValue {
        let key = property.rawValue
        if let entry = animationEntries.last(where: { $0.isUserKey && $0.key == key && !$0.animation.isCommitted }),
           let pending = entry.animation as? CABasicAnimation, pending.keyPath == key,
           let start = pending.resolvedFrom ?? pending.capturedPrevious {
            return start
        }
        return presentationValue(of: property)
    }

    /// Layout and display side effects of a model change.
    package func propertyDidChange(_ property: LayerProperty) {
        switch property {
        case .bounds:
            setNeedsLayoutAutomatically()
            _superlayer?.setNeedsLayoutAutomatically()
            if needsDisplayOnBoundsChange || type(of: self).needsDisplay(forKey: property.rawValue) { setNeedsDisplay() }
        case .transform:
            setNeedsLayoutAutomatically()
            _superlayer?.setNeedsLayoutAutomatically()
        case .contents:
            storedContentsVersion &+= 1
        default:
            if type(of: self).needsDisplay(forKey: property.rawValue) { setNeedsDisplay() }
        }
    }

    /// The implicit animation Core Animation makes for a standalone layer's property change.
    static func implicitAnimation(forKey key: String, from previous: AnimatableValue) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = previous.publicValue
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}

extension LayerProperty {
    /// Whether a model change makes an implicit animation. Paths (Apple: "no implicit animation"),
    /// booleans and objects do not — except a gradient's colour and location arrays, which blend.
    package var animatesImplicitly: Bool {
        if self == .colors || self == .locations { return true }
        switch kind {
        case .bool, .object, .path: return false
        default: return true
        }
    }
}
