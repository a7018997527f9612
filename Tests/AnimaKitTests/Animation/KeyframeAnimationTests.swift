import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("Keyframe block animations")
struct KeyframeAnimationTests {
    private let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)

    @Test func keyframesRunInTheirSlicesOfTheDuration() throws {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 150 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.y = 150 }
        }) { done.value.append($0) }
        #expect(view.center == CGPoint(x: 150, y: 150))
        let anim = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(anim.isAdditive && anim.duration == 2 && anim.calculationMode == .linear)
        display.advance(by: 0)
        display.advance(to: 0.5)
        #expect(isClose(shown(view).position, CGPoint(x: 100, y: 50), within: 1e-9))
        display.advance(to: 1.5)
        #expect(isClose(shown(view).position, CGPoint(x: 150, y: 100), within: 1e-9))
        display.advance(to: 2.1)
        #expect(shown(view).position == CGPoint(x: 150, y: 150))
        #expect(done.value == [true])
    }

    @Test func oneNodeThroughSeveralValues() {
        let (display, _, view) = makeAnimatableView()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 150 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 100 }
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
        })
        display.advance(by: 0)
        display.advance(to: 0.25)
        #expect(isClose(shown(view).position.x, 100, within: 1e-9))
        #expect(isClose(CGFloat(shown(view).opacity), 0.75, within: 1e-6))
        display.advance(to: 0.75)
        #expect(isClose(shown(view).position.x, 125, within: 1e-9))
        display.advance(to: 1.01)
        #expect(shown(view).position.x == 100 && shown(view).opacity == 0)
    }

    @Test func theWholeAnimationIsEasedByDefaultAndDiscreteHolds() {
        let (display, _, view) = makeAnimatableView()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 150 }
        })
        display.advance(by: 0)
        display.advance(to: 0.25)
        #expect(isClose(shown(view).position.x, 50 + 100 * easeInOut(0.25), within: 1e-6))
        let other = addView(CGRect(x: 0, y: 0, width: 10, height: 10), to: view)
        display.advance(by: 0)
        let start = display.time
        var discrete = linear
        discrete.insert(.calculationModeDiscrete)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: discrete, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { other.alpha = 0.2 }
        })
        display.advance(by: 0)
        display.advance(to: start + 0.45)
        #expect(shown(other).opacity == 1)
        display.advance(to: start + 0.55)
        #expect(isClose(CGFloat(shown(other).opacity), 0.2, within: 1e-6))
    }

    @Test func directChangesSpanTheWholeDuration() {
        let (display, _, view) = makeAnimatableView()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear, animations: {
            view.center.y = 150
        })
        display.advance(by: 0)
        display.advance(to: 0.5)
        #expect(isClose(shown(view).position.y, 100, within: 1e-9))
    }

    @Test func badInputIsReported() {
        let (display, _, view) = makeAnimatableView()
        let before = diagnosticCount("UIView.addKeyframe: called outside UIView.animateKeyframes")
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 120 }
        #expect(diagnosticCount("UIView.addKeyframe: called outside UIView.animateKeyframes") == before + 1)
        #expect(view.center.x == 120 && view.layer.animationKeys() == nil)
        let done = Box<[Bool]>([])
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: .nan, relativeDuration: 3) { view.center.x = 200 }
        }) { done.value.append($0) }
        #expect(diagnosticCount("rejected relativeStartTime NaN") >= 1 && diagnosticCount("rejected relativeDuration 3.0") >= 1)
        UIView.animateKeyframes(withDuration: -1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.y = 10 }
        }) { done.value.append($0) }
        #expect(view.center.y == 10 && diagnosticCount("UIView.animateKeyframes: rejected duration -1.0") >= 1)
        display.advance(by: 0)
        display.advance(to: 0.5)
        #expect(isClose(shown(view).position.x, 160, within: 1e-9))
        display.advance(to: 1.1)
        #expect(done.value == [true, true])
    }
}
