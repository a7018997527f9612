import Anima
import Foundation

/// Scene 1 with changes between frames, as a real app makes them (a label, a view moved by a display link, a
/// slider): before each frame, `k` layers change one property each, without actions, in turn `bounds`,
/// `backgroundColor` and `zPosition`. `basic-churn-1` changes one layer per frame, `basic-churn-100` a hundred.
/// A frame is the changes, their commit and the evaluation. Clock: thread CPU time. Frames with changes alternate
/// with frames of the same tree with nothing changed, and the ratio of the two is reported.
///
/// Target (issue 20): ≤ 1.2 × scene 1's unchanging frame at the same size.
enum ChurnScene {
    @MainActor static let one = BenchScene(name: "basic-churn-1", sizes: [10_000]) { n, frames in
        run(n: n, changesPerFrame: 1, frames: frames)
    }

    @MainActor static let hundred = BenchScene(name: "basic-churn-100", sizes: [10_000]) { n, frames in
        run(n: n, changesPerFrame: 100, frames: frames)
    }

    /// The commit of one changed layer in a large tree: the change and `CATransaction.commit()` alone, timed apart
    /// from the frame (target: ≤ 20 µs at 100 000 layers, cost following what changed, not the tree).
    @MainActor static let commitOne = BenchScene(name: "commit-one", sizes: [100_000]) { n, frames in
        run(n: n, changesPerFrame: 1, frames: frames, timesCommitOnly: true)
    }

    /// Each measured frame with changes is followed by a measured frame of the same tree with nothing changed (the
    /// baseline): the ratio of the two is the cost of the changes, with the host's speed and the tree's order
    /// (zPosition changes reorder it) alike on both sides. The row also says the change frame's median, to read
    /// next to `basic`'s.
    @MainActor private static func run(n: Int, changesPerFrame k: Int, frames: Int,
                                       timesCommitOnly: Bool = false) -> [BenchResult] {
        trimHeap()
        let display = BasicAnimationsScene.makeDisplay(n: n, staggered: false).display
        let layers = display.rootLayer.sublayers ?? []
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        var t = display.time, change = 0
        var samples = ABSamples()
        samples.ours.reserveCapacity(frames)
        samples.baseline.reserveCapacity(frames)
        for frame in 0..<(frames + 10) {
            t += 1.0 / 60.0
            let start = BenchClock.threadCPU.now()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for _ in 0..<k {
                // Spread over the tree (a prime stride), the kind of change cycling. Every layer is met once in
                // `layers.count` changes, each time with the next kind; each value differs from the one its
                // layer had, so no change is a no-op however long the scene runs.
                let layer = layers[(change &* 7919) % layers.count]
                let toggle = (change / layers.count / 3) % 2
                switch change % 3 {
                case 0: layer.bounds.size.width = 11 + Double(toggle)
                case 1: layer.backgroundColor = colors[toggle]
                default: layer.zPosition = 1 + Double(toggle)
                }
                change += 1
            }
            CATransaction.commit()
            let committed = BenchClock.threadCPU.now()
            display.pipeline.renderFrame(at: t)
            let end = timesCommitOnly ? committed : BenchClock.threadCPU.now()
            if frame >= 10 { samples.ours.append(end - start) }   // the first frames warm up
            guard !timesCommitOnly else { continue }
            t += 1.0 / 60.0
            let plainStart = BenchClock.threadCPU.now()
            display.pipeline.renderFrame(at: t)
            if frame >= 10 { samples.baseline.append(BenchClock.threadCPU.now() - plainStart) }
        }
        if timesCommitOnly {
            let (median, p95) = percentiles(samples.ours)
            return [BenchResult(scene: "commit of 1 changed layer", n: n, medianMs: median, p95Ms: p95, clock: .threadCPU,
                                metrics: [:], extra: "the change and CATransaction.commit(), not the frame; target ≤ 0.020 ms")]
        }
        return comparisonRows(scene: "basic + \(k) changed layer\(k == 1 ? "" : "s") per frame", baselineName: "the same tree, nothing changed",
                              n: n, clock: .threadCPU, samples: samples, target: "≤ 1.2 × basic at \(n)",
                              oursExtra: "bounds, backgroundColor, zPosition in turn, actions off",
                              baselineExtra: "frames between the changed ones")
    }
}
