import AnimaCore
import AnimaGraphics
import Foundation

/// Draws a render tree with Cairo on the CPU: the fallback when no OpenGL renderer exists, and the rasterizer of
/// shadow silhouettes.
///
/// It draws what the `Compositor` draws — shadows, backgrounds (rounded), contents (`contentsRect`,
/// `contentsGravity`, `contentsCenter`), sublayers, borders, opacity, group opacity, `masksToBounds` and `mask`
/// clipping, compositing filters, the `luminanceToAlpha` filter, back-face culling — with one difference: Cairo draws affine transforms only, so a layer with
/// perspective is drawn through the affine map that matches three of its projected corners (reported once).
/// ```swift
/// let image = SoftwareRenderer.render(display.renderTree, width: 400, height: 300)
/// try image.writePNG(to: URL(fileURLWithPath: ".build/frame.png"))
/// ```
@MainActor
public enum SoftwareRenderer {
    private static var reported: Set<String> = []

    /// Renders `tree` into a new image of `width × height` points at `scale` pixels per point, over `background`
    /// (premultiplied; transparent when nil).
    public static func render(_ tree: RenderTree, width: Int, height: Int, scale: CGFloat = 1,
                              background: RGBAPixel? = nil) -> CGImage {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let w = min(CairoLimits.side, max(1, Int((CGFloat(width) * s).rounded())))
        let h = min(CairoLimits.side, max(1, Int((CGFloat(height) * s).rounded())))
        let context = CGContext(width: w, height: h)
        if let bg = background, bg.alpha > 0 {
            context.setFillColor(CGColor(red: CGFloat(bg.straightRed) / 255, green: CGFloat(bg.straightGreen) / 255,
                                         blue: CGFloat(bg.straightBlue) / 255, alpha: CGFloat(bg.alpha) / 255))
            context.fill(CGRect(x: 0, y: 0, width: w, height: h))
        }
        let base = CATransform3DMakeScale(s, s, 1)
        for root in tree.children(of: -1) { drawSubtree(root, of: tree, into: context, base: base) }
        return context.takeImage() ?? CGImage.missingImagePlaceholder(width: w, height: h)
    }

    /// Lays `images` out in a grid of `columns` on a dark grey sheet (an "animation sheet": frames of a scene in one
    /// picture). Cells have the first image's size.
    /// ```swift
    /// let sheet = SoftwareRenderer.sheet(frames, columns: 4)
    /// ```
    public static func sheet(_ images: [CGImage], columns: Int) -> CGImage {
        guard let first = images.first else { return CGImage.missingImagePlaceholder() }
        let columns = max(1, min(columns, images.count))
        let rows = (images.count + columns - 1) / columns
        let gap = 8
        let context = CGContext(width: columns * (first.width + gap) + gap, height: rows * (first.height + gap) + gap)
        context.setFillColor(CGColor(gray: 0.3, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: context.width, height: context.height))
        for (i, image) in images.enumerated() {
            let x = gap + (i % columns) * (first.width + gap), y = gap + (i / columns) * (first.height + gap)
            context.draw(image, uprightAt: CGPoint(x: x, y: y))
        }
        return context.makeImage() ?? first
    }

    /// Draws node `index` and its subtree into `context`. `base` maps display points to the context's pixels.
    /// With `silhouette`, shadows and compositing filters are left out (the tree is being drawn as a shadow's shape).
    package static func drawSubtree(_ index: Int, of tree: RenderTree, into context: CGContext, base: CATransform3D,
                                    opacity: CGFloat = 1, parity: CGFloat = 1, silhouette: Bool = false, tint outerTint: RGBA? = nil) {
        let node = RenderNodeRef(nodes: tree.nodes, index: index)
        let tint = silhouette ? nil : RGBA.tint(outerTint, node.tint)
        guard !node.isHidden, node.opacity > 0, node.opacity.isFinite, opacity > 0, node.worldTransform.isFinite else { return }
        let parity = parity * (node.isMirrored ? -1 : 1)
        let hasChildren = node.subtreeEnd > index + 1
        let shadow = !silhouette && node.castsShadow
        let alpha = opacity * CGFloat(node.opacity)
        let blend = silhouette ? nil : node.compositingFilter.map(blend(for:))
        let groupOpacity = node.opacity < 1 && (hasChildren || shadow) && (node.allowsGroupOpacity || node.shouldRasterize)
        let raster = silhouette ? 1 : rasterizationFactor(node, base: base)
        // A transform layer (which draws nothing of its own) only places its sublayers: no group.
        let luminance = !silhouette && node.appliesLuminanceToAlpha
        guard node.drawsOwnContent, node.mask != nil || blend != nil || groupOpacity || raster < 1 || luminance else {
            return drawLayer(index, of: tree, into: context, base: base, opacity: alpha, parity: parity, silhouette: silhouette, tint: tint)
        }
        // A group: the layer and its sublayers at full opacity, masked, then blended once — in a surface that covers
        // only the pixels the group can touch.
        let box = groupBox(index, of: tree, base: base, silhouette: silhouette)
        if let box, box.isEmpty { return }
        context.beginGroup(within: box)
        if raster < 1, let box {
            drawRasterized(index, of: tree, into: context, base: base, box: box, factor: raster, parity: parity, tint: tint)
        } else {
            drawLayer(index, of: tree, into: context, base: base, opacity: 1, parity: parity, silhouette: silhouette, tint: tint)
            if let mask = node.mask {
                context.maskGroup {
                    for root in mask.children(of: -1) { drawSubtree(root, of: mask, into: context, base: base, silhouette: silhouette) }
                }
            }
        }
        context.endGroup(alpha: alpha, blend: blend ?? .over, luminanceToAlpha: luminance)
    }

