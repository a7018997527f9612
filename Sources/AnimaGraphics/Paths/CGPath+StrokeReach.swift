import Foundation

extension CGPath {
    /// The largest miter ratio (a miter join's length from inner to outer corner over the line width) among the
    /// path's joins that a stroke with `miterLimit` draws as miters, or 1 when there are none. A miter's tip lies
    /// `lineWidth / 2 ×` this ratio from its vertex; every other point of a stroke with butt or round caps lies
    /// within `lineWidth / 2` of the path, so the path's box grown by `lineWidth / 2 ×` the ratio holds the stroke.
    ///
    /// A join is a miter when its ratio, `1 / sin(θ / 2)` for the angle θ between the segments, is at most the limit
    /// (Cairo's and Core Graphics' rule); sharper joins are bevelled and reach no further than `lineWidth / 2`.
    /// Joins are between consecutive segments of a subpath, and where a closed subpath closes; zero-length
    /// segments make none. Measured only for `miterLimit` above 1 (at most 1, every join is bevelled).
    /// ```swift
    /// let corner = CGMutablePath()
    /// corner.move(to: .zero); corner.addLine(to: CGPoint(x: 10, y: 0)); corner.addLine(to: CGPoint(x: 10, y: 10))
    /// corner.largestMiterRatio(limit: 10)   // √2: a right angle
    /// ```
    package func largestMiterRatio(limit miterLimit: CGFloat) -> CGFloat {
        guard miterLimit > 1, miterLimit.isFinite else { return 1 }
        var largest: CGFloat = 1
        var start = CGPoint.zero, current = CGPoint.zero
        var first: CGVector?, last: CGVector?   // the subpath's first direction, the last segment's end direction

        /// The miter ratio of a turn whose directions have the dot product `dot`, when it is drawn as a miter.
        func miterRatio(_ dot: CGFloat) -> CGFloat? {
            miterLimit * miterLimit * (1 + dot) >= 2 ? (2 / max(1e-12, 1 + dot)).squareRoot() : nil
        }
        func join(_ incoming: CGVector?, _ outgoing: CGVector) {
            guard let incoming, let ratio = miterRatio(incoming.dx * outgoing.dx + incoming.dy * outgoing.dy) else { return }
            largest = max(largest, ratio)
        }
        /// A segment from `current` along the control polygon `legs` (zero-length legs are nil). A curve is
        /// stroked as many short pieces, joined as the stroke's joins are; its tangents stay within the directions of
        /// its legs, so no piece turns from another by more than the widest angle between two legs.
        func segment(_ legs: CGVector?..., to end: CGPoint) {
            current = end
            guard let out = legs.lazy.compactMap({ $0 }).first, let arrive = legs.reversed().lazy.compactMap({ $0 }).first
            else { return }   // zero length: no joins
            join(last, out)
            if first == nil { first = out }
            last = arrive
            var widest: CGFloat = 1
            for i in legs.indices { for j in legs.indices where j > i {
                if let a = legs[i], let b = legs[j] { widest = min(widest, a.dx * b.dx + a.dy * b.dy) }
            } }
            if widest < 1 { largest = max(largest, miterRatio(widest) ?? miterLimit) }
        }
        func leg(_ from: CGPoint, _ to: CGPoint) -> CGVector? {
            let v = CGVector(dx: to.x - from.x, dy: to.y - from.y)
            let length = (v.dx * v.dx + v.dy * v.dy).squareRoot()
            return length > 0 && length.isFinite ? CGVector(dx: v.dx / length, dy: v.dy / length) : nil
        }

        for element in elements {
            switch element {
            case .moveTo(let p):
                start = p; current = p; first = nil; last = nil
            case .lineTo(let p):
                segment(leg(current, p), to: p)
            case .quadCurveTo(let p, let c):
                segment(leg(current, c), leg(c, p), to: p)
            case .curveTo(let p, let c1, let c2):
                segment(leg(current, c1), leg(c1, c2), leg(c2, p), to: p)
            case .closeSubpath:
                segment(leg(current, start), to: start)
                if let first { join(last, first) }
                current = start; first = nil; last = nil
            }
        }
        return largest
    }
}
