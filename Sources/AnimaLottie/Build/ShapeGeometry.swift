import Foundation
import AnimaGraphics

/// The Bézier outlines of Lottie's geometry items at a frame, in After Effects' vertex order (so that
/// trim paths start where After Effects starts them: an ellipse at its top, a rectangle at its top-right).
extension ShapeItem {
    /// The outlines this item contributes at `frame` (empty for non-geometry items).
    package func outlines(atFrame frame: Double) -> [BezierShape] {
        switch self {
        case .path(let path): return [path.value(atFrame: frame)]
        case .rect(let position, let size, let roundness):
            return [Self.rect(center: CGPoint(lottie: position.value(atFrame: frame)),
                              size: CGPoint(lottie: size.value(atFrame: frame)), radius: roundness.scalar(atFrame: frame))]
        case .ellipse(let position, let size):
            return [Self.ellipse(center: CGPoint(lottie: position.value(atFrame: frame)),
                                 size: CGPoint(lottie: size.value(atFrame: frame)))]
        case .star(let star): return [Self.star(star, frame: frame)]
        case .rounded(let item, let radius):
            let r = radius.scalar(atFrame: frame)
            return item.outlines(atFrame: frame).map { $0.roundingCorners(radius: r) }
        default: return []
        }
    }

    /// The properties whose keyframes time this item's outline (for deciding how to animate it).
    package var geometryInputs: [Animated<[Double]>] {
        switch self {
        case .path(let path): return [path.map { _ in [Double]() }]
        case .rect(let p, let s, let r): return [p, s, r]
        case .ellipse(let p, let s): return [p, s]
        case .star(let s): return [s.position, s.points, s.rotation, s.outerRadius, s.innerRadius]
        case .rounded(let item, let radius): return item.geometryInputs + [radius]
        default: return []
        }
    }

    static func ellipse(center c: CGPoint, size s: CGPoint) -> BezierShape {
        let rx = s.x / 2, ry = s.y / 2, k = 0.5522847498
        let v = [CGPoint(x: c.x, y: c.y - ry), CGPoint(x: c.x + rx, y: c.y), CGPoint(x: c.x, y: c.y + ry), CGPoint(x: c.x - rx, y: c.y)]
        let i = [CGPoint(x: -rx * k, y: 0), CGPoint(x: 0, y: -ry * k), CGPoint(x: rx * k, y: 0), CGPoint(x: 0, y: ry * k)]
        let o = i.map { CGPoint(x: -$0.x, y: -$0.y) }
        return BezierShape(vertices: v, inTangents: i, outTangents: o, isClosed: true)
    }

    static func rect(center c: CGPoint, size s: CGPoint, radius: Double) -> BezierShape {
        let hw = s.x / 2, hh = s.y / 2
        let r = max(0, min(radius, hw, hh))
        guard r > 0 else {
            let v = [CGPoint(x: c.x + hw, y: c.y - hh), CGPoint(x: c.x + hw, y: c.y + hh),
                     CGPoint(x: c.x - hw, y: c.y + hh), CGPoint(x: c.x - hw, y: c.y - hh)]
            let zero = Array(repeating: CGPoint.zero, count: 4)
            return BezierShape(vertices: v, inTangents: zero, outTangents: zero, isClosed: true)
        }
        let k = r * 0.5522847498
        let left = c.x - hw, right = c.x + hw, top = c.y - hh, bottom = c.y + hh
        let v = [CGPoint(x: right, y: top + r), CGPoint(x: right, y: bottom - r), CGPoint(x: right - r, y: bottom),
                 CGPoint(x: left + r, y: bottom), CGPoint(x: left, y: bottom - r), CGPoint(x: left, y: top + r),
                 CGPoint(x: left + r, y: top), CGPoint(x: right - r, y: top)]
        let i = [CGPoint(x: 0, y: -k), .zero, CGPoint(x: k, y: 0), .zero, CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0), .zero]
        let o = [CGPoint.zero, CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0), .zero, CGPoint(x: 0, y: -k), .zero, CGPoint(x: k, y: 0)]
        return BezierShape(vertices: v, inTangents: i, outTangents: o, isClosed: true)
    }

    static func star(_ star: StarModel, frame: Double) -> BezierShape {
        let c = CGPoint(lottie: star.position.value(atFrame: frame))
        let n = max(3, min(1000, Int(star.points.scalar(atFrame: frame).rounded())))
        let outer = star.outerRadius.scalar(atFrame: frame), inner = star.innerRadius.scalar(atFrame: frame)
        let start = (star.rotation.scalar(atFrame: frame) - 90) * .pi / 180
        let isPolygon = star.kind == 2
        let count = isPolygon ? n : 2 * n
        let step = 2 * Double.pi / Double(count)
        let v = (0..<count).map { index -> CGPoint in
            let radius = isPolygon || index % 2 == 0 ? outer : inner
            let angle = start + Double(index) * step
            return CGPoint(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle))
        }
        let zero = Array(repeating: CGPoint.zero, count: count)
        return BezierShape(vertices: v, inTangents: zero, outTangents: zero, isClosed: true)
    }
}

extension Animated where Value == BezierShape {
    /// The outline at `frame`: vertices and tangents blended with the segment's easing (held before the
    /// first and after the last keyframe; outlines of different vertex counts switch at the next keyframe).
    package func value(atFrame frame: Double) -> BezierShape {
        let k = keyframes
        if k.count == 1 || frame <= k[0].frame { return k[0].value }
        guard let last = k.last, frame < last.frame else { return k[k.count - 1].value }
        var i = 0
        while i + 1 < k.count, k[i + 1].frame <= frame { i += 1 }
        let a = k[i], b = k[i + 1]
        guard !a.isHold, b.frame > a.frame, a.value.vertices.count == b.value.vertices.count else { return a.value }
        let u = (frame - a.frame) / (b.frame - a.frame)
        let t = a.easing == nil ? u : a.timingFunction.evaluate(at: u)
        func mix(_ p: [CGPoint], _ q: [CGPoint]) -> [CGPoint] {
            zip(p, q).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return BezierShape(vertices: mix(a.value.vertices, b.value.vertices), inTangents: mix(a.value.inTangents, b.value.inTangents),
                           outTangents: mix(a.value.outTangents, b.value.outTangents), isClosed: a.value.isClosed)
    }
}