    /// The share of the context's resolution a layer that ``CALayer/shouldRasterize`` is drawn at:
    /// `rasterizationScale` pixels per point of the layer's own coordinates, never more than the context shows
    /// (1 for other layers).
    private static func rasterizationFactor(_ node: RenderNodeRef, base: CATransform3D) -> CGFloat {
        guard node.shouldRasterize else { return 1 }
        let m = node.worldTransform * base, w = max(abs(m.m44), 1e-6)
        let pixelsPerPoint = max(hypot(m.m11, m.m12), hypot(m.m21, m.m22)) / w
        return pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? min(1, node.rasterizationScale / pixelsPerPoint) : 1
    }

    /// Draws node `index`'s layer, sublayers and mask into a bitmap of `factor` times the pixels of `box` (device
    /// pixels), then that bitmap scaled up over `box`, sampled bilinearly: a layer rasterized coarser than the display.
    private static func drawRasterized(_ index: Int, of tree: RenderTree, into context: CGContext, base: CATransform3D,
                                       box: CGRect, factor f: CGFloat, parity: CGFloat, tint: RGBA?) {
        let w = max(1, min(CairoLimits.side, Int((box.width * f).rounded(.up))))
        let h = max(1, min(CairoLimits.side, Int((box.height * f).rounded(.up))))
        let bitmap = CGContext(width: w, height: h)
        let bitmapBase = base * CATransform3DMakeTranslation(-box.minX, -box.minY, 0) * CATransform3DMakeScale(f, f, 1)
        drawLayer(index, of: tree, into: bitmap, base: bitmapBase, opacity: 1, parity: parity, silhouette: false, tint: tint)
        if let mask = RenderNodeRef(nodes: tree.nodes, index: index).mask {
            bitmap.maskGroup {
                for root in mask.children(of: -1) { drawSubtree(root, of: mask, into: bitmap, base: bitmapBase) }
            }
        }
        guard let image = bitmap.takeImage() else { return }
        context.saveGState()
        context.interpolationQuality = .low
        drawUpright(image, in: CGRect(x: box.minX, y: box.minY, width: CGFloat(w) / f, height: CGFloat(h) / f), context)
        context.restoreGState()
    }

    /// Draws node `index`'s layer and sublayers at full opacity, without its own shadow or mask: the shape of its
    /// shadow. `base` maps display points to the context's pixels.
    package static func drawSilhouette(_ index: Int, of tree: RenderTree, into context: CGContext, base: CATransform3D) {
        drawLayer(index, of: tree, into: context, base: base, opacity: 1, parity: 1, silhouette: true, tint: nil)
    }

