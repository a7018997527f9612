import Foundation

/// The identity transform.
public let CATransform3DIdentity = CATransform3D.identity

/// Whether `t` is the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == .identity }

/// Whether two transforms are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A transform that translates by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A transform that scales by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A transform that rotates by `angle` radians about the axis `(x, y, z)`.
///
/// A zero-length axis gives the identity (as Core Animation does).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite, angle.isFinite else { return .identity }
    let x = x / length, y = y / length, z = z / length
    let c = cos(angle), s = sin(angle), k = 1 - c
    var t = CATransform3D.identity
    t.m11 = x * x * k + c;     t.m12 = x * y * k + z * s; t.m13 = x * z * k - y * s
    t.m21 = x * y * k - z * s; t.m22 = y * y * k + c;     t.m23 = y * z * k + x * s
    t.m31 = x * z * k + y * s; t.m32 = y * z * k - x * s; t.m33 = z * z * k + c
    return t
}

/// `a` followed by `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a * b }

/// Translates first, then applies `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz) * t
}

/// Scales first, then applies `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz) * t
}

/// Rotates first, then applies `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z) * t
}

/// The inverse of `t`, or `t` itself when it is singular (as Core Animation does).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverted() ?? t
}

/// The 3-D transform equal to an affine transform.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3D.identity
    t.m11 = m.a; t.m12 = m.b; t.m21 = m.c; t.m22 = m.d; t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// Whether `t` maps z = 0 to itself without perspective, so an affine transform describes it exactly.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m43 == 0 &&
        t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
}

/// The affine part of `t` (meaningful when `CATransform3DIsAffine(t)`).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CATransform3D {
    /// The inverse, or nil when the matrix is singular or not finite.
    public func inverted() -> CATransform3D? {
        var m = entries.map { Double($0) }
        var inv: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        for col in 0..<4 {
            var pivot = col
            for row in col..<4 where abs(m[row * 4 + col]) > abs(m[pivot * 4 + col]) { pivot = row }
            let p = m[pivot * 4 + col]
            guard abs(p) > 1e-12, p.isFinite else { return nil }
            if pivot != col {
                for k in 0..<4 {
                    m.swapAt(pivot * 4 + k, col * 4 + k)
                    inv.swapAt(pivot * 4 + k, col * 4 + k)
                }
            }
            for k in 0..<4 { m[col * 4 + k] /= p; inv[col * 4 + k] /= p }
            for row in 0..<4 where row != col {
                let f = m[row * 4 + col]
                if f == 0 { continue }
                for k in 0..<4 {
                    m[row * 4 + k] -= f * m[col * 4 + k]
                    inv[row * 4 + k] -= f * inv[col * 4 + k]
                }
            }
        }
        let v = inv.map { CGFloat($0) }
        return CATransform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                             m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// Applies the transform to `(x, y, z, 1)` and returns the homogeneous result `(x', y', z', w)`.
    @inlinable
    public func apply(x: CGFloat, y: CGFloat, z: CGFloat) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// Projects a point in the z = 0 plane: applies the transform and divides by w.
    @inlinable
    public func project(_ p: CGPoint) -> CGPoint {
        let r = apply(x: p.x, y: p.y, z: 0)
        let w = r.w == 0 ? 1 : r.w
        return CGPoint(x: r.x / w, y: r.y / w)
    }
}

extension CATransform3D {
    /// The determinant of the upper-left 3 × 3 part: negative when the transform mirrors (turns a layer's back
    /// towards the viewer).
    @inlinable
    package var determinant3: CGFloat {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }
}
