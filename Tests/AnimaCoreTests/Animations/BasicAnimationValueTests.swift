import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// CABasicAnimation values: the from/to/by table (§2.3), key sub-paths, additive and cumulative.
/// Every animation here is linear, 1 s long unless stated, committed at T = 1, and read through
/// `presentation()` at T = 1 + e.
@MainActor
@Suite("CABasicAnimation values")
struct BasicAnimationValueTests {
    /// Adds `animation` to a fresh committed layer at T = 1, then moves to T = 1 + `elapsed`.
    func present(_ name: String, _ animation: CABasicAnimation, at elapsed: Double,
                 setUp: (CALayer) -> Void = { _ in }) throws -> CALayer {
        let (display, layer) = makeScene(name, at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        setUp(layer)
        CATransaction.commit()
        layer.add(animation, forKey: "a")
        display.advance(by: 0)
        display.advance(by: elapsed)
        return try #require(layer.presentation())
    }

    // MARK: The eight from/to/by cases (underlying position.x = 50, p = 0.5 unless stated)

    @Test func case2FromOnlyGoesToCurrent() throws {
        // F = 10 → current 50; p = 0.5 → 30
        let p = try present("ftb-2", basic("position.x", from: 10), at: 0.5)
        #expect(isClose(p.position.x, 30))
    }

    @Test func case3ToOnlyStartsFromCurrent() throws {
        // 50 → T = 150; p = 0.5 → 100
        let p = try present("ftb-3", basic("position.x", to: 150), at: 0.5)
        #expect(isClose(p.position.x, 100))
    }

    @Test func case4ByOnlyTV32() throws {
        // TV32: by 30, underlying 50 → 50 → 80; p = 0.5 → 65
        let p = try present("ftb-4", basic("position.x", by: 30), at: 0.5)
        #expect(isClose(p.position.x, 65))
    }

    @Test func case5FromTo() throws {
        // 0 → 200; p = 0.25 → 50
        let p = try present("ftb-5", basic("position.x", from: 0, to: 200), at: 0.25)
        #expect(isClose(p.position.x, 50))
    }

    @Test func case6FromByTV30() throws {
        // TV30: from 10, by 5 → 10 → 15; p = 0.4 → 10 + 0.4·5 = 12
        let p = try present("ftb-6", basic("position.x", from: 10, by: 5), at: 0.4)
        #expect(isClose(p.position.x, 12, within: 1e-9))
    }

    @Test func case7ToByTV31() throws {
        // TV31: to 100, by 20 → 80 → 100; p = 0.5 → 90
        let p = try present("ftb-7", basic("position.x", to: 100, by: 20), at: 0.5)
        #expect(isClose(p.position.x, 90))
    }

    @Test func case8AllThreeIgnoresByUNCONFIRMED() throws {
        // Undefined on Apple; our choice (UNCONFIRMED): F → T, B ignored. 0 → 100 at p 0.5 → 50.
        let p = try present("ftb-8", basic("position.x", from: 0, to: 100, by: 1000), at: 0.5)
        #expect(isClose(p.position.x, 50))
    }

    @Test func case1NoValuesAnimatesFromPreviousToCurrent() throws {
        // An action with no values: previous presentation value → new model value.
        let (display, layer) = makeScene("ftb-1", at: 1)
        let action = CABasicAnimation(keyPath: "position")
        action.duration = 2
        layer.actions = ["position": action]
        layer.position = CGPoint(x: 250, y: 150)   // from (50, 50)
        display.advance(by: 0)
        display.advance(by: 0.5)                   // p = 0.25 → (50 + 0.25·200, 50 + 0.25·100)
        #expect(isClose(try #require(layer.presentation()).position, CGPoint(x: 100, y: 75)))
        #expect(layer.animation(forKey: "position")?.duration == 2)
    }

    @Test func currentValueIsReReadEveryFrame() throws {
        // The "current" end of a to-only animation follows later model changes (re-read each frame).
        let (display, layer) = makeScene("ftb-reread", at: 1)
        layer.add(basic("opacity", to: 0), forKey: "fade")
        display.advance(by: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        CATransaction.commit()
        display.advance(by: 0.5)   // 0.5 → 0 at p = 0.5 → 0.25
        #expect(isClose(try #require(layer.presentation()).opacity, 0.25))
    }

    // MARK: Value types

    @Test func pointSizeRectAndColorInterpolatePerComponent() throws {
        let (display, layer) = makeScene("types", at: 1)
        layer.add(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 200)), forKey: "p")
        layer.add(basic("shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 10, height: 20)), forKey: "s")
        layer.add(basic("bounds", from: CGRect(x: 0, y: 0, width: 10, height: 10),
                        to: CGRect(x: 10, y: 20, width: 30, height: 50)), forKey: "b")
        layer.add(basic("backgroundColor", from: CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                        to: CGColor(red: 1, green: 0, blue: 0, alpha: 0)), forKey: "c")
        layer.add(basic("opacity", from: Float(1), to: 0), forKey: "o")   // Float and Int both accepted
        display.advance(by: 0)
        display.advance(by: 0.5)
        let p = try #require(layer.presentation())
        #expect(isClose(p.position, CGPoint(x: 50, y: 100)))
        #expect(isClose(p.shadowOffset.width, 5) && isClose(p.shadowOffset.height, 10))
        #expect(isClose(p.bounds, CGRect(x: 5, y: 10, width: 20, height: 30)))
        let c = try #require(p.backgroundColor)
        #expect(isClose(c.red, 0.5) && isClose(c.green, 0) && isClose(c.blue, 0.5) && isClose(c.alpha, 0.5))
        #expect(isClose(p.opacity, 0.5))
    }

    // MARK: Key sub-paths

    @Test func positionXLeavesY() throws {
        let p = try present("sub-px", basic("position.x", from: 0, to: 100), at: 0.5)
        #expect(isClose(p.position, CGPoint(x: 50, y: 50)))   // y is the model's 50
    }

    @Test func positionY() throws {
        let p = try present("sub-py", basic("position.y", from: 100, to: 300), at: 0.5)
        #expect(isClose(p.position, CGPoint(x: 50, y: 200)))
    }

    @Test func boundsSizeWidthLeavesHeight() throws {
        // 100 → 200 at 0.5 → 150; height stays 100
        let p = try present("sub-bw", basic("bounds.size.width", from: 100, to: 200), at: 0.5)
        #expect(isClose(p.bounds, CGRect(x: 0, y: 0, width: 150, height: 100)))
        #expect(isClose(p.frame, CGRect(x: -25, y: 0, width: 150, height: 100)))   // 50 − 150/2
    }

    @Test func transformRotationZ() throws {
        // 0 → π/2 at 0.5 → rotation π/4: m11 = cos, m12 = sin
        let p = try present("sub-rz", basic("transform.rotation.z", from: 0, to: Double.pi / 2), at: 0.5)
        #expect(isClose(p.transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), within: 1e-9))
        #expect(isClose(p.transform.m12, sin(CGFloat.pi / 4), within: 1e-9))
    }

    @Test func transformRotationAnimatesBeyondHalfATurn() throws {
        // A scalar sub-path can express 3π/2 (a matrix interpolation could not tell it from −π/2).
        // 0 → 2π at p = 0.75 → 3π/2: m11 = cos = 0, m12 = sin = −1.
        let p = try present("sub-rfull", basic("transform.rotation", from: 0, to: 2 * Double.pi), at: 0.75)
        #expect(isClose(p.transform.m11, 0, within: 1e-9) && isClose(p.transform.m12, -1, within: 1e-9))
    }

    @Test func transformScaleIsUniform() throws {
        // 1 → 3 at 0.5 → 2 on all three axes
        let p = try present("sub-s", basic("transform.scale", from: 1, to: 3), at: 0.5)
        #expect(isClose(p.transform, CATransform3DMakeScale(2, 2, 2), within: 1e-9))
    }

    @Test func transformTranslationX() throws {
        // 0 → 40 at 0.5 → m41 = 20
        let p = try present("sub-tx", basic("transform.translation.x", from: 0, to: 40), at: 0.5)
        #expect(isClose(p.transform, CATransform3DMakeTranslation(20, 0, 0), within: 1e-9))
    }

    @Test func subPathKeepsTheOtherComponentsOfTheModelTransform() throws {
        // Model scale 2; animating translation.x 0 → 40 keeps the scale.
        let p = try present("sub-keep", basic("transform.translation.x", from: 0, to: 40), at: 0.5) {
            $0.transform = CATransform3DMakeScale(2, 2, 1)
        }
        let c = TransformComponents(p.transform)
        #expect(isClose(c.scale.x, 2, within: 1e-9) && isClose(c.scale.y, 2, within: 1e-9))
        #expect(isClose(c.translation.x, 20, within: 1e-9))
    }

    // MARK: Additive and cumulative

    @Test func additiveAddsToUnderlyingTV33() throws {
        // TV33: additive 0 → 20, underlying 100, p = 0.5 → 100 + 10 = 110
        let a = basic("position.x", from: 0, to: 20)
        a.isAdditive = true
        let p = try present("additive", a, at: 0.5) { $0.position.x = 100 }
        #expect(isClose(p.position.x, 110))
    }

    @Test func additiveStacksOnEarlierAnimation() throws {
        // Non-additive 0 → 100 (at 0.5: 50), then additive 0 → 10 (at 0.5: +5) = 55.
        let (display, layer) = makeScene("additive-stack", at: 1)
        layer.add(basic("position.x", from: 0, to: 100), forKey: "base")
        let extra = basic("position.x", from: 0, to: 10)
        extra.isAdditive = true
        layer.add(extra, forKey: "extra")
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(isClose(try #require(layer.presentation()).position.x, 55))
    }

    @Test func laterAnimationReplacesEarlierValue() throws {
        // Both non-additive on position.x: the later-added one wins (animationKeys order).
        let (display, layer) = makeScene("order-wins", at: 1)
        layer.add(basic("position.x", from: 0, to: 100), forKey: "first")
        layer.add(basic("position.x", from: 300, to: 400), forKey: "second")
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(isClose(try #require(layer.presentation()).position.x, 350))
    }

    @Test func cumulativeTV34() throws {
        // TV34 (SMIL rule, UNCONFIRMED): 0 → 10, repeatCount 3; iteration k = 2 at p = 0.5 → 2·10 + 5 = 25
        let a = basic("position.x", from: 0, to: 10)
        a.isCumulative = true
        a.repeatCount = 3
        let p = try present("cumulative", a, at: 2.5)
        #expect(isClose(p.position.x, 25, within: 1e-9))
    }

    @Test func nonCumulativeRepeatRestarts() throws {
        let a = basic("position.x", from: 0, to: 10)
        a.repeatCount = 3
        let p = try present("non-cumulative", a, at: 2.5)
        #expect(isClose(p.position.x, 5, within: 1e-9))
    }

    // MARK: Timing function and autoreverse at the layer

    @Test func timingFunctionShapesProgress() throws {
        // easeInEaseOut(0.25) ≈ 0.129162 (TV25) → 0 → 100 gives ≈ 12.9162
        let a = basic("position.x", from: 0, to: 100)
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let p = try present("eased", a, at: 0.25)
        #expect(isClose(p.position.x, 12.9162, within: 1e-3))
    }

    @Test func autoreverseWithForwardsFillEndsOnFromValue() throws {
        // TV17 at the layer: ends mirrored on fromValue 0, not toValue 100.
        let a = basic("position.x", from: 0, to: 100)
        a.autoreverses = true
        a.repeatCount = 1
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        let p = try present("autoreverse-end", a, at: 3)
        #expect(isClose(p.position.x, 0))
    }

    @Test func valueFunctionRotateZ() throws {
        // A "transform" animation with the rotateZ value function takes numbers: 0 → π at 0.5 → π/2.
        let a = basic("transform", from: 0, to: Double.pi)
        a.valueFunction = CAValueFunction(name: .rotateZ)
        let p = try present("value-function", a, at: 0.5)
        #expect(isClose(p.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), within: 1e-9))
    }
}
