import Foundation
import AnimaCore
import AnimaGraphics

/// Builds a repeater's copies: copy `k` (counting the offset) is scaled `s^k` and turned `k · r` about
/// the anchor, then moved `k · p`; opacity goes from the start to the end value across the copies.
///
/// ```
/// copies 3, p (10, 0), so 100 %, eo 50 %      copy 0 ■ at 0, 100 %   copy 1 ■ at 10, 75 %   copy 2 ■ at 20, 50 %
/// ```
/// An animated repeater is played: each copy's transform and opacity are sampled every frame of the file (a
/// transform made from `k` turns cannot be blended between keyframes by decomposition), and a copy beyond the
/// current number of copies is transparent — as many copies are built as the most the file asks for.
@MainActor
struct RepeaterBuilder {
    let context: BuildContext
    let layerName: String

    /// The most copies built for one repeater (a file asking for more gets this many, reported).
    static let largestCopyCount = 1000

    func build(_ repeater: RepeaterModel, into parent: CALayer, contents: (CALayer, Int) -> Void) {
        let t = repeater.transform
        let most = repeater.copies.keyframes.map { Self.copyCount($0.value.first ?? 0) }.max() ?? 0
        if repeater.copies.keyframes.contains(where: { ($0.value.first ?? 0).rounded() > Double(Self.largestCopyCount) }) {
            context.report("\(context.animation.source): layer '\(layerName)': a repeater asks for more than \(Self.largestCopyCount) copies; \(Self.largestCopyCount) are drawn")
        }
        guard most > 0 else { return }
        let placement = [repeater.offset, t.anchor, t.scale, t.rotation] + [t.position, t.positionX, t.positionY].compactMap { $0 }
        let fading = [repeater.copies, repeater.startOpacity, repeater.endOpacity]
        let order = repeater.composite == 2 ? Array((0..<most).reversed()) : Array(0..<most)
        for copy in order {
            let host = CALayer.lottieContainer(name: "\(layerName) copy \(copy)")
            context.animations.bindSampled(placement, to: host, keyPath: "transform") { frame in
                Self.transform(of: copy, in: repeater, atFrame: frame)
            }
            context.animations.bindSampled(fading, to: host, keyPath: "opacity") { frame in
                Self.opacity(of: copy, in: repeater, atFrame: frame)
            }
            parent.addSublayer(host)
            contents(host, copy)
        }
    }

    /// The number of copies a `copies` value asks for (rounded; 0 for a negative or non-finite one).
    private static func copyCount(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(0, min(Double(largestCopyCount), value.rounded())))
    }

    /// Copy `copy`'s transform at `frame`: about the anchor, scaled `s^k`, turned `k · r`, then moved `k · p`.
    private static func transform(of copy: Int, in repeater: RepeaterModel, atFrame frame: Double) -> CATransform3D {
        let t = repeater.transform
        let k = Double(copy) + repeater.offset.scalar(atFrame: frame)
        let a = CGPoint(lottie: t.anchor.value(atFrame: frame))
        let p = t.position.map { CGPoint(lottie: $0.value(atFrame: frame)) }
            ?? CGPoint(x: t.positionX?.scalar(atFrame: frame) ?? 0, y: t.positionY?.scalar(atFrame: frame) ?? 0)
        let s = t.scale.value(atFrame: frame), r = t.rotation.scalar(atFrame: frame) * .pi / 180
        let sx = pow((s.first ?? 100) / 100, k), sy = pow((s.count > 1 ? s[1] : 100) / 100, k)
        // Row vectors: about the anchor, scale then turn, then move.
        var m = CATransform3DMakeTranslation(-a.x, -a.y, 0)
        m = m * CATransform3DMakeScale(CGFloat(sx), CGFloat(sy), 1)
        m = m * CATransform3DMakeRotation(CGFloat(r * k), 0, 0, 1)
        m = m * CATransform3DMakeTranslation(a.x + p.x * k, a.y + p.y * k, 0)
        return m
    }

    /// Copy `copy`'s opacity at `frame`: from the start opacity (the first copy) to the end one (the last of the
    /// copies there are at `frame`); 0 for a copy beyond them.
    private static func opacity(of copy: Int, in repeater: RepeaterModel, atFrame frame: Double) -> Float {
        let count = copyCount(repeater.copies.scalar(atFrame: frame))
        guard copy < count else { return 0 }
        let so = repeater.startOpacity.scalar(atFrame: frame) / 100, eo = repeater.endOpacity.scalar(atFrame: frame) / 100
        let value = count > 1 ? so + (eo - so) * Double(copy) / Double(count - 1) : so
        return Float(max(0, min(1, value.isFinite ? value : 1)))
    }
}
