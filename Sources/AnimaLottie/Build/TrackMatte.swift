import Foundation
import AnimaCore
import AnimaGraphics

/// Turns a track matte layer into the `mask` of the layer it mattes (`tt`: 1 alpha, 2 alpha inverted,
/// 3 luma, 4 luma inverted).
///
/// An alpha matte is the mask itself. An inverted one is an opaque layer far larger than the composition
/// with the matte drawn over it by `xor` (``CALayer/compositingFilter``), which clears it wherever the
/// matte covers — lottie-ios's construction:
/// ```
/// mask  (black, the composition and ten times its size around it)
///  └ matte  compositingFilter = "xor"
/// ```
/// Luma mattes use the matte's alpha (exact for the usual white matte shapes) and are reported.
@MainActor
struct TrackMatte {
    let mode: Int
    let layerName: String
    let context: BuildContext

    /// The mask for `matte`, built in a `width` × `height` composition.
    func mask(from matte: CALayer, width: Double, height: Double) -> CALayer {
        switch mode {
        case 3: context.unsupported("a luma track matte (its alpha is used)", layer: layerName)
        case 4: context.unsupported("an inverted luma track matte (its alpha, inverted, is used)", layer: layerName)
        case 1, 2: break
        default: context.unsupported("the track matte mode \(mode) (an alpha matte is used)", layer: layerName)
        }
        guard mode == 2 || mode == 4 else { return matte }
        let base = CALayer()
        base.name = "\(layerName) inverted matte"
        base.anchorPoint = .zero
        let margin = 10 * max(width, height, 1)
        base.bounds = CGRect(x: -margin, y: -margin, width: width + 2 * margin, height: height + 2 * margin)
        base.position = base.bounds.origin
        base.backgroundColor = .black
        matte.compositingFilter = "xor"
        base.addSublayer(matte)
        return base
    }
}
