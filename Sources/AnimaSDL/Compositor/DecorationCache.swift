import AnimaCore
import AnimaGraphics
import Foundation

/// Rounded backgrounds, borders and rounded clip shapes, rasterized by Cairo once per change.
///
/// Square-cornered backgrounds and borders need no texture: the compositor draws them as coloured quads.
/// With `cornerRadius` > 0 they are drawn here, at the pixel size the layer covers on screen. The image object
/// stays the same until its inputs change, so the texture cache does not upload it again.
/// ```swift
/// let image = cache.image(for: node.layerID, kind: .background, node: node, pixelSize: CGSize(width: 200, height: 100))
/// ```
package final class DecorationCache {
    package enum Kind: Int, Sendable { case background = 0, border = 1, clipShape = 2 }

    private struct Key: Equatable {
        var kind: Kind, width: Int, height: Int, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve
        var borderWidth: CGFloat
        var color: RGBA?
    }

    private var images: [UInt64: (key: Key, image: CGImage, isUsed: Bool)] = [:]

    package init() {}

    /// A stable cache key for layer `layerID`'s decoration of `kind` (for the texture cache).
    package static func textureKey(layerID: UInt64, kind: Kind) -> UInt64 { layerID &* 4 &+ UInt64(kind.rawValue) &+ (1 << 62) }

    /// The rasterized decoration, or nil when there is nothing to draw.
    package func image(for layerID: UInt64, kind: Kind, node: RenderNode, pixelSize: CGSize) -> CGImage? {
        let color: RGBA? = kind == .background ? node.backgroundColor : (kind == .border ? node.borderColor : RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        guard let color, color.alpha > 0 else { return nil }
        let w = max(1, min(4096, Int(pixelSize.width.rounded(.up)))), h = max(1, min(4096, Int(pixelSize.height.rounded(.up))))
        let key = Key(kind: kind, width: w, height: h, radius: node.cornerRadius, corners: node.maskedCorners,
                      curve: node.cornerCurve, borderWidth: kind == .border ? node.borderWidth : 0, color: color)
        let slot = Self.textureKey(layerID: layerID, kind: kind)
        if let entry = images[slot], entry.key == key {
            images[slot]?.isUsed = true
            return entry.image
        }
        guard let image = Self.rasterize(key, bounds: node.bounds.size) else { return nil }
        images[slot] = (key, image, true)
        return image
    }

    /// Forgets decorations not asked for since the previous call.
    package func endFrame() {
        images = images.filter { $0.value.isUsed }
        for k in images.keys { images[k]?.isUsed = false }
    }

    /// The outline to fill for a decoration of `rect` (radius clamped to half the shorter side; only `corners` are
    /// rounded, with `curve`). The border lies inside the bounds: the outer rounded rect minus the inner one, filled
    /// even-odd.
    package static func path(_ kind: Kind, in rect: CGRect, radius: CGFloat, corners: CACornerMask,
                             curve: CALayerCornerCurve, borderWidth: CGFloat) -> (CGPath, CGPathFillRule) {
        let r = max(0, min(radius.isFinite ? radius : 0, min(rect.width, rect.height) / 2))
        let outer = roundedRect(rect, radius: r, corners: corners, curve: curve)
        guard kind == .border else { return (outer, .winding) }
        let inset = min(max(0, borderWidth), min(rect.width, rect.height) / 2)
        let inner = rect.insetBy(dx: inset, dy: inset)
        let path = CGMutablePath()
        path.addPath(outer)
        if inner.width > 0, inner.height > 0 {
            path.addPath(roundedRect(inner, radius: max(0, r - inset), corners: corners, curve: curve))
        }
        return (path, .evenOdd)
    }

    /// `rect` with `corners` rounded by `radius` (at most half the shorter side) and the others square.
    private static func roundedRect(_ rect: CGRect, radius r: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve) -> CGPath {
        if curve == .circular, corners == .all || r == 0 { return CGPath(roundedRect: rect, cornerWidth: r, cornerHeight: r, transform: nil) }
        func radius(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? r : 0 }
        let (tl, tr) = (radius(.layerMinXMinYCorner), radius(.layerMaxXMinYCorner))
        let (br, bl) = (radius(.layerMaxXMaxYCorner), radius(.layerMinXMaxYCorner))
        let path = CGMutablePath()
        if curve == .continuous {
            path.addContinuousRoundedRect(in: rect, topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl)
        } else {
            path.addRoundedRect(in: rect, topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl)
        }
        return path
    }

    private static func rasterize(_ key: Key, bounds: CGSize) -> CGImage? {
        guard bounds.width > 0, bounds.height > 0, let c = key.color else { return nil }
        let context = CGContext(width: key.width, height: key.height)
        context.scaleBy(x: CGFloat(key.width) / bounds.width, y: CGFloat(key.height) / bounds.height)
        let (path, rule) = Self.path(key.kind, in: CGRect(origin: .zero, size: bounds), radius: key.radius,
                                     corners: key.corners, curve: key.curve, borderWidth: key.borderWidth)
        context.addPath(path)
        context.setFillColor(CGColor(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha)))
        context.fillPath(using: rule)
        return context.makeImage()
    }
}
