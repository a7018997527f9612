import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// The timeline chart (`TimelineChart`, drawn on the CPU with Cairo and Pango) against its golden PNG: a scene whose
/// five animations show every way a row is drawn — a backwards fill before the start, repeats that autoreverse, a
/// forwards fill kept after the end, an animation on a layer at twice the speed, and one that never starts within
/// the recording. The shifted variant starts every animation one frame later: it must not match, which proves the
/// tolerance catches a bar one frame off.
@Suite(.serialized) @MainActor struct TimelineChartGoldenTests {
    static let tolerance = GoldenTolerance(
        maxChannelDifference: 40, maxDifferingFraction: 0.002,
        reason: "bars and lines are exact on the CPU; only text antialiasing may vary with the FreeType and font versions")

    /// Records the scene for two seconds at 60 frames per second, every begin time moved by `shift` seconds.
    static func recording(shift: Double) -> TimelineRecording {
        let display = HeadlessDisplay(width: 200, height: 100)
        display.makeCurrent()
        func layer(_ name: String, speed: Float = 1) -> CALayer {
            let l = CALayer()
            l.name = name
            l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            l.speed = speed
            display.rootLayer.addSublayer(l)
            return l
        }
        func animation(_ keyPath: String, begin: Double, duration: Double, _ configure: (CABasicAnimation) -> Void = { _ in })
            -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = 0
            a.toValue = 1
            a.beginTime = begin + shift
            a.duration = duration
            configure(a)
            return a
        }
        layer("slide").add(animation("position.x", begin: 0.25, duration: 1) { $0.fillMode = .backwards }, forKey: "slide")
        layer("pulse").add(animation("opacity", begin: 0.5, duration: 0.25) { $0.repeatCount = 2; $0.autoreverses = true },
                           forKey: "pulse")
        layer("kept").add(animation("transform.scale", begin: 1, duration: 0.5) {
            $0.fillMode = .forwards; $0.isRemovedOnCompletion = false
        }, forKey: "grow")
        layer("fast", speed: 2).add(animation("opacity", begin: 0.5, duration: 1), forKey: "fade")
        layer("late").add(animation("opacity", begin: 3, duration: 1), forKey: "later")
        let recorder = TimelineRecorder(pipeline: display.pipeline)
        for _ in 0..<120 {
            display.advance(by: 1.0 / 60.0)
            recorder.recordFrame()
        }
        return recorder.recording
    }

    @Test(arguments: GoldenVariant.allCases) func chartOfEveryKindOfRow(_ variant: GoldenVariant) throws {
        let shift = variant == .asRecorded ? 0 : 1.0 / 60.0
        let chart = TimelineChart(Self.recording(shift: shift), width: 640, title: "golden scene", cursor: 1.1)
        let image = try #require(chart.makeImage())
        try Golden.expect(image, matches: "timeline-chart", tolerance: Self.tolerance, variant: variant)
        if variant == .shiftedOnePoint, !Golden.isUpdating, let golden = try Golden.load("timeline-chart") {
            // Not just outside the tolerance: well outside it, so that font differences cannot hide a one-frame bug.
            let comparison = GoldenComparison(image, golden, tolerance: Self.tolerance)
            #expect(comparison.differingFraction > 2 * Self.tolerance.maxDifferingFraction,
                    "one frame late differs in only \(comparison.differingPixels) pixels")
        }
    }

    @Test func recordingReadsAsTheTimingRulesSay() {
        let r = Self.recording(shift: 0)
        #expect(r.times.count == 120 && r.rows.map(\.label) == ["slide · slide position.x", "pulse · pulse opacity",
                                                                "kept · grow transform.scale", "fast · fade opacity",
                                                                "late · later opacity"])
        // Frame i is at (i + 1) / 60 s.
        func phase(_ row: Int, at t: Double) -> AnimationPhase? { r.rows[row].samples[Int((t * 60).rounded()) - 1].phase }
        #expect(phase(0, at: 0.1) == .before && r.rows[0].samples[5].isEffective)    // backwards fill
        #expect(phase(0, at: 1) == .active && phase(0, at: 1.5) == nil)               // removed after 1.25
        #expect(phase(1, at: 0.9) == .active && r.rows[1].samples[53].iteration == 0) // second half of iteration 0
        #expect(phase(1, at: 1.6) == nil)                                             // D = 1: removed after 1.5
        #expect(phase(2, at: 1.75) == .after && r.rows[2].samples[104].isEffective && r.rows[2].samples[104].progress == 1)
        #expect(phase(3, at: 0.3) == .active && phase(3, at: 1.1) == nil)             // layer at 2×: ends at media 0.75
        #expect(phase(4, at: 2) == .before && !r.rows[4].samples[119].isEffective)
    }

    @Test func tooNarrowChartsAreRefused() {
        #expect(TimelineChart(TimelineRecording(), width: 100).makeImage() == nil)
        #expect(!Diagnostics.messages(containing: "TimelineChart: width 100").isEmpty)
    }
}
