import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// The gallery's catalogue. (Each demo's autoplay is checked, and replayed, in `ReplayDeterminismTests`.)
@MainActor
@Suite("Demo catalogue")
struct DemoCatalogueTests {
    @Test func galleryListsTheDemosInOrder() {
        #expect(DemoCatalog.all.map(\.name) == ["drop-box", "interactive", "quiz", "astronaut", "fling", "transitions", "lottie", "particles"])
    }
}

/// The fling demo's scroller slows down by the same amount per second at any frame rate (the article's
/// × 0.95 per frame would stop twice as soon on a 120-Hz display).
@MainActor
@Suite("Fling demo: frame-rate independence")
struct FlingScrollerTests {
    func flingDistance(framesPerSecond: Double) -> CGFloat {
        let display = HeadlessDisplay(width: 100, height: 100)
        display.makeCurrent()
        display.frameInterval = 1 / framesPerSecond
        let scroller = FlingScroller()
        var last = CGPoint.zero
        scroller.fling(velocity: CGPoint(x: 2000, y: 0), startPos: .zero) { last = $0 }
        display.advance(by: 5)
        #expect(!scroller.isRunning)
        return last.x
    }

    @Test func distanceIsTheSameAt30And60And120Hz() {
        let d30 = flingDistance(framesPerSecond: 30), d60 = flingDistance(framesPerSecond: 60)
        let d120 = flingDistance(framesPerSecond: 120)
        // 60 Hz matches the article's sum: 2000 × 0.03 × 0.95 / 0.05 ≈ 1140 points (less the stop below 0.1).
        #expect(d60 > 1100 && d60 < 1141, "60 Hz: \(d60)")
        #expect(abs(d30 - d60) <= 1, "30 Hz: \(d30) vs 60 Hz: \(d60)")
        #expect(abs(d120 - d60) <= 1, "120 Hz: \(d120) vs 60 Hz: \(d60)")
    }
}

/// The keys every demo window understands.
@MainActor
@Suite("Demo chrome: S, D and F")
struct DemoChromeTests {
    @Test func slowAnimationsKeepTimeContinuousAndRunAtATenth() throws {
        let display = HeadlessDisplay(width: 200, height: 100)
        display.makeCurrent()
        let window = UIWindow(display: display)
        let chrome = DemoChrome(window: window, pipeline: display.pipeline)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(box)
        display.advance(by: 0)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { box.center.x = 105 }
        display.advance(by: 0.5)
        let before = try #require(box.layer.presentation()).position.x
        chrome.handleKey("s")
        #expect(chrome.isSlow && window.layer.speed == 0.1)
        display.advance(by: 0)
        let after = try #require(box.layer.presentation()).position.x
        #expect(abs(after - before) < 0.01, "slowing down jumped from \(before) to \(after)")
        display.advance(by: 1)   // a tenth of a second of animation time: 10 points at 100 points per second
        let slow = try #require(box.layer.presentation()).position.x
        #expect(abs(slow - after - 10) < 0.5, "moved \(slow - after) in 1 s of slow time")
        chrome.handleKey("s")
        #expect(!chrome.isSlow)
    }

    @Test func debugOverlayOutlinesLayersAndShowsTheFrameInterval() {
        let display = HeadlessDisplay(width: 200, height: 100)
        display.makeCurrent()
        let window = UIWindow(display: display)
        let chrome = DemoChrome(window: window, pipeline: display.pipeline)
        window.addSubview(UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50)))
        chrome.handleKey("d")
        chrome.handleKey("f")
        display.advance(by: 0.1)
        let outlines = window.layer.sublayers?.first { $0.name == "debug outlines" } as? CAShapeLayer
        #expect(outlines?.path?.boundingBox.width ?? 0 >= 50)
        let readout = window.layer.sublayers?.first { $0.name == "debug readout" } as? CATextLayer
        let text = readout?.string as? String ?? ""
        #expect(text.contains("fps") && text.contains("ms/frame"), "readout '\(text)'")
        chrome.handleKey("d")
        chrome.handleKey("f")
        #expect(window.layer.sublayers?.contains { $0.name == "debug readout" } != true)
        display.advance(by: 0.1)
        #expect(!display.pipeline.needsFrame, "the overlay's frame observer should be gone: an idle window sleeps")
    }
}
