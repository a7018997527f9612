import CCairo
import Foundation

/// One colour stop of a gradient: an offset in 0…1 and straight-alpha sRGB components in 0…1.
package struct CairoGradientStop: Equatable, Sendable {
    package var offset: CGFloat
    package var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    package init(offset: CGFloat, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.offset = offset; self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

/// Gradient painting: the raw `cairo_pattern_*` calls behind `CGContext`'s gradients.
///
/// Each call paints through the current clip with the current matrix and leaves the source as a solid colour
/// again (the caller sets colours before every fill anyway).
extension CairoContext {
    /// Paints a linear gradient from `start` to `end`; `pad` extends the end colours beyond both ends
    /// (otherwise nothing is painted there).
    package func paintLinearGradient(from start: CGPoint, to end: CGPoint, stops: [CairoGradientStop], pad: Bool,
                                     alpha: CGFloat) {
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        paint(pattern, stops: stops, pad: pad, alpha: alpha)
    }

    /// Paints a radial gradient between the circle (`startCenter`, `startRadius`) and (`endCenter`, `endRadius`);
    /// `pad` extends the end colours inside the first and outside the second circle.
    package func paintRadialGradient(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
                                     stops: [CairoGradientStop], pad: Bool, alpha: CGFloat) {
        guard let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                        endCenter.x, endCenter.y, endRadius) else { return }
        paint(pattern, stops: stops, pad: pad, alpha: alpha)
    }

    /// Paints a conic (sweep) gradient around `center`: offset 0 along `startAngle` (radians, increasing towards +y),
    /// offset 1 a full turn later. Built from one Coons-patch sector per at most 1/64 turn (and one boundary at
    /// every stop), out to `radius`, so colours follow the angle to well under one 8-bit step.
    package func paintConicGradient(center: CGPoint, startAngle: CGFloat, radius: CGFloat, stops: [CairoGradientStop],
                                    alpha: CGFloat) {
        guard !stops.isEmpty, radius > 0, let pattern = cairo_pattern_create_mesh() else { return }
        var offsets = (0...64).map { CGFloat($0) / 64 }
        offsets += stops.map(\.offset).filter { $0 > 0 && $0 < 1 }
        offsets.sort()
        func color(at t: CGFloat) -> CairoGradientStop { Self.interpolate(stops, at: t) }
        for (a, b) in zip(offsets, offsets.dropFirst()) where b > a {
            let a0 = startAngle + a * 2 * .pi, a1 = startAngle + b * 2 * .pi
            // A circular arc as one cubic: control distance k = 4/3 · tan(Δ/4) · r.
            let k = 4.0 / 3.0 * tan((a1 - a0) / 4) * radius
            let p0 = CGPoint(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p1 = CGPoint(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            let c0 = CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0))
            let c1 = CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))
            let ca = color(at: a), cb = color(at: b)
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, center.x, center.y)
            cairo_mesh_pattern_line_to(pattern, p0.x, p0.y)
            cairo_mesh_pattern_curve_to(pattern, c0.x, c0.y, c1.x, c1.y, p1.x, p1.y)
            cairo_mesh_pattern_line_to(pattern, center.x, center.y)
            for (corner, c) in [(0, ca), (1, ca), (2, cb), (3, cb)] {
                cairo_mesh_pattern_set_corner_color_rgba(pattern, UInt32(corner), c.red, c.green, c.blue, c.alpha)
            }
            cairo_mesh_pattern_end_patch(pattern)
        }
        cairo_set_source(handle, pattern)
        cairo_paint_with_alpha(handle, alpha)
        cairo_pattern_destroy(pattern)
        cairo_set_source_rgba(handle, 0, 0, 0, 1)
    }

    private func paint(_ pattern: OpaquePointer, stops: [CairoGradientStop], pad: Bool, alpha: CGFloat) {
        for s in stops { cairo_pattern_add_color_stop_rgba(pattern, s.offset, s.red, s.green, s.blue, s.alpha) }
        cairo_pattern_set_extend(pattern, pad ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_set_source(handle, pattern)
        cairo_paint_with_alpha(handle, alpha)
        cairo_pattern_destroy(pattern)
        cairo_set_source_rgba(handle, 0, 0, 0, 1)
    }

    /// The colour at offset `t` of stops sorted by offset (the end colours beyond the ends).
    package static func interpolate(_ stops: [CairoGradientStop], at t: CGFloat) -> CairoGradientStop {
        guard let first = stops.first, let last = stops.last else {
            return CairoGradientStop(offset: t, red: 0, green: 0, blue: 0, alpha: 0)
        }
        if t <= first.offset { return first }
        if t >= last.offset { return last }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.offset {
            let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
            return CairoGradientStop(offset: t, red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                                     blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return last
    }

    /// The bounding box of the current clip in user space.
    package var clipExtents: CGRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(handle, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
