import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// The Round Corners modifier (`rd`), checked against circle geometry: a rounded right angle is a quarter circle
/// of the radius (to the cubic approximation's 0.03 %), tangent to both edges.
@MainActor
@Suite("Round corners")
struct RoundCornersTests {
    /// A closed square path of side `side` with its top-left corner at the origin, no tangents.
    private static func square(_ side: Double) -> BezierShape {
        let v = [CGPoint(x: 0, y: 0), CGPoint(x: side, y: 0), CGPoint(x: side, y: side), CGPoint(x: 0, y: side)]
        return BezierShape(vertices: v, inTangents: Array(repeating: .zero, count: 4),
                           outTangents: Array(repeating: .zero, count: 4), isClosed: true)
    }

    /// The point at parameter `t` of the cubic from vertex `i` to the next.
    private static func point(_ s: BezierShape, segment i: Int, t: Double) -> CGPoint {
        let j = (i + 1) % s.vertices.count
        let p0 = s.vertices[i], p3 = s.vertices[j]
        let p1 = CGPoint(x: p0.x + s.outTangents[i].x, y: p0.y + s.outTangents[i].y)
        let p2 = CGPoint(x: p3.x + s.inTangents[j].x, y: p3.y + s.inTangents[j].y)
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    @Test func aRightAngleBecomesAQuarterCircleOfTheRadius() {
        let rounded = Self.square(100).roundingCorners(radius: 10)
        #expect(rounded.vertices.count == 8 && rounded.isClosed)
        // The top-left corner: from (0, 10) on the left edge to (10, 0) on the top edge, about the centre (10, 10).
        #expect(rounded.vertices[0] == CGPoint(x: 0, y: 10) && rounded.vertices[1] == CGPoint(x: 10, y: 0))
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let p = Self.point(rounded, segment: 0, t: t)
            let r = hypot(p.x - 10, p.y - 10)
            #expect(abs(r - 10) < 0.003, "t \(t): \(r)")
        }
        // The straight edges between the corners are kept: top edge from (10, 0) to (90, 0).
        #expect(rounded.vertices[2] == CGPoint(x: 90, y: 0))
    }

    @Test func theRadiusIsLimitedToHalfOfEachEdge() {
        // A radius past half the side rounds the square into (nearly) its inscribed circle.
        let rounded = Self.square(100).roundingCorners(radius: 80)
        for segment in stride(from: 0, to: 8, by: 2) {
            let p = Self.point(rounded, segment: segment, t: 0.5)
            #expect(abs(hypot(p.x - 50, p.y - 50) - 50) < 0.02, "segment \(segment)")
        }
    }

    @Test func curvedCornersAndOpenEndsAreKept() {
        var open = Self.square(100)
        open.isClosed = false
        open.outTangents[1] = CGPoint(x: 0, y: 20)   // the top-right corner is already curved
        let rounded = open.roundingCorners(radius: 10)
        // Kept: the open path's ends (0 and 3) and the curved corner (1); rounded: corner 2 only.
        #expect(rounded.vertices == [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 90),
                                     CGPoint(x: 90, y: 100), CGPoint(x: 0, y: 100)])
        #expect(Self.square(100).roundingCorners(radius: 0) == Self.square(100))
    }

    /// The modifier shapes the paths listed before it, in its group and inside groups before it, not after it.
    @Test func theModifierShapesThePathsListedBeforeIt() throws {
        let square = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[100,0],[100,100],[0,100]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
        let rd = #"{"ty":"rd","nm":"Round Corners 1","r":{"a":0,"k":20}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let tr = #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        func corner(_ items: String) throws -> Bool {
            let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(
                LottieFixtures.document(layers: [LottieFixtures.shapes(items)], size: 200)))
            let fills = try #require(LottieFixtures.find("S", in: layer)).allSublayers.compactMap { $0 as? CAShapeLayer }
            let path = try #require(fills.first?.path)
            return path.contains(CGPoint(x: 1, y: 1))   // inside the sharp corner, outside a rounded one
        }
        #expect(try corner("\(square),\(fill)"))
        #expect(try !corner("\(square),\(rd),\(fill)"))
        #expect(try corner("\(rd),\(square),\(fill)"))                                      // listed above: no effect
        #expect(try !corner(#"{"ty":"gr","it":[\#(square),\#(tr)]},\#(rd),\#(fill)"#))      // after the group: rounds it
    }
}

extension CALayer {
    /// This layer's sublayers and theirs, depth first.
    fileprivate var allSublayers: [CALayer] {
        (sublayers ?? []).flatMap { [$0] + $0.allSublayers }
    }
}
