import AnimaCore
import AnimaGraphics
import Foundation

extension CALayer {
    /// Draws the layer and its sublayers into `context`, in the layer's own coordinates (its bounds space mapped
    /// by the context's current transform), as Core Animation's `render(in:)` does: from the model layer tree —
    /// the values last set, no animation — with the software renderer (Cairo), so it needs no display.
    ///
    /// ```swift
    /// let image = UIGraphicsImageRenderer(bounds: card.bounds).image { context in
    ///     card.render(in: context.cgContext)
    /// }
    /// ```
    /// Everything a display draws is drawn — backgrounds, borders, rounded and continuous corners, contents,
    /// drawn contents, shadows, masks, group opacity, compositing filters — except perspective, which is drawn
    /// through the affine map of three of the layer's corners (as the software renderer draws it). A shadow set on
    /// the context (`setShadow`) is cast by the whole drawing.
    public func render(in context: CGContext) {
        let ctm = context.ctm
        guard (ctm.a * ctm.d - ctm.b * ctm.c).isNormal else { return }   // a context scaled to nothing shows nothing
        let tree = modelRenderTree()
        // The renderer maps layers to device pixels itself: draw with the context's transform undone, the layer
        // mapped through it.
        let base = CATransform3DMakeAffineTransform(ctm)
        // A shadow set on the context is cast by the layer as a whole, as by a transparency layer.
        let isGroup = context.castsShadow
        if isGroup { context.beginGroup(within: nil) }
        context.saveGState()
        context.concatenate(ctm.inverted())
        for root in tree.children(of: -1) { SoftwareRenderer.drawSubtree(root, of: tree, into: context, base: base) }
        context.restoreGState()
        if isGroup { context.endGroup(alpha: 1) }
    }
}
