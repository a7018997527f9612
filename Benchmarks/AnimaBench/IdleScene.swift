import Anima
import Foundation
import Glibc

/// Scene 7 "idle": the CPU a display uses while nothing animates, over 5 s (2 s with `--quick`).
///
/// N static layers are committed and drawn once; then a 60 Hz loop runs as a window's would: each tick asks the
/// pipeline whether a frame is needed (`needsFrame`), makes one only if so, and sleeps until the next tick.
/// Nothing changes, so no frame should be evaluated. The total is process CPU time from `getrusage` (user +
/// system, all threads); the per-tick median and p95 are process CPU time of the tick's work, sleep excluded.
/// Target: ≈ 0.
///
/// (This measures the pipeline's idle loop with a `HeadlessDisplay`; the SDL window's own loop takes its place once
/// `AppWindow` exists.)
enum IdleScene {
    @MainActor static let scene = BenchScene(name: "idle", sizes: [1_000, 10_000]) { n, _ in
        let seconds: Double = BenchSettings.isQuick ? 2 : 5
        let interval = 1.0 / 60.0
        let display = HeadlessDisplay(width: 1000, height: 1000)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<n {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: Double(i % 100) * 10 + 5, y: Double(i / 100 % 100) * 10 + 5)
            layer.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
            display.rootLayer.addSublayer(layer)
        }
        CATransaction.commit()
        display.advance(by: 0)
        let evaluatedBefore = display.pipeline.evaluatedFrameCount

        var samples: [Double] = []
        let cpu0 = rusageCPUSeconds()
        let start = monotonicSeconds()
        var tick = 0
        while monotonicSeconds() - start < seconds {
            let work0 = BenchClock.processCPU.now()
            if display.pipeline.needsFrame {
                display.pipeline.renderFrame(at: display.time + Double(tick) * interval)
            }
            samples.append(BenchClock.processCPU.now() - work0)
            tick += 1
            sleepUntil(start + Double(tick) * interval)
        }
        let wall = monotonicSeconds() - start
        let cpu = rusageCPUSeconds() - cpu0
        let evaluated = display.pipeline.evaluatedFrameCount - evaluatedBefore
        let (median, p95) = percentiles(samples)
        return [BenchResult(scene: "idle (nothing animating, 60 Hz loop)", n: n, medianMs: median, p95Ms: p95, clock: .processCPU,
                            metrics: ["cpuMs": cpu * 1000, "seconds": wall, "cpuPercent": cpu / wall * 100,
                                      "ticks": Double(tick), "framesEvaluated": Double(evaluated)],
                            extra: String(format: "%.1f ms CPU in %.0f s (%.2f %% of a core); %d ticks, %d frames evaluated; target ≈ 0",
                                          cpu * 1000, wall, cpu / wall * 100, tick, evaluated))]
    }

    /// User + system CPU time of the whole process, from `getrusage`.
    static func rusageCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Sleeps until monotonic time `deadline` (returns at once when it has passed).
    static func sleepUntil(_ deadline: Double) {
        var ts = timespec(tv_sec: Int(deadline), tv_nsec: Int((deadline - floor(deadline)) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
