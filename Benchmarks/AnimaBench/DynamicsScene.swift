import Anima
import Foundation
import Glibc

/// Scene "dynamics": N boxes under gravity colliding inside the reference bounds. Measures one 1/120-s physics
/// step through `UIDynamicAnimator` (forces, Box2D, write-back, contacts, rest check) next to a hand-written
/// Box2D world of the same bodies stepped directly, in the same run. Target: ours ≤ 1.2 × raw.
/// CPU time of this thread in seconds: steadier than wall time on a busy machine, where preemption would land on
/// whichever of the two worlds happened to be stepping.
private func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

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

    @MainActor static let scene = BenchScene(name: "dynamics", sizes: [500]) { n, frames in
        let centers = RawBox2DScene.gridCenters(count: n, bounds: bounds, boxSize: boxSize, spacing: 4)
        let boxes = centers.map { Box(center: $0, size: boxSize) }
        let animator = UIDynamicAnimator(referenceBounds: bounds)
        let collision = UICollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: boxes))
        animator.addBehavior(collision)
        let raw = RawBox2DScene(count: n, bounds: bounds, boxSize: boxSize)

        // Alternate the two so both see the same machine state; the piles settle similarly in both.
        var ours: [Double] = [], direct: [Double] = []
        for frame in 0..<(frames + 20) {
            let t0 = threadCPUSeconds()
            animator.step(by: step)
            let t1 = threadCPUSeconds()
            raw.step(seconds: step)
            let t2 = threadCPUSeconds()
            if frame >= 20 {
                ours.append(t1 - t0)
                direct.append(t2 - t1)
            }
        }
        let a = percentiles(ours), b = percentiles(direct)
        let ratio = b.median > 0 ? a.median / b.median : 0
        return [
            BenchResult(scene: "dynamics (UIDynamicAnimator)", n: n, medianMs: a.median, p95Ms: a.p95,
                        extra: String(format: "%.2f× raw Box2D (target ≤ 1.2×)", ratio)),
            BenchResult(scene: "dynamics (raw Box2D)", n: n, medianMs: b.median, p95Ms: b.p95,
                        extra: String(format: "checksum %.0f", raw.checksum)),
        ]
    }
}
