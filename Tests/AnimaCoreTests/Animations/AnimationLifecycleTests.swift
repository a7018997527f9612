import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Adding, keying, removing and finishing animations; delegate calls; default duration and
/// begin-time stamping (TV21, TV23).
@MainActor
@Suite("Animation life cycle")
struct AnimationLifecycleTests {
    // MARK: Copy on add

    @Test func addStoresACopy() throws {
        let (display, layer) = makeScene("copy-on-add", at: 1)
        let move = basic("position.x", from: 0, to: 100)
        layer.add(move, forKey: "move")
        // Mutating the caller's object afterwards changes nothing on the layer.
        move.toValue = 1_000
        move.duration = 50
        move.keyPath = "opacity"
        let stored = try #require(layer.animation(forKey: "move") as? CABasicAnimation)
        #expect(stored !== move)
        #expect(stored.duration == 1 && stored.keyPath == "position.x")
        #expect(stored.toValue as? Int == 100)
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(isClose(try #require(layer.presentation()).position.x, 50))   // 0 → 100 at 0.5
    }

    // MARK: Keys

    @Test func oneAnimationPerKeyReplacingReportsUnfinished() throws {
        let (display, layer) = makeScene("replace-key", at: 1)
        let oldRecorder = AnimationRecorder()
        let first = basic("position.x", from: 0, to: 100)
        first.delegate = oldRecorder
        layer.add(first, forKey: "move")
        display.advance(by: 0.2)
        let newRecorder = AnimationRecorder()
        let second = basic("position.x", from: 200, to: 300)
        second.delegate = newRecorder
        layer.add(second, forKey: "move")
        display.advance(by: 0)
        #expect(oldRecorder.stops.count == 1 && oldRecorder.stops.first?.finished == false)
        #expect(layer.animationKeys() == ["move"])
        #expect((layer.animation(forKey: "move") as? CABasicAnimation)?.fromValue as? Int == 200)
        display.advance(by: 0.5)   // second committed at 1.2; e = 0.5 → 250
        #expect(isClose(try #require(layer.presentation()).position.x, 250))
        #expect(newRecorder.stops.isEmpty)
    }

    @Test func nilKeysCoexist() throws {
        let (display, layer) = makeScene("nil-keys", at: 1)
        layer.add(basic("position.x", from: 0, to: 100), forKey: nil)
        layer.add(basic("opacity", from: 1, to: 0), forKey: nil)
        display.advance(by: 0)
        display.advance(by: 0.5)
        let p = try #require(layer.presentation())
        #expect(isClose(p.position.x, 50) && isClose(p.opacity, 0.5))
        // Our choice (UNCONFIRMED on Apple): nil-key animations are not listed by animationKeys().
        #expect(layer.animationKeys() == nil)
    }

    @Test func animationKeysInInsertionOrder() {
        let (_, layer) = makeScene("keys-order", at: 1)
        #expect(layer.animationKeys() == nil)
        layer.add(basic("opacity", to: 0), forKey: "c")
        layer.add(basic("position.x", to: 0), forKey: "a")
        layer.add(basic("position.y", to: 0), forKey: "b")
        #expect(layer.animationKeys() == ["c", "a", "b"])
        layer.removeAnimation(forKey: "a")
        #expect(layer.animationKeys() == ["c", "b"])
        #expect(layer.animation(forKey: "a") == nil)
    }

    @Test func removeAnimationReportsUnfinished() throws {
        let (display, layer) = makeScene("remove-one", at: 1)
        let recorder = AnimationRecorder()
        let move = basic("position.x", from: 0, to: 100)
        move.delegate = recorder
        layer.add(move, forKey: "move")
        display.advance(by: 0.3)
        #expect(recorder.starts.count == 1)
        layer.removeAnimation(forKey: "move")
        display.advance(by: 0)
        #expect(recorder.stops.count == 1 && recorder.stops.first?.finished == false)
        #expect(try #require(layer.presentation()).position.x == 50)   // the model shows again
        display.advance(by: 2)
        #expect(recorder.stops.count == 1)   // once only
    }

    @Test func removeAllAnimationsReportsUnfinishedToEach() {
        let (display, layer) = makeScene("remove-all", at: 1)
        let r1 = AnimationRecorder(), r2 = AnimationRecorder()
        let a = basic("position.x", to: 100)
        a.delegate = r1
        let b = basic("opacity", to: 0)
        b.delegate = r2
        layer.add(a, forKey: "a")
        layer.add(b, forKey: nil)
        display.advance(by: 0.1)
        layer.removeAllAnimations()
        display.advance(by: 0)
        #expect(r1.stops.map(\.finished) == [false])
        #expect(r2.stops.map(\.finished) == [false])
        #expect(layer.animationKeys() == nil)
    }

    // MARK: Delegate timing

    @Test func startAndStopAreDeliveredAtBeginAndEnd() throws {
        let (display, layer) = makeScene("delegate-timing", at: 1)
        let recorder = AnimationRecorder()
        let move = basic("position.x", from: 0, to: 100, duration: 0.5)
        move.delegate = recorder
        layer.add(move, forKey: "move")
        #expect(recorder.starts.isEmpty)
        display.advance(by: 0)                     // commit at T = 1: e = 0 starts it
        #expect(recorder.starts == [1])
        display.advance(to: 1.49)
        #expect(recorder.stops.isEmpty)
        display.advance(to: 1.6)                   // ends at 1.5 (first frame at or after it)
        let stop = try #require(recorder.stops.first)
        #expect(stop.finished && stop.time >= 1.5 && stop.time <= 1.5 + 1.0 / 60 + 1e-9)
        #expect(layer.animation(forKey: "move") == nil)   // removed on completion
        #expect(try #require(layer.presentation()).position.x == 50)
    }

    @Test func futureBeginTimeDelaysStart() throws {
        let (display, layer) = makeScene("delegate-delay", at: 10)
        let recorder = AnimationRecorder()
        let move = basic("position.x", from: 0, to: 100)
        move.delegate = recorder
        move.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 2   // starts at 12
        layer.add(move, forKey: "move")
        display.advance(by: 1)
        #expect(recorder.starts.isEmpty)
        // TV20: before the start with removed fill the model value shows.
        #expect(try #require(layer.presentation()).position.x == 50)
        display.advance(to: 12.5)
        #expect(recorder.starts.count == 1)
        #expect(try #require(recorder.starts.first) >= 12)
        #expect(isClose(try #require(layer.presentation()).position.x, 50))   // 0 → 100 at 0.5
    }

    @Test func backwardsFillHoldsFromValueBeforeStartTV20() throws {
        let (display, layer) = makeScene("fill-backwards", at: 10)
        let move = basic("position.x", from: 0, to: 100)
        move.fillMode = .backwards
        move.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 2
        layer.add(move, forKey: "move")
        display.advance(by: 1)   // e = −1
        #expect(try #require(layer.presentation()).position.x == 0)
    }

    @Test func notRemovedOnCompletionStaysAndStillReportsFinished() throws {
        let (display, layer) = makeScene("keep-after", at: 1)
        let recorder = AnimationRecorder()
        let move = basic("position.x", from: 0, to: 100)
        move.isRemovedOnCompletion = false
        move.fillMode = .forwards
        move.delegate = recorder
        layer.add(move, forKey: "move")
        display.advance(by: 2)
        #expect(recorder.stops.map(\.finished) == [true])
        #expect(layer.animationKeys() == ["move"])
        #expect(try #require(layer.presentation()).position.x == 100)   // forwards fill holds toValue
        #expect(layer.position.x == 50)                                  // model unchanged
        // Removing it later does not report a second stop.
        layer.removeAnimation(forKey: "move")
        display.advance(by: 0)
        #expect(recorder.stops.count == 1)
    }

    @Test func forwardsFillIsInvisibleWhenRemovedOnCompletion() throws {
        let (display, layer) = makeScene("forwards-removed", at: 1)
        let move = basic("position.x", from: 0, to: 100)
        move.fillMode = .forwards   // isRemovedOnCompletion stays true
        layer.add(move, forKey: "move")
        display.advance(by: 2)
        #expect(layer.animation(forKey: "move") == nil)
        #expect(try #require(layer.presentation()).position.x == 50)
    }

    // MARK: Default duration (TV21) and beginTime stamping (TV23)

    @Test func zeroDurationBecomesDefaultTV21() throws {
        let (_, layer) = makeScene("tv21", at: 1)
        let a = basic("opacity", to: 0, duration: 0)
        layer.add(a, forKey: "plain")
        #expect(layer.animation(forKey: "plain")?.duration == 0.25)
        #expect(a.duration == 0)   // the caller's object is untouched
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.5)
        layer.add(a, forKey: "in-transaction")
        CATransaction.commit()
        #expect(layer.animation(forKey: "in-transaction")?.duration == 1.5)
    }

    @Test func transactionTimingFunctionAppliesToAnimationsWithoutOne() {
        let (_, layer) = makeScene("tx-timing", at: 1)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.add(basic("opacity", to: 0), forKey: "o")
        let own = basic("position.x", to: 0)
        own.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(own, forKey: "x")
        CATransaction.commit()
        #expect(layer.animation(forKey: "o")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(layer.animation(forKey: "x")?.timingFunction == CAMediaTimingFunction(name: .linear))
    }

    @Test func beginTimeStampedAtCommitTV23() throws {
        let (display, layer) = makeScene("tv23", at: 42)
        let a = basic("opacity", to: 0)
        layer.add(a, forKey: "fade")
        #expect(layer.animation(forKey: "fade")?.beginTime == 0)   // not yet committed
        display.advance(by: 0)                                      // commit at T = 42
        #expect(layer.animation(forKey: "fade")?.beginTime == 42)
        #expect(a.beginTime == 0)
    }

    @Test func beginTimeStampedInLayerTimeSpace() {
        // Layer speed 2 at T = 42: its local time is (42 − 0)·2 = 84, so the copy starts at 84.
        let (display, layer) = makeScene("tv23-speed", at: 42)
        layer.speed = 2
        layer.add(basic("opacity", to: 0), forKey: "fade")
        CATransaction.flush()   // commits the implicit transaction now
        #expect(layer.animation(forKey: "fade")?.beginTime == 84)
        _ = display
    }
}
