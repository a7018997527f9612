import Foundation

/// Groups: drawing gathered in a temporary surface, then composited once (group opacity, masks, blend modes).
///
/// ```
/// beginGroup(within: box)      a transparent surface over box ∩ clip; drawing goes there
///   …draw…
///   maskGroup { …draw mask… }   the group so far × the mask's alpha
/// endGroup(alpha: 0.5)          the group, blended onto what lies below
/// ```
extension CGContext {
    /// Starts a group: drawing until the matching `endGroup(alpha:blend:)` goes into a transparent surface that
    /// covers `deviceBox` (device pixels, rounded out) within the clip, or the whole clip when it is nil. Nothing
    /// drawn outside that box is kept. Saves the graphics state as `saveGState()` does; `endGroup` restores it.
    /// ```swift
    /// context.beginGroup(within: CGRect(x: 0, y: 0, width: 10, height: 10))
    /// context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
    /// context.endGroup(alpha: 0.5)   // a 10 × 10 square at half opacity
    /// ```
    package func beginGroup(within deviceBox: CGRect?) {
        saveGState()
        paint.shadow = nil   // a shadow set outside is cast by the group as a whole (`endGroup`), as by a transparency layer
        if let box = deviceBox, !box.isNull, [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite) {
            cairo.clip(toDeviceRect: box.integral)
        }
        cairo.pushGroup()
    }

    /// Multiplies what the innermost group holds so far by the alpha of what `drawMask` draws (into a transparent
    /// surface of the group's extent), as a layer's `mask` does.
    package func maskGroup(by drawMask: () -> Void) {
        cairo.pushGroup()
        drawMask()
        paint(cairo.popGroup(), blend: .destinationIn, alpha: 1)
    }

    /// Ends the innermost group and composites it onto what lies below, scaled by `alpha` (0…1) and combined by `blend`.
    /// With `luminanceToAlpha`, the group is first turned into a mask of its luminance (``LuminanceToAlpha``).
    package func endGroup(alpha: CGFloat, blend: CairoBlend = .over, luminanceToAlpha: Bool = false) {
        var group = cairo.popGroup()
        if luminanceToAlpha { group.convertLuminanceToAlpha() }
        restoreGState()
        var alpha = alpha.isFinite ? min(1, max(0, alpha)) : 1
        if alpha < 1, blend.isNonSeparable {
            // pixman blends hue, saturation, colour and luminosity wrongly through a mask (a surface painted with
            // an alpha: 40, 173, 128 for the W3C's 56, 170, 99 in the compositor tests), right with the alpha
            // already in the pixels.
            cairo.pushGroup()
            paint(group, blend: .over, alpha: alpha)
            group = cairo.popGroup()
            alpha = 1
        }
        shadowed { [group, alpha] in paint(group, blend: blend, alpha: alpha) }
    }

    /// Paints `pattern` over the clip with `blend` at `alpha`, leaving the state as it was.
    func paint(_ pattern: CairoPattern, blend: CairoBlend, alpha: CGFloat) {
        cairo.save()
        cairo.setBlend(blend)
        cairo.setSource(pattern)
        cairo.paint(alpha: alpha)
        cairo.restore()
    }

    /// Fills `rect` (user space) with `color`, scaled by the global alpha, through the alpha of `mask` stretched over
    /// it with its first row at the top (a shadow's tint over its blurred silhouette).
    /// ```swift
    /// context.fill(CGRect(x: 0, y: 0, width: 8, height: 8), with: .black, maskedByAlphaOf: silhouette)
    /// ```
    package func fill(_ rect: CGRect, with color: CGColor, maskedByAlphaOf mask: CGImage) {
        guard isFinite(rect, in: "fill(_:with:maskedByAlphaOf:)"), color.isFinite else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, let surface = mask.cairoSurface else { return }
        func unit(_ v: CGFloat) -> CGFloat { min(1, max(0, v)) }
        shadowed {   // the CTM is read inside: a shadowed operation draws in a context of its own
            let m = CGAffineTransform(a: r.width / CGFloat(mask.width), b: 0, c: 0, d: r.height / CGFloat(mask.height),
                                      tx: r.minX, ty: r.minY).concatenating(cairo.matrix)
            inImagePixels(m, width: mask.width, height: mask.height) {
                cairo.fill(red: unit(color.red), green: unit(color.green), blue: unit(color.blue),
                           alpha: unit(color.alpha) * paint.alpha, maskedBy: surface, filter: imageFilter)
            }
        }
    }
}
