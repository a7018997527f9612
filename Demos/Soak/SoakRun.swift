import Anima
import Foundation

/// A long headless run that plays the demos' scripted autoplays and the Lottie corpus in a loop, sampling resident
/// memory and frame cost, to show that neither grows (`anima-demos soak`, `scripts/soak.sh`).
///
/// One cycle plays every demo's autoplay to its end on a fresh headless display (built, played, torn down), then
/// every Lottie file of the corpus for `lottieFrames` frames each (loaded, built, played, torn down). Every
/// `renderEvery`-th frame is also composited by the offscreen renderer (OpenGL), so the compositor's texture caches
/// are part of the soak. Frames are 1/60 s of virtual time; the run itself times its own CPU (thread CPU time of
/// `advance(by:)` calls: one frame's cost), never the frames' time.
@MainActor
final class SoakRun {
    struct Sample: Codable {
        /// Frames made so far.
        var frames: Int
        /// Resident memory (bytes).
        var residentBytes: Int
        /// Main-thread CPU per frame over the frames since the previous sample (milliseconds).
        var frameMilliseconds: Double
    }

    struct Cycle: Codable {
        var index: Int
        var firstFrame: Int
        var frames: Int
        /// Main-thread CPU per frame over the cycle (milliseconds).
        var frameMilliseconds: Double
        /// Resident memory once the cycle has torn everything down and the allocator has returned its free pages
        /// (bytes): the quiet point of the loop, where a leak shows without the noise of whatever a 10 000-frame
        /// sample happens to land in.
        var residentBytesAfter: Int
    }

    let totalFrames: Int
    let sampleEvery: Int
    let lottieFiles: [URL]
    let lottieFrames: Int
    let renderEvery: Int
    /// Print each demo and file with the resident memory after it.
    var isVerbose = false
    private(set) var samples: [Sample] = []
    private(set) var cycles: [Cycle] = []
    private(set) var lottieLoadFailures: Set<String> = []
    private var frames = 0
    private var cpuSinceSample = 0.0
    private var framesSinceSample = 0
    private var offscreen: OffscreenRenderer?
    private let progress: (String) -> Void

    init(totalFrames: Int, sampleEvery: Int, lottieFiles: [URL], lottieFrames: Int, renderEvery: Int,
         progress: @escaping (String) -> Void) {
        self.totalFrames = totalFrames
        self.sampleEvery = max(1, sampleEvery)
        self.lottieFiles = lottieFiles
        self.lottieFrames = max(1, lottieFrames)
        self.renderEvery = renderEvery
        self.progress = progress
    }

    var isDone: Bool { frames >= totalFrames }

    /// Runs cycles until `totalFrames` frames have been made.
    func run() {
        if renderEvery > 0 {
            offscreen = try? OffscreenRenderer(width: Int(DemoCatalog.windowSize.width), height: Int(DemoCatalog.windowSize.height))
            if offscreen == nil { progress("soak: no offscreen renderer; frames are evaluated but not composited") }
        }
        samples.append(Sample(frames: 0, residentBytes: Self.residentBytes(), frameMilliseconds: 0))
        var index = 0
        while !isDone {
            let first = frames
            let cpuBefore = cpuTotal
            runCycle()
            let count = frames - first
            if count > 0 {
                // Freed heap pages go back to the system first, so the figure is what is still in use rather than
                // what the allocator kept after the largest file (a Lottie file can take 2 GB while it plays).
                _ = malloc_trim(0)
                let cycle = Cycle(index: index, firstFrame: first, frames: count,
                                  frameMilliseconds: (cpuTotal - cpuBefore) / Double(count) * 1000,
                                  residentBytesAfter: Self.residentBytes())
                cycles.append(cycle)
                progress(String(format: "soak: cycle %d ended at frame %d: %.1f MB, %.3f ms/frame", index, frames,
                                Double(cycle.residentBytesAfter) / 1_048_576, cycle.frameMilliseconds))
            }
            index += 1
        }
    }

    private var cpuTotal = 0.0

    private func runCycle() {
        for info in DemoCatalog.all where !isDone {
            let session = DemoRunner.headless(info)
            let count = Int((info.autoplaySeconds * 60).rounded())
            for _ in 0..<count where !isDone { frame(session.display) }
            session.display.rootLayer.sublayers?.forEach { $0.removeFromSuperlayer() }
        }
        for url in lottieFiles where !isDone {
            guard let animation = try? LottieAnimation.load(contentsOf: url) else {
                lottieLoadFailures.insert(url.lastPathComponent)
                continue
            }
            let size = DemoCatalog.windowSize
            let display = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
            let view = LottieAnimationView(animation: animation)
            view.frame = CGRect(origin: .zero, size: size)
            view.loopMode = .loop
            display.rootLayer.addSublayer(view.layer)
            view.play()
            for _ in 0..<lottieFrames where !isDone { frame(display) }
            view.stop()
            view.layer.removeFromSuperlayer()
            if isVerbose { progress(String(format: "soak: %@: %.1f MB", url.lastPathComponent, Double(Self.residentBytes()) / 1_048_576)) }
        }
    }

    /// One frame of `display` (1/60 s), composited when it is its turn, timed, and sampled when due.
    private func frame(_ display: HeadlessDisplay) {
        let start = Self.threadCPUTime()
        display.advance(by: 1.0 / 60.0)
        if renderEvery > 0, frames % renderEvery == 0, let offscreen {
            _ = try? offscreen.render(display.renderTree)
        }
        let spent = Self.threadCPUTime() - start
        cpuTotal += spent
        cpuSinceSample += spent
        framesSinceSample += 1
        frames += 1
        if frames % sampleEvery == 0 {
            let sample = Sample(frames: frames, residentBytes: Self.residentBytes(),
                                frameMilliseconds: cpuSinceSample / Double(framesSinceSample) * 1000)
            samples.append(sample)
            cpuSinceSample = 0
            framesSinceSample = 0
            progress(String(format: "soak: %9d frames  %8.1f MB  %.3f ms/frame", sample.frames,
                            Double(sample.residentBytes) / 1_048_576, sample.frameMilliseconds))
        }
    }

    /// Resident memory of this process in bytes (`/proc/self/statm`).
    nonisolated static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// CPU time of the calling thread in seconds (the tool timing itself; frames never read it).
    nonisolated static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// glibc's `malloc_trim` (not in the Glibc module): returns the heap's free pages to the system.
@_silgen_name("malloc_trim")
private func malloc_trim(_ pad: Int) -> Int32
