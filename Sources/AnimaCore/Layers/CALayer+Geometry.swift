import Foundation
import AnimaGraphics

extension CALayer {
    /// The layer's rectangle in its superlayer's coordinates: the box around the bounds placed with
    /// the anchor on `position` and `transform` applied. Setting it sets `position` and
    /// `bounds.size` (dividing out the transform's scale) and keeps `bounds.origin`.
    public var frame: CGRect {
        get { state.frame }
        set {
            let f = newValue.standardized
            guard [f.origin.x, f.origin.y, f.width, f.height].allSatisfy(\.isFinite) else {
                Diagnostics.report("CALayer \(debugName): rejected frame \(AnimatableValue.rect(newValue).diagnosticDescription) (not finite)")
                return
            }
            var size = f.size
            if state.transform != .identity {
                let c = TransformComponents(state.transform)
                if c.scale.x != 0 { size.width /= abs(CGFloat(c.scale.x)) }
                if c.scale.y != 0 { size.height /= abs(CGFloat(c.scale.y)) }
            }
            position = CGPoint(x: f.minX + state.anchorPoint.x * f.width, y: f.minY + state.anchorPoint.y * f.height)
            bounds = CGRect(origin: state.bounds.origin, size: size)
        }
    }

    /// The transform's affine part, or the identity when the transform is not affine.
    public func affineTransform() -> CGAffineTransform {
        CATransform3DIsAffine(state.transform) ? CATransform3DGetAffineTransform(state.transform) : .identity
    }

    /// Replaces the whole transform with an affine one.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// Maps this layer's coordinates to its superlayer's (with the superlayer's sublayerTransform).
    package var planeMapToSuperlayer: PlaneMap {
        var m = state.matrixToSuperlayerIgnoringSublayerTransform
        if let s = geometrySuperlayer?.state.sublayerMatrix { m = m * s }
        return PlaneMap(m)
    }

    /// The superlayer whose space this layer maps into: for a presentation copy, the presented
    /// superlayer (so its hit tests and conversions use presentation geometry).
    private var geometrySuperlayer: CALayer? { isPresentationCopy ? superlayer : _superlayer }

    private func chainToRoot() -> [CALayer] {
        var chain: [CALayer] = []
        var current: CALayer? = self
        while let c = current { chain.append(c); current = c.geometrySuperlayer }
        return chain
    }

    /// Maps `p` from this layer into its root's superlayer space (the window).
    package func convertToRootSpace(_ p: CGPoint) -> CGPoint {
        var q = p
        for layer in chainToRoot() { q = layer.planeMapToSuperlayer.apply(q) }
        return q
    }

    /// Maps `p` from the root's superlayer space down into this layer.
    package func convertFromRootSpace(_ p: CGPoint) -> CGPoint {
        var q = p
        for layer in chainToRoot().reversed() {
            guard let inverse = layer.planeMapToSuperlayer.inverted() else {
                return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
            }
            q = inverse.apply(q)
        }
        return q
    }

    /// Converts a point from `layer`'s coordinates to this layer's (nil: the window's).
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        convertFromRootSpace(layer?.convertToRootSpace(p) ?? p)
    }

    /// Converts a point from this layer's coordinates to `layer`'s (nil: the window's).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        let root = convertToRootSpace(p)
        return layer?.convertFromRootSpace(root) ?? root
    }

    /// Converts a rectangle from `layer`'s coordinates: the box around its converted corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        CGRect.boundingBox(of: r.standardized.corners.map { convert($0, from: layer) })
    }

    /// Converts a rectangle to `layer`'s coordinates: the box around its converted corners.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        CGRect.boundingBox(of: r.standardized.corners.map { convert($0, to: layer) })
    }


    package func hitTestDefault(_ p: CGPoint) -> CALayer? {
        if state.isHidden || state.opacity <= 0 { return nil }
        guard let inverse = planeMapToSuperlayer.inverted() else { return nil }
        let local = inverse.apply(p)
        let inside = contains(local)
        if state.masksToBounds && !inside { return nil }
        let subs = isPresentationCopy ? CALayer.drawingOrder(sublayers ?? []) : renderOrderedSublayers
        for sub in subs.reversed() {
            if let hit = sub.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}

extension CGRect {
    var corners: [CGPoint] {
        [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
    }
}
