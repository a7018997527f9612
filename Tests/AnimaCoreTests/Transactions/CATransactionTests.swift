import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// CATransaction: nested values (TV47), disableActions, completion blocks, flush, and commit
/// without begin.
@MainActor
@Suite("CATransaction")
struct CATransactionTests {
    @Test func topLevelDefaultsTV47() {
        _ = HeadlessDisplay(width: 10, height: 10)
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.disableActions() == false)
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(CATransaction.completionBlock() == nil)
    }

    @Test func nestedValuesTV47() {
        _ = HeadlessDisplay(width: 10, height: 10)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 1.0)   // inherited
        CATransaction.setAnimationDuration(2.0)
        #expect(CATransaction.animationDuration() == 2.0)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 1.0)   // the outer scope again
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test func arbitraryKeysRoundTrip() {
        _ = HeadlessDisplay(width: 10, height: 10)
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "my.key") == nil)   // unset reads nil
        CATransaction.setValue("outer", forKey: "my.key")
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "my.key") as? String == "outer")
        CATransaction.setValue("inner", forKey: "my.key")
        #expect(CATransaction.value(forKey: "my.key") as? String == "inner")
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "my.key") as? String == "outer")
        // The well-known keys go through the same table.
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.commit()
    }

    /// The keys with fields of their own (actions, duration, timing function) behave as any other key through the
    /// generic calls: nesting hides and reveals, nil removes, and a value of another type is kept as set.
    @Test func wellKnownKeysBehaveAsAnyKey() {
        _ = HeadlessDisplay(width: 10, height: 10)
        CATransaction.begin()
        CATransaction.setValue(3.0, forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(CAMediaTimingFunction(name: .easeIn), forKey: kCATransactionAnimationTimingFunction)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setValue(0.5, forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.animationDuration() == 0.5)
        #expect(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool == true)
        CATransaction.setValue(nil, forKey: kCATransactionAnimationDuration)   // removed: the outer value shows
        #expect(CATransaction.animationDuration() == 3.0)
        CATransaction.commit()
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.animationTimingFunction() == CAMediaTimingFunction(name: .easeIn))
        CATransaction.setValue("yes", forKey: kCATransactionDisableActions)
        #expect(CATransaction.value(forKey: kCATransactionDisableActions) as? String == "yes")
        #expect(!CATransaction.disableActions())   // not a Bool: actions stay on
        CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)   // Apple's usual spelling
        #expect(CATransaction.disableActions())
        CATransaction.setValue(kCFBooleanFalse, forKey: kCATransactionDisableActions)
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) == nil)
    }

    @Test func disableActionsSuppressesImplicitAnimation() {
        let (display, layer) = makeScene("disable-actions", at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 300, y: 200)
        layer.opacity = 0.5
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)
        display.advance(by: 0.1)
        #expect(layer.presentation()?.position == CGPoint(x: 300, y: 200))   // jumps, no animation
        // The action search itself still answers when asked directly.
        let action = CABasicAnimation(keyPath: "position")
        layer.actions = ["position": action]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        #expect(layer.action(forKey: "position") === action)
        CATransaction.commit()
    }

    // MARK: Completion blocks

    @Test func completionFiresAfterItsAnimationsFinish() {
        let (display, layer) = makeScene("completion-basic", at: 1)
        let firedAt = Box<CFTimeInterval?>(nil)
        CATransaction.begin()
        CATransaction.setCompletionBlock { firedAt.value = CACurrentMediaTime() }
        layer.add(basic("position.x", to: 200, duration: 0.5), forKey: "short")
        layer.add(basic("opacity", to: 0, duration: 1), forKey: "long")
        CATransaction.commit()   // committed at T = 1: ends at 1.5 and 2
        display.advance(to: 1.9)
        #expect(firedAt.value == nil)
        display.advance(to: 2.1)
        let t = firedAt.value ?? -1
        #expect(t >= 2 && t <= 2 + 1.0 / 60 + 1e-9)
    }

    @Test func completionWaitsForNestedTransactionsAnimations() {
        let (display, layer) = makeScene("completion-nested", at: 1)
        let fired = Box(0)
        CATransaction.begin()
        CATransaction.setCompletionBlock { fired.value += 1 }
        layer.add(basic("position.x", to: 200, duration: 0.5), forKey: "outer")
        CATransaction.begin()
        layer.add(basic("opacity", to: 0, duration: 2), forKey: "inner")   // ends at 3
        CATransaction.commit()
        CATransaction.commit()
        display.advance(to: 2.9)
        #expect(fired.value == 0)
        display.advance(to: 3.1)
        #expect(fired.value == 1)
        display.advance(by: 1)
        #expect(fired.value == 1)   // once
    }

    @Test func completionWaitsForImplicitAnimations() {
        // The usual idiom: set the block, change properties, commit.
        let (display, layer) = makeScene("completion-implicit", at: 1)
        let fired = Box(false)
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setCompletionBlock { fired.value = true }
        layer.position = CGPoint(x: 300, y: 300)
        CATransaction.commit()
        display.advance(to: 1.45)
        #expect(!fired.value)
        display.advance(to: 1.55)
        #expect(fired.value)
    }

    @Test func completionCountsRemovedAnimationsAsDone() {
        let (display, layer) = makeScene("completion-removed", at: 1)
        let fired = Box(false)
        CATransaction.begin()
        CATransaction.setCompletionBlock { fired.value = true }
        layer.add(basic("opacity", to: 0, duration: 10), forKey: "slow")
        CATransaction.commit()
        display.advance(by: 1)
        #expect(!fired.value)
        layer.removeAnimation(forKey: "slow")
        display.advance(by: 0)
        #expect(fired.value)
    }

    @Test func completionWithoutAnimationsFiresOnTheNextFrame() {
        let (display, _) = makeScene("completion-empty", at: 1)
        let fired = Box(false)
        CATransaction.begin()
        CATransaction.setCompletionBlock { fired.value = true }
        CATransaction.commit()
        #expect(!fired.value)   // delivered with the frame, not inside commit()
        display.advance(by: 0)
        #expect(fired.value)
    }

    @Test func completionIgnoresAnimationsAddedBeforeIt() {
        let (display, layer) = makeScene("completion-before", at: 1)
        let fired = Box(false)
        CATransaction.begin()
        layer.add(basic("opacity", to: 0, duration: 5), forKey: "earlier")   // not tracked
        CATransaction.setCompletionBlock { fired.value = true }
        CATransaction.commit()
        display.advance(by: 0)
        #expect(fired.value)
    }

    @Test func replacedCompletionBlock() {
        // Our reading of the header: a replaced block no longer collects animations; it fires once
        // the animations added while it was set are done (at once when there were none).
        let (display, layer) = makeScene("completion-replaced", at: 1)
        let log = Box<[String]>([])
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.value.append("A") }
        CATransaction.setCompletionBlock { log.value.append("B") }   // A had no animations
        layer.add(basic("opacity", to: 0, duration: 1), forKey: "b1")
        CATransaction.setCompletionBlock { log.value.append("C") }   // B waits for b1 only
        layer.add(basic("position.x", to: 0, duration: 2), forKey: "c1")
        CATransaction.commit()
        display.advance(by: 0)
        #expect(log.value == ["A"])
        display.advance(to: 2.1)
        #expect(log.value == ["A", "B"])
        display.advance(to: 3.1)
        #expect(log.value == ["A", "B", "C"])
    }

    // MARK: flush and commit without begin

    @Test func flushCommitsTheImplicitTransaction() {
        let (display, layer) = makeScene("flush", at: 5)
        layer.add(basic("opacity", to: 0), forKey: "fade")
        CATransaction.flush()
        #expect(layer.animation(forKey: "fade")?.beginTime == 5)
        // A new layer becomes committed on flush too (presentation() stops being nil).
        let fresh = CALayer()
        display.rootLayer.addSublayer(fresh)
        #expect(fresh.presentation() == nil)
        CATransaction.flush()
        #expect(fresh.presentation() != nil)
    }

    @Test func flushInsideExplicitTransactionWaitsForIt() {
        let (display, layer) = makeScene("flush-nested", at: 5)
        defer { withExtendedLifetime(display) {} }   // the commit stamps with the time of the layer's display
        layer.add(basic("opacity", to: 0), forKey: "implicit")   // implicit transaction
        CATransaction.begin()
        CATransaction.flush()
        #expect(layer.animation(forKey: "implicit")?.beginTime == 0)   // not yet
        CATransaction.commit()
        #expect(layer.animation(forKey: "implicit")?.beginTime == 5)
    }

    @Test func commitWithoutBeginIsRejected() throws {
        let (display, layer) = makeScene("commit-no-begin", at: 1)
        let before = diagnosticCount("no matching CATransaction.begin()")
        CATransaction.commit()
        #expect(diagnosticCount("no matching CATransaction.begin()") > before)
        // Nothing broke: the next transaction and frame work as usual.
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        #expect(CATransaction.animationDuration() == 2)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(layer.position == CGPoint(x: 50, y: 50))
        display.advance(by: 0.1)
        #expect(try #require(layer.presentation()).position == CGPoint(x: 50, y: 50))
    }

    @Test func commitWithoutBeginLeavesPendingChangesForTheFrame() {
        let (display, layer) = makeScene("commit-no-begin-pending", at: 1)
        layer.add(basic("opacity", to: 0), forKey: "fade")
        CATransaction.commit()   // rejected: the implicit transaction is not committed by it
        #expect(layer.animation(forKey: "fade")?.beginTime == 0)
        display.advance(by: 0)
        #expect(layer.animation(forKey: "fade")?.beginTime == 1)
    }
}
