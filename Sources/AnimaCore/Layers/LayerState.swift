import Foundation
import AnimaGraphics

/// A layer's less frequently changed properties (decoration, shadow, contents placement).
public struct LayerAppearance: @unchecked Sendable {
    public var sublayerTransform = CATransform3D.identity
    /// Whether sublayers are measured from the bottom edge (``CALayer/isGeometryFlipped``).
    public var isGeometryFlipped = false
    public var isDoubleSided = true
    public var masksToBounds = false
    public var borderColor: CGColor? = .black
    public var borderWidth: CGFloat = 0
    public var cornerRadius: CGFloat = 0
    /// The corners `cornerRadius` rounds (``CALayer/maskedCorners``).
    public var maskedCorners = CACornerMask.all
    public var shadowColor: CGColor? = .black
    public var shadowOpacity: Float = 0
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    public var shadowPath: CGPath?
    public var contents: AnyObject?
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: CGFloat = 1
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// How the layer is blended onto what lies behind it (a ``CALayer/compositingFilter`` name), nil: over.
    public var compositingFilter: String?
    /// Whether the layer's group is turned into a mask of its luminance (the `luminanceToAlpha` entry of
    /// ``CALayer/filters``).
    package var luminanceToAlpha = false
    /// Whether the layer with an opacity below 1 composites with its sublayers as one group
    /// (``CALayer/allowsGroupOpacity``).
    public var allowsGroupOpacity = true
    /// Whether the layer and its sublayers are flattened into one bitmap (``CALayer/shouldRasterize``).
    public var shouldRasterize = false
    /// Pixels per point of that bitmap (``CALayer/rasterizationScale``).
    public var rasterizationScale: CGFloat = 1
    /// How contents drawn larger and smaller than their pixels are sampled.
    public var magnificationFilter = CALayerContentsFilter.linear { didSet { noteNearestSampling() } }
    public var minificationFilter = CALayerContentsFilter.linear { didSet { noteNearestSampling() } }
    /// Whether either filter is nearest: the compositor's test for every contents image, without comparing strings.
    package private(set) var samplesAnyNearest = false
    public var minificationFilterBias: Float = 0
    /// The shape of rounded corners (``CALayer/cornerCurve``).
    public var cornerCurve = CALayerCornerCurve.circular
    /// Hints (``CALayer/isOpaque``, ``CALayer/drawsAsynchronously``, ``CALayer/allowsEdgeAntialiasing``,
    /// ``CALayer/edgeAntialiasingMask``).
    public var isOpaque = false
    public var drawsAsynchronously = false
    public var allowsEdgeAntialiasing = false
    public var edgeAntialiasingMask = CAEdgeAntialiasingMask.all
    /// The pixel format asked of drawn contents (``CALayer/contentsFormat``), a hint: drawing stays 8-bit RGBA.
    public var contentsFormat = CALayerContentsFormat.RGBA8Uint
    /// Whether the layer draws anything of its own and can blend its sublayers as a group (false: a
    /// `CATransformLayer`).
    package var drawsOwnContent = true

    private mutating func noteNearestSampling() {
        samplesAnyNearest = magnificationFilter == .nearest || minificationFilter == .nearest
    }
}

/// An immutable non-identity transform (see `LayerState.transform`).
package final class TransformBox: Sendable {
    package let value: CATransform3D
    package init(_ value: CATransform3D) { self.value = value }
}

/// The copy-on-write box of a ``LayerAppearance``; render nodes share it with the layer.
public final class LayerAppearanceBox: @unchecked Sendable {
    /// Unchecked exclusivity: the compositor reads it for every layer of every frame, and it is only written by
    /// its layer's state on the main actor when uniquely referenced, never during a read.
    @exclusivity(unchecked) package var storage: LayerAppearance
    /// The appearance.
    public var value: LayerAppearance { storage }
    package init(_ value: LayerAppearance) { storage = value }
    package static let defaults = LayerAppearanceBox(LayerAppearance())
}

