import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Seed 001 end to end: the pan flow (see `PanFlow`) driven by a real `UIPanGestureRecognizer` on the window,
/// fed with pointer events injected into the `HeadlessDisplay` at 60 events per second, with the seed's
/// handler: began → new paused animator, changed → `fractionComplete` from `translation(in:)`, ended →
/// reverse below one half and continue, cancelled → stop.
@MainActor
final class SeedPanController {
    let flow: PanFlow
    let recognizer: UIPanGestureRecognizer
    var endVelocity: CGPoint?
    var states: [UIGestureRecognizer.State] = []

    init(in window: UIWindow) {
        flow = PanFlow(in: window)
        recognizer = UIPanGestureRecognizer()
        recognizer.addTarget(self, action: SeedPanController.pan)
        window.addGestureRecognizer(recognizer)
    }

    func pan(_ g: UIPanGestureRecognizer) {
        states.append(g.state)
        switch g.state {
        case .began: flow.began()
        case .changed: flow.changed(translationX: g.translation(in: flow.view.superview).x)
        case .ended:
            endVelocity = g.velocity(in: flow.view.superview)
            flow.ended()
        case .cancelled: flow.cancelled()
        default: break
        }
    }
}

@MainActor
@Suite("Seed 001 driven by injected pan events")
struct SeedPanGestureTests {
    private func shownX(_ flow: PanFlow) -> CGFloat { shown(flow.view).transform.m41 }

    @Test func aSeventyPointPanFinishesOnTheRightWithTheFingersVelocity() {
        let (display, window) = makeWindow()
        let controller = SeedPanController(in: window)
        display.advance(by: 0)
        // 7 points per frame (420 pt/s) for 10 frames, lifted while moving.
        pan(display, line(from: CGPoint(x: 50, y: 150), step: CGPoint(x: 7, y: 0), count: 10))
        #expect(controller.states.first == .began && controller.states.last == .ended)
        #expect(controller.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(isClose(controller.endVelocity?.x ?? 0, 420, within: 1e-6))
        // The last change scrubbed to 63/100 of the way before the lift continued the animation.
        #expect(controller.flow.animator?.isReversed == false && controller.flow.animator?.isRunning == true)
        display.advance(by: 1.5)
        #expect(controller.flow.endings == [.end] && controller.flow.side == .right)
        #expect(shownX(controller.flow) == 300)
        #expect(controller.recognizer.state == .possible)
    }

    @Test func aThirtyPointPanGoesBack() {
        let (display, window) = makeWindow()
        let controller = SeedPanController(in: window)
        display.advance(by: 0)
        var scrubbed: [CGFloat] = []
        controller.recognizer.addTarget { (g: UIPanGestureRecognizer) in
            if g.state == .changed { scrubbed.append(controller.flow.animator?.fractionComplete ?? -1) }
        }
        pan(display, line(from: CGPoint(x: 50, y: 150), step: CGPoint(x: 5, y: 0), count: 6))
        #expect(scrubbed.map { ($0 * 100).rounded() } == [15, 20, 25])
        #expect(controller.flow.animator?.isReversed == true)
        display.advance(by: 1.5)
        #expect(controller.flow.endings == [.start] && controller.flow.side == .left && shownX(controller.flow) == 0)
    }

    @Test func aCancelledTouchStopsTheAnimatorWhereItIs() {
        let (display, window) = makeWindow()
        let controller = SeedPanController(in: window)
        display.advance(by: 0)
        pan(display, line(from: CGPoint(x: 50, y: 150), step: CGPoint(x: 8, y: 0), count: 5), lift: false)
        let x = shownX(controller.flow)
        #expect(isClose(x, 0.4 * 300, within: 1e-6))
        display.send(pointer(.cancelled, 90, 150, in: display))
        display.advance(by: 1)
        #expect(controller.states.last == .cancelled)
        #expect(controller.flow.animator?.state == .inactive && controller.flow.endings.isEmpty)
        #expect(isClose(shownX(controller.flow), x, within: 1e-6))
    }

    @Test func panningAgainCatchesTheViewMidFlight() {
        let (display, window) = makeWindow()
        let controller = SeedPanController(in: window)
        display.advance(by: 0)
        pan(display, line(from: CGPoint(x: 50, y: 150), step: CGPoint(x: 10, y: 0), count: 8))
        display.advance(by: 0.1)
        let caught = shownX(controller.flow)
        #expect(caught > 80 && caught < 300)
        // A new pan on the moving view: began stops the running animator where the view is shown.
        pan(display, line(from: CGPoint(x: 200, y: 150), step: CGPoint(x: 10, y: 0), count: 8))
        display.advance(by: 1.5)
        #expect(controller.flow.endings == [.end] && controller.flow.side == .right && shownX(controller.flow) == 300)
    }
}
