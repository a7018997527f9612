import Foundation

/// A shadow in the graphics state: what `setShadow(offset:blur:color:)` keeps.
struct DrawingShadow {
    /// Apple's default: black at a third of full alpha.
    static let defaultColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3)
    /// The shift, in base space (not scaled or turned by the CTM); positive heights go down, as on iOS since 3.2.
    var offset: CGSize
    /// Twice the Gaussian's standard deviation, in base space.
    var blur: CGFloat
    var color: CGColor
}

/// Shadows cast by drawing operations (Core Graphics' `setShadow`).
///
/// While a shadow is set, every operation — fill, stroke, image, gradient, text, a group as a whole — is drawn on
/// its own, and its alpha, blurred, tinted and moved by the offset, is composited under it:
/// ```
/// operation ──▶ group (the clip widened by the shadow's reach) ──▶ alpha ──blur σ = blur / 2──▶ × colour
///                 │                                                         at offset, under the clip
///                 └──────────────────────────────────────────────▶ over it, under the clip
/// ```
/// Offsets and blurs are in base space: a context's own pixels, or the points of one a layer or UIKit hands out;
/// the CTM's scale and rotation do not change them, as Apple documents. An operation drawn with no shadow set costs
/// one check.
extension CGContext {
    /// Sets the shadow every later drawing operation casts: `offset` and `blur` in base space, `color` its colour
    /// (nil or fully transparent: no shadow). Part of the graphics state: `restoreGState()` brings back the previous one.
    ///
    /// Positive `offset.height` moves the shadow down (y-down contexts, as iOS since 3.2); `blur` ≥ 0 spreads it as a
    /// Gaussian of standard deviation `blur / 2`. Non-finite values, a negative blur or a non-finite colour are
    /// reported and leave the shadow as it was.
    /// ```swift
    /// context.setShadow(offset: CGSize(width: 4, height: 4), blur: 6, color: CGColor(gray: 0, alpha: 0.5))
    /// context.fill(CGRect(x: 10, y: 10, width: 40, height: 40))   // a soft shadow below and right of the square
    /// ```
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite, blur >= 0 else {
            Diagnostics.report("CGContext.setShadow(offset:blur:color:): offset (\(Double(offset.width).diagnosticDescription), \(Double(offset.height).diagnosticDescription)) and blur \(Double(blur).diagnosticDescription) must be finite, blur ≥ 0; shadow left as it was")
            return
        }
        if let color, !color.isFinite {
            Diagnostics.report("CGContext.setShadow(offset:blur:color:): non-finite colour \(color); shadow left as it was")
            return
        }
        guard let color, color.alpha > 0 else { paint.shadow = nil; return }
        paint.shadow = DrawingShadow(offset: offset, blur: blur, color: color)
    }

    /// Sets a shadow of Apple's default colour, black at 1/3 alpha (see `setShadow(offset:blur:color:)`).
    ///
    /// ```swift
    /// context.setShadow(offset: CGSize(width: 0, height: 3), blur: 4)
    /// ```
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: DrawingShadow.defaultColor)
    }

    /// Whether a shadow is set: drawing then casts one.
    package var castsShadow: Bool { paint.shadow != nil }

    /// Runs one drawing operation, casting the shadow in the graphics state if there is one. Operations made of
    /// others (a fill and a stroke, a group) cast one shadow: the shadow is off while `operation` runs.
    func shadowed(_ operation: () -> Void) {
        guard let shadow = paint.shadow else { return operation() }
        paint.shadow = nil
        defer { paint.shadow = shadow }
        draw(operation, casting: shadow)
    }

    private func draw(_ operation: () -> Void, casting shadow: DrawingShadow) {
        let bitmap = cairo
        defer { bitmap.newPath() }   // the operation consumed the path in its scratch context
        let clip = bitmap.deviceClipExtents
        guard clip.width > 0, clip.height > 0 else { return }   // nothing can show
        let dx = shadow.offset.width * baseScale.width, dy = shadow.offset.height * baseScale.height
        let sigmaX = min(512, shadow.blur / 2 * baseScale.width), sigmaY = min(512, shadow.blur / 2 * baseScale.height)
        // Where the operation shows, and where it must be drawn for its blurred, shifted alpha to reach the clip
        // (which may lie off the bitmap: a shape outside it can throw its shadow in).
        let visible = clip.integral
        let source = clip.offsetBy(dx: -dx, dy: -dy).insetBy(dx: -3 * sigmaX - 1, dy: -3 * sigmaY - 1).integral
        let both = visible.union(source)
        let drawn: (shadow: (surface: CairoSurface, box: CGRect), operation: (surface: CairoSurface, box: CGRect))?
        if both.width * both.height <= 2 * (visible.width * visible.height + source.width * source.height) {
            drawn = drawAlone(operation, in: both).map { (($0, both), ($0, both)) }
        } else {
            // A shadow thrown far (an offset past the clip): drawn twice rather than once over all the space between.
            drawn = drawAlone(operation, in: source).flatMap { far in drawAlone(operation, in: visible).map { ((far, source), ($0, visible)) } }
        }
        guard let drawn else {
            Diagnostics.report("CGContext: no bitmap of \(Int(both.width))×\(Int(both.height)) pixels for a shadow; drawn without it")
            return operation()
        }
        let cast = drawn.shadow
        var alpha = cast.surface.pixels().map { UInt8(truncatingIfNeeded: $0 >> 24) }
        GaussianBlur.blur(&alpha, width: cast.surface.width, height: cast.surface.height, sigmaX: sigmaX, sigmaY: sigmaY)
        let c = shadow.color
        func unit(_ v: CGFloat) -> CGFloat { min(1, max(0, v)) }
        bitmap.fill(red: unit(c.red), green: unit(c.green), blue: unit(c.blue), alpha: unit(c.alpha), maskedBy: alpha,
                    width: cast.surface.width, height: cast.surface.height,
                    atDevice: CGPoint(x: cast.box.minX + dx, y: cast.box.minY + dy))
        bitmap.paint(drawn.operation.surface, atDevice: drawn.operation.box.origin)
    }

    /// Runs `operation` into a transparent bitmap covering `box` (device pixels, whole numbers), unclipped, with the
    /// drawing state and path it would have had; nil when no such bitmap can be made.
    private func drawAlone(_ operation: () -> Void, in box: CGRect) -> CairoSurface? {
        let bitmap = cairo
        guard box.width <= CGFloat(CairoSurface.maximumSide), box.height <= CGFloat(CairoSurface.maximumSide),
              let surface = CairoSurface(width: Int(box.width), height: Int(box.height)) else { return nil }
        cairo = CairoContext(surface: surface, continuing: bitmap, deviceShift: CGPoint(x: -box.minX, y: -box.minY))
        defer { cairo = bitmap }
        operation()
        return surface
    }
}
