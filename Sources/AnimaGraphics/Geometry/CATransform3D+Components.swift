import Foundation

/// The parts of a transform that Core Animation's sub-key-paths name
/// (`transform.rotation.z`, `transform.scale.x`, `transform.translation.y`…).
///
/// The model is `M = Scale · Rx · Ry · Rz`, then translation (row vectors: scale applies first,
/// rotation about x, then y, then z). Skew and perspective are dropped when a component is set.
/// This is our reading of an UNCONFIRMED rule (the reference's §11.8).
/// ```swift
/// var c = TransformComponents(CATransform3DMakeRotation(0.5, 0, 0, 1))
/// c.rotation.z   // 0.5
/// c.rotation.z = 1; c.transform   // a rotation of 1 radian about z
/// ```
public struct TransformComponents: Equatable, Sendable {
    public var translation: (x: Double, y: Double, z: Double)
    public var scale: (x: Double, y: Double, z: Double)
    /// Euler angles in radians.
    public var rotation: (x: Double, y: Double, z: Double)

    public static func == (a: TransformComponents, b: TransformComponents) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.rotation == b.rotation
    }

    /// Reads the components of `t`.
    public init(_ t: CATransform3D) {
        let r0 = (Double(t.m11), Double(t.m12), Double(t.m13))
        let r1 = (Double(t.m21), Double(t.m22), Double(t.m23))
        let r2 = (Double(t.m31), Double(t.m32), Double(t.m33))
        func len(_ v: (Double, Double, Double)) -> Double { (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot() }
        let sx = len(r0), sy = len(r1), sz = len(r2)
        translation = (Double(t.m41), Double(t.m42), Double(t.m43))
        scale = (sx, sy, sz)
        let n0 = sx == 0 ? r0 : (r0.0 / sx, r0.1 / sx, r0.2 / sx)
        let n1 = sy == 0 ? r1 : (r1.0 / sy, r1.1 / sy, r1.2 / sy)
        let n2 = sz == 0 ? r2 : (r2.0 / sz, r2.1 / sz, r2.2 / sz)
        let y = asin(max(-1, min(1, -n0.2)))
        if (n0.0 * n0.0 + n0.1 * n0.1).squareRoot() < 1e-12 {
            // Gimbal lock (y = ±π/2): x and z turn about the same axis, so only their combination is
            // defined. Put it all in x; with z = 0 the rows are (0, 0, ∓1), (±sin x, cos x, 0), (±cos x, −sin x, 0).
            rotation = (atan2(-n2.1, n1.1), y, 0)
        } else {
            rotation = (atan2(n1.2, n2.2), y, atan2(n0.1, n0.0))
        }
    }

    /// The identity's components.
    @inlinable
    public init() {
        translation = (0, 0, 0)
        scale = (1, 1, 1)
        rotation = (0, 0, 0)
    }

    /// Rebuilds the matrix from the components.
    public var transform: CATransform3D {
        // Rotations about x and y by 0 are exact identities, and multiplying by them changes no entry: a turn
        // about z alone skips them.
        let r = rotation.x == 0 && rotation.y == 0 ? CATransform3DMakeRotation(CGFloat(rotation.z), 0, 0, 1)
            : CATransform3DMakeRotation(CGFloat(rotation.x), 1, 0, 0)
                * CATransform3DMakeRotation(CGFloat(rotation.y), 0, 1, 0)
                * CATransform3DMakeRotation(CGFloat(rotation.z), 0, 0, 1)
        // S · R scales R's rows (the zeros of S add nothing): written out, it is that product without 48 idle
        // multiplications.
        var m = r
        if scale != (1, 1, 1) {
            let sx = CGFloat(scale.x), sy = CGFloat(scale.y), sz = CGFloat(scale.z)
            m.m11 = sx * r.m11; m.m12 = sx * r.m12; m.m13 = sx * r.m13; m.m14 = sx * r.m14
            m.m21 = sy * r.m21; m.m22 = sy * r.m22; m.m23 = sy * r.m23; m.m24 = sy * r.m24
            m.m31 = sz * r.m31; m.m32 = sz * r.m32; m.m33 = sz * r.m33; m.m34 = sz * r.m34
        }
        m.m41 = CGFloat(translation.x); m.m42 = CGFloat(translation.y); m.m43 = CGFloat(translation.z)
        return m
    }
}
