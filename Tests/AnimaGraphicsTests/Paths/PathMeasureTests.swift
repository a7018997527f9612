import Foundation
import Testing
import AnimaGraphics

@Suite("Path flattening and PathMeasure")
struct PathMeasureTests {
    static let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)

    /// Distance from `p` to the segment a–b.
    static func distance(_ p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        let t = len2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }

    // MARK: Flattening

    @Test func linesFlattenToTheirVertices() {
        let lines = Self.square.flattened()
        #expect(lines.count == 1)
        #expect(lines[0].isClosed)
        // A closed subpath repeats its first point at the end.
        #expect(lines[0].points == [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10),
                                    CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 0)])
    }

    @Test func subpathsBecomeSeparatePolylines() {
        let m = CGMutablePath()
        m.move(to: .zero); m.addLine(to: CGPoint(x: 5, y: 0))
        m.move(to: CGPoint(x: 0, y: 5)); m.addLine(to: CGPoint(x: 5, y: 5)); m.closeSubpath()
        m.move(to: CGPoint(x: 50, y: 50))   // a lone move draws nothing
        let lines = m.flattened()
        #expect(lines.count == 2)
        #expect(!lines[0].isClosed && lines[1].isClosed)
    }

    @Test func drawingAfterCloseContinuesFromTheSubpathStart() {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 1, y: 1)); m.addLine(to: CGPoint(x: 5, y: 1)); m.closeSubpath()
        m.addLine(to: CGPoint(x: 1, y: 9))
        let lines = m.flattened()
        #expect(lines.count == 2)
        #expect(lines[1].points == [CGPoint(x: 1, y: 1), CGPoint(x: 1, y: 9)])
    }

    @Test(arguments: [0.01, 0.1, 0.5, 2.0])
    func flattenedCircleStaysWithinToleranceOfTheTrueCircle(tolerance: CGFloat) {
        let c = CGPoint(x: 100, y: 100), r: CGFloat = 100
        let lines = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
            .flattened(tolerance: tolerance)
        // The four-cubic circle itself deviates from the true circle by at most ≈ 2.7e-4·r.
        let bezierError = 3e-4 * r
        let points = lines[0].points
        #expect(points.count > 4)
        for (a, b) in zip(points, points.dropFirst()) {
            #expect(abs(hypot(a.x - c.x, a.y - c.y) - r) <= bezierError)
            // A chord's midpoint is its farthest point from the arc it replaces.
            let mid = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            #expect(abs(hypot(mid.x - c.x, mid.y - c.y) - r) <= tolerance + bezierError)
        }
    }

    @Test func finerToleranceUsesMorePoints() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
        #expect(circle.flattened(tolerance: 0.01)[0].points.count > circle.flattened(tolerance: 1)[0].points.count)
    }

    @Test func flattenedQuadCurveStaysWithinTolerance() {
        let p0 = CGPoint(x: 0, y: 0), c = CGPoint(x: 50, y: 200), p1 = CGPoint(x: 100, y: 0)
        let m = CGMutablePath()
        m.move(to: p0); m.addQuadCurve(to: p1, control: c)
        let tolerance: CGFloat = 0.2
        let poly = m.flattened(tolerance: tolerance)[0].points
        // Sample the true curve densely; each sample must be near the polyline.
        for i in 0...400 {
            let t = CGFloat(i) / 400, u = 1 - t
            let q = CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
            let d = zip(poly, poly.dropFirst()).map { Self.distance(q, toSegment: $0, $1) }.min()!
            #expect(d <= tolerance + 1e-9)
        }
    }

    @Test func nonFiniteToleranceFallsBackToADefault() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        #expect(circle.flattened(tolerance: .nan) == circle.flattened(tolerance: 0.25))
    }

    // MARK: Length

    @Test func lengthOfA10By10SquareIs40() {
        #expect(isClose(PathMeasure(Self.square).length, 40, within: 1e-12))
        #expect(isClose(Self.square.length(), 40, within: 1e-12))
    }

    @Test(arguments: [1.0, 10.0, 100.0])
    func lengthOfACircleIsTwoPiR(radius: CGFloat) {
        let circle = CGPath(ellipseIn: CGRect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius),
                            transform: nil)
        // The cubic circle lies outside the true one by at most ≈ 2.7e-4·r, so it is at most that much longer
        // relative; chords with sagitta ≤ 1e-4 lose less than 1e-4/r·(8/24) relative.
        let length = PathMeasure(circle, tolerance: 0.0001).length
        #expect(isClose(length, 2 * .pi * radius, within: 2 * .pi * radius * 3e-4))
    }

    @Test func lengthOfAQuadCurve() {
        // P0 (0,0), C (1,0), P1 (2,2): B(t) = 2t(1 − t)·C + t²·P1 = (2t, 2t²), speed 2√(1 + 4t²);
        // length = ∫₀¹ 2√(1 + 4t²) dt = ∫₀² √(1 + u²) du = √5 + asinh(2)/2.
        let m = CGMutablePath()
        m.move(to: .zero); m.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: 1, y: 0))
        let exact = 5.0.squareRoot() + asinh(2.0) / 2
        #expect(isClose(PathMeasure(m, tolerance: 0.0001).length, exact, within: 1e-3))
    }

    @Test func straightQuadAndCubicHaveTheirChordLength() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 0))
        m.addCurve(to: CGPoint(x: 10, y: 20), control1: CGPoint(x: 10, y: 5), control2: CGPoint(x: 10, y: 15))
        #expect(isClose(m.length(), 30, within: 1e-9))
    }

    @Test func movesBetweenSubpathsAddNoLength() {
        let m = CGMutablePath()
        m.move(to: .zero); m.addLine(to: CGPoint(x: 10, y: 0))
        m.move(to: CGPoint(x: 100, y: 100)); m.addLine(to: CGPoint(x: 100, y: 105))
        #expect(isClose(PathMeasure(m).length, 15, within: 1e-12))
    }

    @Test func emptyPathHasZeroLengthAndAnOriginPosition() {
        let m = PathMeasure(CGMutablePath())
        #expect(m.length == 0)
        let r = m.position(atDistance: 5)
        #expect(r.point == .zero && r.angle == 0)
    }

    @Test func lonePointHasZeroLength() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 3, y: 4)); p.addLine(to: CGPoint(x: 3, y: 4))
        let m = PathMeasure(p)
        #expect(m.length == 0)
        #expect(m.position(atDistance: 1).point == CGPoint(x: 3, y: 4))
    }

    // MARK: Position and tangent

    /// Square (0,0) → (10,0) → (10,10) → (0,10) → close. Angles: 0 = +x, π/2 = +y (down).
    static let squareStations: [(distance: CGFloat, point: CGPoint, angle: CGFloat)] = [
        (5, CGPoint(x: 5, y: 0), 0),
        (15, CGPoint(x: 10, y: 5), .pi / 2),
        (25, CGPoint(x: 5, y: 10), .pi),
        (35, CGPoint(x: 0, y: 5), -.pi / 2),
        (2.5, CGPoint(x: 2.5, y: 0), 0),
        (39, CGPoint(x: 0, y: 1), -.pi / 2),
    ]

    @Test(arguments: squareStations)
    func positionAlongASquare(distance: CGFloat, point: CGPoint, angle: CGFloat) {
        let r = PathMeasure(Self.square).position(atDistance: distance)
        #expect(isClose(r.point, point, within: 1e-12))
        #expect(isSameAngle(r.angle, angle, within: 1e-12))
    }

    @Test func cornersReturnTheCornerPoint() {
        let m = PathMeasure(Self.square)
        #expect(isClose(m.position(atDistance: 10).point, CGPoint(x: 10, y: 0), within: 1e-12))
        #expect(isClose(m.position(atDistance: 20).point, CGPoint(x: 10, y: 10), within: 1e-12))
    }

    @Test func distancesAreClampedToThePath() {
        let m = PathMeasure(Self.square)
        let before = m.position(atDistance: -5), after = m.position(atDistance: 1000)
        #expect(before.point == .zero)
        #expect(isSameAngle(before.angle, 0))
        // The end of the closed square is its start, reached travelling up (−y).
        #expect(isClose(after.point, .zero, within: 1e-12))
        #expect(isSameAngle(after.angle, -.pi / 2, within: 1e-12))
    }

    @Test(arguments: [CGFloat.nan, CGFloat.infinity, -CGFloat.infinity])
    func nonFiniteDistanceGivesTheStart(distance: CGFloat) {
        let r = PathMeasure(Self.square).position(atDistance: distance)
        #expect(r.point == .zero)
        #expect(r.angle.isFinite)
    }

    @Test func positionOnACircleAndItsTangent() {
        // Circle of radius 50 about (50, 50), starting at (100, 50) with increasing angle.
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let m = PathMeasure(circle, tolerance: 0.001)
        for fraction in [0.125, 0.25, 0.5, 0.8] {
            let theta = 2 * CGFloat.pi * fraction
            let r = m.position(atDistance: m.length * fraction)
            // The cubic circle is within ~0.014 of the true one; arc-length positions drift by about as much.
            #expect(isClose(r.point, CGPoint(x: 50 + 50 * cos(theta), y: 50 + 50 * sin(theta)), within: 0.05))
            // Travel is perpendicular to the radius, towards increasing angle. The angle is a chord's, and a
            // chord whose sagitta is at most `tolerance` turns at most acos(1 − tolerance/r) from the tangent.
            #expect(isSameAngle(r.angle, theta + .pi / 2, within: acos(1 - 0.001 / 50) + 5e-4))
        }
    }

    @Test func multipleSubpathsAreMeasuredInOrderSkippingTheGap() {
        let m = CGMutablePath()
        m.move(to: .zero); m.addLine(to: CGPoint(x: 10, y: 0))
        m.move(to: CGPoint(x: 100, y: 100)); m.addLine(to: CGPoint(x: 100, y: 110))
        let measure = PathMeasure(m)
        #expect(isClose(measure.position(atDistance: 5).point, CGPoint(x: 5, y: 0), within: 1e-12))
        // 10 + 2.5 lies 2.5 into the second subpath, travelling down.
        let second = measure.position(atDistance: 12.5)
        #expect(isClose(second.point, CGPoint(x: 100, y: 102.5), within: 1e-12))
        #expect(isSameAngle(second.angle, .pi / 2, within: 1e-12))
        #expect(isClose(measure.position(atDistance: 20).point, CGPoint(x: 100, y: 110), within: 1e-12))
        // Just past the first subpath's end, the point jumps to the second subpath (no interpolation across the move).
        let justAfter = measure.position(atDistance: 10 + 1e-9)
        #expect(isClose(justAfter.point, CGPoint(x: 100, y: 100), within: 1e-6))
    }

    @Test func positionsAreMonotonicAlongALine() {
        let m = CGMutablePath()
        m.move(to: .zero); m.addLine(to: CGPoint(x: 30, y: 40))   // length 50
        let measure = PathMeasure(m)
        #expect(measure.length == 50)
        for d in stride(from: 0.0, through: 50.0, by: 5.0) {
            // Along (3, 4)/5.
            #expect(isClose(measure.position(atDistance: d).point, CGPoint(x: 0.6 * d, y: 0.8 * d), within: 1e-12))
            #expect(isClose(measure.position(atDistance: d).angle, atan2(4, 3), within: 1e-12))
        }
    }

    @Test func zeroLengthSegmentsDoNotBreakTheTangent() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addLine(to: .zero)
        m.addLine(to: CGPoint(x: 0, y: 10))
        let r = PathMeasure(m).position(atDistance: 0)
        #expect(r.point == .zero)
        #expect(isSameAngle(r.angle, .pi / 2, within: 1e-12))
    }


    /// Curves whose control points are so far apart that the subdivision estimate overflows to ∞ (or, with NaN
    /// points, is NaN) flatten to their end point, one segment, as `Int` cannot count them.
    @Test func curvesBeyondTheDoublesFlattenToOneSegment() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 1e300, y: 0), control: CGPoint(x: -1e308, y: 1e308))
        path.addCurve(to: CGPoint(x: 0, y: 1), control1: CGPoint(x: 1e308, y: -1e308), control2: CGPoint(x: CGFloat.nan, y: 0))
        let lines = path.flattened(tolerance: 0.25)
        #expect(lines.count == 1)
        #expect(lines.first?.points.count == 3)
        #expect(lines.first?.points.last == CGPoint(x: 0, y: 1))
    }
}
