import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// Every demo's scripted autoplay, run headless on virtual time, ends the way its article says it should
/// (the box reached the bottom and the button read Reset; the animator ended at .end after the long pan and
/// at .start after the short one; the labels swapped; the astronaut sits at the slider's fraction of the path;
/// the fling stopped inside the content).
@MainActor
@Suite("Demo autoplay", .serialized)
struct DemoAutoplayTests {
    @Test(arguments: DemoCatalog.all.map(\.name))
    func autoplayEndsAsTheArticleDescribes(_ name: String) throws {
        let info = try #require(DemoCatalog.named(name))
        let session = DemoRunner.headless(info)
        let frames = Int((info.autoplaySeconds * 60).rounded())
        for _ in 0..<frames { session.display.advance(by: 1.0 / 60.0) }
        #expect(session.script.isFinished, "autoplay steps left over")
        let failures = session.demo.verify()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func galleryListsTheFiveDemosInOrder() {
        #expect(DemoCatalog.all.map(\.name) == ["drop-box", "quiz", "astronaut"])
    }
}
