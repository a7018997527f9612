import Foundation
import AnimaGraphics

/// A property reachable by key-value coding (`value(forKey:)`, `setValue(_:forKey:)`): how to read it, and
/// how to write a value given by key — through the property's setter, so its own checks and actions run.
@MainActor
package struct KeyedProperty<Object: AnyObject> {
    /// Reads the property (nil for a nil optional, never an optional wrapped in `Any`).
    package let get: (Object) -> Any?
    /// Writes `value` through the property's setter; false when the value does not fit the property, which
    /// is then left as it was.
    package let set: (Object, Any?) -> Bool
    /// Why a value that does not fit is rejected, for the diagnostic ("expected a number").
    package let rejection: String

    /// A number property: accepts any number (`Int`, `Double`, `CGFloat`, `Float`, `NSNumber`).
    package static func number<V: BinaryFloatingPoint>(_ property: ReferenceWritableKeyPath<Object, V>) -> Self {
        converting(property, rejection: "expected a number") { AnimatableValue.number($0).map { V($0) } }
    }

    /// A property of type `V` that cannot be nil.
    package static func value<V>(_ property: ReferenceWritableKeyPath<Object, V>, _ expected: String) -> Self {
        converting(property, rejection: "expected \(expected)") { $0 as? V }
    }

    /// A property of type `V?`: accepts nil or a `V`.
    package static func optional<V>(_ property: ReferenceWritableKeyPath<Object, V?>, _ expected: String) -> Self {
        convertingOptional(property, rejection: "expected \(expected) or nil") { $0 as? V }
    }

    /// A string-backed constant (`CAShapeLayerFillRule`, `CAMediaTimingFillMode`…): accepts the constant or
    /// its raw string, as Apple's constants are strings.
    package static func constant<V: RawRepresentable>(_ property: ReferenceWritableKeyPath<Object, V>) -> Self
    where V.RawValue == String {
        converting(property, rejection: "expected a \(V.self)") { constant($0, as: V.self) }
    }

    /// An optional string-backed constant (`rotationMode`, a transition's `subtype`).
    package static func optionalConstant<V: RawRepresentable>(_ property: ReferenceWritableKeyPath<Object, V?>) -> Self
    where V.RawValue == String {
        convertingOptional(property, rejection: "expected a \(V.self) or nil") { constant($0, as: V.self) }
    }

    /// A list of numbers (`keyTimes`, `lineDashPattern`…): accepts nil, `[NSNumber]`, or an array of numbers.
    package static func numbers(_ property: ReferenceWritableKeyPath<Object, [NSNumber]?>) -> Self {
        convertingOptional(property, rejection: "expected an array of numbers or nil") { value in
            if let list = value as? [NSNumber] { return list }
            guard let items = value as? [Any] else { return nil }
            let numbers = items.compactMap(AnimatableValue.number)
            return numbers.count == items.count ? numbers.map { NSNumber(value: $0) } : nil
        }
    }

    /// An option set (`CACornerMask`, `CAEdgeAntialiasingMask`): accepts the set or its raw value, a whole number
    /// in the raw type's range; reads as its raw value, as Apple's masks are numbers.
    package static func optionSet<V: OptionSet>(_ property: ReferenceWritableKeyPath<Object, V>) -> Self
    where V.RawValue: FixedWidthInteger & UnsignedInteger {
        Self(get: { NSNumber(value: UInt64($0[keyPath: property].rawValue)) }, set: { object, value in
            if let mask = value as? V { object[keyPath: property] = mask; return true }
            guard let number = value.flatMap(AnimatableValue.number), number >= 0, number <= Double(V.RawValue.max),
                  number == number.rounded(), let raw = V.RawValue(exactly: number) else { return false }
            object[keyPath: property] = V(rawValue: raw)
            return true
        }, rejection: "expected a \(V.self) or its raw value")
    }

    /// A property that takes any value (`CATextLayer.string`, `fromValue`): its own setter judges it.
    package static func any(_ property: ReferenceWritableKeyPath<Object, Any?>) -> Self {
        Self(get: { $0[keyPath: property] }, set: { object, value in
            object[keyPath: property] = value
            return true
        }, rejection: "")
    }

    /// A property that key-value coding reads but does not write, and why.
    package static func readOnly(_ get: @escaping (Object) -> Any?, because reason: String) -> Self {
        Self(get: get, set: { _, _ in false }, rejection: reason)
    }

    /// A property written with what `convert` makes of the given value (nil: the value does not fit).
    private static func converting<V>(_ property: ReferenceWritableKeyPath<Object, V>, rejection: String,
                                      _ convert: @escaping (Any) -> V?) -> Self {
        Self(get: { $0[keyPath: property] }, set: { object, value in
            guard let value, let v = convert(value) else { return false }
            object[keyPath: property] = v
            return true
        }, rejection: rejection)
    }

    /// An optional property: nil clears it; any other value is written with what `convert` makes of it.
    private static func convertingOptional<V>(_ property: ReferenceWritableKeyPath<Object, V?>, rejection: String,
                                              _ convert: @escaping (Any) -> V?) -> Self {
        Self(get: { $0[keyPath: property].map { $0 as Any } }, set: { object, value in
            guard let value else { object[keyPath: property] = nil; return true }
            guard let v = convert(value) else { return false }
            object[keyPath: property] = v
            return true
        }, rejection: rejection)
    }

    private nonisolated static func constant<V: RawRepresentable>(_ value: Any?, as _: V.Type) -> V?
    where V.RawValue == String {
        if let v = value as? V { return v }
        guard let raw = value as? String else { return nil }
        return V(rawValue: raw)
    }
}

extension KeyedProperty where Object: CAMediaTiming {
    /// `CAMediaTiming`'s properties by key, which layers and animations share.
    package static var mediaTiming: [([String], KeyedProperty<Object>)] {
        [
            (["beginTime"], .number(\.beginTime)),
            (["duration"], .number(\.duration)),
            (["speed"], .number(\.speed)),
            (["timeOffset"], .number(\.timeOffset)),
            (["repeatCount"], .number(\.repeatCount)),
            (["repeatDuration"], .number(\.repeatDuration)),
            (["autoreverses"], .value(\.autoreverses, "a Bool")),
            (["fillMode"], .constant(\.fillMode)),
        ]
    }
}

/// A class's properties by key: its own and its superclass's.
///
/// Each class keeps one table, made once; a subclass's table starts from its superclass's (``adding(_:)``),
/// and an object is looked up in the table of its own class, so the casts inside always succeed.
@MainActor
package struct KeyedProperties<Object: AnyObject> {
    private var byKey: [String: KeyedProperty<Object>] = [:]

    /// `entries` under their keys (a property may have several, such as `"removedOnCompletion"` and
    /// `"isRemovedOnCompletion"`).
    package init(_ entries: [([String], KeyedProperty<Object>)]) {
        for (keys, property) in entries {
            for key in keys { byKey[key] = property }
        }
    }

    package subscript(key: String) -> KeyedProperty<Object>? { byKey[key] }

    /// These properties and a subclass's, for objects of the subclass.
    package func adding<Subclass: AnyObject>(_ more: KeyedProperties<Subclass>) -> KeyedProperties<Object> {
        var result = self
        for (key, property) in more.byKey {
            result.byKey[key] = KeyedProperty(
                get: { ($0 as? Subclass).flatMap(property.get) },
                set: { object, value in (object as? Subclass).map { property.set($0, value) } ?? false },
                rejection: property.rejection)
        }
        return result
    }
}
