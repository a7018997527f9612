import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit
import AnimaDynamics

/// Records scroll delegate calls and can move the fling's target.
@MainActor
final class ScrollRecorder: UIScrollViewDelegate {
    var calls: [String] = []
    var velocities: [CGPoint] = []
    var proposedTargets: [CGPoint] = []
    var retarget: ((CGPoint) -> CGPoint)?
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("beginDrag") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEndDrag")
        velocities.append(velocity)
        proposedTargets.append(targetContentOffset.pointee)
        if let retarget { targetContentOffset.pointee = retarget(targetContentOffset.pointee) }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("endDrag \(decelerate)")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("beginDecel") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("endDecel") }
}

/// A target whose method a display link calls.
@MainActor
final class Ticker {
    var ticks: [CFTimeInterval] = []
    func tick(_ link: CADisplayLink) { ticks.append(link.timestamp) }
    func bump() { ticks.append(-1) }
}

@MainActor
@Suite("UIScrollView, FlingAnimator and CADisplayLink targets")
struct ScrollViewTests {
    private func makeScrollView() -> (HeadlessDisplay, UIWindow, UIScrollView, ScrollRecorder) {
        let (display, window) = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 400, height: 3000)
        let recorder = ScrollRecorder()
        scroll.delegate = recorder
        window.addSubview(scroll)
        display.advance(by: 0)
        return (display, window, scroll, recorder)
    }

    @Test func aDragMovesTheContentAgainstTheFinger() {
        let (display, window, scroll, _) = makeScrollView()
        _ = window
        pan(display, line(from: CGPoint(x: 200, y: 250), step: CGPoint(x: 4, y: -10), count: 8), restBeforeLift: 0.2)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 80))   // the content fits horizontally: x stays
        #expect(!scroll.isDecelerating && !scroll.isDragging)
        scroll.bounces = false
        pan(display, line(from: CGPoint(x: 200, y: 50), step: CGPoint(x: 0, y: 20), count: 10), restBeforeLift: 0.2)
        #expect(scroll.contentOffset.y == 0)                        // clamped at the top
    }

    /// Dragged 200 points past the top of a 300-point view, the content shows (1 − 1 / (200 · 0.55 / 300 + 1)) · 300
    /// ≈ 80.5 points past it; released, it springs back to the edge and the delegate hears it end.
    @Test func contentDraggedPastAnEdgeResistsAndSpringsBack() {
        let (display, window, scroll, recorder) = makeScrollView()
        _ = window
        pan(display, line(from: CGPoint(x: 200, y: 50), step: CGPoint(x: 0, y: 20), count: 10), restBeforeLift: 0.2)
        let shown = (1 - 1 / (200 * 0.55 / 300 + 1)) * 300
        #expect(abs(scroll.contentOffset.y + shown) < 1e-9)
        #expect(scroll.isDecelerating)
        display.advance(by: 0.25)
        #expect(scroll.contentOffset.y < 0 && scroll.contentOffset.y > -shown / 2)   // on its way back
        display.advance(by: 1)
        #expect(scroll.contentOffset.y == 0 && !scroll.isDecelerating)
        #expect(recorder.calls.last == "endDecel")
    }

    /// A fling that reaches the bottom with speed goes past it and comes back to rest on it.
    @Test func aFlingBouncesAtTheEdge() {
        let (display, window, scroll, _) = makeScrollView()
        _ = window
        scroll.contentOffset = CGPoint(x: 0, y: 2600)                // 100 points above the bottom (2700)
        pan(display, line(from: CGPoint(x: 200, y: 250), step: CGPoint(x: 0, y: -20), count: 5), restBeforeLift: 0)
        var deepest: CGFloat = 0
        for _ in 0..<120 {
            display.advance(by: 1.0 / 60)
            deepest = max(deepest, scroll.contentOffset.y)
        }
        #expect(deepest > 2700 + 5)                                  // past the edge
        #expect(scroll.contentOffset.y == 2700 && !scroll.isDecelerating)
        scroll.bounces = false
        scroll.contentOffset = CGPoint(x: 0, y: 2600)
        pan(display, line(from: CGPoint(x: 200, y: 250), step: CGPoint(x: 0, y: -20), count: 5), restBeforeLift: 0)
        deepest = 0
        for _ in 0..<120 {
            display.advance(by: 1.0 / 60)
            deepest = max(deepest, scroll.contentOffset.y)
        }
        #expect(deepest == 2700)                                     // stops dead
    }

    /// Paging: a slow release rests on the nearest page, a flick on the next one in its direction.
    @Test func pagingRestsOnPages() {
        let (display, window, scroll, _) = makeScrollView()
        _ = window
        scroll.isPagingEnabled = true
        pan(display, line(from: CGPoint(x: 200, y: 250), step: CGPoint(x: 0, y: -10), count: 10), restBeforeLift: 0.3)
        display.advance(by: 1)
        #expect(scroll.contentOffset.y == 0)                         // 100 of 300 points: back to page 0
        pan(display, line(from: CGPoint(x: 200, y: 250), step: CGPoint(x: 0, y: -20), count: 10), restBeforeLift: 0.3)
        display.advance(by: 1)
        #expect(scroll.contentOffset.y == 300)                       // 200 of 300 points: on to page 1
        pan(display, line(from: CGPoint(x: 200, y: 250), step: CGPoint(x: 0, y: -10), count: 3), restBeforeLift: 0)
        display.advance(by: 1)
        #expect(scroll.contentOffset.y == 600)                       // a 30-point flick: the next page
    }

    @Test func aFlingDeceleratesToTheProjectedOffsetAndTellsTheDelegate() {
        let (display, window, scroll, recorder) = makeScrollView()
        _ = window
        scroll.decelerationRate = .fast
        // 20 points per frame upwards: 1200 pt/s, so the content moves down the page at 1.2 pt/ms.
        pan(display, line(from: CGPoint(x: 200, y: 280), step: CGPoint(x: 0, y: -20), count: 10))
        #expect(scroll.isDecelerating)
        #expect(isClose(recorder.velocities.first?.y ?? 0, 1.2, within: 1e-9))
        let projected = recorder.proposedTargets.first!
        #expect(isClose(projected.y, 200 + DecayAnimation.distance(initialVelocity: 1200, decelerationRate: .fast), within: 1e-9))
        display.advance(by: 2)
        #expect(scroll.contentOffset == projected && !scroll.isDecelerating)
        #expect(recorder.calls == ["beginDrag", "willEndDrag", "endDrag true", "beginDecel", "endDecel"])
    }

    @Test func theDelegateCanMoveTheTargetAndTheFlingLandsOnIt() {
        let (display, window, scroll, recorder) = makeScrollView()
        _ = window
        recorder.retarget = { proposed in CGPoint(x: proposed.x, y: (proposed.y / 100).rounded() * 100) }   // paging by 100
        pan(display, line(from: CGPoint(x: 200, y: 280), step: CGPoint(x: 0, y: -13), count: 10))
        display.advance(by: 5)
        #expect(isClose(recorder.proposedTargets[0].y, 519, within: 1))   // 130 dragged + 780 pt/s flung
        #expect(isClose(scroll.contentOffset.y, 500, within: 1e-9))
    }

    @Test func aTouchStopsTheDecelerationAtOnce() {
        let (display, window, scroll, recorder) = makeScrollView()
        _ = window
        pan(display, line(from: CGPoint(x: 200, y: 280), step: CGPoint(x: 0, y: -20), count: 10))
        display.advance(by: 0.3)
        display.send(pointer(.began, 100, 100, in: display))
        display.advance(by: 1.0 / 60)
        let stopped = scroll.contentOffset
        #expect(!scroll.isDecelerating && scroll.isTracking)
        display.advance(by: 1)
        #expect(scroll.contentOffset == stopped)
        #expect(!recorder.calls.contains("endDecel"))
        display.send(pointer(.ended, 100, 100, in: display))
        display.advance(by: 1.0 / 60)
    }

    @Test func aFlingRunnerCancelledOrReplacedReportsFalse() {
        let (display, _) = makeWindow()
        let fling = FlingAnimator(decelerationRate: .fast)
        var endings: [Bool] = []
        var positions: [CGPoint] = []
        fling.fling(from: .zero, velocity: CGPoint(x: 500, y: -500), update: { p, _ in positions.append(p) },
                    completion: { endings.append($0) })
        display.advance(by: 0.1)
        fling.fling(from: .zero, velocity: CGPoint(x: 100, y: 0), update: { _, _ in }, completion: { endings.append($0) })
        #expect(endings == [false])
        display.advance(by: 1)
        #expect(endings == [false, true] && !fling.isRunning)
        #expect(isClose(positions.last!.x, -positions.last!.y))
        fling.cancel()   // nothing running: nothing happens
        #expect(endings.count == 2)
    }

    @Test func displayLinksCallMethodReferencesAndReleaseTheirTargetWhenInvalidated() {
        let (display, _) = makeWindow()
        var ticker: Ticker? = Ticker()
        weak let weakTicker = ticker
        let link = CADisplayLink(target: ticker!, selector: Ticker.tick)
        let bump = CADisplayLink(target: ticker!, selector: Ticker.bump)
        link.add(to: .main, forMode: .default)
        bump.add(to: .main, forMode: .default)
        display.advance(by: 2.0 / 60)
        #expect(ticker!.ticks.filter { $0 >= 0 }.count == 2 && ticker!.ticks.filter { $0 < 0 }.count == 2)
        ticker = nil
        #expect(weakTicker != nil)   // the links keep their target, as Core Animation's do
        link.invalidate()
        bump.invalidate()
        #expect(weakTicker == nil)
    }

    @Test func aLinkRemovedFromTheRunLoopCanBeAddedAgain() {
        let (display, _) = makeWindow()
        let ticker = Ticker()
        let link = CADisplayLink(target: ticker, selector: Ticker.tick)
        link.add(to: .main, forMode: .common)
        display.advance(by: 1.0 / 60)
        link.remove(from: .main, forMode: .common)
        display.advance(by: 2.0 / 60)
        #expect(ticker.ticks.count == 1)
        link.add(to: .main, forMode: .common)
        display.advance(by: 1.0 / 60)
        #expect(ticker.ticks.count == 2)
        link.invalidate()
    }

    @Test func scrollingCancelsAButtonsTouch() {
        let (display, window, scroll, _) = makeScrollView()
        _ = window
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 200, height: 80))
        scroll.addSubview(button)
        let log = EventLog(button)
        pan(display, line(from: CGPoint(x: 200, y: 150), step: CGPoint(x: 0, y: -6), count: 6), restBeforeLift: 0.2)
        #expect(log.names == ["down", "dragInside", "cancel"])
        #expect(scroll.contentOffset.y == 36)
        display.advance(by: 0.5)
        tap(display, at: button.convert(CGPoint(x: 100, y: 40), to: nil))   // a tap still reaches the button
        #expect(log.names.suffix(3) == ["down", "upInside", "primary"])
    }

    @Test func nonFiniteContentSizesAndInsetsAreRejectedAndAFlingStillWorks() {
        let (display, window, scroll, recorder) = makeScrollView()
        _ = window
        let before = diagnosticCount("rejected contentInset")
        scroll.contentInset = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        scroll.contentInset = UIEdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0)
        scroll.contentSize = CGSize(width: CGFloat.nan, height: 3000)
        #expect(scroll.contentInset == .zero && scroll.contentSize == CGSize(width: 400, height: 3000))
        #expect(diagnosticCount("rejected contentInset") == before + 2)
        // Lifting the finger forms the deceleration's range from the content offset range: it must be finite.
        pan(display, line(from: CGPoint(x: 200, y: 280), step: CGPoint(x: 0, y: -20), count: 10))
        display.advance(by: 6)
        #expect(recorder.calls.last == "endDecel")
        #expect(scroll.contentOffset.y.isFinite && scroll.contentOffset.y > 200)
    }

    @Test func aFlingWithNaNBoundsIsReportedAndRunsUnbounded() {
        let (display, _) = makeWindow()
        let fling = FlingAnimator()
        var endings: [Bool] = []
        let before = diagnosticCount("FlingAnimator.fling: rejected bounds")
        fling.fling(from: .zero, velocity: CGPoint(x: 500, y: 0), within: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
                    update: { _, _ in }, completion: { endings.append($0) })
        #expect(diagnosticCount("FlingAnimator.fling: rejected bounds") == before + 1)
        display.advance(by: 5)
        #expect(endings == [true] && fling.finalPosition.x > 200)
    }
}
