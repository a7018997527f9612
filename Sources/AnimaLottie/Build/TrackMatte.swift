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
/// A luma matte is the matte turned into a mask of its luminance (``CALayer/filters`` `luminanceToAlpha`): white
/// shows the layer, black and transparent hide it, grey shows it partly — After Effects' meaning. lottie-ios's Core
/// Animation engine has no such filter and shows a luma-matted layer unmatted; the luminance is what the file asks.
/// An inverted luma matte is the converted matte cut out of the opaque layer, as an inverted alpha one.
@MainActor
struct TrackMatte {
    let mode: Int
    let layerName: String
    let context: BuildContext

    /// The mask for `matte`, built in a `width` × `height` composition.
    func mask(from matte: CALayer, width: Double, height: Double) -> CALayer {
        switch mode {
        case 1, 2: break
        case 3, 4: matte.filters = ["luminanceToAlpha"]
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

/// Which layer of a composition mattes which, as After Effects exports it and lottie-ios reads it.
///
/// A matted layer (`tt` ≠ 0) names its matte by index (`tp`, the matte's `ind`); without `tp` its matte
/// is the layer just above it in the list. A matte is drawn only as a matte — never on its own — and one
/// matte may serve several layers. Layers flagged `td` are mattes even when nothing names them.
/// ```
///  0  "Masked"   tt 1, tp 2  ─┐
///  1  "Between"               │  drawn
///  2  "Source"   ind 2, td 1 ◀┘  not drawn: the mask of 0
/// ```
struct TrackMatteLinks {
    /// For each layer's position, the position of its matte (nil: unmatted).
    private(set) var matte: [Int?]
    /// For each layer's position, whether it is only a matte.
    private(set) var isMatteOnly: [Bool]

    /// Links `layers` (listed front to back); `report` receives a message for each matte that cannot be
    /// found (that layer is drawn unmatted) and each matte with a matte of its own (not applied).
    init(_ layers: [LayerModel], report: (String) -> Void) {
        matte = Array(repeating: nil, count: layers.count)
        isMatteOnly = layers.map(\.isMatte)
        for (position, layer) in layers.enumerated() {
            guard let mode = layer.matteMode, mode != 0 else { continue }
            let source: Int?
            if let parent = layer.matteParent {
                source = layers.indices.first { $0 != position && layers[$0].index == parent }
                if source == nil {
                    report(layer.index == parent ? "layer '\(layer.name)' names itself as its track matte (tp \(parent))"
                                                 : "layer '\(layer.name)' names track matte layer \(parent) (tp), which is not in its composition")
                }
            } else {
                source = position > 0 ? position - 1 : nil
                if source == nil { report("layer '\(layer.name)' names a track matte but no matte layer is above it") }
            }
            guard let source else { continue }
            matte[position] = source
            isMatteOnly[source] = true
        }
        for (position, layer) in layers.enumerated() where isMatteOnly[position] && matte[position] != nil {
            report("layer '\(layer.name)' is a track matte and has a track matte of its own, which is not applied")
        }
    }
}
