import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation

/// Drawing one layer and its subtree.
extension Compositor {
    func drawSubtree(_ index: Int, on surface: Surface, opacity inherited: Float, _ c: DrawContext) throws {
        let node = c.node(index)
        guard !node.isHidden, node.opacity > 0, inherited > 0, node.opacity.isFinite,
              node.worldTransform.isFinite else { return }
        let hasChildren = node.subtreeEnd > index + 1
        let needsGroup = node.opacity < 1 && hasChildren
        if node.masksToBounds || needsGroup {
            try drawOffscreen(index, on: surface, opacity: inherited * node.opacity, clips: node.masksToBounds, c)
            return
        }
        let opacity = inherited * node.opacity
        let m = matrix(node, on: surface, c)
        let visible = isFacingViewer(node, index, m, c)
        if visible { drawBelowSublayers(node, m, opacity: opacity, c) }
        var child = index + 1
        while child < node.subtreeEnd {
            try drawSubtree(child, on: surface, opacity: opacity, c)
            child = c.nodes[child].subtreeEnd
        }
        if visible { drawBorder(node, m, opacity: opacity, c) }
    }

    /// Renders the subtree into an offscreen target at full opacity, optionally multiplies it by the layer's
    /// shape, and blends the result onto `surface` with `opacity`.
    private func drawOffscreen(_ index: Int, on surface: Surface, opacity: Float, clips: Bool, _ c: DrawContext) throws {
        let node = c.node(index)
        let rootM = matrix(node, on: Surface(target: nil, origin: .zero, size: .zero), c)
        let area = clips ? QuadMesh.bounds(of: node.bounds, transform: rootM) : subtreeBounds(index, c)
        let box = (area ?? surface.rect).intersection(surface.rect).integral
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        let content = try targets.acquire(width: Int(box.width), height: Int(box.height))
        let sub = Surface(target: content, origin: box.origin, size: box.size)
        try setTarget(content)
        renderer.clear()
        let m = matrix(node, on: sub, c)
        let visible = isFacingViewer(node, index, m, c)
        if visible { drawBelowSublayers(node, m, opacity: 1, c) }
        var child = index + 1
        while child < node.subtreeEnd {
            try drawSubtree(child, on: sub, opacity: 1, c)
            child = c.nodes[child].subtreeEnd
        }
        if visible { drawBorder(node, m, opacity: 1, c) }

        var result = content
        if clips {
            if renderer.usesPremultipliedAlpha {
                let masked = try targets.acquire(width: Int(box.width), height: Int(box.height))
                try setTarget(masked)
                renderer.clear()
                drawShape(node, m, c)                      // coverage: opaque where the layer is
                flush()
                content.setBlendMode(SDLRenderer.maskBlend)  // masked = content × coverage
                drawTargetTexture(content, size: box.size, at: .zero)
                flush()
                content.resetBlendMode()
                result = masked
            } else {
                reportOnce("the \(renderer.name) renderer cannot blend masks; masksToBounds clips to the layer's screen bounding box instead")
            }
        }
        try setTarget(surface.target)
        enqueue(CGRect(x: box.minX - surface.origin.x, y: box.minY - surface.origin.y, width: box.width, height: box.height),
                .identity, textureRect: unit(box.size, in: result), color: vertexColor(white: 1, opacity: opacity), texture: result)
    }

