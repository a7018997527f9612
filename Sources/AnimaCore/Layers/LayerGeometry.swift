import Foundation
import AnimaGraphics

extension LayerGeometryFields {
    /// The anchor point in the layer's own (bounds) coordinates.
    package var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Maps the layer's bounds coordinates into its superlayer's, ignoring the superlayer's
    /// `sublayerTransform`: `T(−anchor) · transform · T(position, zPosition)`.
    @inline(__always)
    package func matrixToSuperlayer(transform: CATransform3D) -> CATransform3D {
        let a = anchorInBounds
        let az = anchorPointZ
        var m = transform
        // T(−a) · M changes only the last row.
        m.m41 = -a.x * m.m11 - a.y * m.m21 - az * m.m31 + m.m41
        m.m42 = -a.x * m.m12 - a.y * m.m22 - az * m.m32 + m.m42
        m.m43 = -a.x * m.m13 - a.y * m.m23 - az * m.m33 + m.m43
        m.m44 = -a.x * m.m14 - a.y * m.m24 - az * m.m34 + m.m44
        // (…) · T(position) adds w × position to each row.
        let px = position.x, py = position.y, pz = zPosition
        m.m11 += m.m14 * px; m.m12 += m.m14 * py; m.m13 += m.m14 * pz
        m.m21 += m.m24 * px; m.m22 += m.m24 * py; m.m23 += m.m24 * pz
        m.m31 += m.m34 * px; m.m32 += m.m34 * py; m.m33 += m.m34 * pz
        m.m41 += m.m44 * px; m.m42 += m.m44 * py; m.m43 += m.m44 * pz
        return m
    }

    /// Maps sublayer coordinates into the layer's bounds: the flip of `isGeometryFlipped` (sublayers measured from
    /// the bottom edge, `y ↦ minY + maxY − y`), then `sublayerTransform` about the anchor — `F · T(−A) · S · T(A)` —
    /// or nil when both are the identity.
    package func sublayerMatrix(_ sublayerTransform: CATransform3D, isGeometryFlipped: Bool) -> CATransform3D? {
        var matrix: CATransform3D?
        if sublayerTransform != .identity {
            let a = anchorInBounds
            matrix = CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ) * sublayerTransform
                * CATransform3DMakeTranslation(a.x, a.y, anchorPointZ)
        }
        guard isGeometryFlipped else { return matrix }
        var flip = CATransform3D.identity
        flip.m22 = -1
        flip.m42 = bounds.minY + bounds.maxY
        return matrix.map { flip * $0 } ?? flip
    }
}

extension LayerState {
    /// Maps the layer's bounds coordinates into its superlayer's, ignoring the superlayer's
    /// `sublayerTransform`: `T(−anchor) · transform · T(position, zPosition)`.
    package var matrixToSuperlayerIgnoringSublayerTransform: CATransform3D { matrixToSuperlayer(transform: transform) }

    /// The layer's geometry flip and `sublayerTransform` about its anchor, as its sublayers are mapped into its bounds
    /// (`LayerGeometryFields.sublayerMatrix(_:isGeometryFlipped:)`), or nil for neither.
    package var sublayerMatrix: CATransform3D? {
        sublayerMatrix(appearance.storage.sublayerTransform, isGeometryFlipped: appearance.storage.isGeometryFlipped)
    }

    /// The box, in the superlayer's coordinates, around the transformed bounds (Apple's `frame`).
    package var frame: CGRect {
        if transform == .identity {
            return CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                          width: bounds.width, height: bounds.height)
        }
        let m = matrixToSuperlayerIgnoringSublayerTransform
        let corners = [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                       CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY)]
        return CGRect.boundingBox(of: corners.map { m.project($0) })
    }
}

/// The plane-to-plane part of a 4×4 transform (z = 0 in, flattened out): a 3×3 homography.
package struct PlaneMap {
    var m: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)

    package init(_ t: CATransform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    private init(raw: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)) { m = raw }

    package func apply(_ p: CGPoint) -> CGPoint {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w != 0 else { return CGPoint(x: CGFloat.infinity, y: CGFloat.infinity) }
        return CGPoint(x: x / w, y: y / w)
    }

    package func inverted() -> PlaneMap? {
        let (a, b, c, d, e, f, g, h, i) = m
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard det != 0, det.isFinite else { return nil }
        return PlaneMap(raw: ((e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                              (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                              (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det))
    }
}
