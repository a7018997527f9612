import Foundation
import AnimaCore
import AnimaGraphics

/// The two layers that apply one Lottie transform, `p + R · S · (q − a)`, through Core Animation's
/// own properties:
/// ```
/// outer  position = p, transform.rotation.{x,y,z} = R, opacity     (bounds empty, anchorPoint 0)
///  └ skew   transform = K (only when the transform skews; see ``Skew``)
///  └ inner  bounds.origin = a, transform = S                       (position 0, anchorPoint 0)
///     └ content (the layer's coordinate space)
/// ```
/// An animated scale splits `inner` in two: `transform.scale.x` on the upper layer, `bounds.origin` and
/// `transform.scale.y` on the lower (`inner`), which composes to the same `S · (q − a)`:
/// ```
/// outer → scaled (transform.scale.x) → inner (bounds.origin = a, transform.scale.y) → content
/// ```
/// Rotation and scale sit on different layers so that a negative scale never meets a rotation in one
/// matrix (a decomposition could not tell them apart). An auto-oriented layer (``AutoOrient``) turns on a layer of
/// its own just inside `outer`, after the rotation `outer` gives:
/// ```
/// outer (position, rotation) → orient (transform.rotation.z = the path's direction) → …
/// ```
@MainActor
package struct TransformLayers {
    package let outer: CALayer
    package let inner: CALayer
    /// The layer an animated scale's x is on (`inner` when the scale is static); dynamic properties set it.
    package let scaled: CALayer
    /// The key under which an animated scale's largest value is kept on the inner layer.
    package static let largestScaleKey = "lottieLargestScale"

    /// Builds the pair for `transform`; `includesOpacity` false leaves opacity out (a parent's
    /// transform applied to a child, which does not inherit the parent's opacity).
    package init(_ transform: TransformModel, name: String, includesOpacity: Bool, animations: KeyframeAnimations) {
        outer = CALayer.lottieContainer(name: "\(name) transform")
        // Rotations about x and y (3-D layers) get a layer each, inside the z rotation, so that no rotation
        // is read back through a decomposition: a point turns about x, then y, then z.
        var rotated = outer
        if transform.autoOrients, AutoOrient.moves(transform) {
            let orient = CALayer.lottieContainer(name: "\(name) auto-orient")
            outer.addSublayer(orient)
            rotated = orient
            AutoOrient.bind(transform, to: orient, animations: animations)
        }
        let yLayer = transform.rotationY.map { _ in CALayer.lottieContainer(name: "\(name) rotation y") }
        let xLayer = transform.rotationX.map { _ in CALayer.lottieContainer(name: "\(name) rotation x") }
        for layer in [yLayer, xLayer].compactMap({ $0 }) { rotated.addSublayer(layer); rotated = layer }
        // A skew shears after the scale and before the rotation: a layer of its own between them.
        if let skew = transform.skew {
            let skewed = CALayer.lottieContainer(name: "\(name) skew")
            rotated.addSublayer(skewed)
            rotated = skewed
            Skew.bind(skew: skew, axis: transform.skewAxis, to: skewed, animations: animations)
        }
        let scaled = CALayer.lottieContainer(name: "\(name) anchor")
        self.scaled = scaled
        rotated.addSublayer(scaled)
        // An animated scale takes two layers, x on one and y on the other, each over an identity model:
        // setting both components of one transform would read the first back through a decomposition,
        // which turns a negative scale into a half turn.
        if transform.scale.isAnimated {
            inner = CALayer.lottieContainer(name: "\(name) anchor y")
            scaled.addSublayer(inner)
        } else {
            inner = scaled
        }
        if let position = transform.position {
            animations.bindPoint(position, to: outer, keyPath: "position")
        } else {
            animations.bind(transform.positionX ?? Animated([0]), to: outer, keyPath: "position.x") { CGFloat($0.first ?? 0) }
            animations.bind(transform.positionY ?? Animated([0]), to: outer, keyPath: "position.y") { CGFloat($0.first ?? 0) }
        }
        let radians: ([Double]) -> Any = { CGFloat(($0.first ?? 0) * .pi / 180) }
        if let rx = transform.rotationX, let xLayer { animations.bind(rx, to: xLayer, keyPath: "transform.rotation.x", convert: radians) }
        if let ry = transform.rotationY, let yLayer { animations.bind(ry, to: yLayer, keyPath: "transform.rotation.y", convert: radians) }
        if transform.rotation.isAnimated || transform.rotation.initialValue.first != 0 {
            animations.bind(transform.rotation, to: outer, keyPath: "transform.rotation.z", convert: radians)
        }
        if includesOpacity {
            animations.bind(transform.opacity, to: outer, keyPath: "opacity") { Float(max(0, min(100, $0.first ?? 100)) / 100) }
        }
        // Straight blends for the anchor: a keyframe path drives only whole point properties (position).
        animations.bind(transform.anchor, to: inner, keyPath: "bounds.origin", modelInLoneHolds: false) { CGPoint(lottie: $0) }
        if transform.scale.isAnimated {
            // The largest scale it reaches: drawn layers below are rasterized for it, not for the first value.
            let largest = transform.scale.keyframes.map { k in k.value.prefix(2).map { abs($0) / 100 }.max() ?? 1 }.max() ?? 1
            scaled.setValue(largest, forKey: TransformLayers.largestScaleKey)
            animations.bind(transform.scale, to: scaled, keyPath: "transform.scale.x") { CGFloat(($0.first ?? 100) / 100) }
            animations.bind(transform.scale, to: inner, keyPath: "transform.scale.y") { CGFloat(($0.count > 1 ? $0[1] : 100) / 100) }
        } else {
            let v = transform.scale.initialValue
            if v.prefix(2) != [100, 100] {
                inner.transform = CATransform3DMakeScale(CGFloat((v.first ?? 100) / 100), CGFloat((v.count > 1 ? v[1] : 100) / 100), 1)
            }
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
