import Foundation
import AnimaGraphics

extension CALayer {
    /// The layer's own coordinate space: origin and size in points (animatable).
    public var bounds: CGRect {
        get { state.bounds }
        set { setModelValue(.rect(newValue), of: .bounds) }
    }

    /// Where the anchor point sits in the superlayer's coordinates (animatable).
    public var position: CGPoint {
        get { state.position }
        set { setModelValue(.point(newValue), of: .position) }
    }

    /// The layer's position on the z axis; higher values draw above siblings (animatable).
    public var zPosition: CGFloat {
        get { state.zPosition }
        set { setModelValue(.number(Double(newValue)), of: .zPosition) }
    }

    /// The point, in unit coordinates of the bounds, that `position` places and transforms pivot about (animatable).
    public var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { setModelValue(.point(newValue), of: .anchorPoint) }
    }

    /// The anchor's z coordinate (animatable).
    public var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { setModelValue(.number(Double(newValue)), of: .anchorPointZ) }
    }

    /// The transform applied about the anchor point (animatable).
    public var transform: CATransform3D {
        get { state.transform }
        set { setModelValue(.transform(newValue), of: .transform) }
    }

    /// A transform applied to the sublayers about this layer's anchor point; put perspective (`m34`) here (animatable).
    public var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { setModelValue(.transform(newValue), of: .sublayerTransform) }
    }

    /// The layer's opacity, 0…1 (animatable).
    public var opacity: Float {
        get { state.opacity }
        set { setModelValue(.number(Double(newValue)), of: .opacity) }
    }

    /// Whether the layer and its sublayers are not drawn (animatable).
    public var isHidden: Bool {
        get { state.isHidden }
        set { setModelValue(.bool(newValue), of: .isHidden) }
    }

    /// Whether the layer is drawn when it faces away from the viewer (animatable).
    public var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { setModelValue(.bool(newValue), of: .isDoubleSided) }
    }

    /// Whether sublayers are clipped to the bounds (rounded by `cornerRadius`) (animatable).
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { setModelValue(.bool(newValue), of: .masksToBounds) }
    }

    /// The colour filling the bounds behind the contents (animatable).
    public var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { setModelValue(.color(newValue), of: .backgroundColor) }
    }

    /// The border's colour (animatable).
    public var borderColor: CGColor? {
        get { state.borderColor }
        set { setModelValue(.color(newValue), of: .borderColor) }
    }

    /// The border's width in points, inset from the bounds and drawn above contents and sublayers (animatable).
    public var borderWidth: CGFloat {
        get { state.borderWidth }
        set { setModelValue(.number(Double(newValue)), of: .borderWidth) }
    }

    /// The radius rounding the background, border and (with `masksToBounds`) the clip (animatable).
    public var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { setModelValue(.number(Double(newValue)), of: .cornerRadius) }
    }

    /// The shadow's colour (animatable).
    public var shadowColor: CGColor? {
        get { state.shadowColor }
        set { setModelValue(.color(newValue), of: .shadowColor) }
    }

    /// The shadow's opacity; 0 (the default) draws no shadow (animatable).
    public var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { setModelValue(.number(Double(newValue)), of: .shadowOpacity) }
    }

    /// The shadow's offset in points (default (0, −3)) (animatable).
    public var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { setModelValue(.size(newValue), of: .shadowOffset) }
    }

    /// The shadow's blur radius in points (default 3) (animatable).
    public var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { setModelValue(.number(Double(newValue)), of: .shadowRadius) }
    }

    /// The shadow's shape; nil uses the layer's alpha (animatable).
    public var shadowPath: CGPath? {
        get { state.shadowPath }
        set { setModelValue(.path(newValue), of: .shadowPath) }
    }

    /// The part of the contents image shown, in unit coordinates (animatable).
    public var contentsRect: CGRect {
        get { state.contentsRect }
        set { setModelValue(.rect(newValue), of: .contentsRect) }
    }

    /// Pixels per point of the backing store (animatable).
    public var contentsScale: CGFloat {
        get { state.contentsScale }
        set { setModelValue(.number(Double(newValue)), of: .contentsScale) }
    }

    /// The stretchable centre of the contents, in unit coordinates (animatable).
    public var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { setModelValue(.rect(newValue), of: .contentsCenter) }
    }

    /// The layer's image (a `CGImage`), or nil (animatable, switching at half way).
    public var contents: Any? {
        get { state.contents }
        set { setModelValue(.object(newValue), of: .contents) }
    }
}
