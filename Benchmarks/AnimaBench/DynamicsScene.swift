import Anima
import AnimaBenchBaselines
import Foundation
import Glibc

/// Scene "dynamics": N boxes under gravity colliding inside the reference bounds. Measures one 1/120-s physics
/// step through `UIDynamicAnimator` (forces, Box2D, write-back, contacts, rest check) next to a hand-written
/// Box2D world of the same bodies stepped directly, in the same run. Target: ours ≤ 1.2 × raw.
/// Clock: thread CPU time (both worlds step on this thread; preemption by other processes is not counted).
enum DynamicsScene {
    /// A bare dynamic item.
    @MainActor
    final class Box: UIDynamicItem {
        var center: CGPoint
        var bounds: CGRect
        var transform = CGAffineTransform.identity
        init(center: CGPoint, size: CGSize) {
            self.center = center
            self.bounds = CGRect(origin: .zero, size: size)
        }
    }

    static let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
    static let boxSize = CGSize(width: 20, height: 20)
    static let step = 1.0 / 120.0

    @MainActor static let scene = BenchScene(name: "dynamics", sizes: [500, 1_000]) { n, frames in
        let centers = RawBox2DScene.gridCenters(count: n, bounds: bounds, boxSize: boxSize, spacing: 4)
        let boxes = centers.map { Box(center: $0, size: boxSize) }
        let animator = UIDynamicAnimator(referenceBounds: bounds)
        let collision = UICollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: boxes))
        animator.addBehavior(collision)
        let raw = RawBox2DScene(count: n, bounds: bounds, boxSize: boxSize)

        // Both worlds advance only when measured, so in every round both hold piles at the same stage.
        let samples = interleavedSamples(rounds: BenchSettings.rounds, framesPerRound: max(1, frames / BenchSettings.rounds),
                                         warmup: 20, clock: .threadCPU,
                                         ours: { animator.step(by: step) }, baseline: { raw.step(seconds: step) })
        return comparisonRows(scene: "dynamics (UIDynamicAnimator)", baselineName: "raw Box2D", n: n, clock: .threadCPU,
                              samples: samples, target: "≤ 1.2× raw",
                              baselineExtra: String(format: "checksum %.0f", raw.checksum))
    }
}
