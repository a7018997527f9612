import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Layer geometry (§5.4, TV51–TV58), point/rect conversion, hit testing and `contains` (§5.5).
@MainActor
@Suite("Layer geometry")
struct GeometryTests {
    func layer(bounds: CGRect, position: CGPoint) -> CALayer {
        let l = CALayer()
        l.bounds = bounds
        l.position = position
        return l
    }

    // MARK: frame

    @Test(arguments: [
        // TV51: bounds (0,0,100,50), position (200,300)
        (CGPoint(x: 0.5, y: 0.5), CGRect(x: 150, y: 275, width: 100, height: 50)),   // 200 − 50, 300 − 25
        (CGPoint(x: 0, y: 0), CGRect(x: 200, y: 300, width: 100, height: 50)),
        (CGPoint(x: 1, y: 1), CGRect(x: 100, y: 250, width: 100, height: 50)),
    ])
    func frameFromAnchorTV51(anchor: CGPoint, frame: CGRect) {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 300))
        l.anchorPoint = anchor
        #expect(l.frame == frame)
    }

    @Test func boundsOriginDoesNotMoveFrame() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = layer(bounds: CGRect(x: 30, y: 40, width: 100, height: 50), position: CGPoint(x: 200, y: 300))
        #expect(l.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
    }

    @Test func setFrameTV52() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(l.position == CGPoint(x: 60, y: 45))   // 10 + 50, 20 + 25
    }

    @Test func setFrameKeepsBoundsOriginAndStandardizes() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = layer(bounds: CGRect(x: 7, y: 8, width: 1, height: 1), position: .zero)
        l.anchorPoint = CGPoint(x: 0, y: 0)
        l.frame = CGRect(x: 110, y: 70, width: -100, height: -50)   // = (10, 20, 100, 50)
        #expect(l.bounds == CGRect(x: 7, y: 8, width: 100, height: 50))
        #expect(l.position == CGPoint(x: 10, y: 20))                 // anchor (0,0) at the origin
        #expect(l.anchorPoint == .zero)
    }

    @Test func frameUnderScaleTV53() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 300))
        l.transform = CATransform3DMakeScale(2, 4, 1)
        // 200 × 200 box centred on (200, 300)
        #expect(isClose(l.frame, CGRect(x: 100, y: 200, width: 200, height: 200)))
    }

    @Test func setFrameUnderScaleDividesItOut() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 4, 1)
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(isClose(l.bounds, CGRect(x: 0, y: 0, width: 50, height: 12.5)))   // 100/2, 50/4
        #expect(isClose(l.position, CGPoint(x: 60, y: 45)))
    }

    // MARK: Conversion (TV54, TV55)

    func tv54() -> (parent: CALayer, child: CALayer) {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 100, y: 50))
        parent.addSublayer(child)
        return (parent, child)
    }

    @Test func convertPointsTV54() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let (parent, child) = tv54()
        // child frame origin = (100 − 25, 50 − 25) = (75, 25)
        #expect(child.convert(CGPoint(x: 0, y: 0), to: parent) == CGPoint(x: 75, y: 25))
        #expect(child.convert(CGPoint(x: 50, y: 50), to: parent) == CGPoint(x: 125, y: 75))
        #expect(child.convert(CGPoint(x: 0, y: 0), from: parent) == CGPoint(x: -75, y: -25))
        #expect(parent.convert(CGPoint(x: 0, y: 0), to: child) == CGPoint(x: -75, y: -25))
        #expect(child.convert(CGPoint(x: 75, y: 25), from: parent) == CGPoint(x: 0, y: 0))
        #expect(parent.convert(CGPoint(x: 0, y: 0), from: child) == CGPoint(x: 75, y: 25))
    }

    @Test func convertWithSublayerTransformTV55() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let (parent, child) = tv54()
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        child.transform = CATransform3DMakeTranslation(5, 6, 0)
        // (0,0) − anchor (25,25) = (−25,−25); + (5,6) = (−20,−19); + position = (80,31);
        // about parent anchor (100,100) scaled 2: 100 + 2·(−20) = 60, 100 + 2·(−69) = −38
        let p = child.convert(CGPoint(x: 0, y: 0), to: parent)
        #expect(isClose(p, CGPoint(x: 60, y: -38)))
        #expect(isClose(child.convert(CGPoint(x: 60, y: -38), from: parent), .zero))
    }

    @Test func parentBoundsOriginDoesNotMoveChildInParentSpace() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let (parent, child) = tv54()
        parent.bounds.origin = CGPoint(x: 10, y: 10)
        #expect(child.convert(CGPoint(x: 0, y: 0), to: parent) == CGPoint(x: 75, y: 25))
        // It shifts the parent's content in the grandparent: parent anchor in bounds is now
        // (110, 110) on position (100, 100), so parent p → root p − 10: child (0,0) → (65, 15).
        let root = layer(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        root.addSublayer(parent)
        #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 65, y: 15))
        #expect(root.convert(CGPoint(x: 65, y: 15), to: child) == .zero)
    }

    @Test func convertRectIsBoundingBoxOfCorners() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let (parent, child) = tv54()
        #expect(child.convert(CGRect(x: 0, y: 0, width: 50, height: 50), to: parent)
                == CGRect(x: 75, y: 25, width: 50, height: 50))
        // Rotating the child 90° about its anchor keeps a square frame; a 50 × 10 rect turns tall.
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let r = child.convert(CGRect(x: 0, y: 0, width: 50, height: 10), to: parent)
        // corners relative to anchor: x −25…25, y −25…−15 → rotated (x,y) → (−y, x): x 15…25, y −25…25
        #expect(isClose(r, CGRect(x: 115, y: 25, width: 10, height: 50), within: 1e-9))
        #expect(isClose(child.convert(r, from: parent), CGRect(x: 0, y: 0, width: 50, height: 10), within: 1e-9))
    }

    @Test func convertBetweenSiblingsAndSeparateTrees() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let (parent, child) = tv54()
        let sibling = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5))
        parent.addSublayer(sibling)
        // sibling frame at (0,0): child (0,0) is parent (75,25) is sibling (75,25)
        #expect(child.convert(CGPoint.zero, to: sibling) == CGPoint(x: 75, y: 25))
        // A detached layer is its own root: trees meet in one space.
        let detached = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5))
        #expect(child.convert(CGPoint.zero, to: detached) == CGPoint(x: 75, y: 25))
    }

    // MARK: Transforms (TV56–TV58)

    @Test func concatOrderTV56() {
        let t = CATransform3DMakeTranslation(10, 0, 0), s = CATransform3DMakeScale(2, 2, 2)
        #expect(CATransform3DConcat(t, s).m41 == 20)   // translate first, then scale
        #expect(CATransform3DConcat(s, t).m41 == 10)
    }

    @Test func perspectiveTV57() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let r = p.apply(x: 100, y: 0, z: 100)
        #expect(isClose(r.w, 0.8))                // 100·(−1/500) + 1
        #expect(isClose(r.x / r.w, 125))
    }

    @Test func perspectiveOnSublayerTransformInRenderTreeTV57() throws {
        let display = HeadlessDisplay(width: 400, height: 300)
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        parent.name = "tv57-parent"
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 200, y: 100))
        child.name = "tv57-child"
        child.zPosition = 100
        parent.addSublayer(child)
        display.rootLayer.addSublayer(parent)
        display.advance(by: 0)
        let node = try #require(display.renderTree.node(named: "tv57-child"))
        // The child's anchor is 100 right of the parent's anchor (100,100) and 100 towards the
        // viewer: w = 0.8 → 100 + 100/0.8 = 225; y stays on the anchor line → 100.
        let p = node.worldTransform.project(CGPoint(x: 5, y: 5))
        #expect(isClose(p, CGPoint(x: 225, y: 100), within: 1e-9))
    }

    @Test func affineTransformTV58() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = CALayer()
        l.transform = CATransform3DMakeScale(1, 1, 5)
        l.setAffineTransform(CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        let t = l.transform
        #expect(t.m11 == 2 && t.m12 == 3 && t.m21 == 4 && t.m22 == 5 && t.m41 == 6 && t.m42 == 7)
        #expect(t.m33 == 1 && t.m44 == 1)   // replaces the whole transform
        #expect(l.affineTransform() == CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        l.transform = CATransform3DMakeScale(2, 3, 4)
        #expect(l.affineTransform() == .identity)   // not affine (z scale)
    }

    // MARK: Hit testing and contains

    @Test func containsIncludesMinEdgesExcludesMax() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: .zero)
        #expect(l.contains(CGPoint(x: 0, y: 0)))
        #expect(l.contains(CGPoint(x: 99.9, y: 49.9)))
        #expect(!l.contains(CGPoint(x: 100, y: 25)))
        #expect(!l.contains(CGPoint(x: -0.1, y: 0)))
    }

    /// root (400×300) ⊃ a (frame 0,0,100,100) and b (frame 50,50,100,100) on top.
    func hitScene() -> (HeadlessDisplay, CALayer, CALayer) {
        let display = HeadlessDisplay(width: 400, height: 300)
        let a = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        let b = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100))
        display.rootLayer.addSublayer(a)
        display.rootLayer.addSublayer(b)
        return (display, a, b)
    }

    @Test func topmostSiblingWins() {
        let (display, a, b) = hitScene()
        #expect(display.rootLayer.hitTest(CGPoint(x: 75, y: 75)) === b)   // overlap
        #expect(display.rootLayer.hitTest(CGPoint(x: 25, y: 25)) === a)
        #expect(display.rootLayer.hitTest(CGPoint(x: 300, y: 250)) === display.rootLayer)
        #expect(display.rootLayer.hitTest(CGPoint(x: 500, y: 10)) == nil)
        // zPosition orders siblings before sublayer order.
        a.zPosition = 1
        #expect(display.rootLayer.hitTest(CGPoint(x: 75, y: 75)) === a)
    }

    @Test func hiddenAndTransparentLayersAreSkipped() {
        let (display, a, b) = hitScene()
        b.isHidden = true
        #expect(display.rootLayer.hitTest(CGPoint(x: 75, y: 75)) === a)
        b.isHidden = false
        b.opacity = 0
        #expect(display.rootLayer.hitTest(CGPoint(x: 75, y: 75)) === a)
    }

    @Test func masksToBoundsClipsHits() {
        let (display, a, _) = hitScene()
        // A child of a sticking out to the right: frame (90, 0, 100, 20) in a → (90…190) in root.
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 20), position: CGPoint(x: 140, y: 10))
        a.addSublayer(child)
        let outside = CGPoint(x: 170, y: 10)   // inside child, outside a, not inside b (b starts at y 50)
        #expect(display.rootLayer.hitTest(outside) === child)
        a.masksToBounds = true
        #expect(display.rootLayer.hitTest(outside) === display.rootLayer)
        #expect(display.rootLayer.hitTest(CGPoint(x: 95, y: 10)) === child)   // inside both
    }

    @Test func presentationHitTestUsesPresentedGeometry() throws {
        // A layer moving 0 → 300 along x: at p = 0.5 it is presented at x 150…250 (model 0…100).
        let (display, a, b) = hitScene()
        b.removeFromSuperlayer()
        a.name = "hit-moving"
        display.advance(by: 0)
        a.add(basic("position.x", from: 50, to: 350), forKey: "move")
        display.advance(by: 0)
        display.advance(by: 0.5)
        let presentedRoot = try #require(display.rootLayer.presentation())
        let hit = try #require(presentedRoot.hitTest(CGPoint(x: 200, y: 50)))
        #expect(hit.model() === a)                                                   // presented there
        #expect(presentedRoot.hitTest(CGPoint(x: 25, y: 50))?.model() === display.rootLayer)   // not the model spot
        #expect(display.rootLayer.hitTest(CGPoint(x: 25, y: 50)) === a)             // the model still is
        // Conversions from a presentation layer go through presented superlayers: origin at x 150.
        #expect(try #require(a.presentation()).convert(CGPoint.zero, to: nil) == CGPoint(x: 150, y: 0))
        #expect(a.convert(CGPoint.zero, to: nil) == .zero)
    }

    @Test func presentationHitTestHonoursSublayerTransform() throws {
        let (display, a, b) = hitScene()
        b.removeFromSuperlayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)   // no implicit animation: present it at once
        display.rootLayer.sublayerTransform = CATransform3DMakeTranslation(200, 0, 0)   // a shows at 200…300
        CATransaction.commit()
        display.advance(by: 0)
        #expect(display.rootLayer.hitTest(CGPoint(x: 250, y: 50)) === a)
        let presentedRoot = try #require(display.rootLayer.presentation())
        #expect(presentedRoot.hitTest(CGPoint(x: 250, y: 50))?.model() === a)
        let presentedA = try #require(a.presentation())
        #expect(presentedA.hitTest(CGPoint(x: 250, y: 50))?.model() === a)
    }

    @Test func hitTestUsesSuperlayerCoordinatesAndTransforms() {
        let (_, a, _) = hitScene()
        // a.hitTest takes points in the root's space; a scaled 2 about its centre covers −50…150.
        a.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(a.hitTest(CGPoint(x: -40, y: -40)) === a)
        #expect(a.hitTest(CGPoint(x: -60, y: 0)) == nil)
    }
}
