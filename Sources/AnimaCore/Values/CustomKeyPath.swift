import Foundation
import AnimaGraphics

/// A property a layer subclass adds through key-value coding, animated as Core Animation animates the
/// `@NSManaged` properties of Apple's "custom animatable property" recipe:
///
/// ```swift
/// final class ProgressLayer: CALayer {
///     var progress: CGFloat {                       // Apple: @NSManaged var progress: CGFloat
///         get { value(forKey: "progress") as? CGFloat ?? 0 }
///         set { setValue(newValue, forKey: "progress") }
///     }
///     override class func needsDisplay(forKey key: String) -> Bool {
///         key == "progress" || super.needsDisplay(forKey: key)
///     }
///     override func draw(in ctx: CGContext) { … progress … }   // the presented value while animated
/// }
/// let fill = CABasicAnimation(keyPath: "progress")           // a key no layer class declares
/// fill.fromValue = 0; fill.toValue = 1
/// layer.add(fill, forKey: "fill")
/// ```
///
/// The key is resolved against the layer when the animation is added: it names a custom property when the
/// layer has a value for it (set by key, or the class's `defaultValue(forKey:)`) or its class redraws for it
/// (`needsDisplay(forKey:)`). The value's type gives the kind (numbers, points, sizes, rects, transforms,
/// colours); a property with no value yet takes the animation's values' kind. A key none of these know, or whose
/// value no animation blends (a string), stays an unknown key path.
///
/// Such a path is a component of the layer's ``LayerProperty/customValues`` value (``CustomValues``), so its
/// animations run in the one evaluation path, as an emitter cell's do: frames, `presentation()` (whose
/// `value(forKey:)` answers the presented value) and a redraw from the presented value each frame when the
/// class redraws for the key.
package final class CustomKeyPath: Sendable, Equatable, CustomStringConvertible {
    /// The key, as `value(forKey:)` takes it.
    package let key: String
    /// The kind of value the property holds.
    package let kind: ValueKind
    /// Whether the layer's class redraws for the key (`needsDisplay(forKey:)`).
    package let redraws: Bool

    package init(key: String, kind: ValueKind, redraws: Bool) {
        self.key = key
        self.kind = kind
        self.redraws = redraws
    }

    package static func == (a: CustomKeyPath, b: CustomKeyPath) -> Bool { a === b || (a.key == b.key && a.kind == b.kind) }

    package var description: String { key }

    /// The kind of a value a custom property can animate: a number (not a `Bool`), point, size, rect, transform or
    /// colour; nil for anything else.
    package static func kind(of any: Any?) -> ValueKind? {
        switch any {
        case nil, is Bool: return nil
        case is CGPoint: return .point
        case is CGSize: return .size
        case is CGRect: return .rect
        case is CATransform3D: return .transform
        case is CGColor, is CGColorConvertible: return .color
        default: return AnimatableValue.number(any) != nil ? .number : nil
        }
    }

    /// The custom property `key` names on `layer`, with the animation's `values` to tell its kind when the layer
    /// has no value for it yet; nil when the key names nothing the layer knows, or no kind can be told.
    @MainActor
    package static func resolve(_ key: String, on layer: CALayer, values: [Any?]) -> CustomKeyPath? {
        guard !key.isEmpty, !key.contains("."), LayerKeyPath(key) == nil,
              type(of: layer).keyedProperties[key] == nil else { return nil }
        let own = layer.value(forKey: key)
        let redraws = type(of: layer).needsDisplay(forKey: key)
        guard own != nil || redraws else { return nil }
        // The layer's value says what the property holds; only a property with none yet takes the animation's.
        guard let kind = own != nil ? kind(of: own) : values.lazy.compactMap({ kind(of: $0) }).first else { return nil }
        return CustomKeyPath(key: key, kind: kind, redraws: redraws)
    }
}

/// A layer's custom property values as a layer property (``LayerProperty/customValues``): the model's values,
/// read from the layer by key, with what animations wrote over them for this frame.
///
/// The model's value (kept in a layer's state once a custom property is animated) has no values written; an
/// animation of a ``CustomKeyPath`` reads the model's value through it (the value underneath) and writes a new
/// value of the property with its result, which the presentation copy answers by key.
package final class CustomValues: @unchecked Sendable {
    /// The layer whose values lie underneath (weak: the layer's state holds this).
    private weak var layer: CALayer?
    /// Values animations wrote, by path; later writes replace earlier ones.
    package let written: [(path: CustomKeyPath, value: AnimatableValue)]

    package init(layer: CALayer?, written: [(path: CustomKeyPath, value: AnimatableValue)] = []) {
        self.layer = layer
        self.written = written
    }

    /// Whether these values read the model of `layer` underneath.
    package func belongs(to layer: CALayer) -> Bool { self.layer === layer }

    /// The presented value at `path`: what an animation wrote, else the model's (zero of its kind when the layer
    /// has no value for the key). Evaluation runs on the main actor, where the layer lives.
    package func value(at path: CustomKeyPath) -> AnimatableValue {
        if let w = written.last(where: { $0.path == path }) { return w.value }
        let own: AnimatableValue? = MainActor.assumeIsolated {
            layer.flatMap { AnimatableValue.convert($0.customValues[path.key] ?? type(of: $0).defaultValue(forKey: path.key), to: path.kind) }
        }
        return own ?? .zero(of: path.kind)
    }

    /// These values with `value` written at `path`.
    package func writing(_ value: AnimatableValue, at path: CustomKeyPath) -> CustomValues {
        CustomValues(layer: layer, written: written.filter { $0.path != path } + [(path, value)])
    }

    /// The value animations wrote for `key`, if any.
    package func writtenValue(forKey key: String) -> AnimatableValue? {
        written.last { $0.path.key == key }?.value
    }

    /// Whether a drawing from these values looks like one from `other`: the same value for every key the class
    /// redraws for that either has written.
    package func drawsLike(_ other: CustomValues) -> Bool {
        for (path, _) in written + other.written where path.redraws {
            if !value(at: path).isSame(as: other.value(at: path)) { return false }
        }
        return true
    }
}

extension AnimatableValue {
    /// The zero of `kind` for a value that has none yet: 0, the zero point, size or rect, the identity, no colour.
    package static func zero(of kind: ValueKind) -> AnimatableValue {
        switch kind {
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .color: return .color(nil)
        default: return .number(0)
        }
    }

    /// The value as the public API hands it out, a number of the same type as `model` where that is a `Double`,
    /// `Float` or `NSNumber` (else a `CGFloat`): a custom property's presented value reads back as it was set.
    package func publicValue(like model: Any?) -> Any? {
        guard case .number(let d) = self else { return publicValue }
        switch model {
        case is CGFloat: return CGFloat(d)
        case is Double: return d
        case is Float: return Float(d)
        case is NSNumber: return NSNumber(value: d)
        default: return CGFloat(d)
        }
    }
}
