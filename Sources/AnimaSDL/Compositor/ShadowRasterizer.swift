import AnimaCore
import AnimaGraphics
import Foundation

/// Layer shadows as images: a silhouette (the `shadowPath`, or the alpha of the layer and its sublayers) rasterized
/// by Cairo in the layer's own space, blurred, and returned as a white premultiplied image the compositor tints
/// with `shadowColor × shadowOpacity` and places at `shadowOffset`.
///
/// The blur is Core Animation's Gaussian with standard deviation `shadowRadius` (in points; scaled to pixels per
/// axis), `GaussianBlur`'s three box blurs — within about 3 % of a true Gaussian. The image is padded by 3σ so the
/// blur fades out inside it, and wide blurs are computed at a resolution of 4 pixels per σ.
/// ```swift
/// let shadow = ShadowRasterizer.shadow(for: index, in: tree, pixelScale: CGSize(width: 2, height: 2))
/// shadow?.rect   // where it goes, in the layer's bounds coordinates (before shadowOffset)
/// ```
@MainActor
package enum ShadowRasterizer {
    /// The largest shadow image side, in pixels.
    package static let maximumSide = 2048

    /// A blurred silhouette and where it lies in the layer's bounds space (before `shadowOffset`).
    package struct Shadow {
        package var image: CGImage
        package var rect: CGRect
    }

    /// Whether the node casts a visible shadow at all.
    package static func castsShadow(_ node: RenderNode) -> Bool {
        guard node.shadowOpacity > 0, node.shadowOpacity.isFinite, node.drawsOwnContent, let color = node.shadowColor, color.alpha > 0,
              node.shadowRadius.isFinite, node.shadowOffset.width.isFinite, node.shadowOffset.height.isFinite else { return false }
        return true
    }

    /// The node's shadow extent in its bounds space, offset included (for offscreen-pass bounds); nil without one.
    package static func extent(of node: RenderNode, in tree: RenderTree, index: Int) -> CGRect? {
        guard castsShadow(node), let shape = silhouetteBounds(index, in: tree) else { return nil }
        let pad = 3 * max(0, node.shadowRadius)
        return shape.insetBy(dx: -pad, dy: -pad).offsetBy(dx: node.shadowOffset.width, dy: node.shadowOffset.height)
    }

    /// Rasterizes and blurs node `index`'s shadow at `pixelScale` pixels per point; nil when there is none.
    package static func shadow(for index: Int, in tree: RenderTree, pixelScale: CGSize) -> Shadow? {
        let node = tree.nodes[index]
        guard castsShadow(node), pixelScale.width > 0, pixelScale.height > 0,
              pixelScale.width.isFinite, pixelScale.height.isFinite,
              let shape = silhouetteBounds(index, in: tree), !shape.isEmpty else { return nil }
        let sigma = max(0, node.shadowRadius)
        let rect = shape.insetBy(dx: -3 * sigma - 1, dy: -3 * sigma - 1)
        // Pixels per point. A wide blur needs no more than about 4 pixels per σ (the compositor scales the image
        // up smoothly), and the image stays within maximumSide.
        var sx = pixelScale.width, sy = pixelScale.height
        if sigma * sx > 4 { sx = 4 / sigma }
        if sigma * sy > 4 { sy = 4 / sigma }
        let shrink = min(1, CGFloat(maximumSide) / max(rect.width * sx, rect.height * sy))
        sx *= shrink; sy *= shrink
        let w = max(1, Int((rect.width * sx).rounded(.up))), h = max(1, Int((rect.height * sy).rounded(.up)))
        let context = CGContext(width: w, height: h)
        let toPixels = CATransform3DMakeTranslation(-rect.minX, -rect.minY, 0) * CATransform3DMakeScale(sx, sy, 1)
        if let path = node.shadowPath {
            context.concatenate(CGAffineTransform(a: toPixels.m11, b: 0, c: 0, d: toPixels.m22, tx: toPixels.m41, ty: toPixels.m42))
            context.addPath(path)
            context.setFillColor(.white)
            context.fillPath()
        } else {
            guard let inverse = Self.planeInverse(node.worldTransform) else { return nil }
            SoftwareRenderer.drawSilhouette(index, of: tree, into: context, base: inverse * toPixels)
        }
        guard let silhouette = context.makeImage() else { return nil }
        var alpha = silhouette.premultipliedARGB.map { UInt8($0 >> 24) }
        GaussianBlur.blur(&alpha, width: w, height: h, sigmaX: sigma * sx, sigmaY: sigma * sy)
        let pixels = alpha.map { a -> UInt32 in let v = UInt32(a); return v << 24 | v << 16 | v << 8 | v }
        guard let image = CGImage(width: w, height: h, premultipliedARGB: pixels) else { return nil }
        return Shadow(image: image, rect: CGRect(x: rect.minX, y: rect.minY, width: CGFloat(w) / sx, height: CGFloat(h) / sy))
    }

    /// The box in the layer's bounds space that its shadow silhouette covers: the shadow path's, or the union of
    /// the bounds of the layer and its visible sublayers.
    static func silhouetteBounds(_ index: Int, in tree: RenderTree) -> CGRect? {
        let node = tree.nodes[index]
        if let path = node.shadowPath {
            let box = path.boundingBox
            return box.isNull || !box.width.isFinite || !box.height.isFinite ? nil : box
        }
        guard let inverse = planeInverse(node.worldTransform) else { return nil }
        var box = CGRect.null
        var i = index
        while i < node.subtreeEnd {
            let n = tree.nodes[i]
            if n.isHidden { i = n.subtreeEnd; continue }
            let area = n.contentsFrame.map { n.bounds.union($0) } ?? n.bounds   // drawn stores may reach past the bounds
            if let b = QuadMesh.bounds(of: area, transform: n.worldTransform * inverse) { box = box.union(b) }
            i = n.masksToBounds ? n.subtreeEnd : i + 1   // a clipping layer's sublayers stay inside it
        }
        return box.isNull ? nil : box
    }

    /// The inverse of a layer's flattened world transform on its own plane (z = 0): render-tree transforms drop the
    /// z column, which makes them singular as 4×4 matrices, so z is kept as is for the inversion.
    package static func planeInverse(_ world: CATransform3D) -> CATransform3D? {
        var t = world
        t.m13 = 0; t.m23 = 0; t.m43 = 0; t.m33 = 1
        return t.inverted()
    }
}

