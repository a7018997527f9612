import Anima
import ArgumentParser
import Foundation
import Logging

/// `anima-demos soak`: the demos' autoplay and the Lottie corpus in a loop, headless, with memory and frame cost
/// sampled (see `SoakRun`); `scripts/soak.sh` builds and runs it.
///
/// ```
/// swift run -c release anima-demos soak --frames 50000 --plot soak.png
/// ```
struct Soak: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Plays the demos' autoplay and the Lottie corpus in a loop headless, sampling memory and frame cost.")

    @Option(help: "Frames to run (1/60 s each).")
    var frames = 1_000_000

    @Option(help: "Frames between samples of resident memory and frame cost.")
    var sampleEvery = 10_000

    @Option(help: "The Lottie corpus (its .json and .lottie files, recursively); none when missing.")
    var lottie = "../shared/lottie/samples"

    @Option(help: "Frames each Lottie file plays per cycle.")
    var lottieFrames = 60

    @Option(help: "Composite every Nth frame with the offscreen OpenGL renderer (0: never).")
    var renderEvery = 10

    @Option(help: "Write the plot (PNG) here.")
    var plot: String?

    @Option(help: "Write the samples and cycles (JSON) here.")
    var json: String?

    @Option(help: "Exit with status 3 when memory at the cycle ends grows more than this (percent) from the 10 % mark to the end.")
    var maxGrowth: Double?

    @Flag(help: "Print every Lottie file played, with the resident memory after it.")
    var verbose = false

    @MainActor
    mutating func run() async throws {
        // Diagnostics (a Lottie file's unsupported features, reported each time it is loaded) are counted, not printed.
        let counter = DiagnosticCounter()
        LoggingSystem.bootstrap { _ in CountingLogHandler(counter: counter) }
        setenv("SDL_VIDEODRIVER", ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? "offscreen", 1)

        let files = Self.lottieFiles(in: URL(fileURLWithPath: lottie))
        say("soak: \(frames) frames; \(DemoCatalog.all.count) demos' autoplay and \(files.count) Lottie files "
            + "(\(lottieFrames) frames each) per cycle; composited every \(renderEvery == 0 ? "never" : "\(renderEvery)th frame"); "
            + "samples every \(sampleEvery) frames")
        let wallStart = Date()
        let soak = SoakRun(totalFrames: frames, sampleEvery: sampleEvery, lottieFiles: files, lottieFrames: lottieFrames,
                           renderEvery: renderEvery) { say($0) }
        soak.isVerbose = verbose
        soak.run()
        let report = SoakReport(samples: soak.samples, cycles: soak.cycles, totalFrames: frames, sampleEvery: sampleEvery)
        say(report.text())
        say(String(format: "soak: %d cycles in %.0f s of wall time; %d diagnostics logged; Lottie files that did not load: %@",
                     soak.cycles.count, Date().timeIntervalSince(wallStart), counter.count,
                     soak.lottieLoadFailures.sorted().joined(separator: ", ").isEmpty ? "none" : soak.lottieLoadFailures.sorted().joined(separator: ", ")))
        if let plot {
            let title = "anima-demos soak: \(SoakReport.frameCount(frames)) frames, resident memory and main-thread CPU per frame"
            try report.plot(title: title)?.writePNG(to: URL(fileURLWithPath: plot))
            say("soak: plot written to \(plot)")
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            struct Output: Encodable { var samples: [SoakRun.Sample]; var cycles: [SoakRun.Cycle] }
            try encoder.encode(Output(samples: soak.samples, cycles: soak.cycles)).write(to: URL(fileURLWithPath: json))
        }
        // The gate reads the cycle ends (everything torn down), where a leak shows without the noise of what a
        // 10 000-frame sample lands in; a run too short for two cycles after the 10 % mark reads the samples.
        if let maxGrowth, let growth = report.cycleEndGrowth?.percent ?? report.growthPercent, growth > maxGrowth {
            say(String(format: "soak: FAILED: memory grew %.2f %% (limit %.2f %%)", growth, maxGrowth))
            throw ExitCode(3)
        }
    }

    /// The `.json` and `.lottie` files under `directory`, sorted by path (empty when it does not exist).
    static func lottieFiles(in directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where ["json", "lottie"].contains(url.pathExtension.lowercased()) { files.append(url) }
        return files.sorted { $0.path < $1.path }
    }
}

/// Prints a line at once (progress lines of a long run must not sit in a pipe's buffer).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Counts log messages (the soak would otherwise print thousands of repeated diagnostics).
final class DiagnosticCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

struct CountingLogHandler: LogHandler {
    let counter: DiagnosticCounter
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { counter.increment() }
}
