import Foundation
import AnimaGraphics

/// Typed reads of the subclass properties kept in `LayerState.extra` (defaults when unset).
extension LayerState {
    package func number(_ property: LayerProperty) -> CGFloat {
        if case .number(let d) = value(of: property) { return CGFloat(d) }
        return 0
    }

    package func color(_ property: LayerProperty) -> CGColor? {
        if case .color(let c) = value(of: property) { return c }
        return nil
    }

    package func path(_ property: LayerProperty) -> CGPath? {
        if case .path(let p) = value(of: property) { return p }
        return nil
    }

    package func point(_ property: LayerProperty) -> CGPoint {
        if case .point(let p) = value(of: property) { return p }
        return .zero
    }

    package func object(_ property: LayerProperty) -> Any? {
        if case .object(let o) = value(of: property) { return o }
        return nil
    }
}

extension CALayer {
    /// Sets a number property that must not be negative (line widths, miter limits); a negative
    /// value is reported and leaves the model as it was. NaN and ∞ are rejected by `setModelValue`.
    package func setNonNegativeModelValue(_ value: CGFloat, of property: LayerProperty) {
        guard !(value < 0) else {
            Diagnostics.report("CALayer \(debugName): rejected \(property.rawValue) = \(Double(value).diagnosticDescription) (must be ≥ 0); the model keeps \(state.value(of: property).diagnosticDescription)")
            return
        }
        setModelValue(.number(Double(value)), of: property)
    }
}
