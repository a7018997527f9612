import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// The turning transitions UIKit's flips play (`"oglFlip"`, Core Animation's unpublished type, and `"cube"`),
/// checked against the perspective projection worked by hand: a point `z` in front of the layer's plane, seen from
/// an eye 1000 points in front of it, is drawn `1000 / (1000 − z)` times as far from the centre as it lies.
@MainActor
@Suite("CATransition: flip and cube")
struct TransitionTurnTests {
    let eye: CGFloat = 1000

    /// The box of ``TransitionTests`` (100 × 50 at 100, 100; centre 150, 125) swapped from red to blue under a
    /// linear turn of `type` and `subtype`, `elapsed` seconds into one second.
    func turn(_ name: String, _ type: String, _ subtype: CATransitionSubtype?, at elapsed: Double) -> HeadlessDisplay {
        let fixture = TransitionTests()
        let t = fixture.transition(CATransitionType(rawValue: type), subtype)
        t.timingFunction = CAMediaTimingFunction(name: .linear)
        return fixture.swap(name, t, at: elapsed).0
    }

    /// Where a point of the box at `x` from its centre (along the turn's axis' normal) and `z` in front of the plane
    /// shows, and how long a 50-point vertical edge there is drawn.
    func seen(x: CGFloat, z: CGFloat) -> (x: CGFloat, edge: CGFloat) {
        let scale = eye / (eye - z)
        return (150 + x * scale, 50 * scale)
    }

    /// The drawn x and height of the left and right edges of `node`'s bounds.
    func edges(_ node: RenderNode) -> (left: (x: CGFloat, edge: CGFloat), right: (x: CGFloat, edge: CGFloat)) {
        let t = node.worldTransform, b = node.bounds
        func edge(_ x: CGFloat) -> (x: CGFloat, edge: CGFloat) {
            let top = t.project(CGPoint(x: x, y: b.minY)), bottom = t.project(CGPoint(x: x, y: b.maxY))
            return (top.x, bottom.y - top.y)
        }
        return (edge(b.minX), edge(b.maxX))
    }

    func expectClose(_ a: (x: CGFloat, edge: CGFloat), _ b: (x: CGFloat, edge: CGFloat), _ what: String) {
        #expect(abs(a.x - b.x) < 1e-6 && abs(a.edge - b.edge) < 1e-6, "\(what): drawn \(a), expected \(b)")
    }

    /// A quarter of the way, the old look has turned an eighth of a turn with its left edge towards the viewer (the
    /// flip comes from the left); the new look is not shown until half way.
    @Test func flipFromLeftTurnsTheOldLookFirst() throws {
        let display = turn("flip-l", "oglFlip", .fromLeft, at: 0.25)
        let old = try #require(display.renderTree.node(named: "flip-l (old)"))
        let new = try #require(display.renderTree.node(named: "flip-l"))
        let r = 50 * sin(CGFloat.pi / 4), c = 50 * cos(CGFloat.pi / 4)
        let drawn = edges(old)
        expectClose(drawn.left, seen(x: -c, z: r), "old left edge")
        expectClose(drawn.right, seen(x: c, z: -r), "old right edge")
        #expect(drawn.left.edge > 50 && drawn.right.edge < 50)
        #expect(old.opacity == 1 && new.opacity == 0)
    }

    /// Three quarters of the way the new look shows, an eighth of a turn short of flat, its right edge (where the
    /// old left edge went) towards the viewer.
    @Test func flipFromLeftShowsTheNewLookSecond() throws {
        let display = turn("flip-l2", "oglFlip", .fromLeft, at: 0.75)
        let old = try #require(display.renderTree.node(named: "flip-l2 (old)"))
        let new = try #require(display.renderTree.node(named: "flip-l2"))
        let r = 50 * sin(CGFloat.pi / 4), c = 50 * cos(CGFloat.pi / 4)
        let drawn = edges(new)
        expectClose(drawn.left, seen(x: -c, z: -r), "new left edge")
        expectClose(drawn.right, seen(x: c, z: r), "new right edge")
        #expect(old.opacity == 0 && new.opacity == 1)
        let child = try #require(display.renderTree.node(named: "b"))
        expectClose(edges(child).right, drawn.right, "the new look's sublayer turns with it")
    }

    /// `"flip"` is the same turn; from the right it is the mirror image.
    @Test func flipFromRightMirrorsIt() throws {
        let display = turn("flip-r", "flip", .fromRight, at: 0.25)
        let drawn = edges(try #require(display.renderTree.node(named: "flip-r (old)")))
        let r = 50 * sin(CGFloat.pi / 4), c = 50 * cos(CGFloat.pi / 4)
        expectClose(drawn.left, seen(x: -c, z: -r), "old left edge")
        expectClose(drawn.right, seen(x: c, z: r), "old right edge")
    }

    /// From the top the turn is about the horizontal axis, the top edge coming forwards: drawn wider than the bottom.
    @Test func flipFromTopBringsTheTopEdgeForwards() throws {
        let display = turn("flip-t", "oglFlip", .fromTop, at: 0.25)
        let old = try #require(display.renderTree.node(named: "flip-t (old)"))
        let t = old.worldTransform, b = old.bounds
        let top = t.project(CGPoint(x: b.maxX, y: b.minY)).x - t.project(CGPoint(x: b.minX, y: b.minY)).x
        let bottom = t.project(CGPoint(x: b.maxX, y: b.maxY)).x - t.project(CGPoint(x: b.minX, y: b.maxY)).x
        let r = 25 * sin(CGFloat.pi / 4)
        #expect(abs(top - 100 * eye / (eye - r)) < 1e-6 && abs(bottom - 100 * eye / (eye + r)) < 1e-6, "\(top) \(bottom)")
    }

    /// Half way through a cube turn from the left, both faces show, meeting at the box's centre line, each turned
    /// an eighth of a turn about the cube's centre 50 points behind the box: the old face on the right, the new
    /// one coming round from the left.
    @Test func cubeFromLeftShowsBothFacesHalfWay() throws {
        let display = turn("cube-l", "cube", .fromLeft, at: 0.5)
        let old = edges(try #require(display.renderTree.node(named: "cube-l (old)")))
        let new = edges(try #require(display.renderTree.node(named: "cube-l")))
        // The old face's left edge: (−50, 0) about the centre (0, −50) turned by π/4 lands at (0, 20.7);
        // its right edge at (70.7, −50). The new face is the mirror image.
        let s = 50 * sin(CGFloat.pi / 4), c = 50 * cos(CGFloat.pi / 4)
        expectClose(old.left, seen(x: -c + s, z: (s + c) - 50), "old left edge")
        expectClose(old.right, seen(x: c + s, z: (-s + c) - 50), "old right edge")
        expectClose(new.left, seen(x: -(c + s), z: (-s + c) - 50), "new left edge")
        expectClose(new.right, seen(x: c - s, z: (s + c) - 50), "new right edge")
    }

    /// Other unpublished types are reported and fade.
    @Test func unknownTypesStillFade() throws {
        let before = diagnosticCount("unknown type 'pageCurl'")
        let display = turn("curl", "pageCurl", nil, at: 0.25)
        #expect(diagnosticCount("unknown type 'pageCurl'") == before + 1)
        let old = try #require(display.renderTree.node(named: "curl (old)"))
        #expect(abs(old.opacity - 0.75) < 1e-6)
    }
}
