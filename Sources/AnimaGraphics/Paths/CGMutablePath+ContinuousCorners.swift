import Foundation

/// Continuous ("squircle") corners: the corner Apple's platforms draw for `cornerCurve = .continuous` since iOS 7's
/// rounded rectangles. Its curvature rises gradually from the straight edge instead of jumping to 1/r as a
/// quarter circle's does, so the corner starts further along each edge: 1.528665 radii from the corner
/// (`CALayer.cornerCurveExpansionFactor(.continuous)`), against 1 for a circle.
///
/// One corner, in its own frame: `u` along the edge the outline arrives on, `v` along the edge it leaves on, the
/// corner at the origin, in radii.
/// ```
///   v ▲
///   E ┤ ●  end (0, E)
///     │ │╲
///     │  ╲_ middle curve, symmetric about u = v
///     │    ╲___
///   0 ┼───────●──▶ u
///     0       E   start (E, 0)          E = 1.528665
/// ```
/// The profile is three cubic curves joined by two short lines — the measured outline of iOS 7's rounded rectangle
/// (published reverse-engineering of its points). When a side is too short for the whole corner (its extent would
/// pass the side's middle), the corner is made less smooth rather than smaller: each of its points moves linearly
/// towards the same structure drawn on a quarter circle, so a radius of half the shorter side still gives a
/// capsule with round ends. (Apple documents no rule for that case; this is our reading.)
package enum ContinuousCorner {
    /// How far along each edge a smooth corner reaches, in radii.
    package static let extent: CGFloat = 1.528665

    /// The smooth profile: start, then (control 1, control 2, end) for each cubic, a line between cubics.
    private static let smooth: [CGPoint] = [
        CGPoint(x: 1.528665, y: 0),
        CGPoint(x: 1.088493, y: 0), CGPoint(x: 0.868407, y: 0), CGPoint(x: 0.669934, y: 0.065496),
        // line to
        CGPoint(x: 0.631494, y: 0.074911),
        CGPoint(x: 0.372824, y: 0.169059), CGPoint(x: 0.169059, y: 0.372824), CGPoint(x: 0.074911, y: 0.631494),
        // line to
        CGPoint(x: 0.065496, y: 0.669934),
        CGPoint(x: 0, y: 0.868407), CGPoint(x: 0, y: 1.088493), CGPoint(x: 0, y: 1.528665),
    ]

    /// The same ten points on a quarter circle of radius 1 centred at (1, 1): three arcs of 30°, each one cubic,
    /// and lines of no length between them.
    private static let circular: [CGPoint] = {
        func point(_ a: CGFloat) -> CGPoint { CGPoint(x: 1 - sin(a), y: 1 - cos(a)) }
        func tangent(_ a: CGFloat) -> CGPoint { CGPoint(x: -cos(a), y: sin(a)) }
        let step = CGFloat.pi / 6, h = 4 / 3 * tan(step / 4)
        var points = [point(0)]
        for i in 0..<3 {
            let a0 = CGFloat(i) * step, a1 = a0 + step
            let p0 = point(a0), p1 = point(a1), t0 = tangent(a0), t1 = tangent(a1)
            points += [CGPoint(x: p0.x + h * t0.x, y: p0.y + h * t0.y), CGPoint(x: p1.x - h * t1.x, y: p1.y - h * t1.y), p1]
            if i < 2 { points.append(p1) }
        }
        return points
    }()

    /// The corner's points for radius `r` where `room` is available along each edge (half the shorter side):
    /// smooth when `extent · r ≤ room`, a quarter circle when `r == room`, between by linear interpolation.
    package static func profile(radius r: CGFloat, room: CGFloat) -> [CGPoint] {
        let k = r > 0 ? max(0, min(1, (room / r - 1) / (extent - 1))) : 1
        return zip(circular, smooth).map { c, s in CGPoint(x: r * (c.x + k * (s.x - c.x)), y: r * (c.y + k * (s.y - c.y))) }
    }
}

extension CGMutablePath {
    /// Adds a closed rectangle whose corners are continuous (``ContinuousCorner``) with their own radius (0:
    /// square), clockwise on screen (y down) from the top edge. Radii must already be at most half the shorter side.
    package func addContinuousRoundedRect(in r: CGRect, topLeft tl: CGFloat, topRight tr: CGFloat,
                                          bottomRight br: CGFloat, bottomLeft bl: CGFloat) {
        let room = min(r.width, r.height) / 2
        // Each corner: the corner point, the direction of the edge arriving at it (reversed: u), of the edge leaving.
        let corners: [(radius: CGFloat, corner: CGPoint, u: CGPoint, v: CGPoint)] = [
            (tr, CGPoint(x: r.maxX, y: r.minY), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1)),
            (br, CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0)),
            (bl, CGPoint(x: r.minX, y: r.maxY), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1)),
            (tl, CGPoint(x: r.minX, y: r.minY), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0)),
        ]
        func placed(_ p: CGPoint, _ c: (radius: CGFloat, corner: CGPoint, u: CGPoint, v: CGPoint)) -> CGPoint {
            CGPoint(x: c.corner.x + p.x * c.u.x + p.y * c.v.x, y: c.corner.y + p.x * c.u.y + p.y * c.v.y)
        }
        let profiles = corners.map { $0.radius > 0 ? ContinuousCorner.profile(radius: $0.radius, room: room) : [] }
        move(to: profiles[3].last.map { placed($0, corners[3]) } ?? corners[3].corner)
        for (c, p) in zip(corners, profiles) {
            guard !p.isEmpty else { addLine(to: c.corner); continue }
            addLine(to: placed(p[0], c))
            addCurve(to: placed(p[3], c), control1: placed(p[1], c), control2: placed(p[2], c))
            addLine(to: placed(p[4], c))
            addCurve(to: placed(p[7], c), control1: placed(p[5], c), control2: placed(p[6], c))
            addLine(to: placed(p[8], c))
            addCurve(to: placed(p[11], c), control1: placed(p[9], c), control2: placed(p[10], c))
        }
        closeSubpath()
    }
}
