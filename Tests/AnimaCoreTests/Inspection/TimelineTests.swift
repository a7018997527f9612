import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// `HeadlessDisplay.timeline(of:)` and `timeline()`: layer times and animation phases read from the render-side copy,
/// checked against Core Animation's timing rules (reference §1.2–1.3 and its test vectors), with the numbers worked
/// out by hand here rather than by the implementation's formula.
@MainActor
@Suite("Timeline introspection", .serialized)
struct TimelineTests {
    /// A display with one 10-point box under its root, committed.
    func scene() -> (HeadlessDisplay, CALayer) {
        let display = HeadlessDisplay(width: 100, height: 100)
        display.makeCurrent()
        let box = CALayer()
        box.name = "box"
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        display.rootLayer.addSublayer(box)
        display.advance(by: 0)
        return (display, box)
    }

    func fade(_ configure: (CABasicAnimation) -> Void) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1
        configure(a)
        return a
    }

    func only(_ display: HeadlessDisplay, _ layer: CALayer) throws -> AnimationTimeline {
        let timeline = try #require(display.timeline(of: layer))
        try #require(timeline.animations.count == 1)
        return timeline.animations[0]
    }

    @Test func beginTimeZeroIsStampedWithTheLayersTimeAtCommit() throws {
        // TV23: the stored copy's beginTime becomes the layer's local time at the commit.
        let (display, box) = scene()
        display.advance(to: 2)
        box.add(fade { _ in }, forKey: "fade")
        display.advance(by: 0)
        display.advance(to: 2.25)
        let a = try only(display, box)
        #expect(a.key == "fade" && a.kind == "CABasicAnimation" && a.keyPath == "opacity")
        #expect(a.beginTime == 2 && a.localTime == 2.25)
        #expect(a.phase == .active && isClose(a.progress, 0.25) && a.isEffective)
        #expect(a.activeDuration == 1 && a.endTime == 3)
    }

    @Test func composedLayerTime() throws {
        // TV5: parent (b = 10, s = 2) with child (s = 3, o = 1) at T = 20 → parent 20, child 61.
        let (display, _) = scene()
        let parent = CALayer(), child = CALayer()
        parent.beginTime = 10; parent.speed = 2
        child.speed = 3; child.timeOffset = 1
        parent.addSublayer(child)
        display.rootLayer.addSublayer(parent)
        display.advance(to: 20)
        let p = try #require(display.timeline(of: parent)), c = try #require(display.timeline(of: child))
        #expect(p.localTime == 20 && c.localTime == 61)
        #expect(c.effectiveSpeed == 6 && c.depth == 2 && p.depth == 1)
        #expect(c.beginTime == 0 && c.speed == 3 && c.timeOffset == 1)
    }

    @Test func animationsRunOnTheirLayersTime() throws {
        // Root at speed 2: at T = 2.5 the box's time is 5, so an animation begun at 4 lasting 2 is halfway.
        let (display, box) = scene()
        display.rootLayer.speed = 2
        box.add(fade { $0.beginTime = 4; $0.duration = 2 }, forKey: "fade")
        display.advance(to: 2.5)
        let a = try only(display, box)
        #expect(a.localTime == 5 && a.phase == .active && isClose(a.progress, 0.5))
    }

    @Test(arguments: [
        // TV9, TV10: d = 1, o = 0.5: e = 0.25 → 0.75; e = 0.75 → wraps to 0.25.
        (0.25, 0.75),
        (0.75, 0.25),
    ])
    func timeOffsetWraps(elapsed: Double, expected: Double) throws {
        let (display, box) = scene()
        box.add(fade { $0.beginTime = 10; $0.timeOffset = 0.5 }, forKey: "fade")
        display.advance(to: 10 + elapsed)
        let a = try only(display, box)
        #expect(a.phase == .active && isClose(a.progress, expected), "\(a.text)")
    }

    @Test func fractionalRepeatCount() throws {
        // TV14: repeatCount 2.5, d = 2, e = 4.5 → D = 5, iteration 2, p = 0.25.
        let (display, box) = scene()
        box.add(fade { $0.beginTime = 10; $0.duration = 2; $0.repeatCount = 2.5 }, forKey: "fade")
        display.advance(to: 14.5)
        let a = try only(display, box)
        #expect(a.activeDuration == 5 && a.endTime == 15 && a.animationTime == 4.5)
        #expect(a.phase == .active && a.iteration == 2 && isClose(a.progress, 0.25))
    }

    @Test func autoreverseMirrorsTheSecondHalf() throws {
        // TV16: autoreverses, d = 1, repeatCount 1, e = 1.25 → D = 2, p = 0.75 (on the way back).
        let (display, box) = scene()
        box.add(fade { $0.beginTime = 10; $0.autoreverses = true; $0.repeatCount = 1 }, forKey: "fade")
        display.advance(to: 11.25)
        let a = try only(display, box)
        #expect(a.activeDuration == 2 && a.phase == .active && isClose(a.progress, 0.75) && a.iteration == 0)
    }

    @Test func speedShortensTheActivePeriod() throws {
        // TV12: d = 2, speed 2, e = 0.5 → p = 0.5; the active period lasts 1 s of the layer's time.
        let (display, box) = scene()
        box.add(fade { $0.beginTime = 10; $0.duration = 2; $0.speed = 2 }, forKey: "fade")
        display.advance(to: 10.5)
        let a = try only(display, box)
        #expect(isClose(a.progress, 0.5) && a.endTime == 11 && a.animationTime == 1)
    }

    @Test(arguments: [(CAMediaTimingFillMode.backwards, true), (.both, true), (.removed, false), (.forwards, false)])
    func beforeTheBeginning(fill: CAMediaTimingFillMode, holds: Bool) throws {
        // TV20: before beginTime only a backwards fill has an effect, holding p = 0.
        let (display, box) = scene()
        box.add(fade { $0.beginTime = 10; $0.fillMode = fill }, forKey: "fade")
        display.advance(to: 9)
        let a = try only(display, box)
        #expect(a.phase == .before && a.isEffective == holds)
        if holds { #expect(a.progress == 0) }
    }

    @Test func keptAnimationsHoldTheirEndAfterwards() throws {
        // TV17: autoreversing, kept, fill forwards: after the end it holds p = 0 (ends on fromValue).
        let (display, box) = scene()
        box.add(fade { $0.beginTime = 10; $0.autoreverses = true; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false },
                forKey: "fade")
        display.advance(to: 13)
        let a = try only(display, box)
        #expect(a.phase == .after && a.isEffective && a.progress == 0)
        // Without a forwards fill it stays on the layer but has no effect.
        box.add(fade { $0.beginTime = 10; $0.isRemovedOnCompletion = false }, forKey: "fade")
        display.advance(by: 0)
        let b = try only(display, box)
        #expect(b.phase == .after && !b.isEffective)
    }

    @Test func removedOnCompletion() throws {
        let (display, box) = scene()
        box.add(fade { $0.beginTime = 10; $0.fillMode = .forwards }, forKey: "fade")
        display.advance(to: 10.5)
        // Asked ahead of the frames: past its end the animation is removed, whatever its fill.
        let ahead = try #require(display.pipeline.timeline(of: box, atMediaTime: 11))
        #expect(ahead.animations.map(\.phase) == [.removed] && !ahead.animations[0].isEffective)
        display.advance(to: 11)
        #expect(display.timeline(of: box)?.animations.isEmpty == true)
    }

    @Test func wholeTreeAsStableText() throws {
        let (display, box) = scene()
        let mask = CALayer()
        mask.name = "mask"
        box.mask = mask
        let dot = CAShapeLayer()
        dot.name = "dot"
        box.addSublayer(dot)
        box.speed = 2
        box.add(fade { $0.beginTime = 2; $0.repeatCount = 3; $0.autoreverses = true }, forKey: "fade")
        dot.add(fade { $0.beginTime = 5; $0.fillMode = .backwards }, forKey: nil)
        display.advance(to: 1.5)
        #expect(display.timeline().text == """
            media time 1.5
            CALayer "root" t=1.5
              CALayer "box" t=3 (speed 2)
                "fade" CABasicAnimation opacity: active p=1 iteration 0 · begin 2 duration 1 repeatCount 3 autoreverses end 8 fill removed
                CALayer "mask" (mask) t=3
                CAShapeLayer "dot" t=3
                  (no key) CABasicAnimation opacity: before p=0 iteration 0 (fill holds) · begin 5 duration 1 end 6 fill backwards
            """)
        let layers = display.timeline().layers
        #expect(layers.map(\.depth) == [0, 1, 2, 2] && layers.map(\.isMask) == [false, false, true, false])
    }

    @Test func layersNotCommittedYetHaveNoTimeline() {
        let (display, box) = scene()
        let fresh = CALayer()
        fresh.name = "fresh"
        box.addSublayer(fresh)
        #expect(display.timeline(of: fresh) == nil)
        #expect(!display.timeline().layers.contains { $0.name == "fresh" })
        #expect(Diagnostics.messages(containing: "'fresh'").isEmpty)
        display.advance(by: 0)
        #expect(display.timeline(of: fresh)?.depth == 2)
    }

    @Test func layersOutsideTheTreeAreReported() {
        let (display, _) = scene()
        let stray = CALayer()
        stray.name = "stray"
        #expect(display.timeline(of: stray) == nil)
        #expect(!Diagnostics.messages(containing: "CALayer 'stray' is not in this display's tree").isEmpty)
    }
}
