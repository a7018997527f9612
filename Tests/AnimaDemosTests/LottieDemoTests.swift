import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// The Lottie demo without its corpus: it says where it looked, its autoplay runs without effect, and
/// nothing crashes; with a corpus folder whose files are missing it says which could not be loaded.
@MainActor
@Suite("Lottie demo without the corpus", .serialized)
struct LottieDemoTests {
    private func run(corpus: URL?) throws -> (LottieDemo, DemoRunner.HeadlessSession) {
        let info = DemoInfo(name: "lottie", title: "Lottie", summary: "", seed: "", autoplaySeconds: LottieDemo.info.autoplaySeconds,
                            make: { LottieDemo(corpus: corpus) })
        let session = DemoRunner.headless(info)
        for _ in 0..<Int((info.autoplaySeconds * 60).rounded()) { session.display.advance(by: 1.0 / 60.0) }
        return (try #require(session.demo as? LottieDemo), session)
    }

    private func texts(in view: UIView) -> [String] {
        ((view as? UILabel)?.text.map { [$0] } ?? []) + view.subviews.flatMap(texts)
    }

    @Test func withoutTheCorpusItSaysSoAndPlaysNothing() throws {
        let (demo, session) = try run(corpus: nil)
        #expect(demo.player == nil)
        #expect(session.script.isFinished)
        #expect(texts(in: session.window).contains { $0.contains("The Lottie corpus is not here") })
        #expect(demo.verify().isEmpty, "\(demo.verify())")
        _ = try session.display.snapshot()   // draws
    }

    @Test func aCorpusWithoutTheFilesSaysWhichCouldNotBeLoaded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anima-empty-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("samples"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (demo, session) = try run(corpus: folder)
        #expect(demo.player == nil)
        #expect(texts(in: session.window).contains { $0.contains("Heart could not be loaded") })
        #expect(!demo.verify().isEmpty)   // the article's checks do fail: nothing played
    }
}
