import Foundation

extension CGContext {
    /// Draws `image` scaled to fill `rect`, with Core Graphics' orientation: the image's first row lands at
    /// `rect.maxY`.
    ///
    /// Core Graphics draws images upright in its native y-up space. In this y-down space (like any UIKit or
    /// layer context) that means **upside down**, exactly as `CGContext.draw(_:in:)` does on iOS. Flip first
    /// for an upright image, as iOS code does. The global alpha, clip and CTM apply; images are filtered
    /// as `interpolationQuality` says when scaled (box-filtered when shrunk, bilinear when enlarged, by default).
    /// ```swift
    /// context.translateBy(x: 0, y: CGFloat(context.height)); context.scaleBy(x: 1, y: -1)
    /// context.draw(image, in: CGRect(x: 0, y: 0, width: 32, height: 32))   // upright at the top-left
    /// ```
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard isFinite(rect, in: "draw(_:in:)") else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        /// The image's pixels → device pixels, through the CTM as it is when called.
        func pixelsToDevice() -> CGAffineTransform {
            CGAffineTransform(a: r.width / CGFloat(image.width), b: 0, c: 0, d: -r.height / CGFloat(image.height),
                              tx: r.minX, ty: r.maxY).concatenating(cairo.matrix).snappedToPixels
        }
        if paint.shadow == nil, let drawing = image.deferredDrawing(fullAlpha: paint.alpha >= 1) {
            // A deferred image: its drawing painted straight onto this context through the map its pixels would take
            // — rasterized where it lands, with no bitmap to clear, fill and copy, and the same pixels whether or not
            // another drawer made the bitmap.
            let m = pixelsToDevice()
            guard (m.a * m.d - m.b * m.c).isNormal else { return }
            saveGState()
            cairo.matrix = m   // the image's pixels (rows from the top, as its drawing's y) → device
            drawing.draw(self)
            restoreGState()
            return
        }
        guard let surface = image.cairoSurface else {
            Diagnostics.report("CGContext.draw(_:in:): could not allocate a surface for \(image); skipped")
            return
        }
        shadowed {   // the CTM is read inside: a shadowed operation draws in a context of its own
            inImagePixels(pixelsToDevice(), width: image.width, height: image.height) {
                cairo.paint(surface, alpha: paint.alpha, filter: imageFilter)
            }
        }
    }

    /// Runs `body` with user space set to `m` (an image's pixels → device pixels) and clipped to the image's
    /// `width × height` pixels, then restores the state; does nothing when `m` is too small to cover any pixel.
    func inImagePixels(_ m: CGAffineTransform, width: Int, height: Int, _ body: () -> Void) {
        let det = m.a * m.d - m.b * m.c
        guard det.isNormal, (1 / det).isFinite else { return }
        cairo.save()
        defer { cairo.restore() }
        cairo.matrix = m
        cairo.newPath()
        cairo.rectangle(CGRect(x: 0, y: 0, width: width, height: height))
        cairo.clip()
        body()
    }

    /// Draws `image` at its pixel size with its top-left corner at `point`, upright in this y-down space.
    ///
    /// A plain-Swift convenience (Core Graphics has no such call): it is `UIImage.draw(at:)` for a `CGImage`.
    /// ```swift
    /// context.draw(image, uprightAt: CGPoint(x: 10, y: 10))
    /// ```
    public func draw(_ image: CGImage, uprightAt point: CGPoint) {
        guard isFinite(point, in: "draw(_:uprightAt:)") else { return }
        saveGState()
        defer { restoreGState() }
        translateBy(x: point.x, y: point.y + CGFloat(image.height))
        scaleBy(x: 1, y: -1)
        draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }
}

extension CGAffineTransform {
    /// The map itself, or — when it is within 1/256 of a pixel of one — the map that moves image pixels onto device
    /// pixels by a whole number of pixels (flips allowed). A layer's backing store is drawn on the display's pixel
    /// grid to that precision (`PixelGrid`), and products of scales such as 1/1.92 × 1.92 land a hair off 1; pixman
    /// would then resample every pixel bilinearly through a general transform, several times the cost of a copy, to
    /// draw what the whole-pixel map draws to within one level of 8 bits.
    package var snappedToPixels: CGAffineTransform {
        let scaleError = 1e-6, shiftError = 1.0 / 256
        func whole(_ v: CGFloat) -> CGFloat? { abs(v - v.rounded()) <= shiftError ? v.rounded() : nil }
        guard abs(b) < scaleError, abs(c) < scaleError, abs(abs(a) - 1) < scaleError, abs(abs(d) - 1) < scaleError,
              let x = whole(tx), let y = whole(ty) else { return self }
        return CGAffineTransform(a: a.rounded(), b: 0, c: 0, d: d.rounded(), tx: x, ty: y)
    }

    /// Whether the map moves image pixels onto device pixels one to one (``snappedToPixels`` is a whole-pixel move).
    package var movesWholePixels: Bool {
        let s = snappedToPixels
        return s.b == 0 && s.c == 0 && abs(s.a) == 1 && abs(s.d) == 1 && s.tx == s.tx.rounded() && s.ty == s.ty.rounded()
    }
}
