import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// CAAnimationGroup (§2.6, TV22): children in the group's time, clipping, fill at both levels,
/// delegates and removal. Groups are committed at T = 1 on a layer whose model x is 50.
@MainActor
@Suite("CAAnimationGroup")
struct AnimationGroupTests {
    func group(_ children: [CAAnimation], duration: CFTimeInterval) -> CAAnimationGroup {
        let g = CAAnimationGroup()
        g.animations = children
        g.duration = duration
        return g
    }

    /// Adds `animation` at T = 1 and returns the presented x at each elapsed time.
    func xs(_ name: String, _ animation: CAAnimation, at elapsed: [Double]) throws -> [Double] {
        let (display, layer) = makeScene(name, at: 1)
        layer.add(animation, forKey: "g")
        display.advance(by: 0)
        var result: [Double] = []
        for e in elapsed {
            display.advance(to: 1 + e)
            result.append(Double(try #require(layer.presentation()).position.x))
        }
        return result
    }

    @Test func childTimesAreRelativeToTheGroupTV22() throws {
        let child = basic("position.x", from: 0, to: 80, duration: 1)
        child.beginTime = 0.5
        let x = try xs("group-tv22", group([child], duration: 1), at: [0.25, 0.75, 1.0])
        // Before the child starts the model shows; at group time 0.75 the child is at p = 0.25; at 1 the
        // group is gone (the child never got past p = 0.5, x = 40).
        #expect(x == [50, 20, 50])
    }

    @Test func groupDurationClipsChildren() throws {
        let long = basic("position.x", from: 0, to: 100, duration: 10)
        let x = try xs("group-clip", group([long], duration: 5), at: [2.5, 4.9, 5.1])
        #expect(isClose(x[0], 25) && isClose(x[1], 49) && x[2] == 50)
        // With the group held at its end, the clipped child holds where it was cut off (p = 0.5).
        let held2 = group([basic("position.x", from: 0, to: 200, duration: 10)], duration: 5)
        held2.fillMode = .forwards
        held2.isRemovedOnCompletion = false
        #expect(try xs("group-clip-held2", held2, at: [7])[0] == 100)
    }

    @Test func childrenWithoutDurationTakeTheGroups() throws {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        let x = try xs("group-inherit", group([move], duration: 2), at: [1])
        #expect(isClose(x[0], 50))
    }

    @Test func fillModesAtBothLevels() throws {
        // A short child with no fill stops affecting the layer inside the group's active period…
        let short = basic("position.x", from: 0, to: 200, duration: 0.5)
        #expect(try xs("group-fill-none", group([short], duration: 1), at: [0.25, 0.75]) == [100, 50])
        // …while a child that fills forwards holds its end value there.
        let filling = basic("position.x", from: 0, to: 100, duration: 0.5)
        filling.fillMode = .forwards
        let x2 = try xs("group-fill-child", group([filling], duration: 1), at: [0.75, 1.5])
        #expect(x2 == [100, 50])   // after the group ends (removed) the model shows again
        // A group that fills forwards holds children that end with it, even without their own fill.
        let whole = basic("position.x", from: 0, to: 100, duration: 1)
        let g = group([whole], duration: 1)
        g.fillMode = .forwards
        g.isRemovedOnCompletion = false
        #expect(try xs("group-fill-group", g, at: [3]) == [100])
        // A group that starts later and fills backwards shows its children's start values.
        let (display, layer) = makeScene("group-fill-back", at: 1)
        let delayed = group([basic("position.x", from: 10, to: 100, duration: 1)], duration: 1)
        delayed.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 2
        delayed.fillMode = .backwards
        layer.add(delayed, forKey: "g")
        display.advance(by: 0.5)
        #expect(try #require(layer.presentation()).position.x == 10)
    }

    @Test func groupTimingScalesItsChildren() throws {
        let g = group([basic("position.x", from: 0, to: 100, duration: 1)], duration: 1)
        g.speed = 2
        #expect(try xs("group-speed", g, at: [0.25]) == [50])
        let r = group([basic("position.x", from: 0, to: 100, duration: 1)], duration: 1)
        r.autoreverses = true
        let x = try xs("group-reverse", r, at: [0.25, 1.25])
        #expect(isClose(x[0], 25) && isClose(x[1], 75))
        let eased = group([basic("position.x", from: 0, to: 100, duration: 1)], duration: 1)
        eased.timingFunction = CAMediaTimingFunction(name: .easeIn)
        #expect(isClose(try xs("group-eased", eased, at: [0.5])[0], 31.5357, within: 1e-3))
        // A child's own timing function is frozen with its timing when the group is added, and applies.
        let child = basic("position.x", from: 0, to: 100, duration: 1)
        child.timingFunction = CAMediaTimingFunction(name: .easeOut)
        let expected = 100 * CAMediaTimingFunction(name: .easeOut).evaluate(at: 0.5)
        #expect(isClose(try xs("group-child-eased", group([child], duration: 1), at: [0.5])[0], expected, within: 1e-9))
    }

    @Test func keyframeAndSpringChildren() throws {
        let kf = CAKeyframeAnimation(keyPath: "position.x")
        kf.values = [0, 10, 30]
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0
        spring.toValue = 1
        let (display, layer) = makeScene("group-mixed", at: 1)
        layer.add(group([kf, spring], duration: 2), forKey: "g")
        display.advance(by: 0)
        display.advance(by: 1.5)
        let p = try #require(layer.presentation())
        #expect(isClose(Double(p.position.x), 20))
        #expect(isClose(Double(p.opacity), SpringSolver().value(at: 1.5), within: 1e-6))
    }

    @Test func onlyTheGroupsDelegateHearsAndRemovalRemovesChildren() throws {
        let groupRecorder = AnimationRecorder(), childRecorder = AnimationRecorder()
        let child = basic("position.x", from: 0, to: 100, duration: 1)
        child.delegate = childRecorder
        child.isRemovedOnCompletion = false   // ignored inside a group
        let g = group([child], duration: 1)
        g.delegate = groupRecorder
        let (display, layer) = makeScene("group-delegates", at: 1)
        layer.add(g, forKey: "g")
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(groupRecorder.starts == [1] && childRecorder.starts.isEmpty)
        display.advance(by: 1)
        #expect(groupRecorder.stops.map(\.finished) == [true] && childRecorder.stops.isEmpty)
        #expect(layer.animation(forKey: "g") == nil)

        let removed = AnimationRecorder()
        let g2 = group([basic("position.x", from: 0, to: 100, duration: 5)], duration: 5)
        g2.delegate = removed
        layer.add(g2, forKey: "g2")
        display.advance(by: 0)
        display.advance(by: 1)
        #expect(isClose(Double(try #require(layer.presentation()).position.x), 20))
        layer.removeAnimation(forKey: "g2")
        display.advance(by: 0)
        #expect(try #require(layer.presentation()).position.x == 50)
        #expect(removed.stops.map(\.finished) == [false])
    }

    @Test func invalidChildrenAreDroppedTheRestRun() throws {
        let bad = basic("noSuchProperty", from: 0, to: 1)
        let good = basic("position.x", from: 0, to: 100, duration: 1)
        let before = diagnosticCount("'group-bad'")
        let x = try xs("group-bad", group([bad, good], duration: 1), at: [0.5])
        #expect(diagnosticCount("'group-bad'") == before + 2)   // the child's rejection and the drop
        #expect(Diagnostics.messages(containing: "'group-bad'").last?.contains("dropped animations[0]") == true)
        #expect(isClose(x[0], 50))
    }

    @Test func addingCopiesTheChildren() throws {
        let child = basic("position.x", from: 0, to: 100, duration: 1)
        let g = group([child], duration: 1)
        let (display, layer) = makeScene("group-copy", at: 1)
        layer.add(g, forKey: "g")
        child.toValue = 1000
        g.animations = []
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(isClose(Double(try #require(layer.presentation()).position.x), 50))
        let stored = try #require(layer.animation(forKey: "g") as? CAAnimationGroup)
        #expect(stored.animations?.count == 1 && stored.animations?.first !== child)
    }
}
