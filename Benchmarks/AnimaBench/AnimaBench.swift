import Anima
import ArgumentParser
import Foundation

/// `anima-bench`: measures Anima's per-frame costs on this machine (release build).
///
/// ```
/// swift run -c release anima-bench                 # every scene, default sizes
/// swift run -c release anima-bench basic --json out.json
/// swift run -c release anima-bench compositing moving-images --quick
/// ```
/// Scenes: basic, basic-staggered, basic-growth, keyframe-springs, compositing, dynamics, moving-images, memory,
/// idle, lottie (ten corpus files against rlottie). Scenes with a baseline (compositing vs raw `SDL_RenderGeometry`, dynamics vs raw Box2D, basic-growth's
/// 2N layers vs N) measure both sides in the same run, interleaved over `--rounds` rounds. Each row says which clock its samples were taken on.
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

    @Option(help: "Rounds of interleaved A/B measurement for scenes with a baseline.")
    var rounds = 5

    @Flag(help: "Timed scenes run 2 s instead of 5–10 s.")
    var quick = false

    @MainActor
    mutating func run() async throws {
        let chosen = scenes.isEmpty ? BenchScenes.all : BenchScenes.all.filter { scenes.contains($0.name) }
        guard frames > 0, rounds > 0 else { throw ValidationError("--frames and --rounds must be positive") }
        BenchSettings.isQuick = quick
        BenchSettings.rounds = rounds
        let unknown = scenes.filter { name in !BenchScenes.all.contains { $0.name == name } }
        guard unknown.isEmpty else { throw ValidationError("unknown scene \(unknown); known: \(BenchScenes.all.map(\.name))") }
        var results: [BenchResult] = []
        for scene in chosen {
            for n in size.map({ [$0] }) ?? scene.sizes {
                results.append(contentsOf: await scene.run(n, frames))
            }
        }
        print(BenchResult.table(results))
        if let json {
            let data = try BenchResult.json(results)
            try data.write(to: URL(fileURLWithPath: json))
        }
    }
}
