import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIProgressView, UIActivityIndicatorView")
struct ProgressAndActivityTests {
    // MARK: UIProgressView

    @Test func progressIsClampedAndNaNRejected() {
        let bar = UIProgressView(progressViewStyle: .default)
        bar.tag = 4401
        #expect(bar.frame.height == 4 && bar.intrinsicContentSize.height == 4)
        bar.progress = 1.5
        #expect(bar.progress == 1)
        bar.progress = -3
        #expect(bar.progress == 0)
        bar.progress = 0.25
        bar.progress = .nan
        #expect(bar.progress == 0.25)
        #expect(diagnosed("UIProgressView tag 4401", "rejected progress nan"))
    }

    @Test func theFillCoversTheProgressOfTheWidth() {
        let (display, window) = makeWindow()
        let bar = UIProgressView(frame: CGRect(x: 20, y: 50, width: 200, height: 4))
        window.addSubview(bar)
        bar.progress = 0.3
        display.advance(by: 1.0 / 60)
        let fill = bar.subviews[1]
        #expect(isClose(fill.frame, CGRect(x: 0, y: 0, width: 60, height: 4), within: 1e-4))   // 0.3 as a Float
        #expect(fill.layer.cornerRadius == 2)       // `.default` rounds the ends
        bar.progressViewStyle = .bar
        display.advance(by: 1.0 / 60)
        #expect(fill.layer.cornerRadius == 0)
    }

    /// `setProgress(_:animated: true)` grows the fill over 0.25 s; without animation it jumps.
    @Test func animatedProgressGrowsTheFillOverAQuarterSecond() {
        let (display, window) = makeWindow()
        let bar = UIProgressView(frame: CGRect(x: 20, y: 50, width: 200, height: 4))
        window.addSubview(bar)
        display.advance(by: 1.0 / 60)
        bar.setProgress(1, animated: true)
        #expect(bar.progress == 1)                  // the model at once, as UIKit's
        display.advance(by: 0.125)
        let fill = bar.subviews[1]
        let halfWay = shown(fill).bounds.width
        #expect(halfWay > 20 && halfWay < 180, "\(halfWay)")
        display.advance(by: 0.2)
        #expect(isClose(shown(fill).bounds.width, 200))
        bar.setProgress(0.5, animated: false)
        display.advance(by: 1.0 / 60)
        #expect(isClose(shown(fill).bounds.width, 100))
    }

    @Test func drawnTheFillIsTheTintAndTheTrackGrey() throws {
        let display = HeadlessDisplay(width: 240, height: 40)
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        window.backgroundColor = .white
        let bar = UIProgressView(frame: CGRect(x: 20, y: 18, width: 200, height: 4))
        bar.progressTintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        bar.progress = 0.5
        window.addSubview(bar)
        display.advance(by: 1.0 / 60)
        let image = try display.snapshot()
        try keepPicture(image, "progress-view.png")
        let fill = try #require(image.pixel(x: 60, y: 20)), track = try #require(image.pixel(x: 180, y: 20))
        let outside = try #require(image.pixel(x: 120, y: 10))
        #expect(fill.red > 240 && fill.green < 15 && fill.blue < 15, "\(fill)")
        #expect(track.red < 240 && track.red > 200 && abs(Int(track.red) - Int(track.green)) < 6, "\(track)")   // grey
        #expect(outside.red == 255 && outside.green == 255)
    }

    // MARK: UIActivityIndicatorView

    @Test func aStoppedIndicatorIsHiddenUntilItStarts() {
        let spinner = UIActivityIndicatorView(style: .large)
        #expect(spinner.frame.size == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView(style: .medium).intrinsicContentSize == CGSize(width: 20, height: 20))
        #expect(spinner.isHidden && !spinner.isAnimating)
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)
        spinner.stopAnimating()
        #expect(spinner.isHidden && !spinner.isAnimating)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
        #expect(spinner.color == .secondaryLabel)
        #expect(UIActivityIndicatorView(style: .white).color == .white)
        spinner.color = .red
        #expect(spinner.color == .red)
    }

    /// A `.medium` indicator spinning in a window since time 0, and the layer of its spokes.
    private func spinningIndicator() throws -> (HeadlessDisplay, UIWindow, UIActivityIndicatorView, CALayer) {
        let (display, window) = makeWindow()
        let spinner = UIActivityIndicatorView(style: .medium)
        window.addSubview(spinner)
        spinner.startAnimating()
        display.advance(by: 0)
        return (display, window, spinner, try #require(spinner.layer.sublayers?.first))
    }

    /// The spokes turn clockwise an eighth of a turn at each eighth of a second: a discrete step, not a glide.
    @Test func theSpokesStepAnEighthOfATurnEveryEighthOfASecond() throws {
        let (display, _, spinner, spokes) = try spinningIndicator()
        func angle() -> Double {
            let t = (spokes.presentation() ?? spokes).transform
            return atan2(Double(t.m12), Double(t.m11))
        }
        #expect(abs(angle()) < 1e-9)
        display.advance(by: 0.1)
        #expect(abs(angle()) < 1e-9)                         // still the first step
        display.advance(by: 0.05)                             // 0.15 s: the second step
        #expect(abs(angle() - .pi / 4) < 1e-9)
        display.advance(by: 1)                                // 1.15 s: a turn later, the same step again
        #expect(abs(angle() - .pi / 4) < 1e-9)
        spinner.stopAnimating()
        display.advance(by: 1.0 / 60)
        #expect(abs(angle()) < 1e-9)
    }

    /// Leaving its window ends the indicator's animation (as for every view); back in a window it spins again.
    @Test func aSpinnerBackInAWindowSpinsAgain() throws {
        let (_, window, spinner, spokes) = try spinningIndicator()
        spinner.removeFromSuperview()
        #expect(spokes.animation(forKey: UIActivityIndicatorView.spinAnimationKey) == nil)
        #expect(spinner.isAnimating)                          // still started: UIKit keeps isAnimating
        window.addSubview(spinner)
        #expect(spokes.animation(forKey: UIActivityIndicatorView.spinAnimationKey) != nil)
    }

    /// Drawn: the leading spoke straight up is the darkest, the one an eighth of a turn clockwise of it (the last
    /// of the trail) the faintest, and the middle is empty.
    @Test func drawnTheLeadingSpokeIsDarkestAndTheTrailFades() throws {
        let display = HeadlessDisplay(width: 40, height: 40, scale: 4)
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        window.backgroundColor = .white
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.center = CGPoint(x: 20, y: 20)
        window.addSubview(spinner)
        spinner.startAnimating()
        display.advance(by: 0)
        let image = try display.snapshot()
        try keepPicture(image, "activity-indicator.png")
        // The spokes run from 37 × 0.22 ≈ 8.1 to 18.5 points from the middle: sample 13 points out.
        func darkness(_ degrees: Double) throws -> Int {
            let a = degrees * .pi / 180
            let p = try #require(image.pixel(x: Int((20 + 13 * sin(a)) * 4), y: Int((20 - 13 * cos(a)) * 4)))
            return 255 - Int(p.red)
        }
        let leading = try darkness(0), previous = try darkness(-45), last = try darkness(45)
        #expect(leading > 240 && previous < leading && last < previous && last > 40, "\(leading) \(previous) \(last)")
        let middle = try #require(image.pixel(x: 80, y: 80))
        #expect(middle.red == 255)
    }
}

