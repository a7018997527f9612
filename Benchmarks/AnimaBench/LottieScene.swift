import Anima
import CRLottieBaseline
import Foundation

/// Scene "lottie": ten files of the conformance corpus, each played at its reference size (the protocol's view,
/// at most 500 points on its larger side, at scale 2: LottieLogo1 is 562 × 1000 pixels) by Anima twice — a frame
/// advances a `HeadlessDisplay` by one frame of the file (evaluation of the layer tree and drawing of changed
/// shape layers), composites it and reads the pixels back into a `CGImage`, once with OpenGL (llvmpipe,
/// `snapshot()`) and once with Cairo on the CPU (`snapshot(compositor: .software)`) — and by rlottie rendering
/// the same frames at the same size into a buffer in memory (`Benchmarks/RLottieBaseline`, a small C shim over
/// rlottie's C API, opened at run time). The three sides run interleaved in one process; each Anima side has a
/// ratio to rlottie.
///
/// Also measured: load + build, reading and parsing the file and building the layer tree (thread CPU, the median
/// of 10); rlottie's load (parse, its model cache off) beside it. Clock: process CPU, which counts llvmpipe's
/// rasterizer threads (rlottie renders on the calling thread). Targets: per-frame cost ≤ rlottie's (median ratio
/// ≤ 1); LottieLogo1 load + build ≤ 50 ms.
enum LottieScene {
    /// The files (under the corpus's `samples/`), in the table's order.
    static let files = [
        "LottieLogo1.json", "LottieLogo2.json", "TwitterHeart.json", "Boat_Loader.json", "IconTransitions.json",
        "MotionCorpse_Jrcanest.json", "vcTransition1.json", "LottieFiles/infinity_loader.json",
        "LottieFiles/loading_dots_2.json", "LottieFiles/bounce_strokes.json",
    ]

