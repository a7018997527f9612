import Foundation
import AnimaGraphics

/// Every animatable property of a layer, as one value.
///
/// The model layer keeps one `LayerState`; evaluation copies it and lets each animation rewrite
/// the properties it animates, which gives the presentation state without building a layer.
/// Properties of subclasses (`CAShapeLayer.strokeEnd`…) live in `extra`, in insertion order.
package struct LayerState: @unchecked Sendable {
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3D.identity
    package var sublayerTransform = CATransform3D.identity
    package var opacity: Float = 1
    package var isHidden = false
    package var isDoubleSided = true
    package var masksToBounds = false
    package var backgroundColor: CGColor?
    package var borderColor: CGColor? = .black
    package var borderWidth: CGFloat = 0
    package var cornerRadius: CGFloat = 0
    package var shadowColor: CGColor? = .black
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath?
    package var contents: AnyObject?
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Subclass properties that differ from their defaults.
    package var extra: [(LayerProperty, AnimatableValue)] = []

    package init() {}

    /// The whole value of `property`.
    package func value(of property: LayerProperty) -> AnimatableValue {
        switch property {
        case .bounds: return .rect(bounds)
        case .position: return .point(position)
        case .zPosition: return .number(Double(zPosition))
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .number(Double(anchorPointZ))
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .opacity: return .number(Double(opacity))
        case .isHidden: return .bool(isHidden)
        case .isDoubleSided: return .bool(isDoubleSided)
        case .masksToBounds: return .bool(masksToBounds)
        case .backgroundColor: return .color(backgroundColor)
        case .borderColor: return .color(borderColor)
        case .borderWidth: return .number(Double(borderWidth))
        case .cornerRadius: return .number(Double(cornerRadius))
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .number(Double(shadowOpacity))
        case .shadowOffset: return .size(shadowOffset)
        case .shadowRadius: return .number(Double(shadowRadius))
        case .shadowPath: return .path(shadowPath)
        case .contents: return .object(contents)
        case .contentsRect: return .rect(contentsRect)
        case .contentsScale: return .number(Double(contentsScale))
        case .contentsCenter: return .rect(contentsCenter)
        default:
            for (p, v) in extra where p == property { return v }
            return property.defaultValue
        }
    }

    /// Replaces the whole value of `property`; values of the wrong kind are ignored.
    package mutating func setValue(_ value: AnimatableValue, of property: LayerProperty) {
        switch (property, value) {
        case (.bounds, .rect(let r)): bounds = r
        case (.position, .point(let p)): position = p
        case (.zPosition, .number(let d)): zPosition = CGFloat(d)
        case (.anchorPoint, .point(let p)): anchorPoint = p
        case (.anchorPointZ, .number(let d)): anchorPointZ = CGFloat(d)
        case (.transform, .transform(let t)): transform = t
        case (.sublayerTransform, .transform(let t)): sublayerTransform = t
        case (.opacity, .number(let d)): opacity = Float(d)
        case (.isHidden, .bool(let b)): isHidden = b
        case (.isDoubleSided, .bool(let b)): isDoubleSided = b
        case (.masksToBounds, .bool(let b)): masksToBounds = b
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.borderColor, .color(let c)): borderColor = c
        case (.borderWidth, .number(let d)): borderWidth = CGFloat(d)
        case (.cornerRadius, .number(let d)): cornerRadius = CGFloat(d)
        case (.shadowColor, .color(let c)): shadowColor = c
        case (.shadowOpacity, .number(let d)): shadowOpacity = Float(d)
        case (.shadowOffset, .size(let s)): shadowOffset = s
        case (.shadowRadius, .number(let d)): shadowRadius = CGFloat(d)
        case (.shadowPath, .path(let p)): shadowPath = p
        case (.contents, .object(let o)): contents = o.map { $0 as AnyObject }
        case (.contentsRect, .rect(let r)): contentsRect = r
        case (.contentsScale, .number(let d)): contentsScale = CGFloat(d)
        case (.contentsCenter, .rect(let r)): contentsCenter = r
        default:
            guard property.kind == value.kind || property.kind == .object else { return }
            if let i = extra.firstIndex(where: { $0.0 == property }) { extra[i].1 = value } else { extra.append((property, value)) }
        }
    }

    /// The value at a key path (a whole property or one component of it).
    package func value(at path: LayerKeyPath) -> AnimatableValue {
        path.extract(from: value(of: path.property))
    }

    /// Writes the value at a key path.
    package mutating func setValue(_ value: AnimatableValue, at path: LayerKeyPath) {
        if path.component == nil { return setValue(value, of: path.property) }
        setValue(path.inject(value, into: self.value(of: path.property)), of: path.property)
    }
}

extension AnimatableValue {
    package var kind: ValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform: return .transform
        case .color: return .color
        case .path: return .path
        case .bool: return .bool
        case .object: return .object
        }
    }
}

extension LayerProperty {
    /// The default value of a subclass property (base properties' defaults live in `LayerState`).
    package var defaultValue: AnimatableValue {
        switch self {
        case .fillColor: return .color(.black)
        case .strokeColor: return .color(nil)
        case .foregroundColor: return .color(.white)
        case .strokeStart, .lineDashPhase: return .number(0)
        case .strokeEnd, .lineWidth: return .number(1)
        case .miterLimit: return .number(10)
        case .fontSize: return .number(36)
        case .startPoint: return .point(CGPoint(x: 0.5, y: 0))
        case .endPoint: return .point(CGPoint(x: 0.5, y: 1))
        case .path: return .path(nil)
        case .colors, .locations: return .object(nil)
        default: return LayerState().value(of: self)
        }
    }
}
