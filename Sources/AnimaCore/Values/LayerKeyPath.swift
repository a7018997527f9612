import Foundation
import AnimaGraphics

/// A layer property that animations can address, as a typed handle instead of a string.
package enum LayerProperty: String, Sendable, CaseIterable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
    case opacity, isHidden = "hidden", isDoubleSided = "doubleSided", masksToBounds
    case backgroundColor, borderColor, borderWidth, cornerRadius
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case contents, contentsRect, contentsScale, contentsCenter
    // CAShapeLayer
    case path, fillColor, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineDashPhase
    // CATextLayer
    case fontSize, foregroundColor
    // CAGradientLayer
    case colors, locations, startPoint, endPoint
    // CAReplicatorLayer
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // CAEmitterLayer
    case emitterPosition, emitterZPosition, emitterSize, emitterDepth, birthRate, lifetime, velocity, scale, spin
    /// The emitter's cells' values (``EmitterCellValues``), addressed only by a cell's path
    /// (`emitterCells.spark.birthRate`, ``KeyPathComponent/emitterCell(_:)``); `emitterCells` itself is the
    /// layer's array of cells, not this.
    case emitterCells
    /// The values of the properties a subclass adds by key (``CustomValues``), addressed only by a key
    /// (``KeyPathComponent/custom(_:)``), resolved against the layer when an animation of it is added.
    case customValues

    /// The property's bit in a set of properties kept as a `UInt64` (its place in `allCases`, fewer than 64).
    package var bit: UInt64 { 1 << UInt64(ordinal) }

    /// The properties in a set of ``bit``s, in `allCases` order.
    package static func members(of bits: UInt64) -> some Sequence<LayerProperty> {
        sequence(state: bits) { rest -> LayerProperty? in
            guard rest != 0 else { return nil }
            let ordinal = rest.trailingZeroBitCount
            rest &= rest - 1
            return byOrdinal[ordinal]
        }
    }

    /// `allCases`, made once (the synthesized property builds a new array each time it is read).
    private static let byOrdinal = allCases

    /// The property's place in `allCases` (a test checks the two agree).
    package var ordinal: Int {
        switch self {
        case .bounds: 0; case .position: 1; case .zPosition: 2; case .anchorPoint: 3; case .anchorPointZ: 4; case .transform: 5
        case .sublayerTransform: 6; case .opacity: 7; case .isHidden: 8; case .isDoubleSided: 9; case .masksToBounds: 10; case .backgroundColor: 11
        case .borderColor: 12; case .borderWidth: 13; case .cornerRadius: 14; case .shadowColor: 15; case .shadowOpacity: 16; case .shadowOffset: 17
        case .shadowRadius: 18; case .shadowPath: 19; case .contents: 20; case .contentsRect: 21; case .contentsScale: 22; case .contentsCenter: 23
        case .path: 24; case .fillColor: 25; case .strokeColor: 26; case .strokeStart: 27; case .strokeEnd: 28; case .lineWidth: 29
        case .miterLimit: 30; case .lineDashPhase: 31; case .fontSize: 32; case .foregroundColor: 33; case .colors: 34; case .locations: 35
        case .startPoint: 36; case .endPoint: 37; case .instanceCount: 38; case .instanceDelay: 39; case .instanceTransform: 40
        case .instanceColor: 41; case .instanceRedOffset: 42; case .instanceGreenOffset: 43; case .instanceBlueOffset: 44
        case .instanceAlphaOffset: 45; case .emitterPosition: 46; case .emitterZPosition: 47; case .emitterSize: 48
        case .emitterDepth: 49; case .birthRate: 50; case .lifetime: 51; case .velocity: 52; case .scale: 53; case .spin: 54
        case .emitterCells: 55; case .customValues: 56
        }
    }

    /// Whether the model stores the property as a `Float` (the others are `CGFloat`s, or not numbers).
    package var storesFloat: Bool { self == .opacity || self == .shadowOpacity }

    /// The kind of value the whole property holds.
    package var kind: ValueKind {
        switch self {
        case .bounds, .contentsRect, .contentsCenter: return .rect
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition: return .point
        case .shadowOffset, .emitterSize: return .size
        case .transform, .sublayerTransform, .instanceTransform: return .transform
        case .isHidden, .isDoubleSided, .masksToBounds: return .bool
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor, .instanceColor: return .color
        case .shadowPath, .path: return .path
        case .contents, .colors, .locations, .emitterCells, .customValues: return .object
        default: return .number
        }
    }
}

