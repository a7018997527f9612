import Foundation
import Testing
import AnimaGraphics

@Suite("CGPath")
struct CGPathTests {
    /// The ellipse's on-curve points satisfy ((x − cx)/rx)² + ((y − cy)/ry)² = 1.
    static func onEllipse(_ p: CGPoint, in r: CGRect) -> Bool {
        let u = (p.x - r.midX) / (r.width / 2), v = (p.y - r.midY) / (r.height / 2)
        return isClose(u * u + v * v, 1, within: 1e-12)
    }

    // MARK: Shapes

    @Test func rectIsMoveThreeLinesClose() {
        let p = CGPath(rect: CGRect(x: 1, y: 2, width: 10, height: 5), transform: nil)
        #expect(p.elements == [
            .moveTo(CGPoint(x: 1, y: 2)), .lineTo(CGPoint(x: 11, y: 2)), .lineTo(CGPoint(x: 11, y: 7)),
            .lineTo(CGPoint(x: 1, y: 7)), .closeSubpath,
        ])
    }

    @Test func rectWithNegativeSizeIsStandardized() {
        let p = CGPath(rect: CGRect(x: 11, y: 7, width: -10, height: -5), transform: nil)
        #expect(p.elements.first == .moveTo(CGPoint(x: 1, y: 2)))
        #expect(p.boundingBox == CGRect(x: 1, y: 2, width: 10, height: 5))
    }

    @Test func rectHonoursTheTransform() {
        var t = CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 2, y: 2)
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)
        // (1, 1) → scale → (2, 2) → translate → (102, 2).
        #expect(p.elements[2] == .lineTo(CGPoint(x: 102, y: 2)))
        #expect(p.boundingBox == CGRect(x: 100, y: 0, width: 2, height: 2))
    }

    @Test func ellipseIsMoveFourCurvesClose() {
        let r = CGRect(x: 0, y: 0, width: 20, height: 10)
        let p = CGPath(ellipseIn: r, transform: nil)
        #expect(p.elements.count == 6)
        // Starts at the right-most point (cx + rx, cy).
        #expect(p.elements.first == .moveTo(CGPoint(x: 20, y: 5)))
        #expect(p.elements.last == .closeSubpath)
        // The quarter curves end on the axes: bottom, left, top, right (increasing angle, y down).
        let ends: [CGPoint] = p.elements.compactMap {
            if case .curveTo(let end, _, _) = $0 { return end } else { return nil }
        }
        #expect(ends == [CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 5)])
    }

    @Test func ellipseCurveMidpointsLieOnTheEllipse() {
        // A cubic quarter-circle with k = 4(√2 − 1)/3 passes exactly through the 45° point.
        let r = CGRect(x: -3, y: 4, width: 30, height: 12)
        let p = CGPath(ellipseIn: r, transform: nil)
        var start = CGPoint.zero
        for e in p.elements {
            switch e {
            case .moveTo(let s): start = s
            case .curveTo(let end, let c1, let c2):
                let mid = CGPoint(x: (start.x + 3 * c1.x + 3 * c2.x + end.x) / 8,
                                  y: (start.y + 3 * c1.y + 3 * c2.y + end.y) / 8)
                #expect(Self.onEllipse(end, in: r))
                #expect(Self.onEllipse(mid, in: r))
                start = end
            default: break
            }
        }
    }

    @Test func roundedRectHasFourLinesFourCornersAndTouchesEverySide() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50)
        let p = CGPath(roundedRect: r, cornerWidth: 10, cornerHeight: 5, transform: nil)
        let lines = p.elements.filter { if case .lineTo = $0 { return true } else { return false } }
        let curves = p.elements.filter { if case .curveTo = $0 { return true } else { return false } }
        #expect(lines.count == 4 && curves.count == 4)
        if case .moveTo = p.elements.first {} else { Issue.record("should start with a move") }
        #expect(p.elements.last == .closeSubpath)
        // Control points stay inside the rectangle and reach all four sides.
        #expect(p.boundingBox == r)
        #expect(p.boundingBoxOfPath == r)
        // The straight top edge runs from minX + cornerWidth to maxX − cornerWidth.
        #expect(p.elements.contains(.lineTo(CGPoint(x: 90, y: 0))))
        #expect(p.elements.contains(.moveTo(CGPoint(x: 10, y: 0))))
    }

    @Test func roundedRectCornerEndpointsLieOnTheCornerEllipse() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50)
        let p = CGPath(roundedRect: r, cornerWidth: 10, cornerHeight: 5, transform: nil)
        // Top-right corner ellipse is centred at (90, 5) with radii (10, 5).
        let corner = CGRect(x: 80, y: 0, width: 20, height: 10)
        var previous = CGPoint.zero
        for e in p.elements {
            if case .curveTo(let end, _, _) = e, end.x > 50, end.y < 25 {
                #expect(Self.onEllipse(previous, in: corner) && Self.onEllipse(end, in: corner))
            }
            previous = e.points.last ?? previous
        }
    }

    @Test func roundedRectClampsCornersToHalfTheSides() {
        let r = CGRect(x: 0, y: 0, width: 20, height: 20)
        let clamped = CGPath(roundedRect: r, cornerWidth: 50, cornerHeight: 50, transform: nil)
        // Corners of 10 on a 20×20 square make a circle: the top edge degenerates to a point at x = 10.
        #expect(clamped.elements.first == .moveTo(CGPoint(x: 10, y: 0)))
        #expect(clamped.boundingBoxOfPath == r)
        // Circumference 2π·10, within the cubic circle's 3e-4 relative error.
        let circumference: CGFloat = 2 * .pi * 10
        #expect(isClose(clamped.length(tolerance: 0.0001), circumference, within: circumference * 3e-4))
    }

    @Test func roundedRectWithZeroCornersIsARect() {
        let r = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(CGPath(roundedRect: r, cornerWidth: 0, cornerHeight: 5, transform: nil) == CGPath(rect: r, transform: nil))
    }

    // MARK: Current point and bounds

    @Test func currentPointFollowsTheLastElement() {
        let p = CGMutablePath()
        #expect(p.currentPoint == .zero)
        p.move(to: CGPoint(x: 1, y: 1))
        p.addLine(to: CGPoint(x: 5, y: 1))
        #expect(p.currentPoint == CGPoint(x: 5, y: 1))
        p.addQuadCurve(to: CGPoint(x: 9, y: 9), control: CGPoint(x: 5, y: 9))
        #expect(p.currentPoint == CGPoint(x: 9, y: 9))
        p.addCurve(to: CGPoint(x: 0, y: 20), control1: CGPoint(x: 3, y: 3), control2: CGPoint(x: 4, y: 4))
        #expect(p.currentPoint == CGPoint(x: 0, y: 20))
    }

    @Test func currentPointAfterCloseIsTheSubpathStart() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.move(to: CGPoint(x: 3, y: 4))
        p.addLine(to: CGPoint(x: 8, y: 4))
        p.addLine(to: CGPoint(x: 8, y: 9))
        p.closeSubpath()
        #expect(p.currentPoint == CGPoint(x: 3, y: 4))
    }

    @Test func boundingBoxIncludesControlPointsButBoundingBoxOfPathDoesNot() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 80))
        // y(t) = 2·80·t(1 − t) peaks at t = ½ with 40.
        #expect(isClose(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 40), within: 1e-9))
    }

    @Test func boundingBoxOfPathFindsCubicExtremaBetweenVertices() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 0, y: 30), control2: CGPoint(x: 30, y: -30))
        // y(t) = 90·t(1 − t)² − 90·t²(1 − t) = 90t(1 − t)(1 − 2t); y′ ∝ 1 − 6t + 6t² = 0 at t = ½ ∓ √3/6,
        // where y = ±yMax (odd symmetry about t = ½). x(t) rises monotonically from 0 to 30.
        let t1 = 0.5 - 3.0.squareRoot() / 6
        let yMax = 90 * t1 * (1 - t1) * (1 - 2 * t1)
        #expect(isClose(p.boundingBoxOfPath, CGRect(x: 0, y: -yMax, width: 30, height: 2 * yMax), within: 1e-9))
        #expect(p.boundingBox == CGRect(x: 0, y: -30, width: 30, height: 60))
    }

    @Test func boundingBoxOfCircleIsItsSquare() {
        let r = CGRect(x: 5, y: 5, width: 40, height: 40)
        let p = CGPath(ellipseIn: r, transform: nil)
        #expect(isClose(p.boundingBoxOfPath, r, within: 1e-9))
        #expect(p.boundingBox == r)
    }

    @Test func emptyPathHasNullBounds() {
        let p = CGMutablePath()
        #expect(p.isEmpty)
        #expect(p.boundingBox.isNull)
        #expect(p.boundingBoxOfPath.isNull)
    }

    // MARK: Copies and iteration

    @Test func copiesAreEqualAndIndependent() throws {
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        let copy = try #require(m.copy())
        let mutable = try #require(m.mutableCopy())
        mutable.addLine(to: CGPoint(x: 5, y: 5))
        #expect(copy == m)
        #expect(mutable != m)
        #expect(m.elements.count == 5)
    }

    @Test func copyUsingTransformMovesEveryPoint() throws {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 1, y: 0))
        m.addQuadCurve(to: CGPoint(x: 3, y: 0), control: CGPoint(x: 2, y: 1))
        var t = CGAffineTransform(translationX: 10, y: 20)
        let moved = try #require(m.copy(using: &t))
        #expect(moved.elements == [.moveTo(CGPoint(x: 11, y: 20)),
                                   .quadCurveTo(CGPoint(x: 13, y: 20), control: CGPoint(x: 12, y: 21))])
        #expect(m.copy(using: nil) == m)
    }

    @Test func applyWithBlockReportsTypesAndPointsInOrder() {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 0, y: 0))
        m.addLine(to: CGPoint(x: 1, y: 0))
        m.addQuadCurve(to: CGPoint(x: 2, y: 0), control: CGPoint(x: 1.5, y: 1))
        m.addCurve(to: CGPoint(x: 3, y: 0), control1: CGPoint(x: 2, y: 1), control2: CGPoint(x: 3, y: 1))
        m.closeSubpath()
        var types: [CGPathElementType] = []
        var points: [[CGPoint]] = []
        m.applyWithBlock { element in
            let e = element.pointee
            types.append(e.type)
            let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                         .addCurveToPoint: 3, .closeSubpath: 0][e.type]!
            points.append((0..<count).map { e.points[$0] })
        }
        #expect(types == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        // Core Graphics order: controls first, end point last.
        #expect(points[2] == [CGPoint(x: 1.5, y: 1), CGPoint(x: 2, y: 0)])
        #expect(points[3] == [CGPoint(x: 2, y: 1), CGPoint(x: 3, y: 1), CGPoint(x: 3, y: 0)])
    }

    @Test func elementTypeRawValuesMatchCoreGraphics() {
        #expect(CGPathElementType.moveToPoint.rawValue == 0)
        #expect(CGPathElementType.addLineToPoint.rawValue == 1)
        #expect(CGPathElementType.addQuadCurveToPoint.rawValue == 2)
        #expect(CGPathElementType.addCurveToPoint.rawValue == 3)
        #expect(CGPathElementType.closeSubpath.rawValue == 4)
        #expect(CGPathFillRule.winding.rawValue == 0 && CGPathFillRule.evenOdd.rawValue == 1)
    }

    // MARK: Hit testing

    /// Two concentric squares drawn in the same direction: the hole has winding number 2.
    static func nestedSquares(innerReversed: Bool) -> CGPath {
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 30, height: 30))
        let inner = [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 10), CGPoint(x: 20, y: 20), CGPoint(x: 10, y: 20)]
        m.addLines(between: innerReversed ? inner.reversed() : inner)
        m.closeSubpath()
        return m
    }

    @Test func windingFillsASameDirectionHoleButEvenOddDoesNot() {
        let p = Self.nestedSquares(innerReversed: false)
        let hole = CGPoint(x: 15, y: 15), ring = CGPoint(x: 5, y: 15), outside = CGPoint(x: 35, y: 15)
        #expect(p.contains(hole, using: .winding))
        #expect(!p.contains(hole, using: .evenOdd))
        #expect(p.contains(ring, using: .winding) && p.contains(ring, using: .evenOdd))
        #expect(!p.contains(outside, using: .winding) && !p.contains(outside, using: .evenOdd))
    }

    @Test func oppositeDirectionHoleIsEmptyUnderBothRules() {
        let p = Self.nestedSquares(innerReversed: true)
        #expect(!p.contains(CGPoint(x: 15, y: 15), using: .winding))
        #expect(!p.contains(CGPoint(x: 15, y: 15), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 25, y: 25), using: .winding))
    }

    @Test func containsDefaultsToWinding() {
        let p = Self.nestedSquares(innerReversed: false)
        #expect(p.contains(CGPoint(x: 15, y: 15)))
    }

    @Test func containsFollowsCurves() {
        let p = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        #expect(p.contains(CGPoint(x: 50, y: 50)))
        // (85, 85) is 35√2 ≈ 49.5 from the centre: inside. (90, 90) is ≈ 56.6: outside, though inside the box.
        #expect(p.contains(CGPoint(x: 85, y: 85)))
        #expect(!p.contains(CGPoint(x: 90, y: 90)))
    }

    @Test func openSubpathsAreImplicitlyClosedForFilling() {
        let m = CGMutablePath()
        m.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        #expect(m.contains(CGPoint(x: 2, y: 2)))
        #expect(!m.contains(CGPoint(x: 8, y: 8)))
    }

    @Test func containsAppliesTheTransformToThePath() {
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let t = CGAffineTransform(translationX: 100, y: 0)
        // The path moved to x 100…110.
        #expect(p.contains(CGPoint(x: 105, y: 5), transform: t))
        #expect(!p.contains(CGPoint(x: 5, y: 5), transform: t))
    }

    @Test func emptyPathContainsNothing() {
        #expect(!CGMutablePath().contains(.zero))
    }

    // MARK: Equality

    @Test func pathsCompareByElements() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let b = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let c = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1), transform: nil)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
    }
}
