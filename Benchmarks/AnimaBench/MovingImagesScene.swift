import Anima
import Foundation

/// Scene 5 "moving-images" (after qmlbench's moving images): N 40×40 image layers, each with an infinite
/// ±10° `transform.rotation.z` animation (autoreversing), rendered as fast as possible for 10 s (2 s with
/// `--quick`) on the offscreen OpenGL renderer. Each frame is evaluation (commit, animations, render tree) plus
/// compositing into a 1024×768 target, ending with a one-pixel readback so the GPU has drawn it. Nothing is
/// presented, so vsync never waits.
///
/// Clock: wall time (throughput: frames rendered in the interval). The split into evaluation and compositing is
/// also wall time, per frame.
enum MovingImagesScene {
    @MainActor static let scene = BenchScene(name: "moving-images", sizes: [500, 2_000, 10_000]) { n, _ in
        let seconds: Double = BenchSettings.isQuick ? 2 : 10
        let images = ImageField.makeImages()
        let sprites = ImageField.sprites(count: n, rotatesSome: false)
        let display = HeadlessDisplay(width: ImageField.width, height: ImageField.height)
        let layers = ImageField.addLayers(sprites, images: images, to: display)
        for (i, layer) in layers.enumerated() {
            let wobble = CABasicAnimation(keyPath: "transform.rotation.z")
            wobble.fromValue = -10 * Double.pi / 180
            wobble.toValue = 10 * Double.pi / 180
            wobble.duration = 1
            wobble.autoreverses = true
            wobble.repeatCount = .infinity
            wobble.timeOffset = Double(i % 20) * 0.05  // not all in step
            layer.add(wobble, forKey: "wobble")
        }
        display.advance(by: 0)
        do {
            let offscreen = try OffscreenRenderer(width: ImageField.width, height: ImageField.height)
            try offscreen.render(display.renderTree)  // uploads the textures
            var evaluation: [Double] = [], compositing: [Double] = [], total: [Double] = []
            let start = monotonicSeconds()
            var now = start
            while now - start < seconds {
                let t0 = now
                let tree = display.pipeline.renderFrame(at: display.time + (t0 - start))
                let t1 = monotonicSeconds()
                try offscreen.render(tree)
                now = monotonicSeconds()
                evaluation.append(t1 - t0)
                compositing.append(now - t1)
                total.append(now - t0)
            }
            let elapsed = now - start
            let frames = total.count
            let (median, p95) = percentiles(total)
            let e = percentiles(evaluation).median, c = percentiles(compositing).median
            return [BenchResult(scene: "moving images (±10° rotation each)", n: n, medianMs: median, p95Ms: p95, clock: .wall,
                                metrics: ["frames": Double(frames), "seconds": elapsed, "msPerFrame": elapsed * 1000 / Double(frames),
                                          "evaluationMedianMs": e, "compositingMedianMs": c],
                                extra: String(format: "%d frames in %.0f s (%.1f fps, %.2f ms/frame); median split: evaluation %.2f ms, compositing %.2f ms",
                                              frames, elapsed, Double(frames) / elapsed, elapsed * 1000 / Double(frames), e, c))]
        } catch {
            return [BenchResult(scene: "moving images", n: n, medianMs: nil, p95Ms: nil, extra: "skipped: \(error)")]
        }
    }
}
