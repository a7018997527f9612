import ArgumentParser
import Foundation
import Testing
import AnimaGraphics
@testable import AnimaLottie
@testable import AnimaLottieTool

/// `anima-lottie render-manifest` renders every reference of a manifest into one folder, goes on past a
/// reference that fails, and reports the failures at the end with a non-zero exit.
@MainActor
@Suite("render-manifest", .serialized)
struct RenderManifestTests {
    /// A temporary corpus: `samples/good.json` (two references) and a sample whose file is missing.
    private func corpus() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anima-render-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("samples"), withIntermediateDirectories: true)
        try Data(DynamicPropertyFixtures.json.utf8).write(to: folder.appendingPathComponent("samples/good.json"))
        let manifest = """
        [{"name":"good","file":"samples/good.json","precision":0.985,"perceptualPrecision":0.97,"configured":false,
          "references":[{"progress":0,"image":"reference/good-0.png"},{"frame":15,"image":"reference/good-f15.png"}]},
         {"name":"missing","file":"samples/missing.json","precision":0.985,"perceptualPrecision":0.97,"configured":false,
          "references":[{"progress":0.5,"image":"reference/missing-50.png"}]}]
        """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        return folder
    }

    @Test func rendersEveryReferenceAndListsTheOneThatFailed() throws {
        let folder = try corpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let report = try ManifestRenderer.renderAll(manifest: folder.appendingPathComponent("manifest.json"), into: output)
        #expect(report.total == 3)
        #expect(report.written.map(\.lastPathComponent) == ["good-0.png", "good-f15.png"])
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.hasPrefix("missing progress 0.5: ") == true, "\(report.failures)")
        #expect(report.failures.first?.contains("missing.json") == true, "\(report.failures)")
        // The reference protocol: 100 × 100 points at scale 2.
        let first = try CGImage(contentsOf: output.appendingPathComponent("good-0.png"))
        #expect(first.width == 200 && first.height == 200)
        // Frame 15 is a different moment (Shape is half transparent there): the two files differ.
        let mid = try CGImage(contentsOf: output.appendingPathComponent("good-f15.png"))
        #expect(first.premultipliedARGB != mid.premultipliedARGB)
    }

    @Test func theCommandExitsWithOneWhenAReferenceFailed() async throws {
        let folder = try corpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        var command = try RenderManifest.parse([folder.appendingPathComponent("manifest.json").path,
                                                "--output", folder.appendingPathComponent("out").path, "--scale", "1"])
        do {
            try await command.run()
            Issue.record("render-manifest succeeded although a sample's file is missing")
        } catch let exit as ExitCode {
            #expect(exit.rawValue == 1)
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/good-f15.png").path))
    }

    @Test func aManifestThatIsNotOneIsAClearError() throws {
        let folder = try corpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"[{"name":"x","file":"samples/good.json","precision":1,"perceptualPrecision":1,"configured":false}]"#.utf8).write(to: bad)
        #expect {
            _ = try ManifestRenderer.renderAll(manifest: bad, into: folder.appendingPathComponent("out"))
        } throws: { error in
            "\(error)".contains("not a manifest of the corpus's format") && "\(error)".contains("references")
        }
    }
}
