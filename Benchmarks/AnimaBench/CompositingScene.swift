import Anima
import Foundation

/// Scene 3 "compositing": N textured 40×40 image layers (10 shared images in runs of 50 layers, every fourth
/// layer rotated) drawn by the `Compositor` into a 1024×768 offscreen target, next to `RawGeometryScene` drawing
/// the same quads with the same images through bare `SDL_RenderGeometry` calls. Both end by reading one pixel
/// back, so the frame is really drawn. The render tree is built once: this measures compositing only.
///
/// Clock: process CPU time, which counts Mesa llvmpipe's rasterizer threads as well as this one and leaves out
/// time spent preempted by other processes. Target: ours ≤ 1.25 × raw.
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
            let samples = try interleavedSamples(rounds: BenchSettings.rounds, framesPerRound: max(1, frames / BenchSettings.rounds),
                                                 clock: .processCPU,
                                                 ours: { try offscreen.render(tree) }, baseline: { try raw.render() })
            return comparisonRows(scene: "compositing (Compositor, 40×40 images)", baselineName: "raw SDL_RenderGeometry",
                                  n: n, clock: .processCPU, samples: samples, target: "≤ 1.25× raw",
                                  oursExtra: "\(offscreen.compositor.uploadCount) texture uploads",
                                  baselineExtra: "same quads, textures and batching; renderer \(offscreen.renderer.name)")
        } catch {
            return [BenchResult(scene: "compositing", n: n, medianMs: nil, p95Ms: nil, extra: "skipped: \(error)")]
        }
    }
}