    private static func drawLayer(_ index: Int, of tree: RenderTree, into context: CGContext, base: CATransform3D,
                                  opacity: CGFloat, parity: CGFloat, silhouette: Bool, tint: RGBA?) {
        let node = RenderNodeRef(nodes: tree.nodes, index: index)
        guard node.drawsOwnContent else {   // a transform layer: its sublayers only
            var child = index + 1
            while child < node.subtreeEnd {
                drawSubtree(child, of: tree, into: context, base: base, opacity: opacity, parity: parity, silhouette: silhouette, tint: tint)
                child = tree.nodes[child].subtreeEnd
            }
            return
        }
        let m = node.worldTransform * base
        guard let affine = affineApproximation(of: node, m) else { return }
        // A layer scaled to nothing covers no pixel (and Cairo cannot draw through a singular matrix); its sublayers may.
        let isFlat = !(affine.a * affine.d - affine.b * affine.c).isNormal
        let facing = !isFlat
            && (node.isDoubleSided || (QuadMesh.signedArea(of: node.bounds, transform: m).map { $0 * parity > 0 } ?? false))
        context.saveGState()
        defer { context.restoreGState() }
        if node.masksToBounds {
            var t = affine
            let (shape, _) = DecorationCache.path(.clipShape, in: node.bounds, radius: node.cornerRadius,
                                                  corners: node.maskedCorners, curve: node.cornerCurve, borderWidth: 0)
            guard let clip = shape.copy(using: &t) else { return }
            context.addPath(clip)
            context.clip()
        }
        if facing {
            if !silhouette { drawShadow(index, of: tree, into: context, affine, opacity: opacity, tint: tint) }
            drawBackgroundAndContents(node, into: context, affine, opacity: opacity, tint: tint)
        }
        var child = index + 1
        while child < node.subtreeEnd {
            drawSubtree(child, of: tree, into: context, base: base, opacity: opacity, parity: parity, silhouette: silhouette, tint: tint)
            child = tree.nodes[child].subtreeEnd
        }
        if facing, let color = node.borderColor, color.alpha > 0, node.borderWidth > 0, node.borderWidth.isFinite {
            fill(.border, node, color: color.tinted(by: tint), into: context, affine, opacity: opacity)
        }
    }

    private static func drawBackgroundAndContents(_ node: RenderNodeRef, into context: CGContext, _ affine: CGAffineTransform,
                                                  opacity: CGFloat, tint: RGBA?) {
        if let color = node.backgroundColor, color.alpha > 0 {
            fill(.background, node, color: color.tinted(by: tint), into: context, affine, opacity: opacity)
        }
        guard let image = node.contents as? CGImage else { return }
        let t = node.contentsRect
        let dest = node.contentsDestination(of: image)
        let scale = node.contentsScale.isFinite && node.contentsScale > 0 ? node.contentsScale : 1
        let natural = CGSize(width: CGFloat(image.width) * abs(t.width) / scale, height: CGFloat(image.height) * abs(t.height) / scale)
        context.saveGState()
        defer { context.restoreGState() }
        context.concatenate(affine)
        context.setAlpha(opacity)
        // Bilinear, as the OpenGL compositor samples: a store drawn off the pixel grid is kept at up to twice the
        // display's resolution, and box-filtering it down (Cairo's default) costs several times as much. Nearest
        // where the layer's filters ask for it.
        let pixelsPerPoint = CGSize(width: hypot(affine.a, affine.b), height: hypot(affine.c, affine.d))
        context.interpolationQuality = node.samplesContentsNearest(image, pixelsPerPoint: pixelsPerPoint) ? .none : .low
        for piece in ContentsPlacement.slices(destination: dest, contentsRect: t, center: node.contentsCenter, naturalSize: natural) {
            let u = piece.texture
            let pixels = CGRect(x: u.minX * CGFloat(image.width), y: u.minY * CGFloat(image.height),
                                width: u.width * CGFloat(image.width), height: u.height * CGFloat(image.height))
            let whole = pixels.minX <= 0 && pixels.minY <= 0 && pixels.maxX >= CGFloat(image.width) && pixels.maxY >= CGFloat(image.height)
            guard var part = whole ? image : image.cropping(to: pixels) else { continue }
            if let tint { part = part.multiplied(by: tint) }
            drawUpright(part, in: piece.rect, context)
        }
    }