    @MainActor static let scene = BenchScene(name: "lottie", sizes: [files.count]) { n, frames in
        guard let corpus = findCorpus() else {
            return [BenchResult(scene: "lottie", n: n, medianMs: nil, p95Ms: nil,
                                extra: "skipped: the corpus (../shared/lottie or $ANIMA_LOTTIE_CORPUS) is not here")]
        }
        let rlottie = rl_baseline_open() == 1
        if !rlottie { print("lottie: rlottie is not available: \(rl_baseline_error().map { String(cString: $0) } ?? "?")") }
        var rows: [BenchResult] = [], lines: [String] = [], glRatios: [Double] = [], cpuRatios: [Double] = []
        for file in files.prefix(max(1, n)) {
            let url = corpus.appendingPathComponent("samples").appendingPathComponent(file)
            do {
                let measured = try measure(url, name: file, frames: frames, rlottie: rlottie)
                rows += measured.rows
                lines.append(measured.line)
                if let ratios = measured.ratios { glRatios.append(ratios.gl); cpuRatios.append(ratios.cpu) }
            } catch {
                rows.append(BenchResult(scene: "lottie \(file)", n: 0, medianMs: nil, p95Ms: nil, extra: "failed: \(error)"))
            }
        }
        for (compositor, ratios) in [("OpenGL", glRatios), ("CPU", cpuRatios)] where !ratios.isEmpty {
            rows.append(BenchResult(scene: "lottie (\(compositor)): median of the per-file ratios", n: ratios.count, medianMs: nil,
                                    p95Ms: nil, clock: .processCPU, baseline: "rlottie", ratio: median(ratios),
                                    extra: "target ≤ 1 (ours no dearer than rlottie per frame)"))
        }
        print("\nLottie playback, per frame at the reference size (process CPU, medians), and load + build (thread CPU):")
        print("| file | pixels | Anima GL ms | Anima CPU ms | rlottie ms | GL ratio | CPU ratio | Anima load + build ms | rlottie load ms |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        lines.forEach { print($0) }
        if !glRatios.isEmpty {
            print("| median ratio | | | | | \(String(format: "%.2f", median(glRatios))) | \(String(format: "%.2f", median(cpuRatios))) | | |")
        }
        print("")
        return rows
    }

    /// The rows, the table line and the ratio for one file.
    @MainActor
    private static func measure(_ url: URL, name: String, frames: Int, rlottie: Bool)
        throws -> (rows: [BenchResult], line: String, ratios: (gl: Double, cpu: Double)?) {
        // Load + build: read and parse the file, build the layer tree (10 times, the median).
        var loads: [Double] = []
        var animation: LottieAnimation?
        for _ in 0..<10 {
            let start = BenchClock.threadCPU.now()
            let loaded = try LottieAnimation.load(contentsOf: url)
            _ = LottieAnimationLayer(animation: loaded)
            loads.append(BenchClock.threadCPU.now() - start)
            animation = loaded
        }
        guard let animation else { throw CocoaError(.fileReadUnknown) }
        let loadMs = median(loads) * 1000

        // The reference protocol's size: whole points, scale 2.
        let size = LottieReferenceScene.pointSize(of: animation)
        let points = (max(1, Int(size.width.rounded())), max(1, Int(size.height.rounded())))
        let pixels = (points.0 * 2, points.1 * 2)
        // One display per compositor, each playing its own layer: every side steps through the same frames.
        func player(_ compositor: HeadlessDisplay.SnapshotCompositor) -> () throws -> Void {
            let display = HeadlessDisplay(width: points.0, height: points.1, scale: 2)
            let layer = LottieAnimationLayer(animation: animation)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.frame = CGRect(origin: .zero, size: size)
            layer.rasterizationScale = 2
            display.rootLayer.addSublayer(layer)
            CATransaction.commit()
            layer.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
            display.advance(by: 0)
            let frameTime = 1 / animation.framerate
            return {
                display.advance(by: frameTime)
                _ = try display.snapshot(compositor: compositor)
            }
        }
        let gl = player(.openGL), cpu = player(.software)

        let label = "lottie \(name)"
        let sizeNote = "\(pixels.0)×\(pixels.1) px"
        func ms(_ v: Double) -> String { String(format: "%.2f", v) }
        guard rlottie, let json = try? String(contentsOf: url, encoding: .utf8),
              let baseline = RLottiePlayer(json: json, folder: url.deletingLastPathComponent(), width: pixels.0, height: pixels.1)
        else {
            let samples = try interleavedSamples(rounds: BenchSettings.rounds, framesPerRound: max(1, frames / BenchSettings.rounds),
                                                 clock: .processCPU, sides: [gl, cpu])
            let p = samples.map { percentiles($0) }
            let why = rlottie ? "rlottie could not load it" : "rlottie not available"
            let rows = zip(["OpenGL", "CPU"], p).map { compositor, p in
                BenchResult(scene: "\(label) (\(compositor))", n: pixels.0, medianMs: p.median, p95Ms: p.p95, clock: .processCPU,
                            metrics: ["loadBuildMs": loadMs], extra: "\(sizeNote); load + build \(String(format: "%.1f", loadMs)) ms; \(why)")
            }
            return (rows, "| \(name) | \(sizeNote) | \(ms(p[0].median)) | \(ms(p[1].median)) | – | – | – | \(String(format: "%.1f", loadMs)) | – |", nil)
        }
        let rlottieLoadMs = RLottiePlayer.loadMilliseconds(json: json, folder: url.deletingLastPathComponent())
        let samples = try interleavedSamples(rounds: BenchSettings.rounds, framesPerRound: max(1, frames / BenchSettings.rounds),
                                             clock: .processCPU, sides: [gl, cpu, { baseline.renderNextFrame() }])
        let oursExtra = "\(sizeNote); load + build \(String(format: "%.1f", loadMs)) ms"
            + (name == "LottieLogo1.json" ? " (target ≤ 50 ms)" : "")
        let baselineName = "rlottie \(name)"
        var glRows = comparisonRows(scene: "\(label) (OpenGL)", baselineName: baselineName, n: pixels.0, clock: .processCPU,
                                    samples: ABSamples(ours: samples[0], baseline: samples[2]), target: "≤ 1× rlottie",
                                    oursExtra: oursExtra + "; composited by OpenGL (llvmpipe)",
                                    baselineExtra: "\(sizeNote); load \(rlottieLoadMs.map { String(format: "%.1f", $0) } ?? "?") ms")
        var cpuRows = comparisonRows(scene: "\(label) (CPU)", baselineName: baselineName, n: pixels.0, clock: .processCPU,
                                     samples: ABSamples(ours: samples[1], baseline: samples[2]), target: "≤ 1× rlottie",
                                     oursExtra: oursExtra + "; composited by Cairo (snapshot(compositor: .software))")
        glRows[0].metrics["loadBuildMs"] = loadMs
        cpuRows[0].metrics["loadBuildMs"] = loadMs
        if let rlottieLoadMs { glRows[1].metrics["loadMs"] = rlottieLoadMs }
        let (a, c, b) = (percentiles(samples[0]).median, percentiles(samples[1]).median, percentiles(samples[2]).median)
        let ratios = (glRows[0].ratio ?? 0, cpuRows[0].ratio ?? 0)
        let line = "| \(name) | \(sizeNote) | \(ms(a)) | \(ms(c)) | \(ms(b)) | \(ms(ratios.0)) | \(ms(ratios.1)) | "
            + "\(String(format: "%.1f", loadMs)) | \(rlottieLoadMs.map { String(format: "%.1f", $0) } ?? "–") |"
        return ([glRows[0], cpuRows[0], glRows[1]], line, ratios)
    }

    /// The corpus: `$ANIMA_LOTTIE_CORPUS`, else `../shared/lottie` from the working directory or from this package.
    static func findCorpus() -> URL? {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["ANIMA_LOTTIE_CORPUS"] { candidates.append(URL(fileURLWithPath: path)) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        candidates.append(cwd.deletingLastPathComponent().appendingPathComponent("shared/lottie"))
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.deletingLastPathComponent().appendingPathComponent("shared/lottie"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("samples").path) }
    }
}

/// One animation played by rlottie through the C baseline: frames 0, 1, 2… (looping) rendered into one buffer.
final class RLottiePlayer {
    private let animation: OpaquePointer
    private let width: Int, height: Int
    private var buffer: [UInt32]
    private let frameCount: Int
    private var next = 0

    init?(json: String, folder: URL, width: Int, height: Int) {
        guard let made = rl_baseline_load(json, folder.path + "/") else { return nil }
        animation = made
        self.width = width
        self.height = height
        buffer = [UInt32](repeating: 0, count: width * height)
        frameCount = max(1, rl_baseline_frame_count(made))
    }

    deinit { rl_baseline_destroy(animation) }

    /// Renders the next frame at the player's size into its buffer.
    func renderNextFrame() {
        let frame = next
        next = (next + 1) % frameCount
        buffer.withUnsafeMutableBufferPointer { pixels in
            rl_baseline_render(animation, frame, pixels.baseAddress, width, height, width * 4)
        }
    }

    /// rlottie's parse of `json` (thread CPU, the median of 10; nil when it does not load).
    static func loadMilliseconds(json: String, folder: URL) -> Double? {
        var samples: [Double] = []
        for _ in 0..<10 {
            let start = BenchClock.threadCPU.now()
            guard let made = rl_baseline_load(json, folder.path + "/") else { return nil }
            samples.append(BenchClock.threadCPU.now() - start)
            rl_baseline_destroy(made)
        }
        return median(samples) * 1000
    }
}
