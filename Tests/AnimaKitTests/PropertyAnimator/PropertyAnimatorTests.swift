import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A linear 1 s animator moving `view.center.x` from 50 to 150.
@MainActor
func makeLinearMove(_ view: UIView, duration: TimeInterval = 1) -> UIViewPropertyAnimator {
    UIViewPropertyAnimator(duration: duration, curve: .linear) { view.center.x = 150 }
}

@MainActor
@Suite("UIViewPropertyAnimator")
struct PropertyAnimatorTests {
    @Test func statesFollowTheDocumentedSequence() {
        // TV48.
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        let positions = Box<[UIViewAnimatingPosition]>([])
        animator.addCompletion { positions.value.append($0) }
        #expect(animator.state == .inactive && !animator.isRunning && animator.fractionComplete == 0)
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        display.advance(by: 0.2)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && !animator.isRunning)
        animator.finishAnimation(at: .end)
        #expect(animator.state == .inactive)
        #expect(positions.value == [.end])
        #expect(view.center.x == 150)

        let second = makeLinearMove(view)
        second.addCompletion { positions.value.append($0) }
        second.startAnimation()
        second.stopAnimation(true)
        #expect(second.state == .inactive)
        display.advance(by: 2)
        #expect(positions.value == [.end])   // stopAnimation(true) never calls completions
    }

    @Test func aRunningAnimatorFollowsItsCurveAndFinishesAtTheEnd() {
        let (display, _, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 150 }
        let positions = Box<[UIViewAnimatingPosition]>([])
        animator.addCompletion { positions.value.append($0) }
        animator.startAnimation()
        #expect(view.center.x == 150)   // the block ran: the model holds the end value
        display.advance(by: 0)          // presentation shows what the last frame committed
        #expect(shown(view).position.x == 50)
        display.advance(to: 0.25)
        #expect(isClose(shown(view).position.x, 50 + 100 * easeInOut(0.25), within: 1e-6))
        #expect(isClose(animator.fractionComplete, 0.25, within: 1e-9))
        display.advance(to: 0.99)
        #expect(positions.value.isEmpty && animator.isRunning)
        display.advance(to: 1.0)
        #expect(positions.value == [.end])
        #expect(animator.state == .inactive && shown(view).position.x == 150)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func pauseFreezesAndStartResumes() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        animator.startAnimation()
        display.advance(to: 0.3)
        animator.pauseAnimation()
        display.advance(to: 5)
        #expect(isClose(shown(view).position.x, 80, within: 1e-9))
        #expect(isClose(animator.fractionComplete, 0.3, within: 1e-9))
        animator.startAnimation()
        display.advance(to: 5.35)
        #expect(isClose(shown(view).position.x, 115, within: 1e-9))
        display.advance(to: 5.7)
        #expect(animator.state == .inactive && shown(view).position.x == 150)
    }

    @Test func scrubbingIsLinearByDefaultAndCurvedOnRequest() {
        let (display, _, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 150 }
        animator.fractionComplete = 0.25    // inactive → active, paused
        #expect(animator.state == .active && !animator.isRunning)
        display.advance(by: 0)
        #expect(isClose(shown(view).position.x, 75, within: 1e-9))
        let curved = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.y = 150 }
        curved.scrubsLinearly = false
        curved.pauseAnimation()
        curved.fractionComplete = 0.5
        display.advance(by: 0)
        let eased = CGFloat(CAMediaTimingFunction(name: .easeIn).evaluate(at: 0.5))
        #expect(isClose(shown(view).position.y, 50 + 100 * eased, within: 1e-6))
        animator.stopAnimation(true)
        curved.stopAnimation(true)
    }

    @Test func resumingAfterALinearScrubContinuesWithoutAJump() {
        let (display, _, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 150 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.2
        display.advance(by: 0)
        let before = shown(view).position.x
        animator.startAnimation()
        display.advance(by: 1.0 / 60)
        let after = shown(view).position.x
        #expect(after > before && after - before < 3)
        display.advance(by: 1.5)
        #expect(animator.state == .inactive && shown(view).position.x == 150)
    }

    @Test func fractionCompleteIsClampedAndReadBackAtTheEnds() {
        // TV46.
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        animator.pauseAnimation()
        animator.fractionComplete = 1.5
        #expect(animator.fractionComplete == 1)
        display.advance(by: 0)
        #expect(isClose(shown(view).position.x, 50 + 100 * 0.99999, within: 1e-9))
        animator.fractionComplete = -0.2
        #expect(animator.fractionComplete == 0)
        let before = diagnosticCount("rejected fractionComplete NaN")
        animator.fractionComplete = .nan
        #expect(diagnosticCount("rejected fractionComplete NaN") == before + 1)
        #expect(animator.fractionComplete == 0)
        animator.stopAnimation(true)
    }

    @Test func reversingTurnsRoundAndFinishesAtTheStart() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        let positions = Box<[UIViewAnimatingPosition]>([])
        animator.addCompletion { positions.value.append($0) }
        animator.startAnimation()
        display.advance(to: 0.4)
        animator.isReversed = true
        #expect(isClose(animator.fractionComplete, 0.6, within: 1e-9))
        #expect(animator.isRunning)
        display.advance(to: 0.6)
        #expect(isClose(shown(view).position.x, 70, within: 1e-9))
        display.advance(to: 0.8)
        #expect(positions.value == [.start])
        #expect(view.center.x == 50 && shown(view).position.x == 50)   // the model returns to the start value
    }

    @Test func reversingAPausedAnimatorFlipsTheFraction() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        animator.pauseAnimation()
        animator.fractionComplete = 0.3
        animator.isReversed = true
        #expect(isClose(animator.fractionComplete, 0.7, within: 1e-9))
        display.advance(by: 0)
        #expect(isClose(shown(view).position.x, 80, within: 1e-9))   // the views do not move
        animator.fractionComplete = 0.9            // 90 % of the way back
        display.advance(by: 0)
        #expect(isClose(shown(view).position.x, 60, within: 1e-9))
        animator.stopAnimation(true)
    }

    @Test func stopLeavesTheViewsWhereTheyAreShown() {
        let (display, _, view) = makeAnimatableView()
        for (position, expected) in [(UIViewAnimatingPosition.current, CGFloat(90)), (.start, 50), (.end, 150)] {
            view.center.x = 50
            let animator = makeLinearMove(view)
            let got = Box<[UIViewAnimatingPosition]>([])
            animator.addCompletion { got.value.append($0) }
            animator.startAnimation()
            display.advance(by: 0.4)
            animator.stopAnimation(false)
            #expect(isClose(view.center.x, 90, within: 1e-9) && view.layer.animationKeys() == nil)
            display.advance(by: 0.5)
            #expect(got.value.isEmpty)
            animator.finishAnimation(at: position)
            #expect(got.value == [position])
            #expect(isClose(view.center.x, expected, within: 1e-9))
        }
    }

    @Test func delayedStartHoldsTheStartValue() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        animator.startAnimation(afterDelay: 0.5)
        #expect(animator.delay == 0.5 && animator.isRunning)
        display.advance(to: 0.4)
        #expect(shown(view).position.x == 50)
        display.advance(to: 1.0)
        #expect(isClose(shown(view).position.x, 100, within: 1e-9))
        display.advance(to: 1.6)
        #expect(animator.state == .inactive)
    }

    @Test func delayFactorStartsABlockLater() {
        // TV49: a block added with delayFactor 0.5 to an inactive 2 s animator runs from 1.0 s to 2.0 s.
        let (display, _, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear)
        animator.addAnimations({ view.center.y = 150 }, delayFactor: 0.5)
        animator.addAnimations { view.center.x = 150 }
        animator.startAnimation()
        display.advance(to: 0.9)
        #expect(shown(view).position.y == 50 && isClose(shown(view).position.x, 95, within: 1e-9))
        display.advance(to: 1.5)
        #expect(isClose(shown(view).position.y, 100, within: 1e-9))
        display.advance(to: 2.0)
        #expect(animator.state == .inactive && shown(view).position == CGPoint(x: 150, y: 150))
    }

    @Test func blocksAddedWhileRunningUseTheRemainingTime() {
        let (display, _, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center.x = 150 }
        animator.startAnimation()
        display.advance(to: 1)
        animator.addAnimations { view.alpha = 0 }
        display.advance(by: 0)
        #expect(shown(view).opacity == 1)
        display.advance(to: 1.5)
        #expect(isClose(CGFloat(shown(view).opacity), 0.5, within: 1e-6))
        display.advance(to: 2)
        #expect(shown(view).opacity == 0 && animator.state == .inactive)
    }

    @Test func continueWithADurationFactorRetimesTheRest() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view, duration: 1)
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.2)   // the rest takes 0.2 s
        display.advance(by: 0.1)
        #expect(isClose(shown(view).position.x, 125, within: 1e-6))
        display.advance(by: 0.11)
        #expect(animator.state == .inactive)
    }

    @Test func continueWithASpringHandsOverVelocity() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        let positions = Box<[UIViewAnimatingPosition]>([])
        animator.addCompletion { positions.value.append($0) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.4
        // 300 pt/s towards the end, 60 pt still to go → 5 distances per second.
        let spring = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 5, dy: 0))
        animator.continueAnimation(withTimingParameters: spring, durationFactor: 0.5)
        display.advance(by: 0)
        #expect(isClose(shown(view).position.x, 90, within: 1e-9))
        display.advance(by: 0.001)
        let speed = (shown(view).position.x - 90) / 0.001
        #expect(abs(speed - 300) < 15)   // the spring starts at the hand-off velocity
        display.advance(by: 0.6)
        #expect(positions.value == [.end] && shown(view).position.x == 150)
    }

    @Test func pausesOnCompletionKeepsTheAnimatorActiveAndReversible() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        let positions = Box<[UIViewAnimatingPosition]>([])
        animator.addCompletion { positions.value.append($0) }
        animator.pausesOnCompletion = true
        animator.startAnimation()
        display.advance(to: 1.2)
        #expect(animator.state == .active && !animator.isRunning && positions.value.isEmpty)
        #expect(shown(view).position.x == 150 && animator.fractionComplete == 1)
        animator.isReversed = true
        animator.startAnimation()
        display.advance(to: 1.7)
        #expect(isClose(shown(view).position.x, 100, within: 1e-9))
        animator.pausesOnCompletion = false
        display.advance(to: 2.3)
        #expect(positions.value == [.start] && view.center.x == 50)
    }

    @Test func runningPropertyAnimatorStartsItself() {
        let (display, _, view) = makeAnimatableView()
        let positions = Box<[UIViewAnimatingPosition]>([])
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.1, options: .curveLinear,
                                                                      animations: { view.alpha = 0 }) { positions.value.append($0) }
        #expect(animator.isRunning && animator.isManualHitTestingEnabled && animator.isInterruptible)
        display.advance(to: 0.35)
        #expect(isClose(CGFloat(shown(view).opacity), 0.5, within: 1e-6))
        display.advance(to: 0.7)
        #expect(positions.value == [.end])
        // Inside an animation block it takes the block's duration and is not interruptible.
        var inner: UIViewPropertyAnimator?
        UIView.animate(withDuration: 2) {
            inner = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0, options: [],
                                                                   animations: { view.alpha = 1 })
        }
        #expect(inner?.duration == 2 && inner?.isInterruptible == false)
        #expect(view.layer.animation(forKey: "opacity") == nil)   // the animator, not the block, animates it
    }

    @Test func timingParametersFollowUIKit() {
        // TV43 and TV44; UICubicTimingParameters' control points.
        let standard = UISpringTimingParameters()
        #expect(isClose(standard.dampingRatio, 4.5644, within: 1e-4))
        let physical = UIViewPropertyAnimator(duration: 5, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0)))
        #expect(isClose(physical.duration, 1.4727, within: 1e-3))   // the settling time replaces the duration (TV41)
        let fitted = UIViewPropertyAnimator(duration: 0.7, dampingRatio: 0.8)
        #expect(fitted.duration == 0.7)
        let response = UISpringTimingParameters(dampingRatio: 0.8, response: 0.5)
        #expect(isClose(response.dampingRatio, 0.8, within: 1e-9))
        #expect(isClose(response.physicalSpring!.stiffness, 157.9137, within: 1e-3))
        #expect(isClose(response.physicalSpring!.damping, 20.1062, within: 1e-3))
        let easeOut = UICubicTimingParameters(animationCurve: .easeOut)
        #expect(easeOut.controlPoint1 == .zero && isClose(easeOut.controlPoint2.x, 0.58, within: 1e-6))
        #expect(UICubicTimingParameters().animationCurve == .easeInOut)
        #expect(UIViewPropertyAnimator(duration: 0, curve: .linear).duration == 0.2)
        let before = diagnosticCount("UIViewPropertyAnimator: rejected duration NaN")
        #expect(UIViewPropertyAnimator(duration: .nan, curve: .linear).duration == 0.2)
        #expect(diagnosticCount("UIViewPropertyAnimator: rejected duration NaN") == before + 1)
    }

    @Test func springAnimatorsOvershootAndSettle() {
        let (display, _, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.4) { view.center.x = 150 }
        animator.startAnimation()
        var peak: CGFloat = 0
        for _ in 0..<60 {
            display.advance(by: 1.0 / 60)
            peak = max(peak, shown(view).position.x)
        }
        #expect(peak > 160)
        #expect(animator.state == .inactive && shown(view).position.x == 150)
    }

    @Test func anUndampedSpringIsReportedAndRunsForTheAnimatorsDuration() {
        // A physical spring's settling time replaces the animator's duration; without damping it never settles
        // (an infinite duration would leave the view at its start, fractionComplete at 0, for ever).
        let (display, _, view) = makeAnimatableView()
        let before = diagnosticCount("is undamped and never settles")
        let spring = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 0, initialVelocity: CGVector(dx: 0, dy: 0))
        #expect(diagnosticCount("is undamped and never settles") == before + 1)
        let animator = UIViewPropertyAnimator(duration: 1, timingParameters: spring)
        animator.addAnimations { view.center.x = 150 }
        #expect(animator.duration == 1)
        animator.startAnimation()
        display.advance(by: 0)
        display.advance(to: 0.1)
        // Undamped, ω₀ = √(k/m) = 10 rad/s, from rest: x(t) = 1 − cos(ω₀t) of the way.
        #expect(isClose(shown(view).position.x, 50 + 100 * (1 - cos(1.0)), within: 1e-6))
        display.advance(to: 0.3)
        #expect(isClose(shown(view).position.x, 50 + 100 * (1 - cos(3.0)), within: 1e-6))
        display.advance(to: 1)
        #expect(animator.state == .inactive && shown(view).position.x == 150)
    }

    @Test func transformsAnimateThroughTheAnimator() {
        let (display, _, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
            view.transform = CGAffineTransform(translationX: 200, y: 0)
        }
        animator.startAnimation()
        display.advance(to: 0.25)
        #expect(isClose(shown(view).transform.m41, 50, within: 1e-6))
        display.advance(to: 1)
        #expect(shown(view).transform.m41 == 200)
    }

    @Test func theAnimatedViewIsHitWhereItIsShown() {
        let (display, window, view) = makeAnimatableView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
        animator.startAnimation()
        display.advance(to: 0.5)   // shown at x 100…200 (model 200…300)
        #expect(window.hitTest(CGPoint(x: 150, y: 50), with: nil) === view)
        #expect(window.hitTest(CGPoint(x: 250, y: 50), with: nil) === window)
        animator.stopAnimation(true)
        let blocking = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 50 }
        blocking.isUserInteractionEnabled = false
        blocking.startAnimation()
        #expect(window.hitTest(CGPoint(x: 150, y: 50), with: nil) === window)
        blocking.stopAnimation(true)
        #expect(window.hitTest(CGPoint(x: 150, y: 50), with: nil) === view)
    }

    @Test func releasingAPausedAnimatorIsReportedAndLeavesNothingRunning() {
        let (display, _, view) = makeAnimatableView()
        do {
            let animator = makeLinearMove(view)
            animator.startAnimation()
            display.advance(to: 0.5)
            animator.pauseAnimation()
        }
        #expect(Diagnostics.messages(containing: "released while paused").count >= 1)
        #expect(view.layer.animationKeys() == nil)
        #expect(isClose(view.center.x, 100, within: 1e-9))
        display.advance(by: 1)
        #expect(isClose(shown(view).position.x, 100, within: 1e-9))
        #expect(FramePipeline.current.frameObservers.isEmpty)
    }

    @Test func badNumbersAreReportedAndReplaced() {
        let (display, _, view) = makeAnimatableView()
        let animator = makeLinearMove(view)
        animator.addAnimations({ view.alpha = 0.5 }, delayFactor: .nan)
        animator.startAnimation(afterDelay: .infinity)
        #expect(diagnosticCount("rejected delayFactor NaN") >= 1 && diagnosticCount("rejected delay +∞") >= 1)
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: nil, durationFactor: -3)
        #expect(diagnosticCount("rejected durationFactor -3.0") >= 1)
        display.advance(by: 1.1)
        #expect(animator.state == .inactive)
        let inactive = makeLinearMove(view)
        inactive.stopAnimation(true)
        #expect(diagnosticCount("on an inactive animator does nothing") >= 1)
    }
}
