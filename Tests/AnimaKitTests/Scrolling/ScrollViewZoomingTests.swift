import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Names the view to zoom and records the zoom callbacks.
@MainActor
final class ZoomRecorder: UIScrollViewDelegate {
    var zoomView: UIView?
    var calls: [String] = []
    var scrollCount = 0
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { calls.append("willBegin") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { if calls.last != "didZoom" { calls.append("didZoom") } }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        calls.append("didEnd \(scale)")
    }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrollCount += 1 }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
}

/// A scroll view filling `window` over `photo` (its zoom view), zooming from `minimum` to `maximum`, with a recorder
/// as its delegate (returned: the scroll view holds it weakly).
@MainActor
func makeZoomingScrollView(in window: UIWindow, over photo: UIView, from minimum: CGFloat = 1,
                           to maximum: CGFloat) -> (UIScrollView, ZoomRecorder) {
    let scroll = UIScrollView(frame: window.bounds)
    scroll.addSubview(photo)
    scroll.contentSize = photo.frame.size
    let recorder = ZoomRecorder()
    recorder.zoomView = photo
    scroll.delegate = recorder
    scroll.minimumZoomScale = minimum
    scroll.maximumZoomScale = maximum
    window.addSubview(scroll)
    return (scroll, recorder)
}

/// `UIScrollView` zooming against UIKit's documented rules: the zoom view's transform is the scale, the content size
/// its scaled frame, a pinch keeps the point under the fingers there, the limits hold (rubber-banding past them with
/// `bouncesZoom`), and the delegate hears will-begin / did-zoom / did-end in that order.
@MainActor
@Suite("UIScrollView zooming")
struct ScrollViewZoomingTests {
    /// A 400 × 300 scroll view over a 400 × 300 zoom view at the origin, zooming from ¼ to 4.
    private func makeZoomingScene() -> (HeadlessDisplay, UIWindow, UIScrollView, UIView, ZoomRecorder) {
        let (display, window) = makeWindow()
        let photo = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let (scroll, recorder) = makeZoomingScrollView(in: window, over: photo, from: 0.25, to: 4)
        display.advance(by: 0)
        return (display, window, scroll, photo, recorder)
    }

    /// Two fingers down at `a` and `b`, moved through `steps` (one pair a frame), optionally lifted.
    private func pinch(_ display: HeadlessDisplay, _ a: CGPoint, _ b: CGPoint, _ steps: [(CGPoint, CGPoint)], lift: Bool = true) {
        display.send(pointer(.began, a.x, a.y, id: 1, in: display))
        display.send(pointer(.began, b.x, b.y, id: 2, in: display))
        var last = (a, b)
        for (p, q) in steps {
            display.advance(by: 1.0 / 60)
            display.send(pointer(.moved, p.x, p.y, id: 1, in: display))
            display.send(pointer(.moved, q.x, q.y, id: 2, in: display))
            last = (p, q)
        }
        display.advance(by: 1.0 / 60)
        guard lift else { return }
        display.send(pointer(.ended, last.0.x, last.0.y, id: 1, in: display))
        display.send(pointer(.ended, last.1.x, last.1.y, id: 2, in: display))
        display.advance(by: 1.0 / 60)
    }

    /// Fingers `start` points apart about `centre` spreading to `distance` (in 10 steps).
    private func spread(about centre: CGPoint, from start: CGFloat = 100, to distance: CGFloat) -> [(CGPoint, CGPoint)] {
        (1...10).map { i in
            let half = start / 2 + (distance - start) / 2 * CGFloat(i) / 10
            return (CGPoint(x: centre.x - half, y: centre.y), CGPoint(x: centre.x + half, y: centre.y))
        }
    }

    /// ScrollAnimation's own example: ease-in-ease-out is symmetric, so half the time is half the way; it starts and
    /// ends exactly where it says and holds there.
    @Test func aScrollAnimationIsHalfwayAtHalfTimeAndExactAtItsEnds() {
        let move = ScrollAnimation(from: .zero, scale: 1, to: CGPoint(x: 0, y: 300), scale: 2)
        #expect(isClose(move.offset(at: 0.15), CGPoint(x: 0, y: 150), within: 1e-4) && isClose(move.scale(at: 0.15), 1.5, within: 1e-6))
        #expect(move.offset(at: -1) == .zero && move.scale(at: 0) == 1)
        #expect(move.offset(at: 0.3) == CGPoint(x: 0, y: 300) && move.scale(at: 5) == 2 && move.isFinished(at: 0.3))
        #expect(move.offset(at: 0.05).y < 150 * 0.05 / 0.15)                // easing in: slower than linear at first
    }

