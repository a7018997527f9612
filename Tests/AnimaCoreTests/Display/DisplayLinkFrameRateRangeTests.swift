import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// `CADisplayLink.preferredFrameRateRange`: the link fires at the display's rate divided by the whole number that
/// comes closest to the preferred rate, and `duration`/`targetTimestamp` report that interval. Driven by
/// `HeadlessDisplay` frames (60 Hz unless a test sets another interval).
@MainActor
@Suite("CADisplayLink frame rate range")
struct DisplayLinkFrameRateRangeTests {
    typealias Stamp = (timestamp: Double, target: Double, duration: Double)

    /// A display at `hz` with a link using `range`, advanced by `seconds`; the callbacks' timing values.
    func run(hz: Double = 60, range: CAFrameRateRange, for seconds: Double = 0.2) -> [Stamp] {
        let display = HeadlessDisplay(width: 10, height: 10)
        display.frameInterval = 1 / hz
        let stamps = Box<[Stamp]>([])
        let link = CADisplayLink { stamps.value.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.preferredFrameRateRange = range
        link.add(to: .main, forMode: .common)
        display.advance(by: seconds)
        link.invalidate()
        return stamps.value
    }

    /// Whether consecutive callbacks are `interval` apart and each reports it as `duration` and as its budget.
    func firesEvery(_ interval: Double, _ stamps: [Stamp]) -> Bool {
        zip(stamps, stamps.dropFirst()).allSatisfy { isClose($1.timestamp - $0.timestamp, interval, within: 1e-9) }
            && stamps.allSatisfy { isClose($0.duration, interval, within: 1e-9) && isClose($0.target - $0.timestamp, interval, within: 1e-9) }
    }

    @Test func theDefaultRangeIsAllZerosAndKeepsTheDisplayRate() {
        #expect(CAFrameRateRange.default == CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0))
        #expect(CAFrameRateRange() == .default)
        #expect(CAFrameRateRange(minimum: 10, maximum: 60).preferred == 0)       // no preference
        #expect(CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30).isEqual(to: CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)))
        #expect(!CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30).isEqual(to: CAFrameRateRange(minimum: 10, maximum: 60)))
        let link = CADisplayLink { _ in }
        #expect(link.preferredFrameRateRange == .default)
        let stamps = run(range: .default)
        #expect(stamps.count == 12)                        // every frame of 0.2 s at 60 Hz
        #expect(firesEvery(1.0 / 60, stamps))
    }

    @Test func preferred30On60HzFiresEveryOtherFrame() {
        let stamps = run(range: CAFrameRateRange(minimum: 15, maximum: 60, preferred: 30))
        #expect(stamps.count == 6)
        #expect(firesEvery(1.0 / 30, stamps))
    }

    @Test func preferred30On120HzFiresEveryFourthFrame() {
        let stamps = run(hz: 120, range: CAFrameRateRange(minimum: 20, maximum: 60, preferred: 30))
        #expect(stamps.count == 6)                         // 24 frames in 0.2 s
        #expect(firesEvery(1.0 / 30, stamps))
    }

    @Test func anUnreachablePreferenceGetsTheClosestRateTheDisplayAllows() {
        // 60 Hz allows 30, 20, 15 …: 24 is closest to 20, so every third frame.
        let stamps = run(range: CAFrameRateRange(minimum: 15, maximum: 30, preferred: 24), for: 0.3)
        #expect(stamps.count == 6)
        #expect(firesEvery(1.0 / 20, stamps))
        // 50 is closer to 60 than to 30.
        #expect(firesEvery(1.0 / 60, run(range: CAFrameRateRange(minimum: 30, maximum: 60, preferred: 50))))
    }

    @Test func withoutAPreferenceTheMaximumIsAimedFor() {
        let stamps = run(range: CAFrameRateRange(minimum: 10, maximum: 30))
        #expect(stamps.count == 6)
        #expect(firesEvery(1.0 / 30, stamps))
    }

    @Test func aRangeAboveTheDisplayRateFiresEveryFrame() {
        let stamps = run(range: CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120))
        #expect(stamps.count == 12)
        #expect(firesEvery(1.0 / 60, stamps))
    }

    @Test func theRangeTakesPrecedenceOverPreferredFramesPerSecond() {
        let display = HeadlessDisplay(width: 10, height: 10)
        let count = Box(0)
        let link = CADisplayLink { _ in count.value += 1 }
        link.preferredFramesPerSecond = 20
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        link.add(to: .main, forMode: .common)
        display.advance(by: 0.2)
        #expect(count.value == 12)
        link.preferredFrameRateRange = .default            // back to preferredFramesPerSecond: every third frame
        count.value = 0
        display.advance(by: 0.2)
        #expect(count.value == 4)
        link.invalidate()
    }

    @Test func changingTheRangeWhileRunningTakesEffect() {
        let display = HeadlessDisplay(width: 10, height: 10)
        let stamps = Box<[Stamp]>([])
        let link = CADisplayLink { stamps.value.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 15, preferred: 15)
        link.add(to: .main, forMode: .common)
        display.advance(by: 0.2)
        #expect(stamps.value.count == 3)                   // at 0 + 1/60, then every 4th frame
        #expect(firesEvery(1.0 / 15, stamps.value))
        link.preferredFrameRateRange = .default
        stamps.value = []
        display.advance(by: 0.1)
        #expect(stamps.value.count == 6)
        #expect(firesEvery(1.0 / 60, stamps.value))
        link.invalidate()
    }

    nonisolated static let badRanges: [CAFrameRateRange] = [
        CAFrameRateRange(minimum: 60, maximum: 30, preferred: nil),          // min > max
        CAFrameRateRange(minimum: .nan, maximum: 60, preferred: 30),
        CAFrameRateRange(minimum: 10, maximum: .infinity, preferred: 30),
        CAFrameRateRange(minimum: 10, maximum: 60, preferred: .nan),
        CAFrameRateRange(minimum: -10, maximum: 60, preferred: 30),
        CAFrameRateRange(minimum: 10, maximum: 30, preferred: 60),           // preferred outside the range
    ]

    @Test(arguments: badRanges)
    func badRangesAreReportedAndIgnored(_ bad: CAFrameRateRange) {
        let display = HeadlessDisplay(width: 10, height: 10)
        let stamps = Box<[Stamp]>([])
        let link = CADisplayLink { stamps.value.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        let good = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
        link.preferredFrameRateRange = good
        let fragment = "CADisplayLink: rejected preferredFrameRateRange \(bad)"
        let before = diagnosticCount(fragment)
        link.preferredFrameRateRange = bad
        #expect(diagnosticCount(fragment) == before + 1)
        #expect(link.preferredFrameRateRange == good)      // the previous range stays
        link.add(to: .main, forMode: .common)
        display.advance(by: 0.2)
        #expect(stamps.value.count == 6)                   // and still drives the link
        #expect(firesEvery(1.0 / 30, stamps.value))
        link.invalidate()
    }
}