/// Shadow images per layer, rasterized again only when what they depend on changes (compared by value).
@MainActor
package final class ShadowCache {
    /// What a silhouette depends on, per visible node of the layer's subtree.
    private struct NodeKey: Equatable {
        var relative: CATransform3D, bounds: CGRect, opacity: Float, backgroundAlpha: Float, cornerRadius: CGFloat
        var maskedCorners: CACornerMask, cornerCurve: CALayerCornerCurve
        var borderWidth: CGFloat, borderAlpha: Float, contents: ObjectIdentifier?, contentsVersion: UInt64
        var contentsRect: CGRect, contentsCenter: CGRect, contentsScale: CGFloat, gravity: String, masks: Bool
    }

    private struct Key: Equatable {
        var radius: CGFloat, scaleX: CGFloat, scaleY: CGFloat, path: CGPath?, nodes: [NodeKey]
    }

    private var entries: [UInt64: (key: Key, shadow: ShadowRasterizer.Shadow?, contents: [AnyObject], isUsed: Bool)] = [:]
    /// Shadows rasterized so far (for tests).
    package private(set) var rasterizeCount = 0

    package init() {}

    /// The shadow of node `index`, rasterized at a pixel scale rounded up to quarter octaves (so a layer whose scale
    /// animates is not re-blurred every frame).
    package func shadow(for index: Int, in tree: RenderTree, pixelScale: CGSize) -> ShadowRasterizer.Shadow? {
        let node = tree.nodes[index]
        guard ShadowRasterizer.castsShadow(node) else { return nil }
        func quantized(_ s: CGFloat) -> CGFloat { s > 0 && s.isFinite ? pow(2, (log2(s) * 4).rounded(.up) / 4) : 1 }
        let scale = CGSize(width: quantized(pixelScale.width), height: quantized(pixelScale.height))
        var contents: [AnyObject] = []
        let key = Key(radius: node.shadowRadius, scaleX: scale.width, scaleY: scale.height, path: node.shadowPath,
                      nodes: node.shadowPath == nil ? nodeKeys(index, tree, &contents) : [])
        if let entry = entries[node.layerID], entry.key == key {
            entries[node.layerID]?.isUsed = true
            return entry.shadow
        }
        let shadow = ShadowRasterizer.shadow(for: index, in: tree, pixelScale: scale)
        rasterizeCount += 1
        entries[node.layerID] = (key, shadow, contents, true)
        return shadow
    }

    /// Forgets shadows not asked for since the previous call.
    package func endFrame() {
        if entries.values.contains(where: { !$0.isUsed }) { entries = entries.filter { $0.value.isUsed } }
        for k in entries.keys { entries[k]?.isUsed = false }
    }

    package func removeAll() { entries.removeAll() }

    private func nodeKeys(_ index: Int, _ tree: RenderTree, _ contents: inout [AnyObject]) -> [NodeKey] {
        let root = tree.nodes[index]
        guard let inverse = ShadowRasterizer.planeInverse(root.worldTransform) else { return [] }
        var keys: [NodeKey] = []
        var i = index
        while i < root.subtreeEnd {
            let n = tree.nodes[i]
            if n.isHidden || n.opacity <= 0 { i = n.subtreeEnd; continue }
            if let c = n.contents { contents.append(c) }   // held so identifiers are not reused while cached
            keys.append(NodeKey(relative: n.worldTransform * inverse, bounds: n.bounds, opacity: n.opacity,
                                backgroundAlpha: n.backgroundColor?.alpha ?? 0, cornerRadius: n.cornerRadius,
                                maskedCorners: n.maskedCorners, cornerCurve: n.cornerCurve,
                                borderWidth: n.borderWidth, borderAlpha: n.borderColor?.alpha ?? 0,
                                contents: n.contents.map(ObjectIdentifier.init), contentsVersion: n.contentsVersion,
                                contentsRect: n.contentsRect, contentsCenter: n.contentsCenter, contentsScale: n.contentsScale,
                                gravity: n.contentsGravity.rawValue, masks: n.masksToBounds))
            i += 1
        }
        return keys
    }
}
