import Foundation

/// A bitmap drawing destination with Core Graphics' API (`CGContext`), rasterized by Cairo.
///
/// Pixels are premultiplied ARGB32. User space starts as the pixel grid with the origin at the top-left and
/// y pointing down — the orientation of a context UIKit or a layer's `draw(in:)` hands out, so
/// `context.ctm` starts as the identity. Angles are radians. Bad input (NaN, infinities, a singular transform,
/// negative dash lengths) is reported through `Diagnostics` and ignored, never drawn and never a crash.
/// ```swift
/// let context = CGContext(width: 100, height: 100)
/// context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
/// context.fill(CGRect(x: 10, y: 10, width: 50, height: 50))
/// let image = context.makeImage()   // 100×100, red square
/// ```
public final class CGContext {
    /// The Cairo context underneath (for other Anima modules: layer backing stores, text). While an operation that
    /// casts a shadow runs, a scratch context drawing it on its own (`CGContext+Shadow`).
    package internal(set) var cairo: CairoContext

    /// The width of the bitmap in pixels.
    public let width: Int
    /// The height of the bitmap in pixels.
    public let height: Int

    /// The parts of the graphics state Cairo does not keep: it has one source where Core Graphics has a fill and
    /// a stroke colour, and no global alpha.
    struct PaintState {
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var alpha: CGFloat = 1
        var interpolationQuality = CGInterpolationQuality.default
        /// The shadow every drawing operation casts (`setShadow(offset:blur:color:)`); nil: none.
        var shadow: DrawingShadow?
    }
    var paint = PaintState()
    private var savedPaint: [PaintState] = []

    /// Device pixels per unit of base space, the space shadow offsets and blurs are measured in: 1 for a context
    /// made here (base space is the pixel grid), the points-to-pixels scale for one a layer's `draw(in:)` or UIKit's
    /// image renderers hand out (as on iOS, where a shadow's offset is in points whatever the screen's scale).
    package var baseScale = CGSize(width: 1, height: 1)

    /// Creates a transparent bitmap context of `width × height` pixels.
    ///
    /// Sizes outside 0…32 767 are reported and replaced by 0, which gives a context that draws nothing.
    /// ```swift
    /// let context = CGContext(width: 4, height: 4)
    /// context.makeImage()?.pixel(x: 0, y: 0)?.alpha   // 0
    /// ```
    public init(width: Int, height: Int) {
        var w = width, h = height
        if !(0...CairoSurface.maximumSide).contains(w) || !(0...CairoSurface.maximumSide).contains(h) {
            Diagnostics.report("CGContext(width: \(width), height: \(height)): size must be 0…\(CairoSurface.maximumSide); using 0×0")
            w = 0; h = 0
        }
        // A 0×0 image surface is valid in Cairo; only allocation failure can make this fail.
        let surface = CairoSurface(width: w, height: h) ?? CairoSurface(width: 0, height: 0)!
        self.cairo = CairoContext(surface: surface)
        cairo.setLineWidth(1)   // Core Graphics' default; Cairo's is 2
        self.width = surface.width
        self.height = surface.height
    }

    /// Pushes a copy of the graphics state (CTM, clip, colours, alpha, line parameters, shadow) onto a stack.
    ///
    /// ```swift
    /// context.saveGState(); context.setAlpha(0.5); context.restoreGState()   // alpha is 1 again
    /// ```
    public func saveGState() {
        savedPaint.append(paint)
        cairo.save()
    }

    /// Pops the graphics state saved by the matching `saveGState()`; an unmatched call is reported and ignored.
    ///
    /// ```swift
    /// context.saveGState(); context.translateBy(x: 5, y: 0); context.restoreGState()   // ctm is back
    /// ```
    public func restoreGState() {
        guard let last = savedPaint.popLast() else {
            Diagnostics.report("CGContext.restoreGState(): no saved state to restore; ignored")
            return
        }
        paint = last
        cairo.restore()
    }

