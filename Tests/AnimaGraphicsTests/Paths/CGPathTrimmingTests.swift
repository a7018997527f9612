import Foundation
import Testing
import AnimaGraphics

@Suite("CGPath.trimmedPath")
struct CGPathTrimmingTests {
    static let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)

    static var line: CGPath {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 100, y: 0))
        return p
    }

    /// A measure made once cuts its path at many fractions, and serves that path only while it is the same object
    /// with the same elements: a mutable path changed afterwards, or an equal copy, is measured anew.
    @Test func aMeasureServesOneUnchangedPath() throws {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        let measure = TrimmablePath(line)
        #expect(measure.measures(line))
        #expect(!measure.measures(try #require(line.copy())))
        #expect(measure.trimmed(from: 0.25, to: 0.5).elements == [.moveTo(CGPoint(x: 25, y: 0)), .lineTo(CGPoint(x: 50, y: 0))])
        #expect(measure.trimmed(from: 0.5, to: 1).currentPoint == CGPoint(x: 100, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 100))
        #expect(!measure.measures(line))
        #expect(line.trimmedPath(from: 0, to: 0.75).currentPoint == CGPoint(x: 100, y: 50))
    }

    @Test func halfALineEndsHalfWay() {
        let half = Self.line.trimmedPath(from: 0, to: 0.5)
        #expect(half.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 50, y: 0))])
        let middle = Self.line.trimmedPath(from: 0.25, to: 0.75)
        #expect(middle.elements == [.moveTo(CGPoint(x: 25, y: 0)), .lineTo(CGPoint(x: 75, y: 0))])
    }

    @Test func theWholeRangeKeepsThePathAndEmptyRangesGiveNothing() {
        #expect(Self.square.trimmedPath(from: 0, to: 1).elements == Self.square.elements)   // closes kept
        #expect(Self.square.trimmedPath(from: -3, to: 7).elements == Self.square.elements)
        #expect(Self.square.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(Self.square.trimmedPath(from: 0.8, to: 0.2).isEmpty)
        #expect(Self.square.trimmedPath(from: .nan, to: 0.25).currentPoint == CGPoint(x: 10, y: 0))
        #expect(CGMutablePath().trimmedPath(from: 0, to: 0.5).isEmpty)
    }

    @Test func cutsThroughCornersAndTheClosingLine() {
        // The square is 40 long; 0.25…0.875 runs from (10, 0) round to (0, 5) on the closing line.
        let cut = Self.square.trimmedPath(from: 0.25, to: 0.875)
        #expect(cut.elements == [.moveTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 10)),
                                 .lineTo(CGPoint(x: 0, y: 10)), .lineTo(CGPoint(x: 0, y: 5))])
        #expect(isClose(cut.length(), 25, within: 1e-9))
    }

    @Test func curvesStayCurvesAndAreCutByLength() throws {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addQuadCurve(to: CGPoint(x: 100, y: 50), control: CGPoint(x: 0, y: 50))
        p.addCurve(to: CGPoint(x: 200, y: 0), control1: CGPoint(x: 150, y: 50), control2: CGPoint(x: 200, y: 30))
        let total = p.length()
        for fraction in [0.1, 0.3, 0.5, 0.8] as [CGFloat] {
            let head = p.trimmedPath(from: 0, to: fraction)
            #expect(isClose(head.length(), total * fraction, within: 0.05), "length of the first \(fraction)")
            let tail = p.trimmedPath(from: fraction, to: 1)
            #expect(isClose(tail.length(), total * (1 - fraction), within: 0.05))
            #expect(isClose(head.currentPoint, PathMeasure(p).position(atDistance: total * fraction).point, within: 0.05))
        }
        let firstHalf = p.trimmedPath(from: 0, to: 0.3)
        #expect(firstHalf.elements.contains { if case .quadCurveTo = $0 { return true } else { return false } })
        let secondHalf = p.trimmedPath(from: 0.7, to: 1)
        guard case .curveTo(let end, _, _) = try #require(secondHalf.elements.last) else {
            Issue.record("the cubic's tail is not a cubic: \(secondHalf.elements)")
            return
        }
        #expect(end == CGPoint(x: 200, y: 0))
    }

    @Test func subpathsEachStartWithAMove() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.move(to: CGPoint(x: 0, y: 20))
        p.addLine(to: CGPoint(x: 10, y: 20))
        let cut = p.trimmedPath(from: 0.25, to: 0.75)
        #expect(cut.elements == [.moveTo(CGPoint(x: 5, y: 0)), .lineTo(CGPoint(x: 10, y: 0)),
                                 .moveTo(CGPoint(x: 0, y: 20)), .lineTo(CGPoint(x: 5, y: 20))])
    }


    /// A curve whose sampling estimate and length overflow (control points near the largest doubles) cannot be
    /// measured: trimming it gives an empty path, where an integer conversion of the estimate used to trap.
    @Test func trimmingACurveBeyondTheDoubles() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 1, y: 0), control1: CGPoint(x: 1e308, y: 1e308), control2: CGPoint(x: -1e308, y: 1e308))
        let trimmed = path.trimmedPath(from: 0, to: 0.5)
        #expect(trimmed.isEmpty)
        #expect(!Self.line.trimmedPath(from: 0, to: 0.5).isEmpty)
    }
}
