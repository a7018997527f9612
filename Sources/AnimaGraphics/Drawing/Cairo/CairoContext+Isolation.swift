import CCairo
import Foundation

/// Drawing one operation on its own, to cast its shadow: a scratch context that carries on where another left off.
extension CairoContext {
    /// A context on `surface` with `other`'s drawing state — its matrix moved by `deviceShift` pixels, line
    /// parameters, dash, antialiasing, fill rule and current path — and no clip.
    /// ```swift
    /// let scratch = CairoContext(surface: box, continuing: context, deviceShift: CGPoint(x: -10, y: -10))
    /// ```
    package convenience init(surface: CairoSurface, continuing other: CairoContext, deviceShift: CGPoint) {
        self.init(surface: surface)
        var m = other.matrix
        m.tx += deviceShift.x
        m.ty += deviceShift.y
        matrix = m
        cairo_set_line_width(handle, cairo_get_line_width(other.handle))
        cairo_set_line_cap(handle, cairo_get_line_cap(other.handle))
        cairo_set_line_join(handle, cairo_get_line_join(other.handle))
        cairo_set_miter_limit(handle, cairo_get_miter_limit(other.handle))
        cairo_set_antialias(handle, cairo_get_antialias(other.handle))
        cairo_set_fill_rule(handle, cairo_get_fill_rule(other.handle))
        let dash = other.dash
        setDash(dash.lengths, phase: dash.phase)
        if let path = cairo_copy_path(other.handle) {
            if path.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(handle, path) }
            cairo_path_destroy(path)
        }
    }

    /// Paints `source` 1:1 with its top-left at `origin` in device pixels (whole numbers), nothing around it.
    package func paint(_ source: CairoSurface, atDevice origin: CGPoint) {
        save()
        defer { restore() }
        cairo_identity_matrix(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        cairo_set_source_surface(handle, source.handle, origin.x, origin.y)
        cairo_paint(handle)
    }

    /// Fills the clip with a colour through `alpha` (row-major `width × height`), its top-left at `origin` in device
    /// pixels (fractions sampled bilinearly); nothing outside the plane.
    package func fill(red: CGFloat, green: CGFloat, blue: CGFloat, alpha colorAlpha: CGFloat,
                      maskedBy alpha: [UInt8], width: Int, height: Int, atDevice origin: CGPoint) {
        guard width > 0, height > 0, alpha.count == width * height,
              let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(mask) else { return }
        cairo_surface_flush(mask)
        let stride = Int(cairo_image_surface_get_stride(mask))
        alpha.withUnsafeBufferPointer { src in
            for y in 0..<height { (data + y * stride).update(from: src.baseAddress! + y * width, count: width) }
        }
        cairo_surface_mark_dirty(mask)
        save()
        defer { restore() }
        cairo_identity_matrix(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(handle, red, green, blue, colorAlpha)
        cairo_mask_surface(handle, mask, origin.x, origin.y)
    }
}