    /// Sets the colour used by fills (straight-alpha sRGB, components clamped to 0…1 when drawing).
    ///
    /// ```swift
    /// context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    /// ```
    public func setFillColor(_ color: CGColor) {
        guard checkColor(color, in: "setFillColor") else { return }
        paint.fillColor = color
    }

    /// Sets the fill colour from sRGB components.
    ///
    /// ```swift
    /// context.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// ```
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the fill colour to a grey.
    ///
    /// ```swift
    /// context.setFillColor(gray: 0.5, alpha: 1)
    /// ```
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }

    /// Sets the colour used by strokes.
    ///
    /// ```swift
    /// context.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
    /// ```
    public func setStrokeColor(_ color: CGColor) {
        guard checkColor(color, in: "setStrokeColor") else { return }
        paint.strokeColor = color
    }

    /// Sets the stroke colour from sRGB components.
    ///
    /// ```swift
    /// context.setStrokeColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// ```
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the stroke colour to a grey.
    ///
    /// ```swift
    /// context.setStrokeColor(gray: 0, alpha: 1)
    /// ```
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }

    /// Sets the global alpha (0…1, clamped) that multiplies everything drawn afterwards: fills, strokes, images, text.
    ///
    /// ```swift
    /// context.setAlpha(0.5)
    /// ```
    public func setAlpha(_ alpha: CGFloat) {
        guard alpha.isFinite else {
            Diagnostics.report("CGContext.setAlpha(_:): non-finite alpha \(Double(alpha).diagnosticDescription); ignored")
            return
        }
        paint.alpha = min(1, max(0, alpha))
    }

    /// How images are sampled when drawn scaled, rotated or moved by a fraction of a pixel; part of the graphics state.
    ///
    /// `.none` takes the nearest pixel; `.low` and `.medium` interpolate bilinearly (as a GPU samples a texture);
    /// `.high` and `.default` also average every covered pixel when an image is shrunk, which is smoother and several
    /// times dearer.
    /// ```swift
    /// context.interpolationQuality = .none   // pixel art stays sharp
    /// ```
    public var interpolationQuality: CGInterpolationQuality {
        get { paint.interpolationQuality }
        set { paint.interpolationQuality = newValue }
    }

    /// Cairo's filter for `interpolationQuality`.
    var imageFilter: CairoFilter {
        switch paint.interpolationQuality {
        case .none: .nearest
        case .low, .medium: .bilinear
        case .high, .default: .good
        }
    }

    /// An immutable copy of the bitmap as it is now (nil only for a 0×0 context).
    ///
    /// ```swift
    /// let image = CGContext(width: 2, height: 2).makeImage()   // 2×2, transparent
    /// ```
    public func makeImage() -> CGImage? {
        guard width > 0, height > 0 else { return nil }
        cairo.flush()
        return CGImage(width: width, height: height, premultipliedARGB: cairo.surface.pixels())
    }

    /// The bitmap as an image without a copy: the image takes the context's pixels. For a context that is done
    /// (a backing store just drawn, a finished frame): the caller never draws into it again, since that would change
    /// an immutable image. Nil for a 0×0 context.
    /// ```swift
    /// let context = CGContext(width: 2, height: 2)
    /// context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
    /// let image = context.takeImage()   // 2×2, one black pixel; `context` is not used again
    /// ```
    package func takeImage() -> CGImage? {
        guard width > 0, height > 0 else { return nil }
        cairo.flush()
        return CGImage(adopting: cairo.surface)
    }

    /// Makes Cairo's source the given colour scaled by the global alpha.
    func useSource(_ color: CGColor) {
        func unit(_ v: CGFloat) -> CGFloat { min(1, max(0, v)) }
        cairo.setSource(red: unit(color.red), green: unit(color.green), blue: unit(color.blue),
                        alpha: unit(color.alpha) * paint.alpha)
    }

    private func checkColor(_ color: CGColor, in call: String) -> Bool {
        guard color.isFinite else {
            Diagnostics.report("CGContext.\(call)(_:): non-finite colour \(color); ignored")
            return false
        }
        return true
    }
}
