import Anima
import Foundation
import Glibc

/// Scene 6 "memory": the resident memory a layer and an animation cost, at N layers.
///
/// Step 1 builds N 10×10 layers with a background colour under a fresh display, commits them and makes one frame
/// (so the render tree exists): RSS delta / N is the cost of a layer. Step 2 adds one repeating
/// `CABasicAnimation` (position) to each and makes a frame: RSS delta / N is the cost of an animation. Freed memory
/// is handed back to the system first (`malloc_trim`), so earlier scenes' leftovers do not hide new pages, and
/// glibc's mmap threshold is fixed, so that where allocations land does not depend on what was freed before.
/// Build times are wall time. Target: ≤ 1 KB per layer.
enum MemoryScene {
    @MainActor static let scene = BenchScene(name: "memory", sizes: [20_000, 100_000]) { n, _ in
        let display = HeadlessDisplay(width: 1000, height: 1000)  // releases the previous scene's display first
        display.advance(by: 0)
        let color = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        var layers: [CALayer] = []
        layers.reserveCapacity(n)  // before the first reading: the bench's own list is not a layer's cost
        fixMmapThreshold()
        trimHeap()
        let rss0 = allocatedBytes()
        let buildStart = monotonicSeconds()
        addLayerGrid(count: n, color: color, to: display.rootLayer) { layers.append($0) }
        display.advance(by: 1.0 / 60.0)
        let buildSeconds = monotonicSeconds() - buildStart
        let rss1 = allocatedBytes()

        let animateStart = monotonicSeconds()
        for layer in layers {
            let move = CABasicAnimation(keyPath: "position")
            move.toValue = CGPoint(x: 500, y: 500)
            move.duration = 2
            move.repeatCount = .infinity
            layer.add(move, forKey: "move")
        }
        display.advance(by: 1.0 / 60.0)
        let animateSeconds = monotonicSeconds() - animateStart
        let rss2 = allocatedBytes()

        let perLayer = Double(rss1 - rss0) / Double(n)
        let perAnimation = Double(rss2 - rss1) / Double(n)
        let checked = display.renderTree.nodes.count  // keeps the tree (and so the layers) alive to here
        return [
            BenchResult(scene: "memory: layers, no animations", n: n, medianMs: nil, p95Ms: nil,
                        metrics: ["bytesPerLayer": perLayer, "buildMs": buildSeconds * 1000],
                        extra: String(format: "%.0f bytes RSS/layer; build + commit + first frame %.0f ms; target ≤ 1 KB/layer",
                                      perLayer, buildSeconds * 1000)),
            BenchResult(scene: "memory: + 1 basic animation each", n: n, medianMs: nil, p95Ms: nil,
                        metrics: ["bytesPerAnimation": perAnimation, "addMs": animateSeconds * 1000, "renderNodes": Double(checked)],
                        extra: String(format: "%.0f bytes RSS/animation; add + commit + frame %.0f ms",
                                      perAnimation, animateSeconds * 1000)),
        ]
    }
}
