import Foundation
import AnimaGraphics

/// The Round Corners modifier (`rd`): every sharp corner of the paths listed before it (in its group, and in the
/// groups before it) becomes a quarter-circle-like curve of the modifier's radius, as After Effects and lottie-ios
/// round them:
/// ```
///  prev ●──────────A╮            A, B: `min(radius, half the edge)` from the corner along each edge
///                   ╰──╮          A's out-handle and B's in-handle point at the corner, 0.5519 of the way
///                      B          (the constant that makes a quarter circle from a right angle)
///                      │
///                      ● next
/// ```
/// A corner is sharp when both its tangents are zero; an open path's ends stay as they are. Stars and polygons are
/// left sharp, as lottie-ios's Core Animation engine leaves them.
extension ShapeItem {
    /// `items` with every path and rectangle that a Round Corners modifier shapes wrapped in `.rounded` (the
    /// modifier nearest below an item wins; one listed after a group shapes the group's paths too).
    static func roundingCorners(_ items: [ShapeItem], inherited: Animated<[Double]>? = nil) -> [ShapeItem] {
        items.enumerated().map { index, item in
            let radius = items[(index + 1)...].lazy.compactMap { next -> Animated<[Double]>? in
                if case .roundCorners(let r) = next { return r } else { return nil }
            }.first ?? inherited
            switch item {
            case .group(let name, let children, let transform):
                return .group(name: name, items: roundingCorners(children, inherited: radius), transform: transform)
            case .path, .rect:
                return radius.map { .rounded(item, radius: $0) } ?? item
            default:
                return item
            }
        }
    }
}

extension BezierShape {
    /// The handle length of a rounded corner, as a fraction of the way from the new vertex to the corner.
    static let roundCornerHandle = 0.5519

    /// The shape with each sharp corner rounded by `radius` (nothing changes for a radius of 0 or less).
    func roundingCorners(radius: Double) -> BezierShape {
        guard radius > 0, radius.isFinite, vertices.count > 1,
              inTangents.count == vertices.count, outTangents.count == vertices.count else { return self }
        var v: [CGPoint] = [], i: [CGPoint] = [], o: [CGPoint] = []
        let n = vertices.count, k = Self.roundCornerHandle
        for index in 0..<n {
            let corner = vertices[index]
            let sharp = inTangents[index] == .zero && outTangents[index] == .zero
            guard sharp, isClosed || (index > 0 && index < n - 1) else {
                v.append(corner); i.append(inTangents[index]); o.append(outTangents[index])
                continue
            }
            // Toward the previous vertex: the corner's first half, its handle pointing at the corner.
            let a = Self.point(from: corner, toward: vertices[(index + n - 1) % n], radius: radius)
            v.append(a); i.append(.zero); o.append(CGPoint(x: (corner.x - a.x) * k, y: (corner.y - a.y) * k))
            // Toward the next vertex: the second half.
            let b = Self.point(from: corner, toward: vertices[(index + 1) % n], radius: radius)
            v.append(b); i.append(CGPoint(x: (corner.x - b.x) * k, y: (corner.y - b.y) * k)); o.append(.zero)
        }
        return BezierShape(vertices: v, inTangents: i, outTangents: o, isClosed: isClosed)
    }

    /// The point `min(radius, half the distance)` from `corner` toward `other` (the corner itself when they meet).
    private static func point(from corner: CGPoint, toward other: CGPoint, radius: Double) -> CGPoint {
        let dx = other.x - corner.x, dy = other.y - corner.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance > 0 else { return corner }
        let t = min(distance / 2, radius) / distance
        return CGPoint(x: corner.x + dx * t, y: corner.y + dy * t)
    }
}
