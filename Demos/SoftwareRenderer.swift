import Anima
import Foundation

/// Draws a render tree with Cairo (affine transforms, backgrounds, rounded corners, contents images,
/// borders, opacity): a stand-in for the SDL compositor that needs no GPU, used for headless recordings.
@MainActor
enum SoftwareRenderer {
    static func render(_ tree: RenderTree, width: Int, height: Int) -> CGImage {
        let ctx = CGContext(width: width, height: height)
        var alpha = [Float](repeating: 1, count: tree.nodes.count)
        for (i, node) in tree.nodes.enumerated() {
            let inherited = node.parent >= 0 ? alpha[node.parent] : 1
            alpha[i] = node.isHidden ? 0 : inherited * node.opacity
            guard alpha[i] > 0 else { continue }
            let m = node.worldTransform
            ctx.saveGState()
            ctx.concatenate(CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42))
            ctx.setAlpha(CGFloat(alpha[i]))
            let path = CGPath(roundedRect: node.bounds, cornerWidth: node.cornerRadius, cornerHeight: node.cornerRadius, transform: nil)
            if let bg = node.backgroundColor {
                ctx.setFillColor(CGColor(red: CGFloat(bg.red), green: CGFloat(bg.green), blue: CGFloat(bg.blue), alpha: CGFloat(bg.alpha)))
                ctx.addPath(path)
                ctx.fillPath()
            }
            if let image = node.contents as? CGImage {
                // Drawn stores that reach past the bounds carry their own frame; other images fill the
                // bounds (the compositor also honours contentsGravity and contentsRect).
                let dest = node.contentsFrame ?? node.bounds
                ctx.saveGState()
                ctx.translateBy(x: dest.minX, y: dest.maxY)
                ctx.scaleBy(x: 1, y: -1)   // CGContext.draw puts an image's first row at the bottom
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: dest.width, height: dest.height))
                ctx.restoreGState()
            }
            if node.borderWidth > 0, let border = node.borderColor {
                let w = node.borderWidth
                let inset = node.bounds.insetBy(dx: w / 2, dy: w / 2)
                let r = max(0, node.cornerRadius - w / 2)
                ctx.setStrokeColor(CGColor(red: CGFloat(border.red), green: CGFloat(border.green), blue: CGFloat(border.blue), alpha: CGFloat(border.alpha)))
                ctx.setLineWidth(w)
                ctx.addPath(CGPath(roundedRect: inset, cornerWidth: r, cornerHeight: r, transform: nil))
                ctx.strokePath()
            }
            ctx.restoreGState()
        }
        return ctx.makeImage() ?? CGImage.missingImagePlaceholder(width: width, height: height)
    }

    /// Lays images out in a grid (an "animation sheet").
    static func sheet(_ images: [CGImage], columns: Int) -> CGImage {
        guard let first = images.first else { return CGImage.missingImagePlaceholder() }
        let rows = (images.count + columns - 1) / columns
        let gap = 8
        let ctx = CGContext(width: columns * (first.width + gap) + gap, height: rows * (first.height + gap) + gap)
        ctx.setFillColor(CGColor(gray: 0.3, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: columns * (first.width + gap) + gap, height: rows * (first.height + gap) + gap))
        for (i, image) in images.enumerated() {
            let x = gap + (i % columns) * (first.width + gap), y = gap + (i / columns) * (first.height + gap)
            ctx.draw(image, in: CGRect(x: x, y: y, width: image.width, height: image.height))
        }
        return ctx.makeImage() ?? first
    }
}
