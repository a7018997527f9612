import AnimaCore
import AnimaGraphics
import Foundation

/// A render node read in place in its tree, with the fields the compositor uses.
///
/// Binding a node (`let node = tree.nodes[i]`) copies some 450 bytes and retains its references, for every layer
/// of every frame: a fifth of the compositor's own CPU time in the compositing benchmark. Each property here reads
/// one field of the stored node instead.
struct RenderNodeRef {
    let nodes: RenderTree.Nodes
    let index: Int

    /// A copy of the whole node (for the rarely used paths that need one).
    var value: RenderNode { nodes[index] }

    var layerID: UInt64 { nodes[index].layerID }
    var name: String? { nodes[index].name }
    var subtreeEnd: Int { nodes[index].subtreeEnd }
    var bounds: CGRect { nodes[index].bounds }
    var worldTransform: CATransform3D { nodes[index].worldTransform }
    var opacity: Float { nodes[index].opacity }
    var isHidden: Bool { nodes[index].isHidden }
    var isMirrored: Bool { nodes[index].isMirrored }
    var backgroundColor: RGBA? { nodes[index].backgroundColor }
    var contentsGravity: CALayerContentsGravity { nodes[index].contentsGravity }
    var contentsFrame: CGRect? { nodes[index].contentsFrame }
    var tint: RGBA? { nodes[index].tint }
    var mask: RenderTree? { nodes[index].mask }
    var isDoubleSided: Bool { nodes[index].isDoubleSided }
    var masksToBounds: Bool { nodes[index].masksToBounds }
    var borderColor: RGBA? { nodes[index].borderColor }
    var borderWidth: CGFloat { nodes[index].borderWidth }
    var cornerRadius: CGFloat { nodes[index].cornerRadius }
    var maskedCorners: CACornerMask { nodes[index].maskedCorners }
    var cornerCurve: CALayerCornerCurve { nodes[index].cornerCurve }
    var allowsGroupOpacity: Bool { nodes[index].allowsGroupOpacity }
    var shouldRasterize: Bool { nodes[index].shouldRasterize }
    var rasterizationScale: CGFloat { nodes[index].rasterizationScale }
    var shadowColor: RGBA? { nodes[index].shadowColor }
    var shadowOpacity: Float { nodes[index].shadowOpacity }
    var shadowOffset: CGSize { nodes[index].shadowOffset }
    var contents: AnyObject? { nodes[index].contents }
    var contentsRect: CGRect { nodes[index].contentsRect }
    var contentsScale: CGFloat { nodes[index].contentsScale }
    var contentsCenter: CGRect { nodes[index].contentsCenter }
    var compositingFilter: String? { nodes[index].compositingFilter }
    var appliesLuminanceToAlpha: Bool { nodes[index].appliesLuminanceToAlpha }
    var drawsOwnContent: Bool { nodes[index].drawsOwnContent }

    /// Whether the layer paints anything over its bounds itself: a visible background or border. A layer that paints
    /// neither (a container, a shape layer whose store covers only its shape) touches only its contents' place, its
    /// shadow and its sublayers' pixels — so an offscreen pass for its group need not cover its bounds.
    var paintsBounds: Bool {
        guard drawsOwnContent else { return false }
        if let bg = backgroundColor, bg.alpha > 0 { return true }
        return borderWidth > 0 && (borderColor?.alpha ?? 0) > 0
    }

    /// `ShadowRasterizer.castsShadow`, without copying the node for the usual answer (no shadow: opacity 0).
    @MainActor var castsShadow: Bool { shadowOpacity > 0 && ShadowRasterizer.castsShadow(value) }

    /// Whether `image` (the node's contents) is sampled nearest where the layer's bounds space shows
    /// `pixelsPerPoint` pixels per point along its axes: the magnification filter where a texel covers more than a
    /// pixel (along the shorter axis), else the minification filter.
    func samplesContentsNearest(_ image: CGImage, pixelsPerPoint s: CGSize) -> Bool {
        guard nodes[index].appearance.storage.samplesAnyNearest else { return false }   // the usual answer, read in place
        let dest = contentsDestination(of: image), t = contentsRect
        let texels = CGSize(width: CGFloat(image.width) * abs(t.width), height: CGFloat(image.height) * abs(t.height))
        guard texels.width > 0, texels.height > 0 else { return false }
        let perTexel = min(s.width * abs(dest.width) / texels.width, s.height * abs(dest.height) / texels.height)
        return (perTexel > 1 ? nodes[index].magnificationFilter : nodes[index].minificationFilter) == .nearest
    }

    /// Where `image` (the node's contents) is drawn in the layer's bounds space: the node's own contents frame, or
    /// the placement its `contentsRect`, `contentsScale` and gravity give.
    func contentsDestination(of image: CGImage) -> CGRect {
        contentsFrame ?? ContentsPlacement.destination(bounds: bounds, imagePixels: CGSize(width: image.width, height: image.height),
                                                       contentsRect: contentsRect, contentsScale: contentsScale,
                                                       gravity: contentsGravity)
    }
}
