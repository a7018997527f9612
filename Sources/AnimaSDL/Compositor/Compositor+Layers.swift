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
        let outerTint = tint
        if let own = node.tint { tint = RGBA.tint(outerTint, own) }
        defer { tint = outerTint }
        let hasChildren = node.subtreeEnd > index + 1
        let needsGroup = node.opacity < 1 && (hasChildren || node.castsShadow) && (node.allowsGroupOpacity || node.shouldRasterize)
        if let filter = node.compositingFilter, isBlendedImage(node, hasChildren: hasChildren, c),
           let blend = compositingBlend(filter), let image = node.contents as? CGImage, let texture = textures.texture(for: image) {
            // An image alone (an emitter's additive particle): blended straight on, with no pass of its own.
            flush()
            texture.setBlendMode(blend)
            try drawLayer(index, on: surface, opacity: inherited * node.opacity, c)
            flush()
            texture.resetBlendMode()
            return
        }
        // A transform layer (which draws nothing of its own) only places its sublayers: no group, clip or pass.
        if node.drawsOwnContent, node.masksToBounds || node.mask != nil || needsGroup || node.compositingFilter != nil
            || node.appliesLuminanceToAlpha || rasterizationFactor(node, c) < 1 {
            do {
                try drawOffscreen(index, on: surface, opacity: inherited * node.opacity, c)
            } catch let error as OffscreenTargetUnavailable {
                // Out of video memory for the offscreen pass: draw the subtree straight on, unclipped and without
                // group opacity, rather than lose the frame.
                reportOnce("no offscreen target for layer \(node.name ?? "#\(node.layerID)") (\(error.reason)); drawn without its clip, mask or group opacity")
                try setTarget(surface.target)
                try drawLayer(index, on: surface, opacity: inherited * node.opacity, c)
            }
        } else {
            try drawLayer(index, on: surface, opacity: inherited * node.opacity, c)
        }
    }

    /// Whether the node shows only a contents image (no sublayers, background, border, shadow, clip, mask or
    /// rasterization), so that blending it with its compositing filter needs no offscreen pass.
    private func isBlendedImage(_ node: RenderNodeRef, hasChildren: Bool, _ c: DrawContext) -> Bool {
        node.drawsOwnContent && !hasChildren && !node.masksToBounds && node.mask == nil && !node.castsShadow && !node.appliesLuminanceToAlpha
            && node.backgroundColor == nil && node.borderWidth == 0 && node.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1)
            && rasterizationFactor(node, c) >= 1
    }

    /// Shadow, background, contents, sublayers and border of one layer, drawn straight onto `surface`.
    private func drawLayer(_ index: Int, on surface: Surface, opacity: Float, _ c: DrawContext) throws {
        let node = c.node(index)
        let m = matrix(node, on: surface, c)
        let visible = node.drawsOwnContent && isFacingViewer(node, index, m, c)
        if visible {
            drawShadow(index, m, opacity: opacity, c)
            drawBelowSublayers(node, m, opacity: opacity, clip: CGRect(origin: .zero, size: surface.size), c)
        }
        var child = index + 1
        while child < node.subtreeEnd {
            try drawSubtree(child, on: surface, opacity: opacity, c)
            child = c.tree.nodes[child].subtreeEnd
        }
        if visible { drawBorder(node, m, opacity: opacity, c) }
    }

    /// The share of the display's resolution a layer that ``CALayer/shouldRasterize`` is drawn at:
    /// `rasterizationScale` pixels per point of the layer's own coordinates (so a layer its transform scales up
    /// is magnified from its bitmap, as Core Animation does), never more than the display shows (1 for other
    /// layers).
    func rasterizationFactor(_ node: RenderNodeRef, _ c: DrawContext) -> CGFloat {
        guard node.shouldRasterize else { return 1 }
        let s = pixelScale(matrix(node, on: Surface(target: nil, origin: .zero, size: .zero), c))
        return min(1, node.rasterizationScale / max(s.width, s.height))
    }

    /// Renders the layer and its subtree into an offscreen target at full opacity, multiplies it by the layer's
    /// shape (`masksToBounds`) and by its mask's pixels (`mask`), and blends the result onto `surface` with
    /// `opacity` (group opacity). A rasterized layer (``CALayer/shouldRasterize``) is drawn into a target of
    /// `rasterizationScale` pixels per point and scaled up onto `surface`.
    private func drawOffscreen(_ index: Int, on surface: Surface, opacity: Float, _ c: DrawContext) throws {
        let node = c.node(index)
        var area = subtreeBounds(index, c) ?? surface.rect
        if node.masksToBounds {
            let rootM = matrix(node, on: Surface(target: nil, origin: .zero, size: .zero), c)
            area = area.intersection(QuadMesh.bounds(of: node.bounds, transform: rootM) ?? surface.rect)
        }
        if let mask = node.mask {
            let mc = makeContext(mask, scale: c.scale)
            var maskArea = CGRect.null
            for root in mc.tree.children(of: -1) { maskArea = maskArea.union(subtreeBounds(root, mc) ?? surface.rect) }
            area = area.intersection(maskArea)
        }
        let box = area.intersection(surface.rect).integral
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        // The pass's own pixels: the box's, or fewer for a layer rasterized coarser than the display.
        let f = rasterizationFactor(node, c)
        let pass = f < 1 ? CGRect(x: box.minX * f, y: box.minY * f, width: max(1, (box.width * f).rounded(.up)),
                                  height: max(1, (box.height * f).rounded(.up))) : box
        let pc = f < 1 ? makeContext(c.tree, scale: c.scale * f) : c
        let maskContext = node.mask.map { makeContext($0, scale: pc.scale) }
        let content = try targets.acquire(width: Int(pass.width), height: Int(pass.height))
        try setTarget(content)
        renderer.clear()
        try drawLayer(index, on: Surface(target: content, origin: pass.origin, size: pass.size), opacity: 1, pc)

        var result = content
        if node.masksToBounds {
            result = try multiply(result, box: pass, what: "masksToBounds clips to the layer's screen bounding box instead") { sub in
                self.drawShape(node, self.matrix(node, on: sub, pc), pc)
            }
        }
        if let mc = maskContext {
            result = try multiply(result, box: pass, what: "the mask clips to its screen bounding box instead") { sub in
                for root in mc.tree.children(of: -1) { try self.drawSubtree(root, on: sub, opacity: 1, mc) }
            }
        }
        if node.appliesLuminanceToAlpha { result = try luminanceToAlpha(result, size: pass.size) }
        if let name = node.compositingFilter, let mode = ReadbackBlend(filter: name) {
            return try blendByReadback(result, mode: mode, pass: pass, box: box, on: surface, opacity: opacity)
        }
        try setTarget(surface.target)
        let blend = node.compositingFilter.flatMap { compositingBlend($0) }
        if let blend { result.setBlendMode(blend) }
        // The pass holds the subtree tinted already.
        let passTint = tint
        tint = nil
        enqueue(CGRect(x: box.minX - surface.origin.x, y: box.minY - surface.origin.y, width: pass.width / f, height: pass.height / f),
                .identity, textureRect: unit(pass.size, in: result), color: vertexColor(white: 1, opacity: opacity), texture: result)
        tint = passTint
        if blend != nil {
            flush()
            result.resetBlendMode()
        }
    }

    /// The blend mode for a ``CALayer/compositingFilter`` name; nil (blending normally, reported once) when the
    /// renderer cannot blend premultiplied pixels.
    private func compositingBlend(_ name: String) -> SDL_BlendMode? {
        guard renderer.usesPremultipliedAlpha else {
            reportOnce("the \(renderer.name) renderer cannot blend with compositing filters; '\(name)' blends normally")
            return nil
        }
        return SDLRenderer.compositingBlend(name)
    }

    /// Composites the pass (`pass`'s pixels at the top-left of `texture`) onto `surface` over `box` with a blend mode
    /// no blend equation gives (``ReadbackBlend``): the pass and the backdrop under it are read back, blended on the CPU
    /// and the result written over the backdrop. A round trip per frame for each such layer, paid only by them; without
    /// readback the pass is drawn over, reported once.
    private func blendByReadback(_ texture: SDLTexture, mode: ReadbackBlend, pass: CGRect, box: CGRect, on surface: Surface,
                                 opacity: Float) throws {
        let (w, h) = (Int(box.width), Int(box.height)), (pw, ph) = (Int(pass.width), Int(pass.height))
        let place = CGRect(x: box.minX - surface.origin.x, y: box.minY - surface.origin.y, width: box.width, height: box.height)
        func drawOver(_ reason: String) throws {
            reportOnce(reason)
            try setTarget(surface.target)
            enqueue(place, .identity, textureRect: unit(pass.size, in: texture), color: vertexColor(white: 1, opacity: opacity), texture: texture)
            flush()
        }
        guard renderer.usesPremultipliedAlpha else {
            return try drawOver("the \(renderer.name) renderer cannot blend with compositing filters; \(mode) blends normally")
        }
        do {
            let source = try readBack(texture, width: pw, height: ph)
            try setTarget(surface.target)
            var pixels = try renderer.readPixels(in: (Int(place.minX), Int(place.minY), w, h)).premultipliedARGB
            let k = Double(max(0, min(1, opacity)))
            for y in 0..<h {
                let sy = min(ph - 1, y * ph / h)           // a rasterized pass has fewer pixels than the box
                for x in 0..<w {
                    let s = source[sy * pw + min(pw - 1, x * pw / w)]
                    if s != 0 { pixels[y * w + x] = mode.composite(s, over: pixels[y * w + x], opacity: k) }
                }
            }
            guard let image = CGImage(width: w, height: h, premultipliedARGB: pixels) else {
                return try drawOver("the compositing filter \(mode) could not wrap a \(w)×\(h) blend; the layer is drawn over it")
            }
            let blended = try SDLTexture(renderer: renderer, image: image)
            blended.setBlendMode(SDL_BLENDMODE_NONE)     // the backdrop and the layer, blended: written as they are
            enqueue(place, .identity, textureRect: CGRect(x: 0, y: 0, width: 1, height: 1), color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                    texture: blended)
            flush()
        } catch let error as SDLError {
            try drawOver("the compositing filter \(mode) needs the backdrop read back (\(error)); the layer is drawn over it")
        }
    }

    /// The top-left `width × height` pixels of a target texture, read back to the CPU (queued drawing flushed first).
    private func readBack(_ target: SDLTexture, width: Int, height: Int) throws -> [UInt32] {
        try setTarget(target)
        return try renderer.readPixels(in: (0, 0, width, height)).premultipliedARGB
    }

    /// `target`'s top-left `size` pixels turned into a mask of their luminance (``LuminanceToAlpha``), in a new texture.
    ///
    /// SDL's blend factors weigh each channel by itself, so no blend can move a colour's luminance into alpha: the
    /// pixels are read back, converted on the CPU and uploaded again — a round trip per frame for each such layer
    /// (a luma track matte), paid only by layers that use the filter. Without readback the group is drawn as it is,
    /// reported once.
    private func luminanceToAlpha(_ target: SDLTexture, size: CGSize) throws -> SDLTexture {
        let (w, h) = (Int(size.width), Int(size.height))
        do {
            let pixels = try readBack(target, width: w, height: h)
            // A renderer without premultiplied blending holds straight colour: weigh its luminance by alpha.
            let straight = !renderer.usesPremultipliedAlpha
            let words = pixels.map { word -> UInt32 in
                guard word != 0 else { return 0 }
                let converted = LuminanceToAlpha.word(word)
                return straight ? ((converted >> 24) * (word >> 24) + 127) / 255 << 24 : converted
            }
            guard let converted = CGImage(width: w, height: h, premultipliedARGB: words) else { return target }
            return try SDLTexture(renderer: renderer, image: converted)
        } catch let error as SDLError {
            reportOnce("the luminanceToAlpha filter needs the pass read back (\(error)); the layer is drawn unfiltered")
            return target
        }
    }

    /// `content × coverage alpha` in a new target, where `coverage` draws onto the surface it is given.
    private func multiply(_ content: SDLTexture, box: CGRect, what fallback: String,
                          coverage: (Surface) throws -> Void) throws -> SDLTexture {
        guard renderer.usesPremultipliedAlpha else {
            reportOnce("the \(renderer.name) renderer cannot blend masks; \(fallback)")
            return content
        }
        let masked: SDLTexture
        do { masked = try targets.acquire(width: Int(box.width), height: Int(box.height)) } catch let error as OffscreenTargetUnavailable {
            reportOnce("no offscreen target to mask with (\(error.reason)); \(fallback)")
            return content
        }
        try setTarget(masked)
        renderer.clear()
        try coverage(Surface(target: masked, origin: box.origin, size: box.size))
        try setTarget(masked)                           // coverage may have drawn through further targets
        content.setBlendMode(SDLRenderer.maskBlend)     // masked = content × coverage
        drawTargetTexture(content, size: box.size, at: .zero)
        flush()
        content.resetBlendMode()
        return masked
    }

    /// The layer's shadow, below everything else it draws.
    private func drawShadow(_ index: Int, _ m: CATransform3D, opacity: Float, _ c: DrawContext) {
        let node = c.node(index)
        guard node.castsShadow, let color = node.shadowColor?.tinted(by: tint),
              let shadow = shadows.shadow(for: index, in: c.tree, pixelScale: pixelScale(m)),
              let texture = shadowTextures.texture(for: shadow.image) else { return }
        let a = max(0, min(1, opacity * node.shadowOpacity * color.alpha))
        func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        let k: Float = renderer.usesPremultipliedAlpha ? a : 1
        let tint = SDL_Color(r: byte(color.red * k), g: byte(color.green * k), b: byte(color.blue * k), a: byte(a))
        enqueue(shadow.rect.offsetBy(dx: node.shadowOffset.width, dy: node.shadowOffset.height), m,
                textureRect: CGRect(x: 0, y: 0, width: 1, height: 1), color: tint, texture: texture)
    }

    /// Pixels per point along the layer's x and y axes under `m` (at its origin).
    func pixelScale(_ m: CATransform3D) -> CGSize {
        let w = max(abs(m.m44), 1e-6)
        return CGSize(width: max(0.01, hypot(m.m11, m.m12) / w), height: max(0.01, hypot(m.m21, m.m22) / w))
    }

    /// Background colour (or rounded background) and contents image. `clip`: the surface's pixels.
    private func drawBelowSublayers(_ node: RenderNodeRef, _ m: CATransform3D, opacity: Float, clip: CGRect, _ c: DrawContext) {
        if let bg = node.backgroundColor, bg.alpha > 0 {
            if node.cornerRadius > 0 {
                drawDecoration(.background, node, m, opacity: opacity, c)
            } else {
                fill(node.bounds, m, color: bg, opacity: opacity)
            }
        }
        guard let image = node.contents as? CGImage, !drawOnScreen(image, node, m, opacity: opacity, clip: clip) else { return }
        if let texture = textures.texture(for: image) {
            let nearest = node.samplesContentsNearest(image, pixelsPerPoint: pixelScale(m))
            if nearest != texture.samplesNearest {
                flush()
                texture.setSampling(nearest: nearest)
            }
            let t = node.contentsRect
            let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
            if node.contentsFrame == nil, node.contentsCenter == unit {  // the common case: one quad, no slicing
                let dest = ContentsPlacement.destination(bounds: node.bounds, imagePixels: CGSize(width: image.width, height: image.height),
                                                         contentsRect: t, contentsScale: node.contentsScale, gravity: node.contentsGravity)
                if !enqueue(dest, m, textureRect: t, color: vertexColor(white: 1, opacity: opacity), texture: texture), !dest.isEmpty {
                    reportOnce("layer \(node.name ?? "#\(node.layerID)") has corners behind the eye (w ≤ 0); not drawn")
                }
                return
            }
            let dest = node.contentsDestination(of: image)
            let scale = node.contentsScale.isFinite && node.contentsScale > 0 ? node.contentsScale : 1
            let natural = CGSize(width: CGFloat(image.width) * abs(t.width) / scale, height: CGFloat(image.height) * abs(t.height) / scale)
            for piece in ContentsPlacement.slices(destination: dest, contentsRect: t, center: node.contentsFrame == nil ? node.contentsCenter : CGRect(x: 0, y: 0, width: 1, height: 1), naturalSize: natural)
            where !enqueue(piece.rect, m, textureRect: piece.texture, color: vertexColor(white: 1, opacity: opacity), texture: texture) {
                reportOnce("layer \(node.name ?? "#\(node.layerID)") has corners behind the eye (w ≤ 0); not drawn")
            }
        }
    }

    /// Draws a shape store that its layer's transform turns or skews off the surface's pixel grid as a raster made
    /// in the surface's pixels (``ScreenRasterCache``); false, drawing nothing, for any other contents or when no raster
    /// can be made (the store is drawn instead).
    private func drawOnScreen(_ image: CGImage, _ node: RenderNodeRef, _ m: CATransform3D, opacity: Float, clip: CGRect) -> Bool {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        guard let drawing = image.deferredDrawing(fullAlpha: true), let dest = node.contentsFrame,
              node.contentsRect == unit, node.contentsCenter == unit,
              m.m14 == 0, m.m24 == 0, m.m44 != 0, m.m44.isFinite, dest.width > 0, dest.height > 0 else { return false }
        let w = m.m44
        let toSurface = CGAffineTransform(a: m.m11 / w, b: m.m12 / w, c: m.m21 / w, d: m.m22 / w, tx: m.m41 / w, ty: m.m42 / w)
        let map = CGAffineTransform(a: dest.width / CGFloat(image.width), b: 0, c: 0, d: dest.height / CGFloat(image.height),
                                    tx: dest.minX, ty: dest.minY).concatenating(toSurface)
        // On the grid (one store pixel a surface pixel): the store itself is exact and stays cached.
        if map.movesWholePixels { return false }
        // Scaled to nothing (a layer flattened to a line as it turns about x or y): it covers no pixel.
        guard (map.a * map.d - map.b * map.c).isNormal else { return true }
        guard let box = ScreenRasterCache.box(of: image, through: map, within: clip) else { return true }   // off the surface
        guard let raster = screenRasters.raster(of: image, drawing: drawing, map: map, box: box),
              let texture = textures.texture(for: raster) else { return false }
        if texture.samplesNearest {
            flush()
            texture.setSampling(nearest: false)
        }
        enqueue(box, .identity, textureRect: unit, color: vertexColor(white: 1, opacity: opacity), texture: texture)
        return true
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
        let outerTint = tint
        tint = nil   // coverage, not colour
        defer { tint = outerTint }
        if node.cornerRadius > 0 {
            drawDecoration(.clipShape, node, m, opacity: 1, c)
        } else {
            fill(node.bounds, m, color: RGBA(red: 1, green: 1, blue: 1, alpha: 1), opacity: 1)
        }
    }

    private func drawDecoration(_ kind: DecorationCache.Kind, _ node: RenderNodeRef, _ m: CATransform3D, opacity: Float,
                                _ c: DrawContext) {
        let s = pixelScale(m)
        let pixels = CGSize(width: node.bounds.width * s.width, height: node.bounds.height * s.height)
        guard let image = decorations.image(for: node.layerID, kind: kind, node: node.value, pixelSize: pixels),
              let texture = decorationTextures.texture(for: image) else { return }
        enqueue(node.bounds, m, textureRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                color: vertexColor(white: 1, opacity: opacity), texture: texture)
    }

    private func fill(_ rect: CGRect, _ m: CATransform3D, color untinted: RGBA, opacity: Float) {
        let color = untinted.tinted(by: tint)
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

    /// Texture tint for `opacity` and the subtree's ``tint``: all four channels when premultiplied, alpha only when
    /// straight.
    private func vertexColor(white: Float, opacity: Float) -> SDL_Color {
        guard let tint else {
            let o = UInt8(max(0, min(255, (opacity * 255).rounded())))
            return renderer.usesPremultipliedAlpha ? SDL_Color(r: o, g: o, b: o, a: o) : SDL_Color(r: 255, g: 255, b: 255, a: o)
        }
        func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        let a = max(0, min(1, tint.alpha * opacity)), k: Float = renderer.usesPremultipliedAlpha ? a : 1
        return SDL_Color(r: byte(white * tint.red * k), g: byte(white * tint.green * k), b: byte(white * tint.blue * k), a: byte(a))
    }

    private func isFacingViewer(_ node: RenderNodeRef, _ index: Int, _ m: CATransform3D, _ c: DrawContext) -> Bool {
        guard !node.isDoubleSided else { return true }
        guard let area = QuadMesh.signedArea(of: node.bounds, transform: m) else { return false }
        return area * c.parity(index) > 0
    }

    /// The screen box (root pixels) of what the visible layers of the subtree paint — bounds where a layer paints a
    /// background or border (``RenderNodeRef/paintsBounds``), contents where they are placed, shadows; nil when one
    /// cannot be projected. (A Lottie tree's layers have the composition as bounds and paint a shape's store: a
    /// masked group sized by bounds was a full-frame pass, many per frame.)
    private func subtreeBounds(_ index: Int, _ c: DrawContext) -> CGRect? {
        var box = CGRect.null
        let origin = Surface(target: nil, origin: .zero, size: .zero)
        var i = index
        while i < c.tree.nodes[index].subtreeEnd {
            let n = c.node(i)
            if n.isHidden { i = n.subtreeEnd; continue }
            let m = matrix(n, on: origin, c)
            if n.paintsBounds {
                guard let b = QuadMesh.bounds(of: n.bounds, transform: m) else { return nil }
                box = box.union(b)
            }
            if let image = n.contents as? CGImage {
                guard let b = QuadMesh.bounds(of: n.contentsDestination(of: image), transform: m) else { return nil }
                box = box.union(b)
            }
            if n.castsShadow, let extent = ShadowRasterizer.extent(of: n.value, in: c.tree, index: i) {
                guard let s = QuadMesh.bounds(of: extent, transform: m) else { return nil }
                box = box.union(s)
            }
            i += 1
        }
        return box
    }
}
