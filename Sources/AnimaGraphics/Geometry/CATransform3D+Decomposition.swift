import Foundation

/// A transform split into the parts an animation interpolates: scale, skew, rotation
/// (a unit quaternion), translation and perspective.
///
/// Recomposing gives back the matrix: `M = Scale · Skew · Rotation · Translation`, with the
/// perspective column restored (row-vector convention: scale applies first).
/// ```swift
/// let d = CATransform3DMakeRotation(.pi / 2, 0, 0, 1).decomposed()!
/// d.recomposed()   // equals the rotation again
/// ```
public struct DecomposedTransform3D: Equatable, Sendable {
    public var scale: (x: Double, y: Double, z: Double)
    /// Shear factors: xy, xz, yz.
    public var skew: (xy: Double, xz: Double, yz: Double)
    /// Rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)
    public var translation: (x: Double, y: Double, z: Double)
    public var perspective: (x: Double, y: Double, z: Double, w: Double)

    public static func == (a: DecomposedTransform3D, b: DecomposedTransform3D) -> Bool {
        a.scale == b.scale && a.skew == b.skew && a.quaternion == b.quaternion &&
            a.translation == b.translation && a.perspective == b.perspective
    }

    /// Rebuilds the matrix.
    public func recomposed() -> CATransform3D {
        let (x, y, z, w) = quaternion
        // Row-vector rotation matrix (the transpose of the usual column form).
        var r = CATransform3D.identity
        r.m11 = CGFloat(1 - 2 * (y * y + z * z)); r.m12 = CGFloat(2 * (x * y + z * w)); r.m13 = CGFloat(2 * (x * z - y * w))
        r.m21 = CGFloat(2 * (x * y - z * w)); r.m22 = CGFloat(1 - 2 * (x * x + z * z)); r.m23 = CGFloat(2 * (y * z + x * w))
        r.m31 = CGFloat(2 * (x * z + y * w)); r.m32 = CGFloat(2 * (y * z - x * w)); r.m33 = CGFloat(1 - 2 * (x * x + y * y))
        var k = CATransform3D.identity
        k.m21 = CGFloat(skew.xy); k.m31 = CGFloat(skew.xz); k.m32 = CGFloat(skew.yz)
        var m = CATransform3DMakeScale(CGFloat(scale.x), CGFloat(scale.y), CGFloat(scale.z)) * k * r
        m.m41 = CGFloat(translation.x); m.m42 = CGFloat(translation.y); m.m43 = CGFloat(translation.z)
        m.m14 = CGFloat(perspective.x); m.m24 = CGFloat(perspective.y); m.m34 = CGFloat(perspective.z)
        m.m44 = CGFloat(perspective.w)
        return m
    }

    /// Interpolates every part linearly, the rotation along the shorter great arc (slerp).
    public func interpolated(to b: DecomposedTransform3D, fraction t: Double) -> DecomposedTransform3D {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var r = self
        r.scale = (lerp(scale.x, b.scale.x), lerp(scale.y, b.scale.y), lerp(scale.z, b.scale.z))
        r.skew = (lerp(skew.xy, b.skew.xy), lerp(skew.xz, b.skew.xz), lerp(skew.yz, b.skew.yz))
        r.translation = (lerp(translation.x, b.translation.x), lerp(translation.y, b.translation.y),
                         lerp(translation.z, b.translation.z))
        r.perspective = (lerp(perspective.x, b.perspective.x), lerp(perspective.y, b.perspective.y),
                         lerp(perspective.z, b.perspective.z), lerp(perspective.w, b.perspective.w))
        r.quaternion = Self.slerp(quaternion, b.quaternion, t)
        return r
    }

    static func slerp(_ a: (x: Double, y: Double, z: Double, w: Double),
                      _ b: (x: Double, y: Double, z: Double, w: Double), _ t: Double)
        -> (x: Double, y: Double, z: Double, w: Double) {
        var b = b
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 { b = (-b.x, -b.y, -b.z, -b.w); dot = -dot }
        if dot > 0.9995 {
            let q = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, a.w + (b.w - a.w) * t)
            let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
            return (q.0 / n, q.1 / n, q.2 / n, q.3 / n)
        }
        let theta = acos(min(1, dot))
        let sinTheta = sin(theta)
        let wa = sin((1 - t) * theta) / sinTheta, wb = sin(t * theta) / sinTheta
        return (a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb)
    }
}

