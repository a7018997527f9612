import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Every kind of AnimaCore object is freed once the app lets go of it, including while something runs:
/// checked with weak references after the owner is gone.
@MainActor
@Suite("Leaks: AnimaCore")
struct CoreLeakTests {
    /// A second display made current, so that `FramePipeline.current` no longer holds the one under test.
    private func moveCurrentElsewhere() -> HeadlessDisplay {
        let other = HeadlessDisplay(width: 10, height: 10)
        other.makeCurrent()
        other.advance(by: 0)
        return other
    }

    @Test func layerWithRunningAndFinishedAnimationsRemovedFromItsTree() {
        let tracker = LeakTracker()
        let (display, root) = makeScene("leak-running")
        do {
            let layer = tracker.track(CALayer(), "layer")
            root.addSublayer(layer)
            display.advance(by: 0)
            let finished = basic("opacity", from: 0, to: 1, duration: 0.1)
            finished.isRemovedOnCompletion = false
            finished.fillMode = .forwards
            layer.add(finished, forKey: "finished")
            let running = basic("position.x", from: 0, to: 100, duration: 10)
            running.repeatCount = .infinity
            layer.add(running, forKey: "running")
            tracker.track(finished, "finished (app's)")
            tracker.track(running, "running (app's)")
            display.advance(by: 0.5)
            if let stored = layer.animation(forKey: "finished") { tracker.track(stored, "finished (stored)") }
            if let stored = layer.animation(forKey: "running") { tracker.track(stored, "running (stored)") }
            if let presented = layer.presentation() { tracker.track(presented, "presentation") }
            layer.removeFromSuperlayer()
        }
        display.advance(by: 0.5)
        #expect(tracker.alive == [])
    }

    @Test func removedSubtreeWithAnimations() {
        let tracker = LeakTracker()
        let (display, root) = makeScene("leak-subtree")
        do {
            let parent = tracker.track(CALayer(), "parent")
            root.addSublayer(parent)
            for i in 0..<3 {
                let child = tracker.track(i == 1 ? CAShapeLayer() : CALayer(), "child \(i)")
                parent.addSublayer(child)
                let grandchild = tracker.track(CATextLayer(), "grandchild \(i)")
                grandchild.string = "leak"
                child.addSublayer(grandchild)
            }
            parent.mask = tracker.track(CALayer(), "mask")
            display.advance(by: 0)
            for layer in parent.sublayers ?? [] { layer.add(basic("opacity", from: 1, to: 0, duration: 5), forKey: "fade") }
            display.advance(by: 0.25)
            parent.removeFromSuperlayer()
        }
        display.advance(by: 0.25)
        #expect(tracker.alive == [])
    }

    /// The delegate holds the layer: layer → stored animation → delegate → layer, broken when the animation
    /// ends and is removed.
    @Test func animationWhoseDelegateHoldsTheLayer() {
        let tracker = LeakTracker()
        let (display, root) = makeScene("leak-delegate")
        var stops: [Bool] = []
        do {
            let layer = tracker.track(CALayer(), "layer")
            root.addSublayer(layer)
            display.advance(by: 0)
            let delegate = tracker.track(HoldingDelegate(layer) { stops.append($0) }, "delegate")
            let animation = basic("opacity", from: 0, to: 1, duration: 0.5)
            animation.delegate = delegate
            layer.add(animation, forKey: "fade")
            display.advance(by: 0.25)
        }
        display.advance(by: 0.5)
        #expect(stops == [true])
        // The layer is still in the tree (the app only dropped its own references): it lives on; remove it.
        root.sublayers?.first?.removeFromSuperlayer()
        display.advance(by: 0)
        #expect(tracker.alive == [])
    }

    /// The same cycle, with the layer removed from its tree while the animation still runs and a later
    /// removal of its animations (as a view leaving its window does): nothing is left.
    @Test func runningAnimationWhoseDelegateHoldsTheLayerRemovedMidway() {
        let tracker = LeakTracker()
        let (display, root) = makeScene("leak-delegate-removed")
        var stops: [Bool] = []
        do {
            let layer = tracker.track(CALayer(), "layer")
            root.addSublayer(layer)
            display.advance(by: 0)
            let animation = basic("position.y", from: 0, to: 100, duration: 10)
            animation.delegate = tracker.track(HoldingDelegate(layer) { stops.append($0) }, "delegate")
            layer.add(animation, forKey: "move")
            display.advance(by: 0.25)
            layer.removeFromSuperlayer()
            layer.removeAllAnimations()
        }
        display.advance(by: 0.1)
        #expect(stops == [false])
        #expect(tracker.alive == [])
    }

