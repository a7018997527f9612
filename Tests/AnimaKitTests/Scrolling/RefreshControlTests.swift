import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Pull to refresh: a pull past the trigger while the finger is down starts a refresh (one `.valueChanged`), the
/// content rests below the control's 60 points when the finger lifts, and `endRefreshing()` scrolls it back.
@MainActor
@Suite("UIRefreshControl")
struct RefreshControlTests {
    /// A 400 × 300 scroll view over 400 × 900 points of content, with a refresh control counting its actions.
    private func makeScrollView() -> (HeadlessDisplay, UIWindow, UIScrollView, UIRefreshControl, Box<Int>) {
        let (display, window) = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 400, height: 900)
        let refresh = UIRefreshControl()
        let actions = Box(0)
        refresh.addAction(UIAction { _ in actions.value += 1 }, for: .valueChanged)
        scroll.refreshControl = refresh
        window.addSubview(scroll)
        display.advance(by: 0)
        return (display, window, scroll, refresh, actions)
    }

    /// The content pulled down by `count` moves of 10 points from y = 50, the finger lifting at the end when `lift`.
    private func pull(_ display: HeadlessDisplay, count: Int, lift: Bool = true) {
        pan(display, line(from: CGPoint(x: 200, y: 50), step: CGPoint(x: 0, y: 10), count: count), restBeforeLift: 0.1, lift: lift)
    }

    @Test func aLongPullRefreshesAndTheContentRestsBelowTheControl() {
        let (display, window, scroll, refresh, actions) = makeScrollView()
        defer { withExtendedLifetime(window) {} }
        #expect(refresh.superview === scroll && refresh.frame == CGRect(x: 0, y: -60, width: 400, height: 60))
        pull(display, count: 24, lift: false)        // 240 points dragged: rubber-banded, over 80 shown
        #expect(refresh.isRefreshing && actions.value == 1)   // once, though the pull went on past the trigger
        #expect(scroll.adjustedContentInset.top == 60 && scroll.contentInset.top == 0)
        display.send(pointer(.ended, 200, 290, in: display))
        display.advance(by: 2)
        #expect(actions.value == 1)
        #expect(isClose(scroll.contentOffset.y, -60, within: 0.5), "\(scroll.contentOffset)")
        refresh.endRefreshing()
        #expect(!refresh.isRefreshing && scroll.adjustedContentInset.top == 0)
        display.advance(by: 0.15)
        #expect(scroll.contentOffset.y > -60 && scroll.contentOffset.y < 0)   // on its way back up
        display.advance(by: 0.3)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func aShortPullBouncesBackWithoutRefreshing() {
        let (display, window, scroll, refresh, actions) = makeScrollView()
        defer { withExtendedLifetime(window) {} }
        pull(display, count: 6)                      // 60 points dragged: well under 80 shown
        display.advance(by: 2)
        #expect(!refresh.isRefreshing && actions.value == 0 && scroll.contentOffset.y == 0)
    }

    /// `beginRefreshing()` in code sends nothing and does not scroll; the top of the range moves up by 60.
    @Test func beginningInCodeSendsNothingAndKeepsTheOffset() {
        let (display, window, scroll, refresh, actions) = makeScrollView()
        defer { withExtendedLifetime(window) {} }
        final class InsetWatcher: UIScrollViewDelegate {
            var changes = 0
            func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { changes += 1 }
        }
        let watcher = InsetWatcher()
        scroll.delegate = watcher
        refresh.beginRefreshing()
        display.advance(by: 0.5)
        #expect(refresh.isRefreshing && actions.value == 0 && scroll.contentOffset.y == 0)
        #expect(scroll.contentOffsetRange.minY == -60 && watcher.changes == 1)
        scroll.setContentOffset(CGPoint(x: 0, y: -60), animated: false)     // within the range now
        #expect(scroll.contentOffset.y == -60)
        refresh.endRefreshing()
        display.advance(by: 0.5)
        #expect(scroll.contentOffset.y == 0 && watcher.changes == 2)
        scroll.refreshControl = nil
        #expect(refresh.superview == nil)
    }

    /// Drawn while refreshing: the spinner's spokes in the 60 points above the content, the content below.
    @Test func drawnTheSpinnerShowsAboveTheContent() throws {
        let (display, window) = makeWindow()
        window.backgroundColor = .white
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 400, height: 900)
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 900))
        content.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        scroll.addSubview(content)
        let refresh = UIRefreshControl()
        refresh.tintColor = .black
        scroll.refreshControl = refresh
        window.addSubview(scroll)
        refresh.beginRefreshing()
        scroll.setContentOffset(CGPoint(x: 0, y: -60), animated: false)
        display.advance(by: 1.0 / 60)
        let image = try display.snapshot()
        try keepPicture(image, "refresh-control.png")
        let scale = Int(display.scale)
        var darkest = 255
        for y in 15...45 { for x in 190...210 { darkest = min(darkest, Int(image.pixel(x: x * scale, y: y * scale)?.red ?? 255)) } }
        #expect(darkest < 60)                                       // a spoke
        let spinnerMiddle = try #require(image.pixel(x: 200 * scale, y: 30 * scale))
        #expect(spinnerMiddle.red == 255)                           // the empty middle of the spinner
        let below = try #require(image.pixel(x: 200 * scale, y: 100 * scale))
        #expect(below.blue > 200 && below.red < 80)                  // the content, 60 points down
    }
}
