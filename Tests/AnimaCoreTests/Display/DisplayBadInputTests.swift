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
}