    @Test func displayLinkInvalidated() {
        let tracker = LeakTracker()
        let (display, _) = makeScene("leak-link-invalidated")
        var ticks = 0
        do {
            let target = tracker.track(LinkTarget(), "target")
            let link = tracker.track(CADisplayLink(target: target, selector: LinkTarget.tick), "link")
            link.add(to: .main, forMode: .common)
            display.advance(by: 0.1)
            ticks = target.ticks
            link.invalidate()
        }
        display.advance(by: 0.1)
        #expect(ticks > 0)
        #expect(tracker.alive == [])
    }

    /// A link that is never invalidated keeps running (as Core Animation's run loop keeps it), but a target
    /// it captures weakly is freed, and the link goes with its display.
    @Test func displayLinkNotInvalidatedTargetGone() {
        let tracker = LeakTracker()
        var display: HeadlessDisplay? = HeadlessDisplay(width: 100, height: 100)
        display?.makeCurrent()
        var calls = 0
        do {
            let target = tracker.track(LinkTarget(), "target")
            let link = tracker.track(CADisplayLink { [weak target] _ in calls += 1; target?.ticks += 1 }, "link")
            link.add(to: .main, forMode: .default)
            display?.advance(by: 0.1)
        }
        #expect(tracker.alive == ["link"])   // the target is gone; the running link stays with its display
        let before = calls
        display?.advance(by: 0.1)
        #expect(calls > before)
        let other = moveCurrentElsewhere()
        display = nil
        #expect(tracker.alive == [])
        withExtendedLifetime(other) {}
    }

    /// A target-and-selector link keeps its target alive until invalidated (Core Animation's rule), and no
    /// longer than its display lives.
    @Test func displayLinkWithTargetNotInvalidatedGoesWithItsDisplay() {
        let tracker = LeakTracker()
        var display: HeadlessDisplay? = HeadlessDisplay(width: 100, height: 100)
        display?.makeCurrent()
        do {
            let target = tracker.track(LinkTarget(), "target")
            let link = tracker.track(CADisplayLink(target: target, selector: LinkTarget.tick), "link")
            link.add(to: .main, forMode: .default)
            display?.advance(by: 0.1)
        }
        #expect(tracker.alive == ["target", "link"])
        let other = moveCurrentElsewhere()
        display = nil
        #expect(tracker.alive == [])
        withExtendedLifetime(other) {}
    }

    /// A whole display with a tree, animations and a link, dropped while they run.
    @Test func headlessDisplayWithItsTreeWhileRunning() {
        let tracker = LeakTracker()
        do {
            let display = tracker.track(HeadlessDisplay(width: 200, height: 100), "display")
            tracker.track(display.pipeline, "pipeline")
            tracker.track(display.rootLayer, "root layer")
            let layer = tracker.track(CAShapeLayer(), "shape")
            layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
            display.rootLayer.addSublayer(layer)
            display.advance(by: 0)
            let spin = basic("transform.rotation.z", from: 0, to: 6, duration: 1)
            spin.repeatCount = .infinity
            layer.add(spin, forKey: "spin")
            let link = tracker.track(CADisplayLink { _ in }, "link")
            link.add(to: .main, forMode: .default)
            display.advance(by: 0.5)
        }
        let other = moveCurrentElsewhere()
        #expect(tracker.alive == [])
        withExtendedLifetime(other) {}
    }

    /// The display last made current was held by `FramePipeline.current` (a strong static) with its whole tree
    /// until another display was made current; now it lets go when the display is freed.
    @Test func currentHeadlessDisplayIsFreedWhenTheAppLetsGo() {
        let tracker = LeakTracker()
        do {
            let display = tracker.track(HeadlessDisplay(width: 50, height: 50), "display")
            display.makeCurrent()
            tracker.track(display.pipeline, "pipeline")
            tracker.track(display.rootLayer, "root layer")
            display.rootLayer.addSublayer(tracker.track(CALayer(), "layer"))
            display.advance(by: 0.1)
        }
        #expect(tracker.alive == [])
        #expect(CACurrentMediaTime() == 0)   // the detached pipeline's clock
    }
}

/// A delegate that holds a layer strongly, as an app's controller does.
@MainActor
final class HoldingDelegate: CAAnimationDelegate {
    let layer: CALayer
    let onStop: (Bool) -> Void
    init(_ layer: CALayer, onStop: @escaping (Bool) -> Void) { self.layer = layer; self.onStop = onStop }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { onStop(flag) }
}

@MainActor
final class LinkTarget {
    var ticks = 0
    func tick(_ link: CADisplayLink) { ticks += 1 }
}
