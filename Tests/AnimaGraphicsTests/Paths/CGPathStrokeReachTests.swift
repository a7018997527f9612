import Foundation
import Testing
import AnimaGraphics

/// `CGPath.largestMiterRatio(limit:)`: how far a stroke's miter joins reach, checked against what Cairo paints.
@Suite struct CGPathStrokeReachTests {
    private func polyline(_ points: [CGPoint], closed: Bool = false) -> CGPath {
        let path = CGMutablePath()
        path.move(to: points[0])
        for p in points.dropFirst() { path.addLine(to: p) }
        if closed { path.closeSubpath() }
        return path
    }

    @Test func ratiosOfCornersStraightLinesAndBevels() {
        let corner = polyline([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(abs(corner.largestMiterRatio(limit: 10) - 2.squareRoot()) < 1e-9)
        #expect(corner.largestMiterRatio(limit: 1.2) == 1)                    // √2 > 1.2: bevelled
        #expect(corner.largestMiterRatio(limit: 1) == 1)
        #expect(polyline([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0)]).largestMiterRatio(limit: 10) == 1)
        // 60° between the segments: 1 / sin 30° = 2. A hairpin turn is always bevelled.
        let sharp = polyline([CGPoint(x: 10, y: 0), .zero, CGPoint(x: 5, y: 5 * 3.squareRoot())])
        #expect(abs(sharp.largestMiterRatio(limit: 4) - 2) < 1e-9)
        #expect(polyline([.zero, CGPoint(x: 10, y: 0), .zero]).largestMiterRatio(limit: 1000) == 1)
        // Open ends make no join; a closed subpath joins where it closes, and zero-length segments are skipped.
        #expect(polyline([CGPoint(x: 10, y: 0), .zero, CGPoint(x: 0, y: 0)]).largestMiterRatio(limit: 10) == 1)
        let triangle = polyline([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)], closed: true)
        #expect(abs(triangle.largestMiterRatio(limit: 10) - 1 / sin(CGFloat.pi / 8)) < 1e-9)   // the 45° corners
        #expect(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil).largestMiterRatio(limit: 10) < 1.5)
        // A curve with a cusp turns back within itself: only the limit bounds its joins.
        let cusp = CGMutablePath()
        cusp.move(to: .zero)
        cusp.addCurve(to: CGPoint(x: 5, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: -5, y: 0))
        #expect(cusp.largestMiterRatio(limit: 7) == 7)
        #expect(CGMutablePath().largestMiterRatio(limit: 4) == 1)
        #expect(corner.largestMiterRatio(limit: .nan) == 1 && corner.largestMiterRatio(limit: .infinity) == 1)
    }

    /// Cairo strokes of random polylines and curves, miter limit 10, stay inside the path's box grown by half the
    /// line width times the ratio (plus a pixel of antialiasing); the slow reference is the ink itself.
    @Test func strokesStayWithinTheReach() {
        var random = SplitMix(seed: 7)
        for trial in 0..<60 {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: random.next(in: 60...140), y: random.next(in: 60...140)))
            for _ in 0..<Int(random.next(in: 1...5)) {
                let p = CGPoint(x: random.next(in: 60...140), y: random.next(in: 60...140))
                if trial % 3 == 0 {
                    path.addCurve(to: p, control1: CGPoint(x: random.next(in: 40...160), y: random.next(in: 40...160)),
                                  control2: CGPoint(x: random.next(in: 40...160), y: random.next(in: 40...160)))
                } else {
                    path.addLine(to: p)
                }
            }
            if trial % 2 == 0 { path.closeSubpath() }
            let width: CGFloat = 6, limit: CGFloat = 10
            let context = CGContext(width: 200, height: 200)
            context.setLineWidth(width)
            context.setLineJoin(.miter)
            context.setMiterLimit(limit)
            context.addPath(path)
            context.strokePath()
            let reach = width / 2 * path.largestMiterRatio(limit: limit) + 1
            let box = path.boundingBoxOfPath.insetBy(dx: -reach, dy: -reach)
            let image = context.makeImage()!
            var outside = 0
            for y in 0..<200 { for x in 0..<200 where image.pixel(x: x, y: y)!.alpha > 0 {
                if !box.contains(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)) { outside += 1 }
            } }
            #expect(outside == 0, "trial \(trial): \(outside) pixels of ink outside \(box)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so the random paths are the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(in range: ClosedRange<CGFloat>) -> CGFloat {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return range.lowerBound + (range.upperBound - range.lowerBound) * CGFloat(z >> 11) / CGFloat(1 << 53)
    }
}