extension CATransform3D {
    /// Splits the matrix into scale, skew, rotation, translation and perspective; nil when singular.
    public func decomposed() -> DecomposedTransform3D? {
        guard m44 != 0, isFinite else { return nil }
        let n = 1 / Double(m44)
        var rows: [[Double]] = [
            [Double(m11) * n, Double(m12) * n, Double(m13) * n],
            [Double(m21) * n, Double(m22) * n, Double(m23) * n],
            [Double(m31) * n, Double(m32) * n, Double(m33) * n],
        ]
        let det = rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1])
            - rows[0][1] * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0])
            + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0])
        guard det != 0 else { return nil }

        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
        }
        func normalized(_ v: [Double]) -> [Double] { let l = length(v); return l == 0 ? v : v.map { $0 / l } }

        var scale = [0.0, 0.0, 0.0]
        var skew = [0.0, 0.0, 0.0]
        scale[0] = length(rows[0]); rows[0] = normalized(rows[0])
        skew[0] = dot(rows[0], rows[1]); rows[1] = combine(rows[1], rows[0], 1, -skew[0])
        scale[1] = length(rows[1]); rows[1] = normalized(rows[1]); skew[0] /= scale[1]
        skew[1] = dot(rows[0], rows[2]); rows[2] = combine(rows[2], rows[0], 1, -skew[1])
        skew[2] = dot(rows[1], rows[2]); rows[2] = combine(rows[2], rows[1], 1, -skew[2])
        scale[2] = length(rows[2]); rows[2] = normalized(rows[2])
        skew[1] /= scale[2]; skew[2] /= scale[2]

        let cross = [rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1],
                     rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2],
                     rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0]]
        if dot(rows[0], cross) < 0 {
            for i in 0..<3 { scale[i] = -scale[i]; rows[i] = rows[i].map { -$0 } }
        }

        let q = Self.quaternion(fromRotationRows: rows)
        return DecomposedTransform3D(
            scale: (scale[0], scale[1], scale[2]),
            skew: (skew[0], skew[1], skew[2]),
            quaternion: q,
            translation: (Double(m41) * n, Double(m42) * n, Double(m43) * n),
            perspective: (Double(m14) * n, Double(m24) * n, Double(m34) * n, 1))
    }

    /// The unit quaternion (w ≥ 0) of a row-vector rotation matrix, by Shepperd's method: the
    /// largest of w, x, y, z is taken from the diagonal and the rest from off-diagonal sums and
    /// differences, so half turns (w = 0), where signs cannot come from differences, stay exact.
    static func quaternion(fromRotationRows r: [[Double]]) -> (x: Double, y: Double, z: Double, w: Double) {
        let trace = r[0][0] + r[1][1] + r[2][2]
        var q: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()   // 4w
            q = ((r[1][2] - r[2][1]) / s, (r[2][0] - r[0][2]) / s, (r[0][1] - r[1][0]) / s, s / 4)
        } else if r[0][0] >= r[1][1] && r[0][0] >= r[2][2] {
            let s = 2 * max(1 + r[0][0] - r[1][1] - r[2][2], 0).squareRoot()   // 4x
            q = (s / 4, (r[0][1] + r[1][0]) / s, (r[0][2] + r[2][0]) / s, (r[1][2] - r[2][1]) / s)
        } else if r[1][1] >= r[2][2] {
            let s = 2 * max(1 - r[0][0] + r[1][1] - r[2][2], 0).squareRoot()   // 4y
            q = ((r[0][1] + r[1][0]) / s, s / 4, (r[1][2] + r[2][1]) / s, (r[2][0] - r[0][2]) / s)
        } else {
            let s = 2 * max(1 - r[0][0] - r[1][1] + r[2][2], 0).squareRoot()   // 4z
            q = ((r[0][2] + r[2][0]) / s, (r[1][2] + r[2][1]) / s, s / 4, (r[0][1] - r[1][0]) / s)
        }
        if q.w < 0 { q = (-q.x, -q.y, -q.z, -q.w) }
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        return (q.x / n, q.y / n, q.z / n, q.w / n)
    }

    /// Interpolates between two transforms the way Core Animation animates `transform`:
    /// decomposed parts linearly, rotation by slerp. Falls back to entry-wise blending when either
    /// matrix cannot be decomposed.
    public func interpolated(to other: CATransform3D, fraction t: Double) -> CATransform3D {
        if t == 0 { return self }
        if t == 1 { return other }
        if let a = decomposed(), let b = other.decomposed() {
            return a.interpolated(to: b, fraction: t).recomposed()
        }
        let a = entries, b = other.entries
        let v = zip(a, b).map { $0 + ($1 - $0) * CGFloat(t) }
        return CATransform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                             m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }
}
