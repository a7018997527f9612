import Foundation
import Testing
import AnimaGraphics

@Suite("CGMutablePath building")
struct CGMutablePathTests {
    /// The point at `angle` on a circle.
    static func onCircle(_ c: CGPoint, _ r: CGFloat, _ angle: CGFloat) -> CGPoint {
        CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
    }

    /// Cubic Bézier point.
    static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p1.x,
                       y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p1.y)
    }

    /// Every curve's start, middle and end (in order), for checking arcs.
    static func curveSamples(_ p: CGPath) -> [CGPoint] {
        var current = CGPoint.zero, samples: [CGPoint] = []
        for e in p.elements {
            switch e {
            case .moveTo(let q), .lineTo(let q): current = q
            case .curveTo(let end, let c1, let c2):
                samples += [current, cubic(current, c1, c2, end, 0.5), end]
                current = end
            default: break
            }
        }
        return samples
    }

    // MARK: Lines and curves

    @Test func lineWithoutCurrentPointStartsASubpath() {
        let p = CGMutablePath()
        p.addLine(to: CGPoint(x: 3, y: 4))
        #expect(p.elements == [.moveTo(CGPoint(x: 3, y: 4))])
    }

    @Test func addLinesStartsANewSubpathAtTheFirstPoint() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 100, y: 100))
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        #expect(p.elements == [.moveTo(CGPoint(x: 100, y: 100)), .moveTo(.zero),
                               .lineTo(CGPoint(x: 1, y: 0)), .lineTo(CGPoint(x: 1, y: 1))])
        let empty = CGMutablePath()
        empty.addLines(between: [])
        #expect(empty.isEmpty)
    }

    @Test func transformsApplyToEveryPoint() {
        let t = CGAffineTransform(scaleX: 2, y: 3)
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 1), transform: t)
        p.addQuadCurve(to: CGPoint(x: 3, y: 1), control: CGPoint(x: 2, y: 2), transform: t)
        p.addCurve(to: CGPoint(x: 4, y: 4), control1: CGPoint(x: 1, y: 0), control2: CGPoint(x: 0, y: 1), transform: t)
        #expect(p.elements == [
            .moveTo(CGPoint(x: 2, y: 3)),
            .quadCurveTo(CGPoint(x: 6, y: 3), control: CGPoint(x: 4, y: 6)),
            .curveTo(CGPoint(x: 8, y: 12), control1: CGPoint(x: 2, y: 0), control2: CGPoint(x: 0, y: 3)),
        ])
    }

    @Test func closeSubpathIsNotDuplicatedAndNeedsAPath() {
        let p = CGMutablePath()
        p.closeSubpath()
        #expect(p.isEmpty)
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 1, y: 0))
        p.closeSubpath()
        p.closeSubpath()
        #expect(p.elements.count == 3)
    }

    @Test func addRectsAddsOneClosedSubpathEach() {
        let p = CGMutablePath()
        p.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 2, height: 2)])
        #expect(p.elements.count == 10)
        #expect(p.elements[5] == .moveTo(CGPoint(x: 5, y: 5)))
    }

    @Test func addPathAppendsTransformedElements() {
        let a = CGMutablePath()
        a.move(to: .zero)
        let b = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        a.addPath(b, transform: CGAffineTransform(translationX: 10, y: 0))
        #expect(a.elements.count == 6)
        #expect(a.elements[1] == .moveTo(CGPoint(x: 10, y: 0)))
        #expect(a.elements[3] == .lineTo(CGPoint(x: 11, y: 1)))
    }

    // MARK: Arcs

    @Test func counterclockwiseFalseSweepsIncreasingAngle() {
        // clockwise: false from 0 to π/2 passes through π/4, i.e. +y (down on an iOS screen).
        let c = CGPoint(x: 50, y: 50), r: CGFloat = 10
        let p = CGMutablePath()
        p.addArc(center: c, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(p.elements.first == .moveTo(CGPoint(x: 60, y: 50)))
        #expect(isClose(p.currentPoint, CGPoint(x: 50, y: 60), within: 1e-12))
        let samples = Self.curveSamples(p)
        #expect(isClose(samples[1], Self.onCircle(c, r, .pi / 4), within: 1e-3))
        // The whole quarter stays in the x ≥ cx, y ≥ cy quadrant.
        #expect(p.boundingBox == CGRect(x: 50, y: 50, width: 10, height: 10))
    }

    @Test func clockwiseTrueSweepsDecreasingAngleTheLongWay() {
        // clockwise: true from 0 to π/2 goes 0 → −π/2 → −π → −3π/2: three quarters through −y first.
        let c = CGPoint.zero, r: CGFloat = 10
        let p = CGMutablePath()
        p.addArc(center: c, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(isClose(p.currentPoint, CGPoint(x: 0, y: 10), within: 1e-12))
        let curveEnds = p.elements.compactMap { e -> CGPoint? in
            if case .curveTo(let end, _, _) = e { return end } else { return nil }
        }
        #expect(curveEnds.count == 3)
        #expect(isClose(curveEnds[0], CGPoint(x: 0, y: -10), within: 1e-12))
        #expect(isClose(curveEnds[1], CGPoint(x: -10, y: 0), within: 1e-12))
        #expect(isClose(p.length(tolerance: 0.001), 1.5 * .pi * r, within: 0.01))
    }

    @Test(arguments: [false, true])
    func fullCircleReturnsToItsStart(clockwise: Bool) {
        let c = CGPoint(x: 5, y: -5), r: CGFloat = 20
        let p = CGMutablePath()
        p.addArc(center: c, radius: r, startAngle: 0, endAngle: clockwise ? -2 * .pi : 2 * .pi, clockwise: clockwise)
        #expect(isClose(p.currentPoint, CGPoint(x: 25, y: -5), within: 1e-9))
        #expect(isClose(p.boundingBoxOfPath, CGRect(x: -15, y: -25, width: 40, height: 40), within: 1e-9))
        // Circumference 2π·20; the cubic approximation is within ~3e-4·r of the circle.
        #expect(isClose(p.length(tolerance: 0.001), 2 * .pi * r, within: 0.02))
    }

    @Test func arcPointsLieOnTheCircle() {
        let c = CGPoint(x: 3, y: 4), r: CGFloat = 7
        let p = CGMutablePath()
        p.addArc(center: c, radius: r, startAngle: 0.3, endAngle: 2.9, clockwise: false)
        #expect(isClose(p.elements.first!.points[0], Self.onCircle(c, r, 0.3), within: 1e-12))
        #expect(isClose(p.currentPoint, Self.onCircle(c, r, 2.9), within: 1e-12))
        for q in Self.curveSamples(p) {
            // One cubic per ≤ 90° has radial error below 2.8e-4·r.
            #expect(abs(hypot(q.x - c.x, q.y - c.y) - r) < 3e-4 * r)
        }
    }

    @Test func arcAfterCurrentPointIsJoinedByALine() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(center: CGPoint(x: 20, y: 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: false)
        #expect(isClose(p.elements[1].points[0], CGPoint(x: 15, y: 0), within: 1e-12))
        // π → 2π with increasing angle passes through 3π/2: (20, −5), above the centre in y-down.
        #expect(isClose(p.currentPoint, CGPoint(x: 25, y: 0), within: 1e-12))
        #expect(isClose(p.boundingBox.minY, -5, within: 1e-12) && isClose(p.boundingBox.maxY, 0, within: 1e-12))
    }

    @Test func arcAnglesBeyondAFullTurnWrap() {
        // clockwise: false from π/2 to 0 must go the long way round: 3π/2 of sweep.
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: .pi / 2, endAngle: 0, clockwise: false)
        #expect(isClose(p.length(tolerance: 0.001), 1.5 * .pi * 10, within: 0.01))
        #expect(isClose(p.currentPoint, CGPoint(x: 10, y: 0), within: 1e-12))
    }

    @Test func arcWithNonFiniteInputsAddsNothing() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        p.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1, clockwise: false)
        #expect(p.isEmpty)
    }

    @Test func tangentArcEndsTangentToTheSecondLine() {
        // Corner at (10, 0) between the line from (0, 0) and the line to (10, 10); radius 2.
        // The circle touching both lines has centre (8, 2); tangent points (8, 0) and (10, 2).
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        #expect(p.elements[1] == .lineTo(CGPoint(x: 8, y: 0)))
        #expect(isClose(p.currentPoint, CGPoint(x: 10, y: 2), within: 1e-12))
        let curves = p.elements.compactMap { e -> (end: CGPoint, c1: CGPoint, c2: CGPoint)? in
            if case .curveTo(let end, let c1, let c2) = e { return (end, c1, c2) } else { return nil }
        }
        guard let first = curves.first, let last = curves.last else {
            Issue.record("expected the arc as curves"); return
        }
        // Start tangent along +x (first control is level with (8, 0)); end tangent along +y.
        #expect(isClose(first.c1.y, 0, within: 1e-12) && first.c1.x > 8)
        #expect(isClose(last.c2.x, last.end.x, within: 1e-12) && last.c2.y < last.end.y)
        // Every sample lies on the circle of radius 2 about (8, 2).
        for q in Self.curveSamples(p) {
            #expect(isClose(hypot(q.x - 8, q.y - 2), 2, within: 1e-3))
        }
    }

    @Test func tangentArcTurningTheOtherWay() {
        // From (0, 10) to the corner (0, 0), then to (10, 0): centre (2, 2), end (2, 0).
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 10))
        p.addArc(tangent1End: .zero, tangent2End: CGPoint(x: 10, y: 0), radius: 2)
        #expect(isClose(p.elements[1].points[0], CGPoint(x: 0, y: 2), within: 1e-12))
        #expect(isClose(p.currentPoint, CGPoint(x: 2, y: 0), within: 1e-12))
        // A quarter circle, the short way: length ≈ π.
        #expect(isClose(p.length(tolerance: 0.0001), 8 + .pi, within: 1e-3))
    }

    @Test func tangentArcOnCollinearPointsIsALine() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 3)
        #expect(p.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 5, y: 0))])
    }

    @Test func tangentArcWithZeroRadiusIsALineToTheCorner() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 5), radius: 0)
        #expect(p.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 5, y: 0))])
    }
}