    /// Background colour (or rounded background) and contents image.
    private func drawBelowSublayers(_ node: RenderNodeRef, _ m: CATransform3D, opacity: Float, _ c: DrawContext) {
        if let bg = node.backgroundColor, bg.alpha > 0 {
            if node.cornerRadius > 0 {
                drawDecoration(.background, node, m, opacity: opacity, c)
            } else {
                fill(node.bounds, m, color: bg, opacity: opacity)
            }
        }
        if let image = node.contents as? CGImage, let texture = textures.texture(for: image) {
            let dest = ContentsPlacement.destination(bounds: node.bounds, imagePixels: CGSize(width: image.width, height: image.height),
                                                     contentsRect: node.contentsRect, contentsScale: node.contentsScale,
                                                     gravity: node.contentsGravity)
            if !enqueue(dest, m, textureRect: node.contentsRect, color: vertexColor(white: 1, opacity: opacity), texture: texture),
               !dest.isEmpty {
                reportOnce("layer \(node.name ?? "#\(node.layerID)") has corners behind the eye (w ≤ 0); not drawn")
            }
        }
    }

    /// The border, inside the bounds, above the sublayers.
    private func drawBorder(_ node: RenderNodeRef, _ m: CATransform3D, opacity: Float, _ c: DrawContext) {
        guard node.borderWidth > 0, node.borderWidth.isFinite, let color = node.borderColor, color.alpha > 0 else { return }
        if node.cornerRadius > 0 { return drawDecoration(.border, node, m, opacity: opacity, c) }
        let b = node.bounds, w = min(node.borderWidth, min(b.width, b.height) / 2)
        for edge in [CGRect(x: b.minX, y: b.minY, width: b.width, height: w),
                     CGRect(x: b.minX, y: b.maxY - w, width: b.width, height: w),
                     CGRect(x: b.minX, y: b.minY + w, width: w, height: b.height - 2 * w),
                     CGRect(x: b.maxX - w, y: b.minY + w, width: w, height: b.height - 2 * w)] {
            fill(edge, m, color: color, opacity: opacity)
        }
    }

    /// Opaque coverage of the layer's shape (its bounds, rounded when it has a corner radius).
    private func drawShape(_ node: RenderNodeRef, _ m: CATransform3D, _ c: DrawContext) {
        if node.cornerRadius > 0 {
            drawDecoration(.clipShape, node, m, opacity: 1, c)
        } else {
            fill(node.bounds, m, color: RGBA(red: 1, green: 1, blue: 1, alpha: 1), opacity: 1)
        }
    }

    private func drawDecoration(_ kind: DecorationCache.Kind, _ node: RenderNodeRef, _ m: CATransform3D, opacity: Float,
                                _ c: DrawContext) {
        let sx = hypot(m.m11, m.m12) / max(abs(m.m44), 1e-6), sy = hypot(m.m21, m.m22) / max(abs(m.m44), 1e-6)
        let pixels = CGSize(width: node.bounds.width * max(sx, 0.01), height: node.bounds.height * max(sy, 0.01))
        guard let image = decorations.image(for: node.layerID, kind: kind, node: node.value, pixelSize: pixels),
              let texture = decorationTextures.texture(for: image) else { return }
        enqueue(node.bounds, m, textureRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                color: vertexColor(white: 1, opacity: opacity), texture: texture)
    }

    private func fill(_ rect: CGRect, _ m: CATransform3D, color: RGBA, opacity: Float) {
        let a = max(0, min(1, color.alpha * opacity))
        func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        let k: Float = renderer.usesPremultipliedAlpha ? a : 1
        let vc = SDL_Color(r: byte(color.red * k), g: byte(color.green * k), b: byte(color.blue * k), a: byte(a))
        enqueue(rect, m, textureRect: .zero, color: vc, texture: nil)
    }

    /// Draws the top-left `size` pixels of a target texture 1:1 at `point` of the current target.
    private func drawTargetTexture(_ texture: SDLTexture, size: CGSize, at point: CGPoint) {
        enqueue(CGRect(origin: point, size: size), .identity, textureRect: unit(size, in: texture),
                color: SDL_Color(r: 255, g: 255, b: 255, a: 255), texture: texture)
    }

    private func unit(_ size: CGSize, in texture: SDLTexture) -> CGRect {
        CGRect(x: 0, y: 0, width: size.width / CGFloat(texture.width), height: size.height / CGFloat(texture.height))
    }

    /// Texture tint for `opacity`: all four channels when premultiplied, alpha only when straight.
    private func vertexColor(white: Float, opacity: Float) -> SDL_Color {
        let o = UInt8(max(0, min(255, (opacity * 255).rounded())))
        return renderer.usesPremultipliedAlpha ? SDL_Color(r: o, g: o, b: o, a: o) : SDL_Color(r: 255, g: 255, b: 255, a: o)
    }

    private func isFacingViewer(_ node: RenderNodeRef, _ index: Int, _ m: CATransform3D, _ c: DrawContext) -> Bool {
        guard !node.isDoubleSided else { return true }
        guard let area = QuadMesh.signedArea(of: node.bounds, transform: m) else { return false }
        return area * c.parity[index] > 0
    }

    /// The screen box (root pixels) of every visible layer in the subtree; nil when one cannot be projected.
    private func subtreeBounds(_ index: Int, _ c: DrawContext) -> CGRect? {
        var box = CGRect.null
        let origin = Surface(target: nil, origin: .zero, size: .zero)
        var i = index
        while i < c.nodes[index].subtreeEnd {
            let n = c.node(i)
            if n.isHidden { i = n.subtreeEnd; continue }
            guard let b = QuadMesh.bounds(of: n.bounds, transform: matrix(n, on: origin, c)) else { return nil }
            box = box.union(b)
            i += 1
        }
        return box
    }
}
