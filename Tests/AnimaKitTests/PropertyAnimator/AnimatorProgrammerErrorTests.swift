import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Illegal transitions stop the process, as UIKit raises for them (§7.2). Each runs in a child process.
@Suite("UIViewPropertyAnimator programmer errors")
struct AnimatorProgrammerErrorTests {
    @Test func startingAStoppedAnimatorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.startAnimation()
                animator.stopAnimation(false)
                animator.startAnimation()
            }
        }
    }

    @Test func pausingAStoppedAnimatorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.startAnimation()
                animator.stopAnimation(false)
                animator.pauseAnimation()
            }
        }
    }

    @Test func finishingAnAnimatorThatIsNotStoppedTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.startAnimation()
                animator.finishAnimation(at: .end)
            }
        }
    }

    @Test func stoppingTwiceTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.startAnimation()
                animator.stopAnimation(false)
                animator.stopAnimation(false)
            }
        }
    }

    @Test func interruptingANonInterruptibleAnimatorTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.isInterruptible = false
                animator.startAnimation()
                animator.pauseAnimation()
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.isInterruptible = false
                animator.startAnimation()
                animator.isReversed = true
            }
        }
    }

    @Test func changingInterruptibilityWhileActiveTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.startAnimation()
                animator.isInterruptible = false
            }
        }
    }

    @Test func aNegativeDelayTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                makeLinearMove(view).startAnimation(afterDelay: -1)
            }
        }
    }

    @Test func startingAPausedAnimatorWithADelayTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.pauseAnimation()
                animator.startAnimation(afterDelay: 0.5)
            }
        }
    }

    @Test func legalSequencesDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let (display, _, view) = makeAnimatableView()
                let animator = makeLinearMove(view)
                animator.pauseAnimation()
                animator.pauseAnimation()
                animator.startAnimation()
                animator.startAnimation()
                display.advance(by: 0.2)
                animator.stopAnimation(false)
                animator.finishAnimation(at: .current)
                animator.addAnimations { view.alpha = 0 }
                animator.startAnimation()
                display.advance(by: 2)
                exit(animator.state == .inactive ? 0 : 1)
            }
        }
    }
}
