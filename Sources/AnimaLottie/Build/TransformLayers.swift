import Foundation
import AnimaCore
import AnimaGraphics

/// The two layers that apply one Lottie transform, `p + R · S · (q − a)`, through Core Animation's
/// own properties:
/// ```
/// outer  position = p, transform.rotation.{x,y,z} = R, opacity     (bounds empty, anchorPoint 0)
///  └ inner  bounds.origin = a, transform.scale.{x,y} = S           (position 0, anchorPoint 0)
///     └ content (the layer's coordinate space)
/// ```
/// Rotation and scale sit on different layers so that a negative scale never meets a rotation in one
/// matrix (a decomposition could not tell them apart).
@MainActor
package struct TransformLayers {
    package let outer: CALayer
    package let inner: CALayer

    /// Builds the pair for `transform`; `includesOpacity` false leaves opacity out (a parent's
    /// transform applied to a child, which does not inherit the parent's opacity).
    package init(_ transform: TransformModel, name: String, includesOpacity: Bool, animations: KeyframeAnimations) {
        outer = CALayer.lottieContainer(name: "\(name) transform")
        inner = CALayer.lottieContainer(name: "\(name) anchor")
        outer.addSublayer(inner)
        if let position = transform.position {
            animations.bindPoint(position, to: outer, keyPath: "position")
        } else {
            animations.bind(transform.positionX ?? Animated([0]), to: outer, keyPath: "position.x") { CGFloat($0.first ?? 0) }
            animations.bind(transform.positionY ?? Animated([0]), to: outer, keyPath: "position.y") { CGFloat($0.first ?? 0) }
        }
        let radians: ([Double]) -> Any = { CGFloat(($0.first ?? 0) * .pi / 180) }
        if let rx = transform.rotationX { animations.bind(rx, to: outer, keyPath: "transform.rotation.x", convert: radians) }
        if let ry = transform.rotationY { animations.bind(ry, to: outer, keyPath: "transform.rotation.y", convert: radians) }
        if transform.rotation.isAnimated || transform.rotation.initialValue.first != 0 {
            animations.bind(transform.rotation, to: outer, keyPath: "transform.rotation.z", convert: radians)
        }
        if includesOpacity {
            animations.bind(transform.opacity, to: outer, keyPath: "opacity") { Float(max(0, min(100, $0.first ?? 100)) / 100) }
        }
        animations.bindPoint(transform.anchor, to: inner, keyPath: "bounds.origin")
        if transform.scale.isAnimated || transform.scale.initialValue.prefix(2) != [100, 100] {
            animations.bind(transform.scale, to: inner, keyPath: "transform.scale.x") { CGFloat(($0.first ?? 100) / 100) }
            animations.bind(transform.scale, to: inner, keyPath: "transform.scale.y") { CGFloat(($0.count > 1 ? $0[1] : 100) / 100) }
        }
    }
}

extension CALayer {
    /// A layer that only groups and places others: empty bounds at the origin, anchor point (0, 0), so
    /// its coordinate space is its superlayer's moved by `position` and `bounds.origin`.
    static func lottieContainer(name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.anchorPoint = .zero
        layer.bounds = .zero
        layer.position = .zero
        return layer
    }
}