/// Every animatable property of a layer, as one value.
///
/// The model layer keeps one `LayerState`; evaluation copies it and lets each animation rewrite
/// the properties it animates, which gives the presentation state without building a layer.
/// Properties of subclasses (`CAShapeLayer.strokeEnd`…) live in `extra`, in insertion order.
@dynamicMemberLookup
package struct LayerState: @unchecked Sendable {
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var opacity: Float = 1
    package var isHidden = false

    package var backgroundColor: CGColor?
    /// The rarely changed properties, shared copy-on-write (all default layers share one box), so
    /// copying a state each frame copies only the geometry above.
    package private(set) var appearance: LayerAppearanceBox = LayerAppearanceBox.defaults
    /// Subclass properties that differ from their defaults.
    package var extra: [(LayerProperty, AnimatableValue)] = []
    /// The transform, boxed when it is not the identity: most layers never set one, and a 128-byte matrix in
    /// every layer's state would be most of it.
    private var transformBox: TransformBox?
    package var transform: CATransform3D {
        get { transformBox?.value ?? CATransform3D() }
        set { transformBox = newValue == CATransform3D() ? nil : TransformBox(newValue) }
    }
    /// Whether `transform` is exactly the identity.
    package var isTransformIdentity: Bool { transformBox == nil }

    /// Reads and writes the appearance properties as if they were stored here (`state.shadowOpacity`).
    package subscript<T>(dynamicMember key: WritableKeyPath<LayerAppearance, T>) -> T {
        get { appearance.storage[keyPath: key] }
        set {
            if !isKnownUniquelyReferenced(&appearance) { appearance = LayerAppearanceBox(appearance.storage) }
            appearance.storage[keyPath: key] = newValue
        }
    }

    package init() {}

    /// Default values but for the appearance and the subclass properties.
    package init(appearance: LayerAppearanceBox, extra: [(LayerProperty, AnimatableValue)]) {
        self.appearance = appearance
        self.extra = extra
    }

    /// The whole value of `property`.
    package func value(of property: LayerProperty) -> AnimatableValue {
        switch property {
        case .bounds: return .rect(bounds)
        case .position: return .point(position)
        case .zPosition: return .number(Double(zPosition))
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .number(Double(anchorPointZ))
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(self.sublayerTransform)
        case .opacity: return .number(Double(opacity))
        case .isHidden: return .bool(isHidden)
        case .isDoubleSided: return .bool(self.isDoubleSided)
        case .masksToBounds: return .bool(self.masksToBounds)
        case .backgroundColor: return .color(backgroundColor)
        case .borderColor: return .color(self.borderColor)
        case .borderWidth: return .number(Double(self.borderWidth))
        case .cornerRadius: return .number(Double(self.cornerRadius))
        case .shadowColor: return .color(self.shadowColor)
        case .shadowOpacity: return .number(Double(self.shadowOpacity))
        case .shadowOffset: return .size(self.shadowOffset)
        case .shadowRadius: return .number(Double(self.shadowRadius))
        case .shadowPath: return .path(self.shadowPath)
        case .contents: return .object(self.contents)
        case .contentsRect: return .rect(self.contentsRect)
        case .contentsScale: return .number(Double(self.contentsScale))
        case .contentsCenter: return .rect(self.contentsCenter)
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
        case (.sublayerTransform, .transform(let t)): self.sublayerTransform = t
        case (.opacity, .number(let d)): opacity = Float(d)
        case (.isHidden, .bool(let b)): isHidden = b
        case (.isDoubleSided, .bool(let b)): self.isDoubleSided = b
        case (.masksToBounds, .bool(let b)): self.masksToBounds = b
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.borderColor, .color(let c)): self.borderColor = c
        case (.borderWidth, .number(let d)): self.borderWidth = CGFloat(d)
        case (.cornerRadius, .number(let d)): self.cornerRadius = CGFloat(d)
        case (.shadowColor, .color(let c)): self.shadowColor = c
        case (.shadowOpacity, .number(let d)): self.shadowOpacity = Float(d)
        case (.shadowOffset, .size(let s)): self.shadowOffset = s
        case (.shadowRadius, .number(let d)): self.shadowRadius = CGFloat(d)
        case (.shadowPath, .path(let p)): self.shadowPath = p
        case (.contents, .object(let o)): self.contents = o.map { $0 as AnyObject }
        case (.contentsRect, .rect(let r)): self.contentsRect = r
        case (.contentsScale, .number(let d)): self.contentsScale = CGFloat(d)
        case (.contentsCenter, .rect(let r)): self.contentsCenter = r
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
        case .instanceCount: return .number(1)
        case .instanceDelay, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset: return .number(0)
        case .instanceTransform: return .transform(CATransform3DIdentity)
        case .instanceColor: return .color(.white)
        case .emitterPosition: return .point(.zero)
        case .emitterSize: return .size(.zero)
        case .emitterZPosition, .emitterDepth: return .number(0)
        case .emitterCells: return .object(EmitterCellValues(layer: nil))
        case .customValues: return .object(CustomValues(layer: nil))
        case .birthRate, .lifetime, .velocity, .scale, .spin: return .number(1)
        default: return LayerState().value(of: self)
        }
    }
}
