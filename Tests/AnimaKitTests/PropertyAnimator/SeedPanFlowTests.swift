import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Seed 001's interactive animation: a view moves between the left and the right side of the screen,
/// driven by a pan. The pan handler is called directly here (gesture recognizers drive it in the app):
/// began → stop a running animator, make one towards the other side, record where it ended, pause;
/// changed → `fractionComplete = |translation.x| / width`; ended → reverse below one half and
/// `continueAnimation(withTimingParameters: nil, durationFactor: 0)`; cancelled → stop.
@MainActor
final class PanFlow {
    enum Side { case left, right }

    let view = UIView()
    let width: CGFloat
    var animator: UIViewPropertyAnimator?
    var side = Side.left
    var endings: [UIViewAnimatingPosition] = []

    init(in window: UIWindow) {
        width = window.bounds.width
        view.frame = CGRect(x: 0, y: 100, width: 100, height: 100)
        view.backgroundColor = .yellow
        window.addSubview(view)
    }

    /// The transform that puts the view at `side`.
    func transform(for side: Side) -> CGAffineTransform {
        side == .left ? .identity : CGAffineTransform(translationX: width - 100, y: 0)
    }

    func began() {
        if let animator, animator.isRunning { animator.stopAnimation(true) }
        let target: Side = side == .left ? .right : .left
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
            self.view.transform = self.transform(for: target)
        }
        animator.addCompletion { position in
            self.endings.append(position)
            if position == .end { self.side = target }
        }
        animator.pauseAnimation()
        self.animator = animator
    }

    func changed(translationX: CGFloat) {
        animator?.fractionComplete = abs(translationX) / view.bounds.width
    }

    func ended() {
        guard let animator else { return }
        if animator.fractionComplete < 0.5 { animator.isReversed = true }
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }

    func cancelled() { animator?.stopAnimation(true) }
}

@MainActor
@Suite("Seed 001: the pan-driven property animator")
struct SeedPanFlowTests {
    private func shownX(_ flow: PanFlow) -> CGFloat { shown(flow.view).transform.m41 }

    @Test func panningPastHalfWayFinishesOnTheOtherSide() {
        let (display, window) = makeWindow()
        let flow = PanFlow(in: window)
        display.advance(by: 0)
        flow.began()
        #expect(flow.animator?.state == .active && flow.animator?.isRunning == false)
        for x in stride(from: 10, through: 70, by: 10) {
            flow.changed(translationX: CGFloat(x))
            display.advance(by: 1.0 / 60)
        }
        #expect(isClose(shownX(flow), 0.7 * 300, within: 1e-9))   // scrubbed linearly
        flow.ended()
        #expect(flow.animator?.isRunning == true && flow.animator?.isReversed == false)
        display.advance(by: 1.0 / 60)
        #expect(shownX(flow) > 210 && shownX(flow) < 230)           // continues from where it was, no jump
        display.advance(by: 1)
        #expect(flow.endings == [.end] && flow.side == .right)
        #expect(flow.view.transform == flow.transform(for: .right) && shownX(flow) == 300)
        #expect(flow.animator?.state == .inactive)
    }

    @Test func panningLessThanHalfWayGoesBack() {
        let (display, window) = makeWindow()
        let flow = PanFlow(in: window)
        display.advance(by: 0)
        flow.began()
        flow.changed(translationX: 30)
        display.advance(by: 1.0 / 60)
        #expect(isClose(shownX(flow), 90, within: 1e-9))
        flow.ended()
        #expect(flow.animator?.isReversed == true)
        // Reversing flipped the fraction to 0.7; continuing after a linear scrub then moves along the curve
        // from the shown position, i.e. from the time at which ease-in-ease-out reaches 0.3.
        let resumed = 1 - AnimatorCurve.inverse({ CAMediaTimingFunction(name: .easeInEaseOut).evaluate(at: $0) }, progress: 0.3)
        #expect(isClose(flow.animator?.fractionComplete ?? -1, resumed, within: 1e-9))
        display.advance(by: 1.0 / 60)
        #expect(shownX(flow) < 90 && shownX(flow) > 70)
        display.advance(by: 1)
        #expect(flow.endings == [.start] && flow.side == .left)
        #expect(flow.view.transform == .identity && shownX(flow) == 0)   // the model returned to the start
    }

    @Test func aNewPanCatchesTheRunningAnimationWhereItIs() {
        let (display, window) = makeWindow()
        let flow = PanFlow(in: window)
        display.advance(by: 0)
        flow.began()
        flow.changed(translationX: 80)
        flow.ended()
        display.advance(by: 0.05)
        let caught = shownX(flow)
        flow.began()                         // stops the running animator where it is shown
        #expect(flow.view.transform.tx == 300)   // the new animator's block set the end value
        display.advance(by: 0)
        #expect(isClose(shownX(flow), caught, within: 1e-9))
        #expect(flow.endings.isEmpty && flow.side == .left)   // stopAnimation(true) runs no completion
        flow.changed(translationX: 60)       // the new animator runs from there to the right side
        display.advance(by: 1.0 / 60)
        #expect(isClose(shownX(flow), caught + 0.6 * (300 - caught), within: 2))
        flow.ended()
        display.advance(by: 1.5)
        #expect(flow.endings == [.end] && flow.side == .right && shownX(flow) == 300)
        // And back again: the next pan targets the left side.
        flow.began()
        flow.changed(translationX: 90)
        flow.ended()
        display.advance(by: 1.5)
        #expect(flow.endings == [.end, .end] && flow.side == .left && shownX(flow) == 0)
    }

    @Test func cancellingStopsWhereItIs() {
        let (display, window) = makeWindow()
        let flow = PanFlow(in: window)
        display.advance(by: 0)
        flow.began()
        flow.changed(translationX: 40)
        flow.ended()
        display.advance(by: 0.1)
        flow.animator?.pauseAnimation()
        let x = shownX(flow)
        flow.cancelled()
        display.advance(by: 1)
        #expect(flow.animator?.state == .inactive && flow.endings.isEmpty)
        #expect(isClose(shownX(flow), x, within: 1e-9) && isClose(flow.view.transform.tx, x, within: 1e-9))
    }
}