/// A part of a struct-valued property named by a key-path suffix (`position.x`, `bounds.size.width`,
/// `transform.rotation.z`…).
package enum KeyPathComponent: Sendable, Equatable {
    case x, y, width, height
    case origin, originX, originY, size, sizeWidth, sizeHeight
    case rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ
    case translation, translationX, translationY, translationZ
    /// A property of one of an emitter's cells (``LayerProperty/emitterCells``).
    case emitterCell(EmitterCellKeyPath)
    /// A property a layer subclass adds by key (``LayerProperty/customValues``).
    case custom(CustomKeyPath)

    /// The kind of value the component holds.
    package var kind: ValueKind {
        switch self {
        case .origin: return .point
        case .size, .translation: return .size
        case .emitterCell(let path): return path.kind
        case .custom(let path): return path.kind
        default: return .number
        }
    }
}

/// A parsed, validated key path: the property plus an optional component.
///
/// ```swift
/// LayerKeyPath("position.x")    // property .position, component .x
/// LayerKeyPath("transform.rotation")   // rotation about z
/// ```
package struct LayerKeyPath: Sendable, Equatable {
    package var property: LayerProperty
    package var component: KeyPathComponent?

    /// The kind of value an animation on this key path supplies.
    package var kind: ValueKind { component?.kind ?? property.kind }

    package init(property: LayerProperty, component: KeyPathComponent? = nil) {
        self.property = property
        self.component = component
    }

    /// Parses a Core Animation key path; nil when the path names nothing animatable.
    package init?(_ string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first else { return nil }
        if first == "emitterCells" {
            guard let cell = EmitterCellKeyPath(afterEmitterCells: parts.dropFirst()) else { return nil }
            self.init(property: .emitterCells, component: .emitterCell(cell))
            return
        }
        let propertyName: String
        switch first {
        case "isHidden": propertyName = "hidden"
        case "isDoubleSided": propertyName = "doubleSided"
        default: propertyName = first
        }
        // `customValues` is no key: its components are the keys a subclass adds (``CustomKeyPath``).
        guard let property = LayerProperty(rawValue: propertyName), property != .customValues else { return nil }
        let rest = parts.dropFirst().joined(separator: ".")
        if rest.isEmpty { self.init(property: property); return }
        let component: KeyPathComponent?
        switch (property.kind, rest) {
        case (.point, "x"): component = .x
        case (.point, "y"): component = .y
        case (.size, "width"): component = .width
        case (.size, "height"): component = .height
        case (.rect, "origin"): component = .origin
        case (.rect, "origin.x"): component = .originX
        case (.rect, "origin.y"): component = .originY
        case (.rect, "size"): component = .size
        case (.rect, "size.width"): component = .sizeWidth
        case (.rect, "size.height"): component = .sizeHeight
        case (.transform, "rotation"), (.transform, "rotation.z"): component = .rotationZ
        case (.transform, "rotation.x"): component = .rotationX
        case (.transform, "rotation.y"): component = .rotationY
        case (.transform, "scale"): component = .scale
        case (.transform, "scale.x"): component = .scaleX
        case (.transform, "scale.y"): component = .scaleY
        case (.transform, "scale.z"): component = .scaleZ
        case (.transform, "translation"): component = .translation
        case (.transform, "translation.x"): component = .translationX
        case (.transform, "translation.y"): component = .translationY
        case (.transform, "translation.z"): component = .translationZ
        default: component = nil
        }
        guard let component else { return nil }
        self.init(property: property, component: component)
    }

    /// Reads this path's part of a whole property value.
    package func extract(from whole: AnimatableValue) -> AnimatableValue {
        guard let component else { return whole }
        switch (whole, component) {
        case (.object(let values as EmitterCellValues), .emitterCell(let path)): return values.value(at: path)
        case (.object(let values as CustomValues), .custom(let path)): return values.value(at: path)
        case (.point(let p), .x): return .number(Double(p.x))
        case (.point(let p), .y): return .number(Double(p.y))
        case (.size(let s), .width): return .number(Double(s.width))
        case (.size(let s), .height): return .number(Double(s.height))
        case (.rect(let r), .origin): return .point(r.origin)
        case (.rect(let r), .originX): return .number(Double(r.origin.x))
        case (.rect(let r), .originY): return .number(Double(r.origin.y))
        case (.rect(let r), .size): return .size(r.size)
        case (.rect(let r), .sizeWidth): return .number(Double(r.width))
        case (.rect(let r), .sizeHeight): return .number(Double(r.height))
        case (.transform(let t), _):
            let c = TransformComponents(t)
            switch component {
            case .rotationX: return .number(c.rotation.x)
            case .rotationY: return .number(c.rotation.y)
            case .rotationZ: return .number(c.rotation.z)
            case .scale: return .number((c.scale.x + c.scale.y + c.scale.z) / 3)
            case .scaleX: return .number(c.scale.x)
            case .scaleY: return .number(c.scale.y)
            case .scaleZ: return .number(c.scale.z)
            case .translation: return .size(CGSize(width: c.translation.x, height: c.translation.y))
            case .translationX: return .number(c.translation.x)
            case .translationY: return .number(c.translation.y)
            case .translationZ: return .number(c.translation.z)
            default: return whole
            }
        default: return whole
        }
    }

    /// Writes `part` into this path's part of `whole` and returns the new whole value.
    package func inject(_ part: AnimatableValue, into whole: AnimatableValue) -> AnimatableValue {
        guard let component else { return part }
        switch (whole, component, part) {
        case (.object(let values as EmitterCellValues), .emitterCell(let path), _): return .object(values.writing(part, at: path))
        case (.object(let values as CustomValues), .custom(let path), _): return .object(values.writing(part, at: path))
        case (.point(var p), .x, .number(let v)): p.x = CGFloat(v); return .point(p)
        case (.point(var p), .y, .number(let v)): p.y = CGFloat(v); return .point(p)
        case (.size(var s), .width, .number(let v)): s.width = CGFloat(v); return .size(s)
        case (.size(var s), .height, .number(let v)): s.height = CGFloat(v); return .size(s)
        case (.rect(var r), .origin, .point(let o)): r.origin = o; return .rect(r)
        case (.rect(var r), .originX, .number(let v)): r.origin.x = CGFloat(v); return .rect(r)
        case (.rect(var r), .originY, .number(let v)): r.origin.y = CGFloat(v); return .rect(r)
        case (.rect(var r), .size, .size(let s)): r.size = s; return .rect(r)
        case (.rect(var r), .sizeWidth, .number(let v)): r.size.width = CGFloat(v); return .rect(r)
        case (.rect(var r), .sizeHeight, .number(let v)): r.size.height = CGFloat(v); return .rect(r)
        case (.transform(let t), _, _):
            var c = TransformComponents(t)
            switch (component, part) {
            case (.rotationX, .number(let v)): c.rotation.x = v
            case (.rotationY, .number(let v)): c.rotation.y = v
            case (.rotationZ, .number(let v)): c.rotation.z = v
            case (.scale, .number(let v)): c.scale = (v, v, v)
            case (.scaleX, .number(let v)): c.scale.x = v
            case (.scaleY, .number(let v)): c.scale.y = v
            case (.scaleZ, .number(let v)): c.scale.z = v
            case (.translation, .size(let s)): c.translation.x = Double(s.width); c.translation.y = Double(s.height)
            case (.translationX, .number(let v)): c.translation.x = v
            case (.translationY, .number(let v)): c.translation.y = v
            case (.translationZ, .number(let v)): c.translation.z = v
            default: return whole
            }
            return .transform(c.transform)
        default: return whole
        }
    }
}
