import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// Replaying a demo's autoplay gives the same frames every time: the render-tree dump of every frame (compared
/// by hash) and the snapshot PNG bytes of every 60th frame are identical in two runs. (Time is a parameter and
/// nothing depends on hash order, so this holds by construction; the test keeps it so.)
@MainActor
@Suite("Demo replay determinism", .serialized)
struct ReplayDeterminismTests {
    struct Replay: Equatable {
        var treeHashes: [UInt64] = []
        var snapshots: [Data] = []
    }

    /// Yields to other main-actor work every 60 frames: a replay is seconds of work (more under AddressSanitizer),
    /// and suites running beside it (windows pacing their frames) must not starve.
    func replay(_ info: DemoInfo) async throws -> Replay {
        let session = DemoRunner.headless(info)
        var replay = Replay()
        let frames = Int((info.autoplaySeconds * 60).rounded())
        for frame in 0..<frames {
            session.display.advance(by: 1.0 / 60.0)
            replay.treeHashes.append(Self.fnv1a(session.display.renderTree.dump()))
            if frame % 60 == 59 {
                replay.snapshots.append(try session.display.snapshot().pngData())
                await Task.yield()
                session.display.makeCurrent()
            }
        }
        return replay
    }

    @Test(arguments: DemoCatalog.all.map(\.name))
    func autoplayReplaysIdentically(_ name: String) async throws {
        let info = try #require(DemoCatalog.named(name))
        let first = try await replay(info)
        let second = try await replay(info)
        #expect(first.treeHashes.count == Int((info.autoplaySeconds * 60).rounded()))
        // The demo moves: its tree, or (fling draws its balls in one layer's draw(_:)) its pixels — except the Lottie
        // demo on a machine without the corpus, which only says where it looked.
        let hasSomethingToPlay = name != "lottie" || LottieDemo.findCorpus() != nil
        #expect(!hasSomethingToPlay || Set(first.treeHashes).count > 1 || Set(first.snapshots).count > 1, "the demo should move")
        let differing = zip(first.treeHashes, second.treeHashes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differing == nil, "render trees first differ at frame \(differing ?? -1)")
        #expect(first.snapshots.count == second.snapshots.count)
        let differingShot = zip(first.snapshots, second.snapshots).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differingShot == nil, "snapshot PNGs first differ at frame \(((differingShot ?? -1) + 1) * 60 - 1)")
    }

    /// 64-bit FNV-1a of the text's UTF-8 bytes (stable across runs and processes, unlike `Hasher`).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
