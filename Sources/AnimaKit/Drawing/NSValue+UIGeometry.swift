import Foundation
import AnimaCore
import AnimaGraphics

/// UIKit's boxes for geometry (`NSValue(cgPoint:)`…), which Apple's code hands to animations and key-value coding:
/// ```swift
/// let move = CAKeyframeAnimation(keyPath: "position")
/// move.values = [NSValue(cgPoint: start), NSValue(cgPoint: end)]
/// ```
/// Points, sizes and rectangles are Foundation's own boxes (`NSValue(point:)`); see `NSValue(caTransform3D:)`.
extension NSValue {
    /// A boxed point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A boxed size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A boxed rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// A boxed affine transform.
    public convenience init(cgAffineTransform transform: CGAffineTransform) { self.init(affineTransform: transform) }

    /// The boxed point; zero when the value holds something else.
    public var cgPointValue: CGPoint { unboxedAnimatableValue as? CGPoint ?? .zero }
    /// The boxed size; zero when the value holds something else.
    public var cgSizeValue: CGSize { unboxedAnimatableValue as? CGSize ?? .zero }
    /// The boxed rectangle; zero when the value holds something else.
    public var cgRectValue: CGRect { unboxedAnimatableValue as? CGRect ?? .zero }
    /// The boxed affine transform; the identity when the value holds something else.
    public var cgAffineTransformValue: CGAffineTransform { unboxedAnimatableValue as? CGAffineTransform ?? .identity }
}
