import Anima
import Foundation
import Glibc

/// One measured row of the results table.
///
/// `medianMs`/`p95Ms` are per-frame costs in milliseconds on `clock`; nil for rows that measure no frames
/// (memory). `ratio` is this row's median over `baseline`'s median, measured in the same run. `metrics` holds
/// the row's other numbers for tooling (bytes per layer, frames rendered…), and `extra` says them in words.
struct BenchResult: Codable {
    var scene: String
    var n: Int
    var medianMs: Double?
    var p95Ms: Double?
    var clock: BenchClock?
    var baseline: String?
    var ratio: Double?
    var metrics: [String: Double] = [:]
    var extra: String = ""

    init(scene: String, n: Int, medianMs: Double?, p95Ms: Double?, clock: BenchClock? = nil,
         baseline: String? = nil, ratio: Double? = nil, metrics: [String: Double] = [:], extra: String = "") {
        self.scene = scene
        self.n = n
        self.medianMs = medianMs
        self.p95Ms = p95Ms
        self.clock = clock
        self.baseline = baseline
        self.ratio = ratio
        self.metrics = metrics
        self.extra = extra
    }

    static func table(_ rows: [BenchResult]) -> String {
        func ms(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "–" }
        var lines = ["| scene | N | median ms/frame | p95 ms/frame | vs baseline | clock | notes |",
                     "|---|---:|---:|---:|---|---|---|"]
        for r in rows {
            let vs = r.ratio.map { String(format: "%.2f× %@", $0, r.baseline ?? "baseline") } ?? ""
            lines.append("| \(r.scene) | \(r.n) | \(ms(r.medianMs)) | \(ms(r.p95Ms)) | \(vs) | \(r.clock?.rawValue ?? "") | \(r.extra) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The rows as JSON (keys sorted, so the output does not depend on hash order).
    static func json(_ rows: [BenchResult]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(rows)
    }
}

/// Run-wide settings from the command line (set once before the scenes run).
@MainActor
enum BenchSettings {
    /// Shorter timed scenes (2 s instead of 5–10 s) for a quick look.
    static var isQuick = false
    /// Rounds of interleaved A/B measurement for scenes with a baseline.
    static var rounds = 5
}

/// Which clock a scene's samples were taken on.
///
/// Thread CPU time suits single-threaded CPU-bound work on a busy machine: time the thread spends preempted by
/// other processes is not counted, so it does not land on whichever side of an A/B happened to be running.
/// Process CPU time also counts helper threads (Mesa llvmpipe rasterizes on its own threads). Wall time is for
/// throughput ("frames in 10 s").
enum BenchClock: String, Codable {
    case threadCPU = "thread CPU"
    case processCPU = "process CPU"
    case wall = "wall"

    /// The clock's current reading in seconds.
    func now() -> Double {
        let id: clockid_t
        switch self {
        case .threadCPU: id = CLOCK_THREAD_CPUTIME_ID
        case .processCPU: id = CLOCK_PROCESS_CPUTIME_ID
        case .wall: id = CLOCK_MONOTONIC
        }
        var ts = timespec()
        clock_gettime(id, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Monotonic wall time in seconds (benchmarks are the one place outside AnimaSDL that reads a clock).
func monotonicSeconds() -> Double { BenchClock.wall.now() }

/// The process's resident memory in bytes (from /proc/self/statm).
func allocatedBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Hands freed heap memory back to the system (glibc's `malloc_trim(0)`, looked up at run time because Swift's
/// Glibc module leaves out `malloc.h`), so RSS deltas measured next are not hidden by reused free pages.
func trimHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// Fixes glibc's mmap threshold at 128 KiB, its starting value (`mallopt(M_MMAP_THRESHOLD, …)`, looked up at run time
/// like `malloc_trim`). Left alone, glibc raises the threshold each time a mapped block is freed, so whether later
/// allocations get fresh pages or reuse the heap — and so an RSS delta — depended on what the process freed before:
/// the per-animation figure read 346 or 527 bytes with nothing changed but the size of blocks freed earlier.
func fixMmapThreshold() {
    typealias SetOption = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: SetOption.self)(-3 /* M_MMAP_THRESHOLD */, 128 * 1024)
}

/// The median of `values` (the upper one of the middle two for an even count; 0 when empty).
func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? 0 : s[s.count / 2]
}

/// Median and 95th percentile of samples in seconds, returned in milliseconds.
func percentiles(_ samples: [Double]) -> (median: Double, p95: Double) {
    let s = samples.sorted()
    guard !s.isEmpty else { return (0, 0) }
    let median = s[s.count / 2]
    let p95 = s[min(s.count - 1, Int(Double(s.count) * 0.95))]
    return (median * 1000, p95 * 1000)
}

/// Per-frame samples of a scene and its baseline, in seconds.
struct ABSamples {
    var ours: [Double] = [], baseline: [Double] = []
}

/// Per-frame samples of a scene and its baseline, taken interleaved: `rounds` rounds, each running
/// `framesPerRound` frames of one side then of the other, the side going first alternating (ours, raw, raw,
/// ours, …) so slow drifts in machine load fall on both. Each side first runs `warmup` unmeasured frames.
@MainActor
func interleavedSamples(rounds: Int, framesPerRound: Int, warmup: Int = 10, clock: BenchClock,
                        ours: () throws -> Void, baseline: () throws -> Void) rethrows -> ABSamples {
    for _ in 0..<warmup { try ours(); try baseline() }
    var samples = ABSamples()
    samples.ours.reserveCapacity(rounds * framesPerRound)
    samples.baseline.reserveCapacity(rounds * framesPerRound)
    func measure(_ body: () throws -> Void, into list: inout [Double]) rethrows {
        for _ in 0..<framesPerRound {
            let start = clock.now()
            try body()
            list.append(clock.now() - start)
        }
    }
    for round in 0..<max(1, rounds) {
        if round % 2 == 0 {
            try measure(ours, into: &samples.ours)
            try measure(baseline, into: &samples.baseline)
        } else {
            try measure(baseline, into: &samples.baseline)
            try measure(ours, into: &samples.ours)
        }
    }
    return samples
}

/// Per-frame samples of several sides, taken interleaved as the two-sided `interleavedSamples` takes them: in each of
/// `rounds` rounds every side runs `framesPerRound` frames, the order rotating from round to round (a b c, b c a,
/// c a b, …). Each side first runs `warmup` unmeasured frames, so every side's sample `i` is the same frame. One list
/// per side, in `sides`' order.
@MainActor
func interleavedSamples(rounds: Int, framesPerRound: Int, warmup: Int = 10, clock: BenchClock,
                        sides: [() throws -> Void]) throws -> [[Double]] {
    for _ in 0..<warmup { for side in sides { try side() } }
    var samples = [[Double]](repeating: [], count: sides.count)
    for round in 0..<max(1, rounds) {
        for k in 0..<sides.count {
            let s = (round + k) % sides.count
            for _ in 0..<framesPerRound {
                let start = clock.now()
                try sides[s]()
                samples[s].append(clock.now() - start)
            }
        }
    }
    return samples
}

/// The two rows of an A/B comparison: ours with its ratio to the baseline, then the baseline.
///
/// The ratio is the median over frames of ours ÷ baseline for the same frame index, which is the same point of
/// the run on both sides (the same physics step, the same round). Unlike the ratio of the two medians it holds
/// when the per-frame cost drifts during the run (a pile of boxes gets dearer as contacts form) and a small
/// shift in when it drifts would move either median a lot.
func comparisonRows(scene: String, baselineName: String, n: Int, baselineN: Int? = nil, clock: BenchClock,
                    samples: ABSamples, target: String, oursExtra: String = "", baselineExtra: String = "") -> [BenchResult] {
    let a = percentiles(samples.ours), b = percentiles(samples.baseline)
    let paired = zip(samples.ours, samples.baseline).compactMap { $1 > 0 ? $0 / $1 : nil }
    let ratio = median(paired)
    let notes = [oursExtra, "target \(target)", "\(samples.ours.count) samples per side, interleaved"]
    return [
        BenchResult(scene: scene, n: n, medianMs: a.median, p95Ms: a.p95, clock: clock, baseline: baselineName,
                    ratio: ratio, extra: notes.filter { !$0.isEmpty }.joined(separator: "; ")),
        BenchResult(scene: baselineName, n: baselineN ?? n, medianMs: b.median, p95Ms: b.p95, clock: clock, extra: baselineExtra),
    ]
}

/// A benchmark scene run at a few sizes.
struct BenchScene {
    var name: String
    var sizes: [Int]
    /// Runs the scene at size `n`; async so a scene can run a window's own loop (synchronous closures fit too).
    var run: @MainActor (_ n: Int, _ frames: Int) async -> [BenchResult]
}

enum BenchScenes {
    /// Every scene, in the README's order.
    @MainActor static let all: [BenchScene] = [
        BasicAnimationsScene.scene,
        BasicAnimationsScene.staggered,
        BasicAnimationsScene.growth,
        ChurnScene.one,
        ChurnScene.hundred,
        ChurnScene.commitOne,
        KeyframeSpringsScene.scene,
        CompositingScene.scene,
        DynamicsScene.scene,
        MovingImagesScene.scene,
        MemoryScene.scene,
        IdleScene.scene,
        LottieScene.scene,
    ]
}

/// The thread-CPU cost of `frames` frames of `display`'s pipeline at 60 per second (commit, evaluation and
/// render tree; no drawing), in seconds.
@MainActor
func evaluationFrameTimes(_ display: HeadlessDisplay, frames: Int) -> [Double] {
    var samples: [Double] = []
    samples.reserveCapacity(frames)
    var t = display.time
    for _ in 0..<frames {
        t += 1.0 / 60.0
        let start = BenchClock.threadCPU.now()
        display.pipeline.renderFrame(at: t)
        samples.append(BenchClock.threadCPU.now() - start)
    }
    return samples
}

/// Adds `n` static 10 × 10 layers of `color` under `root`, in one transaction without actions, on a 100 × 100
/// grid at a 10-point pitch (layer i in column i % 100, row i / 100 % 100, so past 10 000 they stack), handing
/// each to `body` as it is added.
@MainActor
func addLayerGrid(count n: Int, color: CGColor, to root: CALayer, _ body: (CALayer) -> Void = { _ in }) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for i in 0..<n {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: Double(i % 100) * 10 + 5, y: Double(i / 100 % 100) * 10 + 5)
        layer.backgroundColor = color
        root.addSublayer(layer)
        body(layer)
    }
    CATransaction.commit()
}
