import Foundation
import AnimaGraphics

extension AnimatableValue {
    /// The value as a flat vector of numbers, for splines and arc lengths; nil for kinds that have
    /// none (booleans, objects, paths) and for transforms that cannot be decomposed.
    ///
    /// Transforms give their decomposition: scale (3), skew (3), rotation quaternion (4),
    /// translation (3), perspective (4). A nil colour counts as transparent black.
    package var components: [Double]? {
        switch self {
        case .number(let d): return [d]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.width), Double(r.height)]
        case .color(let c):
            guard let c else { return [0, 0, 0, 0] }
            return [Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)]
        case .transform(let t):
            guard let d = t.decomposed() else { return nil }
            return [d.scale.x, d.scale.y, d.scale.z, d.skew.xy, d.skew.xz, d.skew.yz,
                    d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w,
                    d.translation.x, d.translation.y, d.translation.z,
                    d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w]
        case .path, .bool, .object: return nil
        }
    }

    /// A value of this value's kind rebuilt from `c` (the layout of ``components``); the quaternion of
    /// a transform is normalised.
    package func withComponents(_ c: [Double]) -> AnimatableValue {
        func g(_ i: Int) -> CGFloat { CGFloat(i < c.count ? c[i] : 0) }
        switch self {
        case .number: return .number(c.first ?? 0)
        case .point: return .point(CGPoint(x: g(0), y: g(1)))
        case .size: return .size(CGSize(width: g(0), height: g(1)))
        case .rect: return .rect(CGRect(x: g(0), y: g(1), width: g(2), height: g(3)))
        case .color: return .color(CGColor(red: g(0), green: g(1), blue: g(2), alpha: g(3)))
        case .transform:
            guard c.count == 17 else { return self }
            var q = (x: c[6], y: c[7], z: c[8], w: c[9])
            let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
            if n > 0 { q = (q.x / n, q.y / n, q.z / n, q.w / n) } else { q = (0, 0, 0, 1) }
            guard var d = CATransform3D.identity.decomposed() else { return self }
            d.scale = (c[0], c[1], c[2])
            d.skew = (c[3], c[4], c[5])
            d.quaternion = q
            d.translation = (c[10], c[11], c[12])
            d.perspective = (c[13], c[14], c[15], c[16])
            return .transform(d.recomposed())
        case .path, .bool, .object: return self
        }
    }
}
