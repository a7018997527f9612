import Anima
import Foundation
import Glibc

/// Scene 7 "idle": the CPU an `AppWindow` uses while nothing animates, over 5 s (2 s with `--quick`).
///
/// The window (SDL's offscreen video driver, so no display is needed) shows N static layers; after its first
/// frame is drawn the window's own loop runs for the interval: with no changes, animations, display links or
/// events it draws nothing and sleeps in `SDL_WaitEventTimeout`. The measure is process CPU time from `getrusage`
/// (user + system, all threads, Mesa's included) over the interval. There are no per-frame samples (no frames
/// should be made). Target: ≈ 0.
enum IdleScene {
    @MainActor static let scene = BenchScene(name: "idle", sizes: [1_000, 10_000]) { n, _ in
        let seconds: Double = BenchSettings.isQuick ? 2 : 5
        do {
            try SDLVideo.startHeadless()
            let app = try AppWindow(title: "anima-bench idle", size: CGSize(width: 1000, height: 1000))
            addLayerGrid(count: n, color: CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1), to: app.rootLayer)
            await app.run(for: 0.5)  // commits and draws the first frame
            let evaluated0 = app.pipeline.evaluatedFrameCount, presented0 = app.presentedFrameCount
            let cpu0 = rusageCPUSeconds(), start = monotonicSeconds()
            await app.run(for: seconds)
            let wall = monotonicSeconds() - start, cpu = rusageCPUSeconds() - cpu0
            let evaluated = app.pipeline.evaluatedFrameCount - evaluated0, presented = app.presentedFrameCount - presented0
            app.close()
            return [BenchResult(scene: "idle AppWindow (nothing animating)", n: n, medianMs: nil, p95Ms: nil, clock: .processCPU,
                                metrics: ["cpuMs": cpu * 1000, "seconds": wall, "cpuPercent": cpu / wall * 100,
                                          "framesEvaluated": Double(evaluated), "framesPresented": Double(presented)],
                                extra: String(format: "%.1f ms CPU in %.1f s (%.2f %% of a core); %d frames evaluated, %d presented; target ≈ 0",
                                              cpu * 1000, wall, cpu / wall * 100, evaluated, presented))]
        } catch {
            return [BenchResult(scene: "idle AppWindow", n: n, medianMs: nil, p95Ms: nil, extra: "skipped: \(error)")]
        }
    }

    /// User + system CPU time of the whole process, from `getrusage`.
    static func rusageCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
