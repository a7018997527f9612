import Foundation
import AnimaCore
import AnimaGraphics

/// After Effects' skew as a layer transform: a shear of `skew` degrees along the direction `axis`
/// degrees from x, applied after the scale and before the rotation.
///
/// With Core Animation's row vectors (`p' = p · M`), the matrix turns the axis onto x, shears x by
/// `tan(−skew) · y` and turns back:
/// ```
/// M = R(axis) · [1 0; tan(−skew) 1] · R(−axis)        skew 30°, axis 0: (0, 10) → (−5.77, 10)
/// ```
enum Skew {
    /// After Effects keeps skew within ±85° (the shear grows without bound towards 90°).
    static let limit = 85.0

    /// The matrix for `skew` and `axis` (degrees).
    static func matrix(skew: Double, axis: Double) -> CATransform3D {
        let angle = axis * .pi / 180
        let shear = tan(-max(-limit, min(limit, skew)) * .pi / 180)
        let c = CGFloat(cos(angle)), s = CGFloat(sin(angle))
        var turn = CATransform3DIdentity
        turn.m11 = c; turn.m12 = s; turn.m21 = -s; turn.m22 = c
        var back = CATransform3DIdentity
        back.m11 = c; back.m12 = -s; back.m21 = s; back.m22 = c
        var sheared = CATransform3DIdentity
        sheared.m21 = CGFloat(shear)
        return turn * sheared * back
    }

    /// Sets `layer`'s transform to the skew, sampled every frame when skew or axis change over time (axes
    /// 0° and 180° shear alike, so blending the matrices between keyframes would not turn the axis).
    @MainActor
    static func bind(skew: Animated<[Double]>, axis: Animated<[Double]>, to layer: CALayer, animations: KeyframeAnimations) {
        animations.bindSampled([skew, axis], to: layer, keyPath: "transform") { frame in
            matrix(skew: skew.scalar(atFrame: frame), axis: axis.scalar(atFrame: frame))
        }
    }
}
