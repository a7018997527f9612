import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Bad input on the display: time never goes back or jumps by a non-finite amount.
@MainActor
@Suite("Display bad input")
struct DisplayBadInputTests {
    @Test(arguments: [-1.0, .nan, .infinity])
    func advanceByRejected(bad: Double) {
        let (display, layer) = makeScene("bad-advance-\(bad)", at: 2)
        layer.add(basic("opacity", from: 1, to: 0, duration: 4), forKey: "fade")
        display.advance(by: 0)
        let frames = display.pipeline.evaluatedFrameCount
        let dump = display.renderTree.dump()
        let fragment = "HeadlessDisplay.advance(by:): rejected \(bad.diagnosticDescription) s"
        let before = diagnosticCount(fragment)
        display.advance(by: bad)
        #expect(diagnosticCount(fragment) > before)
        #expect(display.time == 2)
        #expect(CACurrentMediaTime() == 2)
        #expect(display.pipeline.evaluatedFrameCount == frames)   // no frame was made
        #expect(display.renderTree.dump() == dump)
    }

    @Test func advanceToThePastRejected() {
        let (display, _) = makeScene("bad-advance-to", at: 5)
        let before = diagnosticCount("HeadlessDisplay.advance(to:): rejected 4.0")
        display.advance(to: 4)
        display.advance(to: .nan)
        #expect(diagnosticCount("HeadlessDisplay.advance(to:): rejected 4.0") > before)
        #expect(display.time == 5)
    }

    @Test func badFrameInterval() {
        let display = HeadlessDisplay(width: 10, height: 10)
        display.frameInterval = 0
        display.frameInterval = .nan
        #expect(display.frameInterval == 1.0 / 60)
        #expect(diagnosticCount("HeadlessDisplay: rejected frameInterval 0.0") >= 1)
    }


    /// A gap of more than a million frames is crossed in one frame (a display waking from sleep), not frame by frame:
    /// advancing by 10⁹ s would otherwise make 6 × 10¹⁰ frames. Animations present as functions of the new time.
    @Test func hugeAdvanceSkipsToTheEndInOneFrame() {
        let (display, layer) = makeScene("huge-advance", at: 1)
        let fade = basic("opacity", from: 0, to: 1, duration: 4e9)
        fade.beginTime = 1
        layer.add(fade, forKey: "fade")
        let frames = display.pipeline.evaluatedFrameCount
        let fragment = "HeadlessDisplay.advance: 1000000000.0 s is more than 1000000 frames"
        let before = diagnosticCount(fragment)
        display.advance(by: 1e9)
        #expect(display.time == 1 + 1e9)
        #expect(display.pipeline.evaluatedFrameCount == frames + 1)
        #expect(diagnosticCount(fragment) == before + 1)
        #expect(isClose(layer.presentation()?.opacity ?? -1, 0.25, within: 1e-6))
        // Ordinary advances still make every frame.
        display.advance(by: 0.5)
        #expect(display.pipeline.evaluatedFrameCount == frames + 1 + 30)
    }

    /// On a frame interval so short that a display link's frame step is beyond `Int` (1 ÷ (30 × 10⁻³⁰⁰)), links
    /// count a bounded number of frames (a million for `preferredFramesPerSecond`, a thousand for a range).
    @Test func displayLinksOnATinyFrameIntervalDoNotOverflow() {
        let display = HeadlessDisplay(width: 10, height: 10)
        display.frameInterval = 1e-300
        let fires = Box<[String]>([])
        let byRate = CADisplayLink { _ in fires.value.append("rate") }
        byRate.preferredFramesPerSecond = 30
        byRate.add(to: .main, forMode: .common)
        let byRange = CADisplayLink { _ in fires.value.append("range") }
        byRange.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
        byRange.add(to: .main, forMode: .common)
        display.advance(by: 0)
        display.advance(by: 5e-299)   // 50 frames
        #expect(display.time == 5e-299)
        #expect(fires.value == ["rate", "range"])   // each link's first frame; its next is hundreds of frames away
        byRate.invalidate(); byRange.invalidate()
    }
}