    @Test func zoomingIsOffUntilTheLimitsDifferAndThereIsAZoomView() {
        let (display, window) = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        window.addSubview(scroll)
        #expect(scroll.minimumZoomScale == 1 && scroll.maximumZoomScale == 1 && scroll.zoomScale == 1)
        #expect(scroll.bouncesZoom && !scroll.isZooming && !scroll.isZoomBouncing)
        #expect(scroll.pinchGestureRecognizer == nil)                          // UIKit: nil while min == max
        scroll.maximumZoomScale = 3
        let pinch = scroll.pinchGestureRecognizer
        #expect(pinch != nil && scroll.gestureRecognizers?.contains { $0 === pinch } == true)
        scroll.zoomScale = 2                                                   // no delegate, no zoom view: nothing
        #expect(scroll.zoomScale == 1)
        scroll.maximumZoomScale = 1
        #expect(scroll.pinchGestureRecognizer == nil && scroll.gestureRecognizers?.contains { $0 === pinch } != true)
        display.advance(by: 0)
    }

    /// UIKit: the zoom view's transform becomes a scale of `zoomScale`, and `contentSize` its frame's size. We keep
    /// its frame's origin where it was (here 20, 10), and setting the scale keeps the content at the view's middle there.
    @Test func settingTheScaleScalesTheZoomViewKeepsItsOriginAndTheMiddleOfTheView() {
        let (display, window, scroll, photo, recorder) = makeZoomingScene()
        _ = window
        photo.frame = CGRect(x: 20, y: 10, width: 400, height: 300)
        scroll.contentSize = CGSize(width: 420, height: 310)
        scroll.contentOffset = CGPoint(x: 10, y: 5)                            // the view's middle shows content (210, 155)
        scroll.zoomScale = 2
        #expect(photo.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(isClose(photo.frame, CGRect(x: 20, y: 10, width: 800, height: 600)))
        #expect(scroll.contentSize == CGSize(width: 800, height: 600))
        // Content (210, 155) is photo point (190, 145); at 2 it is at content (20 + 380, 10 + 290), in the middle.
        #expect(isClose(scroll.contentOffset, CGPoint(x: 400 - 200, y: 300 - 150)))
        #expect(recorder.calls == ["didZoom"])                                 // not animated: no will-begin / did-end
        scroll.zoomScale = 10
        #expect(scroll.zoomScale == 4 && scroll.contentSize == CGSize(width: 1600, height: 1200))
        scroll.zoomScale = 0.01
        #expect(scroll.zoomScale == 0.25 && isClose(photo.frame, CGRect(x: 20, y: 10, width: 100, height: 75)))
        #expect(scroll.contentOffset == .zero)                                 // the content fits: pinned to the start
        display.advance(by: 0)
    }

