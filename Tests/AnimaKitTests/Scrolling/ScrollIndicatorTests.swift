import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaDynamics
@testable import AnimaKit

/// `UIScrollView`'s scroll indicators against the rules we read from UIKit: a bar's length is the visible fraction
/// of the content times its track (at least 36 pt), it moves along the track in proportion to the offset and stays
/// put on screen, it shrinks by the overshoot past an edge, and the bars show while the content moves and fade
/// out 0.5 s after it stops.
@MainActor
@Suite("UIScrollView scroll indicators")
struct ScrollIndicatorTests {
    /// A 400 × 300 scroll view over 400 × 900 points of content (it scrolls 600 points vertically, not horizontally).
    private func makeScrollView(content: CGSize = CGSize(width: 400, height: 900)) -> (HeadlessDisplay, UIWindow, UIScrollView) {
        let (display, window) = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = content
        window.addSubview(scroll)
        display.advance(by: 0)
        return (display, window, scroll)
    }

    /// The opacity a bar is shown with now.
    private func shownOpacity(_ bar: CALayer?) -> Float { bar.map { ($0.presentation() ?? $0).opacity } ?? 0 }

    @Test func theBarsShowWhileAFingerDragsAndFadeHalfASecondAfterItLifts() {
        let (display, window, scroll) = makeScrollView()
        _ = window
        #expect(scroll.showsVerticalScrollIndicator && scroll.showsHorizontalScrollIndicator && scroll.indicatorStyle == .default)
        #expect(scroll.scrollIndicatorLayers.vertical == nil)                   // nothing made before the first scroll
        pan(display, line(from: CGPoint(x: 200, y: 250), step: CGPoint(x: 0, y: -10), count: 10), lift: false)
        let bars = scroll.scrollIndicatorLayers
        #expect(scroll.isDragging && shownOpacity(bars.vertical) == 1)
        #expect(shownOpacity(bars.horizontal) == 0)                            // the content fits horizontally
        display.advance(by: 0.3)                                               // the finger rests: still dragging
        #expect(shownOpacity(bars.vertical) == 1)
        display.send(pointer(.ended, 200, 150, id: 0, in: display))
        display.advance(by: 1.0 / 60)                                          // lifted without speed: nothing moves on
        #expect(!scroll.isDecelerating)
        display.advance(by: 0.45)
        #expect(shownOpacity(bars.vertical) == 1)
        display.advance(by: 0.2)                                               // 0.15 s into a linear 0.3 s fade
        #expect(abs(shownOpacity(bars.vertical) - 0.5) < 0.02)
        display.advance(by: 0.2)
        #expect(shownOpacity(bars.vertical) == 0)
    }

    @Test func aFlingKeepsTheBarUpUntilItComesToRest() {
        let (display, window, scroll) = makeScrollView(content: CGSize(width: 400, height: 6000))
        _ = window
        pan(display, line(from: CGPoint(x: 200, y: 280), step: CGPoint(x: 0, y: -20), count: 10))
        let bar = scroll.scrollIndicatorLayers.vertical
        display.advance(by: 1)
        #expect(scroll.isDecelerating && shownOpacity(bar) == 1)
        display.advance(by: 4)
        #expect(!scroll.isDecelerating && shownOpacity(bar) == 0)
    }

    /// 300 of 900 points visible: the bar is a third of its 294-point track (300 − 3 − 3), 98 points; at offset
    /// 300 (half of the 600-point range) it starts halfway along the free 196: at 3 + 98 on screen, 401 in content
    /// coordinates; 3 points wide, 3 from the right edge.
    @Test func aBarIsTheVisibleFractionOfItsTrackAndStaysPutOnScreen() throws {
        let (display, window, scroll) = makeScrollView()
        _ = window
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        scroll.flashScrollIndicators()
        let bar = try #require(scroll.scrollIndicatorLayers.vertical)
        #expect(isClose(bar.frame, CGRect(x: 394, y: 401, width: 3, height: 98)))
        #expect(bar.cornerRadius == 1.5)
        scroll.contentOffset = CGPoint(x: 0, y: 600)                           // the end: the bar at the track's end
        #expect(isClose(bar.frame, CGRect(x: 394, y: 600 + 297 - 98, width: 3, height: 98)))
        scroll.contentSize = CGSize(width: 400, height: 30_000)                // 1 % visible: the 36-point minimum
        #expect(isClose(bar.frame.height, 36))
        display.advance(by: 0.45)
        #expect(shownOpacity(bar) == 1)                                        // flashed: up for half a second,
        display.advance(by: 0.4)
        #expect(shownOpacity(bar) == 0)                                        // then gone
    }

