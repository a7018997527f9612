import Anima
import ArgumentParser
import Foundation

/// `anima-bench`: measures Anima's per-frame costs on this machine (release build).
///
/// ```
/// swift run -c release anima-bench                 # every scene, default sizes
/// swift run -c release anima-bench basic --json out.json
/// ```
@main
struct AnimaBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anima-bench",
        abstract: "Runs Anima's benchmark scenes and prints median and p95 per-frame cost.")

    @Argument(help: "Scenes to run (default: all), e.g. basic.")
    var scenes: [String] = []

    @Option(help: "Frames measured per scene and size.")
    var frames = 120

    @Option(help: "Write the results as JSON to this file.")
    var json: String?

    @Option(help: "Run only this size (N) instead of each scene's default sizes.")
    var size: Int?

    @MainActor
    mutating func run() async throws {
        let chosen = scenes.isEmpty ? BenchScenes.all : BenchScenes.all.filter { scenes.contains($0.name) }
        guard !chosen.isEmpty else { throw ValidationError("unknown scene; known: \(BenchScenes.all.map(\.name))") }
        var results: [BenchResult] = []
        for scene in chosen {
            for n in size.map({ [$0] }) ?? scene.sizes {
                results.append(contentsOf: scene.run(n, frames))
            }
        }
        print(BenchResult.table(results))
        if let json {
            let data = try JSONEncoder().encode(results)
            try data.write(to: URL(fileURLWithPath: json))
        }
    }
}
