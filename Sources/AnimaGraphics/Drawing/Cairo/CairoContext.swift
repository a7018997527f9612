import CCairo
import Foundation

/// An owned Cairo drawing context (`cairo_t*`) on a `CairoSurface`.
///
/// A thin, typed face over the raw calls `CGContext` needs. Callers validate input first: a Cairo context
/// that receives NaN or a singular matrix enters a permanent error state, so `CGContext` never forwards those.
/// ```swift
/// let c = CairoContext(surface: CairoSurface(width: 8, height: 8)!)
/// c.rectangle(CGRect(x: 0, y: 0, width: 4, height: 4)); c.setSource(red: 1, green: 0, blue: 0, alpha: 1); c.fill()
/// ```
package final class CairoContext {
    package let handle: OpaquePointer
    /// The surface drawn into (kept alive as long as the context).
    package let surface: CairoSurface

    /// Creates a context drawing into `surface`.
    package init(surface: CairoSurface) {
        self.surface = surface
        self.handle = cairo_create(surface.handle)
    }

    deinit { cairo_destroy(handle) }

    /// Cairo's status text when the context has failed, nil while it is healthy.
    package var failure: String? {
        let s = cairo_status(handle)
        return s == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(s))
    }

    // MARK: Path

    package func newPath() { cairo_new_path(handle) }
    package func moveTo(_ p: CGPoint) { cairo_move_to(handle, p.x, p.y) }
    package func lineTo(_ p: CGPoint) { cairo_line_to(handle, p.x, p.y) }
    package func curveTo(_ p: CGPoint, _ c1: CGPoint, _ c2: CGPoint) { cairo_curve_to(handle, c1.x, c1.y, c2.x, c2.y, p.x, p.y) }
    package func closePath() { cairo_close_path(handle) }
    package func rectangle(_ r: CGRect) { cairo_rectangle(handle, r.minX, r.minY, r.width, r.height) }

    /// An arc from `start` to `end` radians: increasing angle when `negative` is false.
    package func arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, negative: Bool) {
        if negative { cairo_arc_negative(handle, center.x, center.y, radius, start, end) }
        else { cairo_arc(handle, center.x, center.y, radius, start, end) }
    }

    package var hasCurrentPoint: Bool { cairo_has_current_point(handle) != 0 }

    /// The current point in user space (`.zero` when there is none).
    package var currentPoint: CGPoint {
        var x = 0.0, y = 0.0
        cairo_get_current_point(handle, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// The current path in user space, as path elements (Cairo keeps only lines and cubics).
    package func copyPath() -> [PathElement] {
        guard let path = cairo_copy_path(handle) else { return [] }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var elements: [PathElement] = []
        var i = 0
        while i < Int(path.pointee.num_data) {
            let header = data[i].header
            func point(_ k: Int) -> CGPoint { CGPoint(x: data[i + k].point.x, y: data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: elements.append(.moveTo(point(1)))
            case CAIRO_PATH_LINE_TO: elements.append(.lineTo(point(1)))
            case CAIRO_PATH_CURVE_TO: elements.append(.curveTo(point(3), control1: point(1), control2: point(2)))
            default: elements.append(.closeSubpath)
            }
            i += Int(header.length)
        }
        return elements
    }

    /// An upper bound of the current path's length in user space: the lengths of its control polygons, closing
    /// lines included (a cubic is never longer than its control polygon). +∞ when a length overflows.
    package func pathLengthBound() -> Double {
        guard let path = cairo_copy_path(handle) else { return 0 }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return 0 }
        var total = 0.0, start = (x: 0.0, y: 0.0), last = (x: 0.0, y: 0.0)
        func step(to p: (x: Double, y: Double)) {
            total += ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot()
            last = p
        }
        var i = 0
        while i < Int(path.pointee.num_data) {
            let header = data[i].header
            func point(_ k: Int) -> (x: Double, y: Double) { (data[i + k].point.x, data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: start = point(1); last = start
            case CAIRO_PATH_LINE_TO: step(to: point(1))
            case CAIRO_PATH_CURVE_TO: step(to: point(1)); step(to: point(2)); step(to: point(3))
            default: step(to: start)
            }
            i += max(1, Int(header.length))
        }
        return total.isNaN ? .infinity : total
    }

    /// Saves the current path, runs `body` on an empty path, then puts the saved path back.
    package func preservingPath(_ body: () -> Void) {
        guard hasCurrentPoint, let saved = cairo_copy_path(handle) else { newPath(); body(); newPath(); return }
        defer { cairo_path_destroy(saved) }
        newPath()
        body()
        newPath()
        cairo_append_path(handle, saved)
    }

    // MARK: Painting

    package func setSource(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cairo_set_source_rgba(handle, red, green, blue, alpha)
    }
    package func setEvenOdd(_ evenOdd: Bool) {
        cairo_set_fill_rule(handle, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }
    package func fill(preserve: Bool = false) { preserve ? cairo_fill_preserve(handle) : cairo_fill(handle) }
    package func stroke(preserve: Bool = false) { preserve ? cairo_stroke_preserve(handle) : cairo_stroke(handle) }
    package func clip() { cairo_clip(handle) }
    package func setAntialias(_ on: Bool) { cairo_set_antialias(handle, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE) }
    package func resetClip() { cairo_reset_clip(handle) }

    /// Sets Cairo's compositing operator to CLEAR (`true`) or OVER (`false`).
    package func setClearing(_ clearing: Bool) { cairo_set_operator(handle, clearing ? CAIRO_OPERATOR_CLEAR : CAIRO_OPERATOR_OVER) }

    /// Paints `source` with its top-left corner at the user-space origin, scaled by the current matrix.
    package func paint(_ source: CairoSurface, alpha: CGFloat, filter: CairoFilter) {
        cairo_set_source_surface(handle, source.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(handle), filter.cairoFilter)
        cairo_pattern_set_extend(cairo_get_source(handle), CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(handle, alpha)
    }

    /// Fills the current clip with `color` through the alpha of `mask` (its top-left corner at the user-space origin,
    /// scaled by the current matrix).
    package func fill(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat, maskedBy mask: CairoSurface, filter: CairoFilter) {
        cairo_set_source_rgba(handle, red, green, blue, alpha)
        let pattern = cairo_pattern_create_for_surface(mask.handle)
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, filter.cairoFilter)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_mask(handle, pattern)
    }

    // MARK: Groups

    /// Redirects drawing into a new transparent surface covering the clip's extent (saves the state, as `save()`).
    package func pushGroup() { cairo_push_group(handle) }

    /// Ends the innermost group (restores the state saved by `pushGroup()`) and returns its pixels, placed where
    /// they were drawn under the current matrix.
    package func popGroup() -> CairoPattern { CairoPattern(adopting: cairo_pop_group(handle)) }

    /// Makes `pattern` the source (in the current user space).
    package func setSource(_ pattern: CairoPattern) { cairo_set_source(handle, pattern.handle) }

    /// Paints the source everywhere inside the clip, scaled by `alpha`.
    package func paint(alpha: CGFloat) { cairo_paint_with_alpha(handle, alpha) }

    /// Sets the operator that combines what is drawn with what lies below it.
    package func setBlend(_ blend: CairoBlend) { cairo_set_operator(handle, blend.cairoOperator) }

    /// The clip's bounding box in device pixels (the whole surface when nothing clips).
    package var deviceClipExtents: CGRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(handle)
        cairo_identity_matrix(handle)
        cairo_clip_extents(handle, &x0, &y0, &x1, &y1)
        cairo_restore(handle)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Narrows the clip to `rect` in device pixels, whatever the current matrix.
    package func clip(toDeviceRect rect: CGRect) {
        cairo_save(handle)
        cairo_identity_matrix(handle)
        cairo_new_path(handle)
        cairo_rectangle(handle, rect.minX, rect.minY, rect.width, rect.height)
        cairo_restore(handle)   // the path survives a restore; the clip below uses it in device space
        cairo_clip(handle)
    }

    // MARK: Stroke parameters

    package func setLineWidth(_ w: CGFloat) { cairo_set_line_width(handle, w) }
    package var lineWidth: CGFloat { cairo_get_line_width(handle) }
    package func setMiterLimit(_ m: CGFloat) { cairo_set_miter_limit(handle, m) }

    /// Sets the cap: 0 butt, 1 round, 2 square (Core Graphics' order, which Cairo shares).
    package func setLineCap(_ raw: Int32) { cairo_set_line_cap(handle, cairo_line_cap_t(UInt32(raw))) }
    /// Sets the join: 0 miter, 1 round, 2 bevel (Core Graphics' order, which Cairo shares).
    package func setLineJoin(_ raw: Int32) { cairo_set_line_join(handle, cairo_line_join_t(UInt32(raw))) }

    package func setDash(_ lengths: [CGFloat], phase: CGFloat) {
        let doubles = lengths.map { Double($0) }
        doubles.withUnsafeBufferPointer { cairo_set_dash(handle, $0.baseAddress, Int32($0.count), phase) }
    }

    /// The dash pattern in force (no lengths: solid).
    package var dash: (lengths: [CGFloat], phase: CGFloat) {
        let count = Int(cairo_get_dash_count(handle))
        guard count > 0 else { return ([], 0) }
        var lengths = [Double](repeating: 0, count: count)
        var phase = 0.0
        lengths.withUnsafeMutableBufferPointer { cairo_get_dash(handle, $0.baseAddress, &phase) }
        return (lengths.map { CGFloat($0) }, CGFloat(phase))
    }

    // MARK: State and matrix

    package func save() { cairo_save(handle) }
    package func restore() { cairo_restore(handle) }

    /// The user-to-device matrix.
    package var matrix: CGAffineTransform {
        get {
            var m = cairo_matrix_t()
            cairo_get_matrix(handle, &m)
            return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        }
        set {
            var m = cairo_matrix_t(xx: newValue.a, yx: newValue.b, xy: newValue.c, yy: newValue.d,
                                   x0: newValue.tx, y0: newValue.ty)
            cairo_set_matrix(handle, &m)
        }
    }

    /// Flushes drawing so the surface's pixels are current.
    package func flush() { cairo_surface_flush(surface.handle) }
}
