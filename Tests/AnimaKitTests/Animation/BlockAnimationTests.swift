import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A 100 × 100 view at (0, 0) in a committed window, ready to animate.
@MainActor
func makeAnimatableView() -> (display: HeadlessDisplay, window: UIWindow, view: UIView) {
    let (display, window) = makeWindow()
    let view = addView(CGRect(x: 0, y: 0, width: 100, height: 100), to: window)
    display.advance(by: 0)
    return (display, window, view)
}

/// easeInEaseOut at `p`.
func easeInOut(_ p: Double) -> CGFloat { CGFloat(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(at: p)) }

@MainActor
@Suite("Block animations")
struct BlockAnimationTests {
    @Test func aBlockAnimatesAdditivelyFromOldToNewWithEaseInOut() throws {
        let (display, _, view) = makeAnimatableView()
        UIView.animate(withDuration: 1) { view.center.x = 150 }
        #expect(view.center.x == 150)   // the model changes at once
        let anim = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(anim.isAdditive && anim.duration == 1 && anim.fillMode == .both)
        #expect(anim.fromValue as? CGPoint == CGPoint(x: -100, y: 0))
        #expect(anim.toValue as? CGPoint == .zero)
        #expect(anim.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        display.advance(by: 0)          // commits at t = 0
        display.advance(to: 0.25)
        #expect(isClose(shown(view).position.x, 50 + 100 * easeInOut(0.25), within: 1e-6))
        display.advance(to: 0.5)
        #expect(isClose(shown(view).position.x, 100, within: 1e-4))
        display.advance(to: 1.01)
        #expect(shown(view).position.x == 150)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func curvesMapToTheirTimingFunctions() throws {
        let (_, _, view) = makeAnimatableView()
        let cases: [(UIView.AnimationOptions, CAMediaTimingFunctionName)] = [
            ([], .easeInEaseOut), (.curveEaseIn, .easeIn), (.curveEaseOut, .easeOut), (.curveLinear, .linear),
        ]
        for (i, (option, name)) in cases.enumerated() {
            UIView.animate(withDuration: 1, delay: 0, options: option, animations: { view.alpha = CGFloat(i) / 10 })
            let anim = try #require(view.layer.animation(forKey: "opacity"))
            #expect(anim.timingFunction == CAMediaTimingFunction(name: name))
        }
        // TV45: [.curveEaseOut, .repeat, .autoreverse] = 131096.
        #expect(([.curveEaseOut, .repeat, .autoreverse] as UIView.AnimationOptions).rawValue == 131_096)
    }

    @Test func completionRunsOnceWithTrueAfterTheEnd() {
        let (display, _, view) = makeAnimatableView()
        let calls = Box<[Bool]>([])
        UIView.animate(withDuration: 0.5, animations: { view.alpha = 0; view.center.y = 200 }) { calls.value.append($0) }
        display.advance(to: 0.4)
        #expect(calls.value.isEmpty)
        display.advance(to: 0.6)
        #expect(calls.value == [true])
        display.advance(by: 1)
        #expect(calls.value == [true])
    }

