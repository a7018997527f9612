import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// `anima-demos <demo> --timeline OUT.png`: the chart of a demo's autoplay, and the errors for outputs it cannot write.
@MainActor
@Suite("Demo timelines", .serialized)
struct DemoTimelineTests {
    @Test func dropBoxChartsItsFall() throws {
        let info = try #require(DemoCatalog.named("drop-box"))
        let recording = DemoRunner.timeline(info, frames: Int(info.autoplaySeconds * 60))
        #expect(recording.times.count == Int(info.autoplaySeconds * 60))
        let row = try #require(recording.rows.first)
        #expect(row.samples.contains { $0.phase == .active })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("anima-drop-box-timeline-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try DemoRunner.writeChart(recording, title: "drop-box", to: url)
        let image = try CGImage(contentsOf: url)
        #expect(image.width == 960 && image.height > 100)
    }

    @Test func outputsItCannotWriteAreClearErrors() {
        let empty = TimelineRecording()
        #expect(throws: DemoOutputError.self) {
            try DemoRunner.writeChart(empty, title: "x", to: URL(fileURLWithPath: "/tmp/chart.txt"))
        }
        do {
            try DemoRunner.writeChart(empty, title: "x", to: URL(fileURLWithPath: "/nonexistent-dir/chart.png"))
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect("\(error)".contains("/nonexistent-dir/chart.png"))
        }
    }
}
