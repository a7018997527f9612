import Foundation
import AnimaCore
import AnimaGraphics

/// After Effects' auto-orient: the layer turns so that its x axis points the way its position travels.
///
/// The direction at a frame is the tangent of the position's path there — for one point property, the derivative
/// of the segment's Bézier (`p0`, `p0 + out`, `p3 + in`, `p3`) at the parameter its easing gives, which stays
/// defined where an ease stops the motion; for separate x and y, the two values' rates of change. Where the path
/// gives no direction (a hold, a segment that does not move) the layer keeps the direction it had; before the
/// first keyframe and after the last it keeps the path's first and last directions. The angle is sampled every
/// frame into `transform.rotation.z` of a layer of its own (``TransformLayers``), each sample unwrapped to the
/// previous one so that blending between them turns the short way:
/// ```
///   ●──────▶ 0°          ●         90° (y points down, as in the file)
///                        │
///                        ▼
/// ```
/// lottie-ios's Core Animation engine leaves auto-orient out (Apple's renders show such layers unturned).
@MainActor
enum AutoOrient {
    /// Whether the transform's position moves at all (a still layer has no direction and is not turned).
    static func moves(_ transform: TransformModel) -> Bool {
        if let position = transform.position { return position.isAnimated }
        return transform.positionX?.isAnimated == true || transform.positionY?.isAnimated == true
    }

    /// Samples the direction of `transform`'s position into `layer`'s `transform.rotation.z`.
    static func bind(_ transform: TransformModel, to layer: CALayer, animations: KeyframeAnimations) {
        let inputs = [transform.position, transform.positionX, transform.positionY].compactMap { $0 }
        let track = AngleTrack(first: firstDirection(of: transform))
        animations.bindSampled(inputs, to: layer, keyPath: "transform.rotation.z") { frame in
            CGFloat(track.next(direction(of: transform, atFrame: frame)))
        }
    }

    /// The direction of travel at `frame`, radians clockwise from +x (nil where the path gives none).
    static func direction(of transform: TransformModel, atFrame frame: Double) -> Double? {
        if let position = transform.position { return tangent(of: position, atFrame: frame) }
        let x = transform.positionX ?? Animated([0]), y = transform.positionY ?? Animated([0])
        let h = 0.01
        let after = (x.scalar(atFrame: frame + h), y.scalar(atFrame: frame + h))
        let d = (after.0 - x.scalar(atFrame: frame - h), after.1 - y.scalar(atFrame: frame - h))
        if d.0 != 0 || d.1 != 0 { return atan2(d.1, d.0) }
        // Where the motion starts at this frame, the difference across it may cancel: look ahead alone.
        let ahead = (after.0 - x.scalar(atFrame: frame), after.1 - y.scalar(atFrame: frame))
        return ahead.0 != 0 || ahead.1 != 0 ? atan2(ahead.1, ahead.0) : nil
    }

    /// The tangent of a point property's path at `frame`, clamped to its first and last segments.
    private static func tangent(of position: Animated<[Double]>, atFrame frame: Double) -> Double? {
        let k = position.keyframes
        guard k.count > 1 else { return nil }
        var i = 0
        while i + 2 < k.count, k[i + 1].frame <= frame { i += 1 }
        let a = k[i], b = k[i + 1]
        guard !a.isHold, b.frame > a.frame else { return nil }
        let u = max(0, min(1, (frame - a.frame) / (b.frame - a.frame)))
        let t = a.easing == nil ? u : a.timingFunction.evaluate(at: u)
        let p0 = CGPoint(lottie: a.value), p3 = CGPoint(lottie: b.value)
        let (out, inn) = a.spatialTangents ?? (.zero, .zero)
        let p1 = p0 + out, p2 = p3 + inn
        let m = 1 - t
        let d = CGPoint(x: 3 * m * m * (p1.x - p0.x) + 6 * m * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x),
                        y: 3 * m * m * (p1.y - p0.y) + 6 * m * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y))
        if hypot(d.x, d.y) > 1e-9 { return atan2(d.y, d.x) }
        let chord = CGPoint(x: p3.x - p0.x, y: p3.y - p0.y)
        return hypot(chord.x, chord.y) > 1e-9 ? atan2(chord.y, chord.x) : nil
    }

    /// The first direction the path gives (the layer's direction before it moves), 0 when it never moves.
    private static func firstDirection(of transform: TransformModel) -> Double {
        let frames = [transform.position, transform.positionX, transform.positionY].compactMap { $0 }.flatMap { $0.keyframes.map(\.frame) }
        guard let start = frames.min(), let end = frames.max() else { return 0 }
        var f = start
        while f <= end {
            if let d = direction(of: transform, atFrame: f) { return d }
            f += 1
        }
        return 0
    }
}

/// Turns a sequence of directions into angles for blending: a missing direction repeats the last angle, and each
/// angle is the one of its equivalents (± 2π) nearest the last, so that 179° then −179° turns by 2°, not 358°.
@MainActor
private final class AngleTrack {
    private var last: Double

    init(first: Double) { last = first }

    func next(_ direction: Double?) -> Double {
        guard let direction, direction.isFinite else { return last }
        last = direction + 2 * .pi * ((last - direction) / (2 * .pi)).rounded()
        return last
    }
}
