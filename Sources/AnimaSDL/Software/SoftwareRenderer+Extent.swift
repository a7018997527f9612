import AnimaCore
import AnimaGraphics
import Foundation

/// The pixels a group can touch, so that its temporary surface covers them and no more.
extension SoftwareRenderer {
    /// The device box (context pixels, a pixel of margin around) outside which node `index`'s group draws nothing:
    /// its subtree's extent, cut to its bounds when it `masksToBounds` and to its mask's extent. Nil when it is not
    /// known (a layer with perspective, drawn through an approximating affine map): the clip bounds the group then.
    static func groupBox(_ index: Int, of tree: RenderTree, base: CATransform3D, silhouette: Bool) -> CGRect? {
        var box = subtreeBox(index, of: tree, base: base, shadows: !silhouette)
        let node = RenderNodeRef(nodes: tree.nodes, index: index)
        if node.masksToBounds, let affine = exactAffine(node.worldTransform * base) {
            let clip = node.bounds.applying(affine)
            box = box?.intersection(clip) ?? clip
        }
        if let mask = node.mask {
            var covered: CGRect? = .null
            for root in mask.children(of: -1) {
                guard let b = subtreeBox(root, of: mask, base: base, shadows: !silhouette) else { covered = nil; break }
                covered = covered?.union(b)
            }
            if let covered { box = box?.intersection(covered) ?? covered }
        }
        guard let box else { return nil }
        return box.isNull || box.isEmpty ? .zero : box.insetBy(dx: -1, dy: -1)
    }

    /// The device box of what node `index`'s subtree draws: bounds where a layer paints a background or border
    /// (``RenderNodeRef/paintsBounds``), contents and (with `shadows`) shadows of every layer that is shown; nil when a
    /// layer has perspective.
    private static func subtreeBox(_ index: Int, of tree: RenderTree, base: CATransform3D, shadows: Bool) -> CGRect? {
        var box = CGRect.null
        let end = tree.nodes[index].subtreeEnd
        var i = index
        while i < end {
            let node = RenderNodeRef(nodes: tree.nodes, index: i)
            guard !node.isHidden, node.opacity > 0, node.opacity.isFinite, node.worldTransform.isFinite else {
                i = max(i + 1, node.subtreeEnd)
                continue
            }
            guard let affine = exactAffine(node.worldTransform * base) else { return nil }
            if node.paintsBounds { box = box.union(node.bounds.applying(affine)) }
            if let image = node.contents as? CGImage {
                box = box.union(node.contentsDestination(of: image).applying(affine))
            }
            if shadows, node.castsShadow, let extent = ShadowRasterizer.extent(of: node.value, in: tree, index: i) {
                // The rasterized shadow reaches a point further than its extent (`ShadowRasterizer.shadow`).
                box = box.union(extent.insetBy(dx: -1, dy: -1).applying(affine))
            }
            i += 1
        }
        return box
    }

    /// The affine map a layer is drawn with when `m` has no perspective; nil otherwise.
    static func exactAffine(_ m: CATransform3D) -> CGAffineTransform? {
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return nil }
        return CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42)
    }
}
