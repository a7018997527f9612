import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// What the `animation-params` and `key-value` fuzzers (Fuzz/) found in evaluation: finite values — accepted, as
/// Core Animation accepts them — that overflowed to ±∞ or NaN while an animation was evaluated, or when the render
/// tree converted a Double to a Float. The invariant: no NaN or ∞ reaches `presentation()` or the render tree;
/// the committed value shows instead, with a diagnostic naming the layer (`LayerEvaluation.replaceNonFinite`).
@MainActor
@Suite("Fuzz findings: evaluation overflow")
struct FuzzFindingsEvaluationTests {
    private func expectFinite(_ display: HeadlessDisplay, _ name: String, _ body: (CALayer?, RenderNode?) -> [Double]) -> Bool {
        let layer = display.rootLayer.sublayers?.first { $0.name == name }
        return body(layer?.presentation(), display.renderTree.node(named: name)).allSatisfy(\.isFinite)
    }

    /// key-value (also the randomized run): `fromValue` 6.8e38 for opacity, beyond Float's range,
    /// interpolated towards the model's 1 — the presented and rendered opacity are ±∞/NaN.
    @Test func opacityFromBeyondFloatRange() {
        let (display, layer) = makeScene("eval-opacity")
        layer.add(basic("opacity", from: 6.805646932770577e38, duration: 1), forKey: "fade")
        display.advance(by: 0.5)
        #expect(expectFinite(display, "eval-opacity") { p, n in [Double(p?.opacity ?? 0), Double(n?.opacity ?? 0)] })
        #expect(display.renderTree.node(named: "eval-opacity")?.opacity == 1)   // the committed opacity
        #expect(diagnosticCount("'eval-opacity': animations of opacity overflowed") == 1)
    }

    /// animation-params: a shadow colour whose alpha is 2.6e97 (finite as a CGFloat) interpolated towards the
    /// model colour; the render tree's Float RGBA overflows.
    @Test func colourComponentBeyondFloatRange() {
        let (display, layer) = makeScene("eval-colour")
        layer.shadowOpacity = 1
        layer.add(basic("shadowColor", from: CGColor(red: -1, green: 8.875, blue: 0, alpha: 2.6350355459659916e97), duration: 1),
                  forKey: "shadow")
        display.advance(by: 0.25)
        #expect(expectFinite(display, "eval-colour") { _, n in
            [n?.shadowColor?.red, n?.shadowColor?.alpha].map { Double($0 ?? 0) }
        })
    }

    /// animation-params: an overdamped spring (stiffness 5e-324) with a `translate` value function from a
    /// contentsCenter 1.8e308 wide towards the model's unit rectangle, on the display's root layer running at
    /// speed 12.625.
    @Test func springFromTheLargestDouble() {
        let display = HeadlessDisplay(width: 200, height: 150)
        display.advance(by: 0)
        display.rootLayer.speed = 12.625
        let spring = CASpringAnimation(keyPath: "contentsCenter")
        spring.fromValue = CGRect(x: -2, y: -158, width: CGFloat.greatestFiniteMagnitude, height: 14.875)
        spring.stiffness = .leastNonzeroMagnitude   // 5e-324
        spring.allowsOverdamping = true
        spring.valueFunction = CAValueFunction(name: .translate)
        spring.duration = 1.9
        spring.timeOffset = 8.25
        spring.fillMode = .forwards
        display.rootLayer.add(spring, forKey: nil)
        display.advance(by: 1.0 / 60)
        let p = display.rootLayer.presentation()?.contentsCenter.width ?? 0
        let n = display.renderTree.node(named: "root")?.contentsCenter.width ?? 0
        #expect(p.isFinite && n.isFinite)
    }

    /// animation-params: a cumulative spring (mass 9, linear timing) on anchorPoint.y from π to −1.07e304, repeated
    /// for 3.4e38 s with autoreverse: each repetition adds (to − from) again.
    @Test func springToAHugeAnchorPoint() {
        let display = HeadlessDisplay(width: 200, height: 150)
        display.advance(by: 1)
        let layer = CALayer()
        layer.name = "eval-anchor"
        layer.frame = CGRect(x: 256, y: 3.1415926535897967, width: 172, height: 172)
        display.rootLayer.addSublayer(layer)
        let spring = CASpringAnimation(keyPath: "anchorPoint.y")
        spring.fromValue = Double.pi
        spring.toValue = -1.0748439102290925e304
        spring.byValue = -0.0
        spring.mass = 9
        spring.allowsOverdamping = true
        spring.isCumulative = true
        spring.timingFunction = CAMediaTimingFunction(name: .linear)
        spring.timeOffset = -3.5
        spring.repeatDuration = 3.4e38
        spring.autoreverses = true
        spring.fillMode = .forwards
        layer.add(spring, forKey: "a")
        display.advance(by: 1.0 / 60)
        #expect(expectFinite(display, "eval-anchor") { p, n in
            [Double(p?.anchorPoint.y ?? 0), Double(n?.anchorPoint.y ?? 0)] + (n.map { Self.entries($0.worldTransform) } ?? [])
        })
    }

    /// animation-params: a push transition on a layer 1.8e308 points wide (its frame starting at −1.8e308): the
    /// transition's offset by the layer's width overflows the world transform.
    @Test func transitionOnAHugeLayer() {
        let (display, _) = makeScene("eval-transition-host")
        let layer = CALayer()
        layer.name = "eval-transition"
        layer.frame = CGRect(x: -CGFloat.greatestFiniteMagnitude, y: 255, width: .greatestFiniteMagnitude, height: 371)
        display.rootLayer.addSublayer(layer)
        let child = CAGradientLayer()
        child.frame = CGRect(x: 240, y: 317, width: 190, height: 278)
        layer.addSublayer(child)
        display.advance(by: 0)
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        layer.add(transition, forKey: "a")
        display.advance(by: 0.1)
        #expect(display.renderTree.nodes.allSatisfy { Self.entries($0.worldTransform).allSatisfy(\.isFinite) })
    }

    static func entries(_ t: CATransform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
    }
}