    private static func drawShadow(_ index: Int, of tree: RenderTree, into context: CGContext, _ affine: CGAffineTransform,
                                   opacity: CGFloat, tint: RGBA?) {
        let node = RenderNodeRef(nodes: tree.nodes, index: index)
        let scale = CGSize(width: max(0.01, hypot(affine.a, affine.b)), height: max(0.01, hypot(affine.c, affine.d)))
        guard let color = node.shadowColor?.tinted(by: tint),
              let shadow = ShadowRasterizer.shadow(for: index, in: tree, pixelScale: scale) else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.concatenate(affine)
        context.setAlpha(opacity * CGFloat(node.shadowOpacity))
        context.interpolationQuality = .low
        let rect = shadow.rect.offsetBy(dx: node.shadowOffset.width, dy: node.shadowOffset.height)
        context.fill(rect, with: CGColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
                                         alpha: CGFloat(color.alpha)), maskedByAlphaOf: shadow.image)
    }

    private static func fill(_ kind: DecorationCache.Kind, _ node: RenderNodeRef, color: RGBA, into context: CGContext,
                             _ affine: CGAffineTransform, opacity: CGFloat) {
        let (path, rule) = DecorationCache.path(kind, in: node.bounds, radius: node.cornerRadius, corners: node.maskedCorners,
                                                   curve: node.cornerCurve, borderWidth: node.borderWidth)
        context.saveGState()
        defer { context.restoreGState() }
        context.concatenate(affine)
        context.setAlpha(opacity)
        context.setFillColor(CGColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
                                     alpha: CGFloat(color.alpha)))
        context.addPath(path)
        context.fillPath(using: rule)
    }

    /// Draws `image` upright (first row at the top) filling `rect` of the current user space.
    private static func drawUpright(_ image: CGImage, in rect: CGRect, _ context: CGContext) {
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(image, in: rect)
        context.restoreGState()
    }

    /// The affine map from the layer's bounds space to pixels: exact without perspective, otherwise the one through
    /// three projected corners. Nil when a corner is behind the eye.
    private static func affineApproximation(of node: RenderNodeRef, _ m: CATransform3D) -> CGAffineTransform? {
        if let exact = exactAffine(m) { return exact }
        let b = node.bounds
        guard b.width > 0, b.height > 0, let p = QuadMesh.project(b.minX, b.minY, m),
              let px = QuadMesh.project(b.maxX, b.minY, m), let py = QuadMesh.project(b.minX, b.maxY, m) else { return nil }
        report("layer \(node.name ?? "#\(node.layerID)") has perspective; the software renderer draws it affine")
        let a = (px.x - p.x) / b.width, bb = (px.y - p.y) / b.width, c = (py.x - p.x) / b.height, d = (py.y - p.y) / b.height
        return CGAffineTransform(a: a, b: bb, c: c, d: d, tx: p.x - a * b.minX - c * b.minY, ty: p.y - bb * b.minX - d * b.minY)
    }

    /// The operator for a compositing filter name (`CALayer.supportedCompositingFilters`); over, reported once, for
    /// any other.
    private static func blend(for filter: String) -> CairoBlend {
        switch filter {
        case "xor": return .xor
        case "multiplyBlendMode": return .multiply
        case "screenBlendMode": return .screen
        case "darkenBlendMode": return .darken
        case "lightenBlendMode": return .lighten
        case "plusL": return .add
        case "overlayBlendMode": return .overlay
        case "colorDodgeBlendMode": return .colorDodge
        case "colorBurnBlendMode": return .colorBurn
        case "hardLightBlendMode": return .hardLight
        case "softLightBlendMode": return .softLight
        case "differenceBlendMode": return .difference
        case "exclusionBlendMode": return .exclusion
        case "hueBlendMode": return .hue
        case "saturationBlendMode": return .saturation
        case "colorBlendMode": return .color
        case "luminosityBlendMode": return .luminosity
        default:
            report("the compositing filter '\(filter)' is not drawn by the software renderer; it blends normally")
            return .over
        }
    }

    private static func report(_ message: String) {
        guard reported.insert(message).inserted else { return }
        Diagnostics.report("SoftwareRenderer: \(message)")
    }
}

/// Cairo's image size limit, for callers sizing contexts.
enum CairoLimits {
    static let side = 32_767
}

private extension CGImage {
    /// The image with each premultiplied channel multiplied by the tint's (a particle's colour, a replicator
    /// instance's); alpha is left to the layer's opacity.
    func multiplied(by tint: RGBA) -> CGImage {
        func factor(_ v: Float) -> UInt32 { UInt32(max(0, min(256, (v * 256).rounded()))) }
        let (r, g, b) = (factor(tint.red), factor(tint.green), factor(tint.blue))
        let pixels = premultipliedARGB.map { p -> UInt32 in
            (p & 0xFF00_0000) | ((((p >> 16) & 0xFF) * r) >> 8) << 16 | ((((p >> 8) & 0xFF) * g) >> 8) << 8 | ((p & 0xFF) * b) >> 8
        }
        return CGImage(width: width, height: height, premultipliedARGB: pixels) ?? self
    }
}