    @Test func delayHoldsTheOldValueUntilTheAnimationStarts() throws {
        let (display, _, view) = makeAnimatableView()
        display.advance(to: 1)
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.center.x = 250 })
        let anim = try #require(view.layer.animation(forKey: "position"))
        #expect(anim.beginTime == 1.5)
        display.advance(to: 1.4)
        #expect(shown(view).position.x == 50)
        display.advance(to: 2)
        #expect(isClose(shown(view).position.x, 150, within: 1e-9))
    }

    @Test func aSecondBlockOnAMovingViewAddsAndContinuesSmoothly() throws {
        // §6.2 worked example: centre.y 0 → 100 over 1 s; at 0.5 s a 1 s block sets it back to 0.
        let (display, _, view) = makeAnimatableView()
        view.center = CGPoint(x: 50, y: 0)
        display.advance(by: 0)
        let done = Box<[Bool]>([])
        UIView.animate(withDuration: 1, animations: { view.center.y = 100 }) { done.value.append($0) }
        display.advance(by: 0)
        display.advance(to: 0.5)
        let before = shown(view).position.y
        UIView.animate(withDuration: 1, animations: { view.center.y = 0 }) { done.value.append($0) }
        #expect(view.layer.animationKeys() == ["position", "position-2"])
        let second = try #require(view.layer.animation(forKey: "position-2") as? CABasicAnimation)
        #expect(second.fromValue as? CGPoint == CGPoint(x: 0, y: 100) && second.isAdditive)
        display.advance(by: 0)
        #expect(isClose(shown(view).position.y, before, within: 1e-9))   // no jump
        #expect(isClose(before, 50, within: 1e-4))
        display.advance(to: 1.0)
        // Δ1 has ended (0), Δ2 = 100 · (1 − easeInOut(0.5)).
        #expect(isClose(shown(view).position.y, 100 * (1 - easeInOut(0.5)), within: 1e-4))
        #expect(done.value == [true])
        display.advance(to: 1.2)
        #expect(isClose(shown(view).position.y, 100 * (1 - easeInOut(0.7)), within: 1e-4))
        display.advance(to: 1.6)
        #expect(shown(view).position.y == 0)
        #expect(done.value == [true, true])
    }

    @Test func boundsBecomeSeparateAdditiveOriginAndSizeAnimations() throws {
        // TV50: bounds 200×200 → 100×100 animates bounds.size from (100, 100) to (0, 0).
        let (_, _, view) = makeAnimatableView()
        view.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        FramePipeline.current.renderFrame(at: 0)
        UIView.animate(withDuration: 1) { view.bounds = CGRect(x: 0, y: 0, width: 100, height: 100) }
        let size = try #require(view.layer.animation(forKey: "bounds.size") as? CABasicAnimation)
        #expect(size.fromValue as? CGSize == CGSize(width: 100, height: 100))
        #expect(size.toValue as? CGSize == .zero && size.isAdditive)
        #expect(view.layer.animation(forKey: "bounds.origin") == nil)
        UIView.animate(withDuration: 1) { view.frame = CGRect(x: 10, y: 10, width: 100, height: 100) }
        #expect(view.layer.animation(forKey: "position-2") == nil && view.layer.animation(forKey: "position") != nil)
    }

    @Test func nonAdditivePropertiesReplaceAndTheReplacedBlockFinishesFalse() throws {
        let (display, _, view) = makeAnimatableView()
        let first = Box<[Bool]>([]), second = Box<[Bool]>([])
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 }) { first.value.append($0) }
        display.advance(by: 0)
        display.advance(to: 0.5)
        #expect(isClose(CGFloat(shown(view).opacity), 0.5, within: 1e-6))
        // Without .beginFromCurrentState the new animation starts from the model value (0).
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 }) { second.value.append($0) }
        var anim = try #require(view.layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(anim.fromValue as? CGFloat == 0 && !anim.isAdditive)
        display.advance(by: 0)
        #expect(first.value == [false])
        // With it, from the shown value.
        display.advance(to: 0.75)
        let shownOpacity = CGFloat(shown(view).opacity)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState], animations: { view.alpha = 0 })
        anim = try #require(view.layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(isClose(anim.fromValue as? CGFloat ?? -1, shownOpacity, within: 1e-6))
        display.advance(by: 0)
        #expect(second.value == [false])
    }

    @Test func removingTheAnimationsCompletesWithFalse() {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.animate(withDuration: 1, animations: { view.center.x = 300; view.alpha = 0.5 }) { done.value.append($0) }
        display.advance(to: 0.3)
        view.layer.removeAllAnimations()
        display.advance(by: 0)
        #expect(done.value == [false])
        #expect(shown(view).position.x == 300)
    }

    @Test func repeatAndAutoreverse() throws {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
                       animations: { view.center.x = 150 }) { done.value.append($0) }
        let anim = try #require(view.layer.animation(forKey: "position"))
        #expect(anim.repeatCount == .infinity && anim.autoreverses)
        display.advance(by: 0)
        display.advance(to: 1.5)   // backwards half way
        #expect(isClose(shown(view).position.x, 100, within: 1e-9))
        display.advance(to: 10.25)
        #expect(isClose(shown(view).position.x, 75, within: 1e-9))
        #expect(done.value.isEmpty)
        view.layer.removeAllAnimations()
        display.advance(by: 0)
        #expect(done.value == [false])
        // Autoreverse alone: forward, back, then the model value.
        UIView.animate(withDuration: 1, delay: 0, options: [.autoreverse, .curveLinear],
                       animations: { view.center.x = 250 }) { done.value.append($0) }
        display.advance(by: 0)
        let start = display.time
        display.advance(to: start + 1.5)
        #expect(isClose(shown(view).position.x, 200, within: 1e-9))
        display.advance(to: start + 2.1)
        #expect(shown(view).position.x == 250)
        #expect(done.value == [false, true])
    }

    @Test func nestedBlocksInheritUnlessOverridden() throws {
        let (_, _, view) = makeAnimatableView()
        let other = addView(CGRect(x: 0, y: 0, width: 10, height: 10), to: view)
        FramePipeline.current.renderFrame(at: 0)
        UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear, .allowUserInteraction], animations: {
            view.alpha = 0.5
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseIn, animations: { other.alpha = 0.2 })
            UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseIn, .overrideInheritedDuration, .overrideInheritedCurve],
                           animations: { other.center.x = 80 })
        })
        let inherited = try #require(other.layer.animation(forKey: "opacity"))
        #expect(inherited.duration == 2 && inherited.timingFunction == CAMediaTimingFunction(name: .linear))
        let own = try #require(other.layer.animation(forKey: "position"))
        #expect(own.duration == 0.3 && own.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(other.interactionBlockingAnimations == 0)   // .allowUserInteraction was inherited
        #expect(UIView.inheritedAnimationDuration == 0)
    }

    @Test func nestedBlocksInheritOptionsUnlessOverridden() throws {
        let (_, _, view) = makeAnimatableView()
        let a = addView(CGRect(x: 0, y: 0, width: 10, height: 10), to: view)
        let b = addView(CGRect(x: 0, y: 0, width: 10, height: 10), to: view)
        FramePipeline.current.renderFrame(at: 0)
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: {
            UIView.animate(withDuration: 1, animations: { a.alpha = 0 })
            UIView.animate(withDuration: 1, delay: 0, options: .overrideInheritedOptions, animations: { b.alpha = 0 })
        })
        let inherited = try #require(a.layer.animation(forKey: "opacity"))
        #expect(inherited.repeatCount == .infinity && inherited.autoreverses)
        let own = try #require(b.layer.animation(forKey: "opacity"))
        #expect(own.repeatCount == 0 && !own.autoreverses)
    }

    @Test func withoutAnimationChangesApplyAtOnce() {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.animate(withDuration: 1, animations: {
            view.alpha = 0.5
            UIView.performWithoutAnimation { view.center.x = 200 }
        }) { done.value.append($0) }
        #expect(view.layer.animationKeys() == ["opacity"])
        UIView.setAnimationsEnabled(false)
        #expect(!UIView.areAnimationsEnabled)
        UIView.animate(withDuration: 1, animations: { view.center.y = 200 }) { done.value.append($0) }
        UIView.setAnimationsEnabled(true)
        #expect(view.layer.animationKeys() == ["opacity"])
        #expect(done.value.isEmpty)   // completions run on a later frame, never inside the call
        display.advance(by: 0)
        #expect(done.value == [true])
        display.advance(to: 1.1)
        #expect(done.value == [true, true])
    }

    @Test func badDurationsApplyWithoutAnimationAndStillComplete() {
        let (display, _, view) = makeAnimatableView()
        view.tag = 8801
        let done = Box<[Bool]>([])
        let before = diagnosticCount("UIView.animate: rejected duration NaN")
        UIView.animate(withDuration: .nan, animations: { view.center.x = 300 }) { done.value.append($0) }
        UIView.animate(withDuration: -1, animations: { view.alpha = 0.3 }) { done.value.append($0) }
        UIView.animate(withDuration: 0, animations: { view.center.y = 20 }) { done.value.append($0) }
        UIView.animate(withDuration: 1, delay: .infinity, options: [], animations: { view.bounds.size.width = 10 }) { done.value.append($0) }
        #expect(diagnosticCount("UIView.animate: rejected duration NaN") == before + 1)
        #expect(diagnosticCount("UIView.animate: rejected delay +∞") >= 1)
        #expect(view.center == CGPoint(x: 300, y: 20) && isClose(view.alpha, 0.3, within: 1e-6))
        #expect(view.layer.animationKeys() == ["bounds.size"])   // the last block animates without a delay
        display.advance(by: 0)
        #expect(done.value == [true, true, true])
        display.advance(by: 1.1)
        #expect(done.value == [true, true, true, true])
    }

    @Test func animatingViewsIgnoreTouchesUnlessAllowed() {
        let (display, window, view) = makeAnimatableView()
        UIView.animate(withDuration: 1) { view.alpha = 0.9 }
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
        display.advance(to: 1.1)
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { view.alpha = 1 })
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
    }

    @Test func layoutSubviewsOptionAnimatesTheSubviewsLaidOutInside() throws {
        let (display, window) = makeWindow()
        let parent = CornerLayoutView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = addView(CGRect(x: 0, y: 0, width: 20, height: 20), to: parent)
        window.addSubview(parent)
        display.advance(by: 0)
        #expect(child.center == CGPoint(x: 90, y: 90))
        UIView.animate(withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear], animations: {
            parent.bounds.size = CGSize(width: 200, height: 200)
        })
        #expect(child.center == CGPoint(x: 190, y: 190))
        #expect(child.layer.animation(forKey: "position") != nil)
        display.advance(by: 0)
        display.advance(to: 0.5)
        #expect(isClose(shown(child).position, CGPoint(x: 140, y: 140), within: 1e-9))
    }

    @Test func constraintChangesAnimateThroughLayoutIfNeeded() {
        let (display, window) = makeWindow()
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        let leading = box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 0)
        NSLayoutConstraint.activate([leading, box.topAnchor.constraint(equalTo: window.topAnchor),
                                     box.widthAnchor.constraint(equalToConstant: 50), box.heightAnchor.constraint(equalToConstant: 50)])
        window.layoutIfNeeded()
        display.advance(by: 0)
        leading.constant = 200
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { window.layoutIfNeeded() })
        #expect(box.frame.minX == 200)
        display.advance(by: 0)
        display.advance(to: 0.25)
        #expect(isClose(shown(box).frame.minX, 50, within: 1e-9))
    }

    @Test func springBlocksSettleInTheirDuration() throws {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [], animations: { view.center.x = 250 }) { done.value.append($0) }
        let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(spring.mass == 1 && spring.duration == 0.8 && spring.isAdditive)
        #expect(isClose(spring.damping / (2 * spring.stiffness.squareRoot()), 0.5, within: 1e-9))
        #expect(abs(spring.settlingDuration - 0.8) < 0.01)
        display.advance(by: 0)
        var peak: CGFloat = 0
        for _ in 0..<48 {
            display.advance(by: 1.0 / 60)
            peak = max(peak, shown(view).position.x)
        }
        #expect(peak > 260)   // ζ = 0.5 overshoots by about 16 %
        display.advance(by: 0.1)
        #expect(shown(view).position.x == 250)
        #expect(done.value == [true])
    }

    /// iOS 17's spring blocks: the spring of a perceptual duration and a bounce — stiffness (2π / 0.5 s)², damping
    /// ratio 1 − bounce — lasting until it settles. ζ = 0.7 overshoots by e^(−πζ/√(1−ζ²)) ≈ 4.6 % of the 200-point
    /// move (≈ 9 points); bounce 0 does not overshoot.
    @Test func springDurationBlocksUseThePerceptualSpring() throws {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.animate(springDuration: 0.5, bounce: 0.3) { view.center.x = 250 } completion: { done.value.append($0) }
        let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(isClose(spring.stiffness, pow(2 * .pi / 0.5, 2), within: 1e-9) && spring.mass == 1)
        #expect(isClose(spring.damping / (2 * spring.stiffness.squareRoot()), 0.7, within: 1e-9))
        #expect(isClose(spring.duration, spring.settlingDuration, within: 1e-9))
        display.advance(by: 0)
        var peak: CGFloat = 0, elapsed = 0.0
        while elapsed < spring.settlingDuration - 1.0 / 60 {
            display.advance(by: 1.0 / 60)
            elapsed += 1.0 / 60
            peak = max(peak, shown(view).position.x)
        }
        #expect(peak > 255 && peak < 262, "peak \(peak)")
        #expect(done.value.isEmpty)
        display.advance(by: 2.0 / 60)
        #expect(done.value == [true])

        UIView.animate(springDuration: 0.4, bounce: 0) { view.center.x = 50 }
        display.advance(by: 0)
        var lowest: CGFloat = 250
        for _ in 0..<60 {
            display.advance(by: 1.0 / 60)
            lowest = min(lowest, shown(view).position.x)
        }
        #expect(lowest >= 50 - 1e-6)

        let before = diagnosticCount("never settles; using 0.99")
        UIView.animate(springDuration: 0.4, bounce: 1.5) { view.center.x = 100 }
        #expect(diagnosticCount("never settles; using 0.99") == before + 1)
        let wild = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(wild.settlingDuration.isFinite)
    }

    /// `modifyAnimations` gives the changes inside it their own repeat count and autoreversing; the block's
    /// `.repeat` still applies to the others.
    @Test func modifyAnimationsOverridesRepeatingForItsChanges() throws {
        let (display, window, view) = makeAnimatableView()
        let other = addView(CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
        display.advance(by: 0)                   // committed once, so its changes can animate
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat]) {
            UIView.modifyAnimations(withRepeatCount: 2.5, autoreverses: true) { view.alpha = 0.2 }
            other.alpha = 0.4
        }
        let modified = try #require(view.layer.animation(forKey: "opacity"))
        #expect(modified.repeatCount == 2.5 && modified.autoreverses)
        let plain = try #require(other.layer.animation(forKey: "opacity"))
        #expect(plain.repeatCount == .infinity && !plain.autoreverses)
        UIView.modifyAnimations(withRepeatCount: 3, autoreverses: false) { view.alpha = 1 }   // outside a block
        #expect(view.alpha == 1)
        let before = diagnosticCount("modifyAnimations: rejected repeat count")
        UIView.modifyAnimations(withRepeatCount: .nan, autoreverses: false) { view.alpha = 0.5 }
        #expect(diagnosticCount("modifyAnimations: rejected repeat count") == before + 1 && view.alpha == 0.5)
    }

    @Test func criticallyDampedSpringsDoNotOvershootAndVelocityIsReported() throws {
        let (display, _, view) = makeAnimatableView()
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0.5,
                       options: [], animations: { view.center.x = 250 })
        let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(spring.initialVelocity == 0.5)
        display.advance(by: 0)
        var previous: CGFloat = 50
        for _ in 0..<60 {
            display.advance(by: 1.0 / 60)
            let x = shown(view).position.x
            #expect(x >= previous - 1e-9 && x <= 250 + 1e-6)
            previous = x
        }
        let before = diagnosticCount("damping ratio NaN is not positive")
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: 0,
                       options: [], animations: { view.center.x = 0 })
        #expect(diagnosticCount("damping ratio NaN is not positive") == before + 1)
    }
}
