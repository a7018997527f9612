import Foundation
import AnimaGraphics

/// A layer that keeps its sublayers in three dimensions (Core Animation's `CATransformLayer`), to build 3-D
/// objects out of flat layers.
///
/// A plain layer flattens its sublayers into its own plane: a sublayer's depth is dropped before the layer's
/// transform applies, so rotating a parent about x or y shows its sublayers as a picture turned over. A transform
/// layer does not flatten them: its transform — and its parent's perspective — applies to their depth too.
/// ```
///  plain layer:      sublayer (z) ─▶ drop z ─▶ parent's 3-D transform ─▶ flat picture of a cube
///  transform layer:  sublayer (z) ──────────▶ parent's 3-D transform ─▶ a cube
/// ```
/// ```swift
/// let cube = CATransformLayer()
/// for face in faces { cube.addSublayer(face) }          // each face placed by its own 3-D transform
/// cube.transform = CATransform3DMakeRotation(.pi / 5, 1, 1, 0)
/// ```
/// As in Core Animation, only its sublayers are drawn: its own background, border, contents, shadow and mask are
/// not, and its opacity applies to each sublayer on its own (there is no plane to blend a group in). Its sublayers
/// are drawn in sublayer (`zPosition`) order, not sorted by depth: make faces single-sided (`isDoubleSided =
/// false`) so a closed object shows only the faces turned towards the viewer (our reading: Apple documents no
/// depth sorting).
open class CATransformLayer: CALayer {
    public override init() {
        super.init()
        state.drawsOwnContent = false
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        state.drawsOwnContent = false
    }
}

extension RenderNode {
    /// Whether the layer draws anything of its own (background, border, contents, shadow, clip) and blends its
    /// sublayers as a group: false for a `CATransformLayer`, which only places its sublayers.
    public var drawsOwnContent: Bool { appearance.storage.drawsOwnContent }
}
