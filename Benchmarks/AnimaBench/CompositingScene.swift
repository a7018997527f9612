import Anima
import AnimaBenchBaselines
import Foundation

/// Scene 3 "compositing": N textured 40×40 image layers (10 shared images in runs of 50 layers, every fourth
/// layer rotated) drawn by the `Compositor` into a 1024×768 offscreen target, next to `RawGeometryScene` drawing
/// the same quads with the same images through bare `SDL_RenderGeometry` calls. Both end by reading one pixel
/// back, so the frame is really drawn. The render tree is built once: this measures compositing only.
///
/// Clock: process CPU time, which counts Mesa llvmpipe's rasterizer threads as well as this one and leaves out
/// time spent preempted by other processes. Target: ours ≤ 1.25 × raw. The notes add the submit half of the frame
/// alone (thread CPU time until the draws are queued, before SDL hands them to GL): the compositor's own overhead,
/// which is what would remain on the CPU with a real GPU.
enum CompositingScene {
    @MainActor static let scene = BenchScene(name: "compositing", sizes: [1_000, 5_000]) { n, frames in
        let images = ImageField.makeImages()
        let sprites = ImageField.sprites(count: n, rotatesSome: true)
        let display = HeadlessDisplay(width: ImageField.width, height: ImageField.height)
        _ = ImageField.addLayers(sprites, images: images, to: display)
        display.advance(by: 0)
        let tree = display.renderTree
        do {
            let offscreen = try OffscreenRenderer(width: ImageField.width, height: ImageField.height)
            let raw = try RawGeometryScene(renderer: offscreen.renderer, width: ImageField.width, height: ImageField.height,
                                           sprites: ImageField.rawSprites(sprites, images: images))
            // Each frame: submit (the compositor's or the loop's own CPU work; SDL only queues the draws), then wait
            // (SDL sends the batch to GL, Mesa transforms and rasterizes, one pixel is read back).
            var submitOurs: [Double] = [], submitRaw: [Double] = []
            func timed(_ body: () throws -> Void, into samples: inout [Double]) rethrows {
                let start = BenchClock.threadCPU.now()
                try body()
                samples.append(BenchClock.threadCPU.now() - start)
            }
            let samples = try interleavedSamples(rounds: BenchSettings.rounds, framesPerRound: max(1, frames / BenchSettings.rounds),
                                                 clock: .processCPU,
                                                 ours: { try timed({ try offscreen.submit(tree) }, into: &submitOurs)
                                                         try offscreen.waitUntilDrawn() },
                                                 baseline: { try timed({ try raw.submit() }, into: &submitRaw)
                                                             try raw.waitUntilDrawn() })
            let a = percentiles(submitOurs).median, b = percentiles(submitRaw).median
            var rows = comparisonRows(scene: "compositing (Compositor, 40×40 images)", baselineName: "raw SDL_RenderGeometry",
                                      n: n, clock: .processCPU, samples: samples, target: "≤ 1.25× raw",
                                      oursExtra: String(format: "submit alone (thread CPU) %.3f ms, %.2f× raw's; %d texture uploads",
                                                        a, b > 0 ? a / b : 0, offscreen.compositor.uploadCount),
                                      baselineExtra: String(format: "same quads, textures and batching; submit alone %.3f ms; renderer %@",
                                                            b, offscreen.renderer.name))
            rows[0].metrics["submitMedianMs"] = a
            rows[1].metrics["submitMedianMs"] = b
            return rows
        } catch {
            return [BenchResult(scene: "compositing", n: n, medianMs: nil, p95Ms: nil, extra: "skipped: \(error)")]
        }
    }
}