@MainActor
@Suite("UIPageControl")
struct PageControlTests {
    @Test func pagesClampTheCurrentPageAndBadCountsAreRejected() {
        let dots = UIPageControl()
        dots.tag = 4402
        dots.numberOfPages = 3
        dots.currentPage = 7
        #expect(dots.currentPage == 2)
        dots.numberOfPages = 2
        #expect(dots.currentPage == 1)
        dots.numberOfPages = -1
        #expect(dots.numberOfPages == 2)
        #expect(diagnosed("UIPageControl tag 4402", "rejected numberOfPages -1"))
        #expect(dots.size(forNumberOfPages: 3) == CGSize(width: 2 * 16 + 7 + 32, height: 37))
        dots.hidesForSinglePage = true
        #expect(!dots.isHidden)
        dots.numberOfPages = 1
        #expect(dots.isHidden)
        dots.numberOfPages = 4
        #expect(!dots.isHidden)
        dots.numberOfPages = .max                 // a page count nobody can draw: capped, not a view per page
        #expect(dots.numberOfPages == .max && dots.subviews.count == UIPageControl.maximumDrawnDots)
        #expect(diagnosed("UIPageControl tag 4402", "more than the 256 dots drawn"))
        dots.currentPage = .max
        #expect(dots.currentPage == .max - 1)
        #expect(dots.intrinsicContentSize.width.isFinite)
    }

    /// A tap right of the bright dot goes one page on, left of it one page back; each sends `.valueChanged`;
    /// setting the page in code sends nothing. The dots lie 16 points apart, centred.
    @Test func tapsEitherSideOfTheCurrentDotTurnOnePage() {
        let (display, window) = makeWindow()
        let dots = UIPageControl(frame: CGRect(x: 100, y: 200, width: 200, height: 37))
        dots.numberOfPages = 5
        window.addSubview(dots)
        display.advance(by: 0)
        #expect(isClose(dots.subviews[2].frame, CGRect(x: 96.5, y: 15, width: 7, height: 7)))   // the middle dot
        var pages: [Int] = []
        dots.addAction(UIAction { _ in pages.append(dots.currentPage) }, for: .valueChanged)
        func tap(_ x: CGFloat) {
            display.send(pointer(.began, x, 218, in: display))
            display.send(pointer(.ended, x, 218, in: display))
            display.advance(by: 0.3)
        }
        tap(280); tap(280); tap(110)
        #expect(pages == [1, 2, 1])
        dots.currentPage = 4
        tap(290)                                   // already the last page: nothing to send
        #expect(pages == [1, 2, 1] && dots.currentPage == 4)
    }
}

extension PageControlTests {
    /// Drawn on a dark strip: the current dot white, the others faint, nothing between them.
    @Test func drawnTheCurrentDotIsWhiteAndTheOthersFaint() throws {
        let display = HeadlessDisplay(width: 120, height: 37, scale: 2)
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        window.backgroundColor = UIColor(white: 0.1, alpha: 1)
        let dots = UIPageControl(frame: CGRect(x: 0, y: 0, width: 120, height: 37))
        dots.numberOfPages = 3
        dots.currentPage = 1
        window.addSubview(dots)
        display.advance(by: 0)
        let image = try display.snapshot()
        try keepPicture(image, "page-control.png")
        // Dots centred at x = 44, 60, 76 (points), y = 18.5.
        let current = try #require(image.pixel(x: 120, y: 37)), other = try #require(image.pixel(x: 88, y: 37))
        let between = try #require(image.pixel(x: 104, y: 37))
        #expect(current.red > 245, "\(current)")
        #expect(other.red > 70 && other.red < 110, "\(other)")      // white at 30 % over 0.1 grey: ≈ 94
        #expect(between.red < 30, "\(between)")
    }
}
