import Anima
import Foundation

/// Scene 1: N layers, each with a repeating position animation (easeInEaseOut) and an opacity
/// animation. Measures one frame of commit + evaluation + render-tree build, and bytes per layer.
/// Clock: thread CPU time (the frame is single-threaded; preemption by other processes is not counted).
///
/// The animations are added in one transaction, so all position animations share one timing and all
/// opacity animations another, as when an app animates many layers at once; evaluation reuses equal
/// timing samples and curve solves. `basic-staggered` gives every layer its own begin time, so nothing
/// is reused: the cost when every animation is on its own clock.
///
/// `basic-growth` measures how the cost per layer grows with the tree: N and 10 N layers side by side.
enum BasicAnimationsScene {
    @MainActor static let scene = BenchScene(name: "basic", sizes: [10_000, 100_000]) { n, frames in
        run(n: n, frames: frames, staggered: false)
    }

    @MainActor static let staggered = BenchScene(name: "basic-staggered", sizes: [10_000]) { n, frames in
        run(n: n, frames: frames, staggered: true)
    }

    /// Growth, measured side by side: N and 10 N layers (default 10 000 and 100 000) in one process, their frames
    /// interleaved in rounds (`--rounds`) so that drifts in machine load fall on both. Each side's first frames
    /// after the other side ran are unmeasured, so each measured frame finds the caches as its own previous frame
    /// left them, as in an app that animates one tree. Reports the cost per layer of the large side ÷ the small.
    @MainActor static let growth = BenchScene(name: "basic-growth", sizes: [10_000]) { n, frames in
        let small = makeDisplay(n: n, staggered: false).display
        let large = makeDisplay(n: 10 * n, staggered: false).display
        let rounds = max(2, BenchSettings.rounds)
        var smallTime = small.time, largeTime = large.time
        let samples = interleavedSamples(rounds: rounds, framesPerRound: max(4, frames / rounds) + settleFrames,
                                         warmup: 10, clock: .threadCPU,
                                         ours: { nextFrame(of: large, time: &largeTime) },
                                         baseline: { nextFrame(of: small, time: &smallTime) })
        let settled = ABSamples(ours: droppingSettleFrames(samples.ours, rounds: rounds),
                                baseline: droppingSettleFrames(samples.baseline, rounds: rounds))
        let a = percentiles(settled.ours), b = percentiles(settled.baseline)
        let perLayer = (a.median / Double(10 * n)) / (b.median / Double(n))
        let extra = String(format: "cost per layer %.3f× at %d layers of that at %d (%.4f µs/layer against %.4f)",
                           perLayer, 10 * n, n, a.median * 1000 / Double(10 * n), b.median * 1000 / Double(n))
        return comparisonRows(scene: "basic (position+opacity), \(10 * n) layers", baselineName: "basic, \(n) layers",
                              n: 10 * n, baselineN: n, clock: .threadCPU, samples: settled,
                              target: "per layer ≤ 1.3× (flat with size)", oursExtra: extra,
                              baselineExtra: "same scene, interleaved")
    }

    /// Frames each side runs unmeasured at the start of its block, while the other side's data leaves the caches.
    private static let settleFrames = 2

    /// `samples` without each block's first `settleFrames` (blocks of equal length, `rounds` of them).
    private static func droppingSettleFrames(_ samples: [Double], rounds: Int) -> [Double] {
        let block = samples.count / rounds
        return (0..<rounds).flatMap { samples[($0 * block + settleFrames)..<(($0 + 1) * block)] }
    }

    /// Renders `display`'s next frame, 1/60 s after `time` (which it advances), untimed.
    @MainActor private static func nextFrame(of display: HeadlessDisplay, time: inout Double) {
        time += 1.0 / 60.0
        display.pipeline.renderFrame(at: time)
    }

    @MainActor private static func run(n: Int, frames: Int, staggered: Bool) -> [BenchResult] {
        trimHeap()   // so memory freed by a previous run does not hide this one's
        let before = allocatedBytes()
        let (display, buildSeconds) = makeDisplay(n: n, staggered: staggered)
        let bytesPerLayer = Double(allocatedBytes() - before) / Double(n)
        let (median, p95) = percentiles(evaluationFrameTimes(display, frames: frames))
        let scene = staggered ? "basic, staggered begin times" : "basic (position+opacity)"
        let extra = staggered ? "every layer on its own clock: no timing sample or curve solve is shared"
            : String(format: "%.0f bytes RSS/layer incl. 2 animations; tree built in %.0f ms; target ≤ 0.6 ms at 10 000",
                     bytesPerLayer, buildSeconds * 1000)
        return [BenchResult(scene: scene, n: n, medianMs: median, p95Ms: p95, clock: .threadCPU,
                            metrics: ["bytesPerLayer": bytesPerLayer, "buildMs": buildSeconds * 1000], extra: extra)]
    }

    /// The scene's tree of `n` animated layers, committed and shown once, and how long building it took.
    @MainActor static func makeDisplay(n: Int, staggered: Bool) -> (display: HeadlessDisplay, buildSeconds: Double) {
        let buildStart = monotonicSeconds()
        let display = HeadlessDisplay(width: 1000, height: 1000)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<n {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: Double(i % 100) * 10, y: Double(i / 100 % 100) * 10)
            let move = CABasicAnimation(keyPath: "position")
            move.toValue = CGPoint(x: 500, y: 500)
            move.duration = 2
            move.repeatCount = .infinity
            move.autoreverses = true
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            if staggered { move.beginTime = -Double(i) * 1e-4 }   // each layer on its own clock
            layer.add(move, forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.2
            fade.duration = 1.5
            fade.repeatCount = .infinity
            if staggered { fade.beginTime = -Double(i) * 1e-4 - 0.5e-4 }
            layer.add(fade, forKey: "fade")
            display.rootLayer.addSublayer(layer)
        }
        CATransaction.commit()
        let buildSeconds = monotonicSeconds() - buildStart
        display.advance(by: 0)
        return (display, buildSeconds)
    }
}
