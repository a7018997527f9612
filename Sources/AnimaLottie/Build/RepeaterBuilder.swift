import Foundation
import AnimaCore
import AnimaGraphics

/// Builds a repeater's copies: copy `k` (counting the offset) is scaled `s^k` and turned `k · r` about
/// the anchor, then moved `k · p`; opacity goes from the start to the end value across the copies.
/// Values are taken at the first frame (an animated repeater is reported).
@MainActor
struct RepeaterBuilder {
    let context: BuildContext
    let layerName: String

    func build(_ repeater: RepeaterModel, into parent: CALayer, contents: (CALayer, Int) -> Void) {
        let t = repeater.transform
        let animated = [repeater.copies, repeater.offset, t.anchor, t.scale, t.rotation, t.opacity,
                        repeater.startOpacity, repeater.endOpacity].contains(where: \.isAnimated)
            || (t.position?.isAnimated ?? false)
        if animated { context.unsupported("an animated repeater (its first values are used)", layer: layerName) }
        let count = max(0, min(1000, Int(repeater.copies.scalar(atFrame: 0).rounded())))
        guard count > 0 else { return }
        let offset = repeater.offset.scalar(atFrame: 0)
        let p = CGPoint(lottie: t.position?.initialValue ?? [0, 0]), a = CGPoint(lottie: t.anchor.initialValue)
        let s = t.scale.initialValue, r = t.rotation.scalar(atFrame: 0) * .pi / 180
        let so = repeater.startOpacity.scalar(atFrame: 0) / 100, eo = repeater.endOpacity.scalar(atFrame: 0) / 100
        let order = repeater.composite == 2 ? Array((0..<count).reversed()) : Array(0..<count)
        for copy in order {
            let k = Double(copy) + offset
            let sx = pow((s.first ?? 100) / 100, k), sy = pow((s.count > 1 ? s[1] : 100) / 100, k)
            // Row vectors: about the anchor, scale then turn, then move.
            var m = CATransform3DMakeTranslation(-a.x, -a.y, 0)
            m = m * CATransform3DMakeScale(CGFloat(sx), CGFloat(sy), 1)
            m = m * CATransform3DMakeRotation(CGFloat(r * k), 0, 0, 1)
            m = m * CATransform3DMakeTranslation(a.x + p.x * k, a.y + p.y * k, 0)
            let host = CALayer.lottieContainer(name: "\(layerName) copy \(copy)")
            host.transform = m
            host.opacity = Float(max(0, min(1, count > 1 ? so + (eo - so) * Double(copy) / Double(count - 1) : so)))
            parent.addSublayer(host)
            contents(host, copy)
        }
    }
}