    /// Past an edge the bar loses as many points as the content is past it, down to a dot as wide as the bar.
    @Test func pastAnEdgeTheBarShrinksByTheOvershootDownToItsWidth() throws {
        let (display, window, scroll) = makeScrollView()
        _ = window
        scroll.flashScrollIndicators()
        let bar = try #require(scroll.scrollIndicatorLayers.vertical)
        scroll.contentOffset = CGPoint(x: 0, y: -40)
        #expect(isClose(bar.frame, CGRect(x: 394, y: -40 + 3, width: 3, height: 98 - 40)))
        scroll.contentOffset = CGPoint(x: 0, y: -200)
        #expect(isClose(bar.frame, CGRect(x: 394, y: -200 + 3, width: 3, height: 3)))
        scroll.contentOffset = CGPoint(x: 0, y: 640)
        #expect(isClose(bar.frame, CGRect(x: 394, y: 640 + 297 - 58, width: 3, height: 58)))
        display.advance(by: 0)
    }

    /// With both bars up, each track stops short of the other bar; the insets move the tracks in; the deprecated
    /// `scrollIndicatorInsets` sets both insets.
    @Test func insetsMoveTheTracksAndTheDeprecatedPropertySetsBoth() throws {
        let (display, window, scroll) = makeScrollView(content: CGSize(width: 900, height: 900))
        _ = window
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        scroll.flashScrollIndicators()
        let bars = scroll.scrollIndicatorLayers
        let vertical = try #require(bars.vertical), horizontal = try #require(bars.horizontal)
        // Vertical track: from 44 + 3 to 300 − 3 − (3 + 3): 244 points, a third of it visible.
        #expect(isClose(vertical.frame, CGRect(x: 394, y: 47, width: 3, height: 244.0 / 3)))
        // Horizontal track: from 3 to 400 − 3 − (3 + 3): 388 points, 4/9 of it visible.
        #expect(isClose(horizontal.frame, CGRect(x: 3, y: 294, width: 388.0 * 4 / 9, height: 3)))
        let insets = UIEdgeInsets(top: 0, left: 10, bottom: 20, right: 0)
        scroll.scrollIndicatorInsets = insets
        #expect(scroll.verticalScrollIndicatorInsets == insets && scroll.horizontalScrollIndicatorInsets == insets)
        #expect(isClose(horizontal.frame.minY, 300 - 20 - 3 - 3) && isClose(horizontal.frame.minX, 13))
        let before = diagnosticCount("rejected verticalScrollIndicatorInsets")
        scroll.verticalScrollIndicatorInsets = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        #expect(scroll.verticalScrollIndicatorInsets == insets && diagnosticCount("rejected verticalScrollIndicatorInsets") == before + 1)
        display.advance(by: 0)
    }

    /// UIKit adds its bars as subviews; ours are sublayers, so `subviews` holds only your views — and the bars are
    /// raised above a subview added after them as soon as they move.
    @Test func theBarsAreLayersAboveTheSubviewsNotSubviews() throws {
        let (display, window, scroll) = makeScrollView()
        _ = window
        addView(CGRect(x: 0, y: 0, width: 400, height: 900), to: scroll)
        scroll.flashScrollIndicators()
        #expect(scroll.subviews.count == 1)
        let later = addView(CGRect(x: 0, y: 0, width: 400, height: 900), to: scroll)
        #expect(scroll.layer.sublayers?.last === later.layer)
        scroll.contentOffset = CGPoint(x: 0, y: 10)
        let bars = scroll.scrollIndicatorLayers
        #expect(scroll.layer.sublayers?.suffix(2).map { ObjectIdentifier($0) } == [bars.vertical, bars.horizontal].compactMap { $0.map(ObjectIdentifier.init) })
        #expect(scroll.subviews.count == 2 && scroll.hitTest(CGPoint(x: 395, y: 100), with: nil) === later)
        display.advance(by: 0)
    }

    /// `.default` is black with a white border, 3 points wide; `.black` and `.white` are borderless and 2.5 wide
    /// (Apple: "smaller than the default style"). A hidden axis's bar never shows.
    @Test func stylesSetTheColourAndWidthAndAHiddenBarStaysHidden() throws {
        let (display, window, scroll) = makeScrollView(content: CGSize(width: 900, height: 900))
        _ = window
        scroll.showsHorizontalScrollIndicator = false
        scroll.flashScrollIndicators()
        let bar = try #require(scroll.scrollIndicatorLayers.vertical)
        #expect(bar.borderWidth == 0.5 && bar.backgroundColor?.components?.prefix(3).allSatisfy { $0 == 0 } == true)
        #expect(shownOpacity(scroll.scrollIndicatorLayers.horizontal) == 0)
        scroll.indicatorStyle = .white
        #expect(bar.frame.width == 2.5 && bar.borderWidth == 0 && bar.backgroundColor?.components == [1, 1, 1, 0.5])
        #expect(bar.frame.maxX == 397)                                         // still 3 points from the edge
        scroll.indicatorStyle = .black
        #expect(bar.backgroundColor?.components == [0, 0, 0, 0.5])
        scroll.showsVerticalScrollIndicator = false
        #expect(bar.opacity == 0)
        display.advance(by: 0)
    }
}
