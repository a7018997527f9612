import Foundation
import AnimaGraphics

// Tolerant comparisons shared by the AnimaGraphics tests. Each returns a Bool so `#expect`
// shows the operands on failure.

/// Whether `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether `a` and `b` differ by at most `tolerance` (Double overload for decomposed parts).
func isClose(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether both coordinates are within `tolerance`.
func isClose(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether origin and size are within `tolerance`.
func isClose(_ a: CGRect, _ b: CGRect, within tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.origin, b.origin, within: tolerance)
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// Whether all six entries are within `tolerance`.
func isClose(_ a: CGAffineTransform, _ b: CGAffineTransform, within tolerance: CGFloat = 1e-9) -> Bool {
    zip([a.a, a.b, a.c, a.d, a.tx, a.ty], [b.a, b.b, b.c, b.d, b.tx, b.ty]).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether all sixteen entries are within `tolerance`.
func isClose(_ a: CATransform3D, _ b: CATransform3D, within tolerance: CGFloat = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether two angles name the same direction (equal modulo 2π) within `tolerance`.
func isSameAngle(_ a: CGFloat, _ b: CGFloat, within tolerance: CGFloat = 1e-9) -> Bool {
    let d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
    return min(abs(d), 2 * .pi - abs(d)) <= tolerance
}

/// Maps the z = 0 point through `t` with the row-vector convention, then divides by w.
func project(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat, through t: CATransform3D) -> (x: CGFloat, y: CGFloat, z: CGFloat) {
    let r = t.apply(x: x, y: y, z: z)
    return (r.x / r.w, r.y / r.w, r.z / r.w)
}