    @Test func badScalesAreRejectedWithADiagnosticNamingTheViewKeyAndValue() {
        let (display, window, scroll, photo, recorder) = makeZoomingScene()
        defer { withExtendedLifetime((window, recorder)) {} }
        scroll.tag = 71
        scroll.zoomScale = 2
        for bad in [CGFloat.nan, .infinity, -1, 0] {
            scroll.zoomScale = bad
            scroll.minimumZoomScale = bad
            scroll.maximumZoomScale = bad
            scroll.setZoomScale(bad, animated: true)
        }
        #expect(scroll.zoomScale == 2 && scroll.minimumZoomScale == 0.25 && scroll.maximumZoomScale == 4)
        #expect(photo.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(diagnosticCount("UIScrollView tag 71") >= 16)
        #expect(diagnosticCount("tag 71 #\(scroll.layer.layerID): rejected minimumZoomScale = NaN") == 1)
        #expect(diagnosticCount("tag 71 #\(scroll.layer.layerID): rejected maximumZoomScale = +∞") == 1)
        #expect(diagnosticCount("tag 71 #\(scroll.layer.layerID): rejected zoomScale = -1.0") == 2)
        scroll.zoom(to: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), animated: false)
        #expect(diagnosticCount("tag 71 #\(scroll.layer.layerID): rejected zoom(to:) rect") == 1 && scroll.zoomScale == 2)
        display.advance(by: 0.5)
        #expect(scroll.zoomScale == 2)
    }

    /// Code often raises the minimum before the maximum, so a minimum above the maximum is kept; zooming meanwhile
    /// stays at the minimum and says why.
    @Test func aMinimumAboveTheMaximumIsKeptAndZoomingStaysAtTheMinimumWithADiagnostic() {
        let (display, window, scroll, _, recorder) = makeZoomingScene()
        defer { withExtendedLifetime((window, recorder)) {} }
        scroll.tag = 72
        scroll.minimumZoomScale = 5                                            // above the maximum (4) for now
        #expect(scroll.minimumZoomScale == 5)
        scroll.zoomScale = 3
        #expect(scroll.zoomScale == 5)
        #expect(diagnosticCount("tag 72 #\(scroll.layer.layerID): minimumZoomScale 5.0 is above maximumZoomScale 4.0") >= 1)
        scroll.maximumZoomScale = 8
        scroll.zoomScale = 6
        #expect(scroll.zoomScale == 6)
        display.advance(by: 0)
    }

    /// Apple: `zoom(to:animated:)` makes the rect the visible area. A 100 × 100 rect in a 400 × 300 view fits at
    /// min(400 / 100, 300 / 100) = 3, centred: its middle (150, 100) lands at content (450, 300), the view's middle.
    @Test func zoomToRectFitsTheRectAndCentresIt() {
        let (display, window, scroll, _, recorder) = makeZoomingScene()
        defer { withExtendedLifetime((window, recorder)) {} }
        scroll.zoom(to: CGRect(x: 100, y: 50, width: 100, height: 100), animated: false)
        #expect(scroll.zoomScale == 3)
        #expect(isClose(scroll.contentOffset, CGPoint(x: 450 - 200, y: 300 - 150)))
        scroll.zoom(to: CGRect(x: 0, y: 0, width: 10, height: 10), animated: false)   // would need 30: the maximum, 4
        #expect(scroll.zoomScale == 4 && scroll.contentOffset == .zero)              // centred on (5, 5), clamped
        scroll.zoom(to: CGRect(x: 0, y: 0, width: 4000, height: 3000), animated: false)
        #expect(scroll.zoomScale == 0.25)
        display.advance(by: 0)
    }

    /// An animated zoom runs 0.3 s on an ease-in-ease-out curve, symmetric about its middle: halfway through the time
    /// the scale is halfway (1 → 2: 1.5). The delegate hears will-begin, did-zoom at every frame, then did-end once.
    @Test func anAnimatedZoomIsHalfwayAtHalfTimeAndTellsTheDelegateAroundIt() {
        let (display, window, scroll, photo, recorder) = makeZoomingScene()
        _ = window
        scroll.setZoomScale(2, animated: true)
        #expect(scroll.zoomScale == 1 && recorder.calls == ["willBegin"])
        let scrolls = recorder.scrollCount
        display.advance(by: 0.15)
        #expect(isClose(scroll.zoomScale, 1.5, within: 1e-6))
        #expect(isClose(photo.frame.size.width, 600, within: 1e-3) && isClose(scroll.contentSize.width, 600, within: 1e-3))
        #expect(recorder.scrollCount - scrolls >= 8)                          // the offset moves every frame
        display.advance(by: 0.2)
        #expect(scroll.zoomScale == 2 && recorder.calls == ["willBegin", "didZoom", "didEnd 2.0"])
        #expect(isClose(scroll.contentOffset, CGPoint(x: 200, y: 150)))       // the middle (200, 150) kept
    }

    /// A pinch from 100 to 200 points apart about (200, 150) is a scale of 2 (UIPinchGestureRecognizer's ratio); the
    /// content point that was under the fingers — photo point (200, 150) — stays under them: at content (400, 300),
    /// offset (200, 150). Moving the fingers' middle 20 points right drags the content with it.
    @Test func aPinchScalesAboutTheFingersAndKeepsThatPointUnderThem() {
        let (display, window, scroll, _, recorder) = makeZoomingScene()
        _ = window
        let centre = CGPoint(x: 200, y: 150)
        pinch(display, CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150), spread(about: centre, to: 200), lift: false)
        #expect(scroll.isZooming && scroll.zoomScale == 2)
        #expect(isClose(scroll.contentOffset, CGPoint(x: 200, y: 150)))
        #expect(recorder.calls == ["willBegin", "didZoom"])
        display.send(pointer(.ended, 100, 150, id: 1, in: display))
        display.send(pointer(.ended, 300, 150, id: 2, in: display))
        display.advance(by: 1.0 / 60)
        #expect(!scroll.isZooming && !scroll.isZoomBouncing && recorder.calls.last == "didEnd 2.0")
        display.advance(by: 1)
        #expect(isClose(scroll.contentOffset, CGPoint(x: 200, y: 150)) && !scroll.isDecelerating)   // no fling after a pinch

        // Spread to 150 apart, then slide both fingers 20 points right.
        let slide = (1...10).map { i in (CGPoint(x: 125 + 2 * CGFloat(i), y: 150), CGPoint(x: 275 + 2 * CGFloat(i), y: 150)) }
        pinch(display, CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150), spread(about: centre, to: 150) + slide)
        // Photo point (200, 150) was under (200, 150); at 3 it is at content (600, 450), now under (220, 150).
        #expect(scroll.zoomScale == 3)
        #expect(isClose(scroll.contentOffset, CGPoint(x: 600 - 220, y: 450 - 150)))
    }

    /// Lifting one finger ends the pinch (at 1.5: photo point (200, 150) under the fingers' middle, now (220, 150),
    /// so offset (300 − 220, 225 − 150)); the other drags on from there, without a jump: 30 points up moves the
    /// content 30 points, and resting before lifting, it does not fling.
    @Test func oneFingerDragsOnAfterAPinchFromWhereThePinchLeftTheContent() {
        let (display, window, scroll, _, recorder) = makeZoomingScene()
        defer { withExtendedLifetime((window, recorder)) {} }
        let slide = (1...10).map { i in (CGPoint(x: 125 + 2 * CGFloat(i), y: 150), CGPoint(x: 275 + 2 * CGFloat(i), y: 150)) }
        pinch(display, CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150), spread(about: CGPoint(x: 200, y: 150), to: 150) + slide,
              lift: false)
        #expect(scroll.isZooming && scroll.isDragging && isClose(scroll.contentOffset, CGPoint(x: 80, y: 75)))
        display.send(pointer(.ended, 295, 150, id: 2, in: display))
        display.advance(by: 1.0 / 60)
        #expect(!scroll.isZooming && scroll.isDragging && recorder.calls.last == "didEnd 1.5")
        #expect(isClose(scroll.contentOffset, CGPoint(x: 80, y: 75)))
        for i in 1...10 {
            display.send(pointer(.moved, 145, 150 - 3 * CGFloat(i), id: 1, in: display))
            display.advance(by: 1.0 / 60)
        }
        #expect(isClose(scroll.contentOffset, CGPoint(x: 80, y: 105)))
        display.advance(by: 0.2)
        display.send(pointer(.ended, 145, 120, id: 1, in: display))
        display.advance(by: 1.0 / 60)
        #expect(!scroll.isDragging && !scroll.isDecelerating && isClose(scroll.contentOffset, CGPoint(x: 80, y: 105)))
    }

    /// Apple: with `bouncesZoom`, pinching past a limit goes "just past" it, and back when released, then
    /// `scrollViewDidEndZooming` follows the bounce. Asked for 3 × the maximum (2), the shown scale is
    /// 2 · e^(ln 2 · (1 − 1 / (ln 3 · 0.55 / ln 2 + 1))): more than 2, less than 4.
    @Test func pinchingPastTheMaximumRubberBandsAndBouncesBack() {
        let (display, window, scroll, _, recorder) = makeZoomingScene()
        _ = window
        scroll.maximumZoomScale = 2
        let sixfold = spread(about: CGPoint(x: 200, y: 150), from: 60, to: 360)
        pinch(display, CGPoint(x: 170, y: 150), CGPoint(x: 230, y: 150), sixfold, lift: false)
        let octave: CGFloat = log(2), overshoot: CGFloat = log(3)
        let expected: CGFloat = 2 * exp(octave * (1 - 1 / (overshoot * 0.55 / octave + 1)))
        #expect(isClose(scroll.zoomScale, expected, within: 1e-9) && scroll.zoomScale > 2 && scroll.zoomScale < 4)
        #expect(!scroll.isZoomBouncing)
        display.send(pointer(.ended, 20, 150, id: 1, in: display))
        display.send(pointer(.ended, 380, 150, id: 2, in: display))
        display.advance(by: 1.0 / 60)
        #expect(scroll.isZoomBouncing && !recorder.calls.contains { $0.hasPrefix("didEnd") })
        display.advance(by: 0.4)
        #expect(scroll.zoomScale == 2 && !scroll.isZoomBouncing && recorder.calls.last == "didEnd 2.0")
        #expect(recorder.calls.filter { $0.hasPrefix("didEnd") }.count == 1)
        let range = scroll.contentOffsetRange, offset = scroll.contentOffset
        #expect(range.width == 400 && range.height == 300)                    // 800 × 600 points of content in 400 × 300
        #expect(offset.x >= 0 && offset.x <= 400 && offset.y >= 0 && offset.y <= 300)

        // Without bouncesZoom the scale stops at the limit.
        scroll.bouncesZoom = false
        scroll.zoomScale = 1
        pinch(display, CGPoint(x: 170, y: 150), CGPoint(x: 230, y: 150), sixfold, lift: false)
        #expect(scroll.zoomScale == 2)
        display.send(pointer(.ended, 20, 150, id: 1, in: display))
        display.send(pointer(.ended, 380, 150, id: 2, in: display))
        display.advance(by: 0.5)
        #expect(scroll.zoomScale == 2 && !scroll.isZoomBouncing)
    }

    /// Pinched below the minimum (¼), the content rubber-bands below it and returns to ¼ on release, its 100 × 75
    /// points back at the top-left corner (the offset range is pinned to the start when the content fits).
    @Test func pinchingBelowTheMinimumBouncesBackToIt() {
        let (display, window, scroll, photo, recorder) = makeZoomingScene()
        defer { withExtendedLifetime((window, recorder)) {} }
        scroll.zoomScale = 0.5
        pinch(display, CGPoint(x: 150, y: 150), CGPoint(x: 250, y: 150), spread(about: CGPoint(x: 200, y: 150), to: 20), lift: false)
        #expect(scroll.zoomScale < 0.25 && scroll.zoomScale > 0.125)           // asked for 0.1: banded, above ⅛
        for id in [1, 2] { display.send(pointer(.ended, 200, 150, id: id, in: display)) }
        display.advance(by: 0.5)
        #expect(scroll.zoomScale == 0.25 && scroll.contentOffset == .zero)
        #expect(isClose(photo.frame, CGRect(x: 0, y: 0, width: 100, height: 75)))
    }

    /// `setContentOffset(_:animated:)` moves the content at every frame (the delegate hears `scrollViewDidScroll`
    /// each time, as UIKit's) and ends with `scrollViewDidEndScrollingAnimation`, halfway at half time.
    @Test func anAnimatedScrollMovesEveryFrameAndEndsOnce() {
        let (display, window, scroll, _, recorder) = makeZoomingScene()
        _ = window
        scroll.zoomScale = 4
        let start = scroll.contentOffset
        let before = recorder.scrollCount
        scroll.setContentOffset(CGPoint(x: start.x + 300, y: start.y), animated: true)
        display.advance(by: 0.15)
        #expect(isClose(scroll.contentOffset.x, start.x + 150, within: 1e-4))
        display.advance(by: 0.2)
        #expect(scroll.contentOffset.x == start.x + 300)
        #expect(recorder.scrollCount - before >= 17)                          // 0.3 s at 60 frames a second
        #expect(recorder.calls.last == "didEndScrollingAnimation")
        scroll.setContentOffset(scroll.contentOffset, animated: true)          // already there: nothing to tell
        display.advance(by: 0.5)
        #expect(recorder.calls.filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }
}
