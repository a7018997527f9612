import Anima
import Foundation

/// Scene "keyframe-springs": N layers, each following a two-curve path with a paced, rotateAuto
/// keyframe animation (repeating), plus one repeating spring: on `opacity` for even layers and on
/// `transform.scale` for odd ones. Measures one frame of evaluation + render-tree build, on thread CPU
/// time like scene 1 ("basic"), whose numbers it is meant to be read next to.
enum KeyframeSpringsScene {
    @MainActor static let scene = BenchScene(name: "keyframe-springs", sizes: [2_000, 10_000]) { n, frames in
        trimHeap()   // so memory freed by the previous scene does not hide this one's
        let before = allocatedBytes()
        let buildStart = monotonicSeconds()
        let display = HeadlessDisplay(width: 1000, height: 1000)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<n {
            let origin = CGPoint(x: Double(i % 50) * 18, y: Double(i / 50 % 50) * 18)
            let path = CGMutablePath()
            path.move(to: origin)
            path.addQuadCurve(to: CGPoint(x: origin.x + 50, y: origin.y + 40), control: CGPoint(x: origin.x, y: origin.y + 40))
            path.addQuadCurve(to: CGPoint(x: origin.x + 100, y: origin.y + 80), control: CGPoint(x: origin.x + 100, y: origin.y + 40))
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 6)
            layer.position = origin
            let fly = CAKeyframeAnimation(keyPath: "position")
            fly.path = path
            fly.calculationMode = .paced
            fly.rotationMode = .rotateAuto
            fly.duration = 2 + Double(i % 7) * 0.1
            fly.repeatCount = .infinity
            layer.add(fly, forKey: "fly")
            let spring = CASpringAnimation(keyPath: i % 2 == 0 ? "opacity" : "transform.scale")
            spring.fromValue = i % 2 == 0 ? 0.2 : 0.5
            spring.toValue = 1
            spring.damping = 6 + Double(i % 5)
            spring.duration = spring.settlingDuration
            spring.repeatCount = .infinity
            layer.add(spring, forKey: "spring")
            display.rootLayer.addSublayer(layer)
        }
        CATransaction.commit()
        let buildSeconds = monotonicSeconds() - buildStart
        display.advance(by: 0)
        let bytesPerLayer = Double(allocatedBytes() - before) / Double(n)
        let (median, p95) = percentiles(evaluationFrameTimes(display, frames: frames))
        return [BenchResult(scene: "keyframe path (paced, rotateAuto) + spring", n: n, medianMs: median, p95Ms: p95,
                            clock: .threadCPU, metrics: ["bytesPerLayer": bytesPerLayer, "buildMs": buildSeconds * 1000],
                            extra: String(format: "%.0f bytes RSS/layer incl. 2 animations; tree built in %.0f ms", bytesPerLayer, buildSeconds * 1000))]
    }
}
