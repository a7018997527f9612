import CCairo
import CPangoCairo
import Foundation

/// An owned Pango layout (`PangoLayout*`) made for a `CairoContext`: shaped text, wrapped and measured.
///
/// Sizes are in the context's user units. Hinted metrics are off, so a layout measures the same at every scale.
/// ```swift
/// let l = PangoTextLayout(context: c)
/// l.setText("Hi"); l.setFont(family: "Sans", size: 20, weight: 400, italic: false)
/// l.logicalSize   // about (22, 23)
/// ```
package final class PangoTextLayout {
    private let handle: OpaquePointer
    private let context: CairoContext

    /// Creates a layout for `context` with unhinted metrics.
    package init(context: CairoContext) {
        self.context = context
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_set_font_options(context.handle, options)
            cairo_font_options_destroy(options)
        }
        handle = pango_cairo_create_layout(context.handle)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    package func setText(_ text: String) { pango_layout_set_text(handle, text, -1) }

    /// Sets the font: a family name (fontconfig falls back per character), an absolute size in user units,
    /// a CSS-style weight (100…1000) and slant.
    package func setFont(family: String, size: CGFloat, weight: Int, italic: Bool) {
        guard let desc = pango_font_description_new() else { return }
        defer { pango_font_description_free(desc) }
        pango_font_description_set_family(desc, family)
        pango_font_description_set_absolute_size(desc, Double(size) * Double(PANGO_SCALE))
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(max(100, min(1000, weight)))))
        pango_font_description_set_style(desc, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(handle, desc)
    }

    /// Wraps at `width` user units (nil: no wrapping); `byCharacter` breaks anywhere, otherwise between words
    /// (falling back to characters for a word longer than the width).
    package func setWrapWidth(_ width: CGFloat?, byCharacter: Bool) {
        guard let width else { pango_layout_set_width(handle, -1); return }
        // Widths too large for Pango's 32-bit units (a "no limit" such as .greatestFiniteMagnitude) clamp.
        let units = min(Double(Int32.max), max(0, (Double(width) * Double(PANGO_SCALE)).rounded(.down)))
        pango_layout_set_width(handle, Int32(units.isNaN ? 0 : units))
        pango_layout_set_wrap(handle, byCharacter ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
    }

    /// Ellipsizes: 0 none, 1 start, 2 middle, 3 end (Pango's order); `maxLines` > 0 limits the line count.
    package func setEllipsize(_ mode: Int, maxLines: Int) {
        pango_layout_set_ellipsize(handle, PangoEllipsizeMode(rawValue: UInt32(max(0, min(3, mode)))))
        if maxLines > 0 { pango_layout_set_height(handle, -Int32(clamping: maxLines)) }
    }

    /// Aligns lines: 0 left, 1 centre, 2 right; `justify` stretches full lines.
    package func setAlignment(_ raw: Int, justify: Bool) {
        pango_layout_set_alignment(handle, PangoAlignment(rawValue: UInt32(max(0, min(2, raw)))))
        pango_layout_set_justify(handle, justify ? 1 : 0)
    }

    /// The logical extent (what layout uses), in user units.
    package var logicalSize: CGSize {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(handle, &ink, &logical)
        let scale = CGFloat(PANGO_SCALE)
        return CGSize(width: CGFloat(logical.width) / scale, height: CGFloat(logical.height) / scale)
    }

    /// The baseline of the first line, from the top, in user units.
    package var firstBaseline: CGFloat { CGFloat(pango_layout_get_baseline(handle)) / CGFloat(PANGO_SCALE) }

    package var lineCount: Int { Int(pango_layout_get_line_count(handle)) }

    /// Characters no installed font could draw (drawn as hex boxes).
    package var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(handle)) }

    /// Whether Pango had to ellipsize the text.
    package var isEllipsized: Bool { pango_layout_is_ellipsized(handle) != 0 }

    /// The family names of the fonts actually used, in order of first use.
    package var fontFamiliesUsed: [String] {
        guard let iter = pango_layout_get_iter(handle) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var families: [String] = []
        repeat {
            if let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item,
               let font = item.pointee.analysis.font, let desc = pango_font_describe(font) {
                if let name = pango_font_description_get_family(desc) {
                    let family = String(cString: name)
                    if !families.contains(family) { families.append(family) }
                }
                pango_font_description_free(desc)
            }
        } while pango_layout_iter_next_run(iter) != 0
        return families
    }

    /// Draws the layout with its top-left corner at `origin` in the context's current source colour.
    package func show(at origin: CGPoint) {
        cairo_move_to(context.handle, origin.x, origin.y)
        pango_cairo_update_layout(context.handle, handle)
        pango_cairo_show_layout(context.handle, handle)
    }
}

extension PangoTextLayout {
    /// Applies per-run fonts and colours: byte ranges of the UTF-8 text with an optional font
    /// (family, size, weight, italic) and an optional straight-alpha sRGB colour (components 0…1).
    package func setRuns(_ runs: [(bytes: Range<Int>, font: (family: String, size: CGFloat, weight: Int, italic: Bool)?,
                                   color: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)?)]) {
        guard !runs.isEmpty, let list = pango_attr_list_new() else { return }
        defer { pango_attr_list_unref(list) }
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ bytes: Range<Int>) {
            guard let attribute else { return }
            attribute.pointee.start_index = UInt32(clamping: bytes.lowerBound)
            attribute.pointee.end_index = UInt32(clamping: bytes.upperBound)
            pango_attr_list_insert(list, attribute)
        }
        func channel(_ v: CGFloat) -> UInt16 { UInt16((min(1, max(0, v.isFinite ? v : 0)) * 65535).rounded()) }
        for run in runs {
            if let f = run.font, let desc = pango_font_description_new() {
                pango_font_description_set_family(desc, f.family)
                pango_font_description_set_absolute_size(desc, Double(f.size) * Double(PANGO_SCALE))
                pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(max(100, min(1000, f.weight)))))
                pango_font_description_set_style(desc, f.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
                insert(pango_attr_font_desc_new(desc), run.bytes)
                pango_font_description_free(desc)
            }
            if let c = run.color {
                insert(pango_attr_foreground_new(channel(c.red), channel(c.green), channel(c.blue)), run.bytes)
                insert(pango_attr_foreground_alpha_new(channel(c.alpha)), run.bytes)
            }
        }
        pango_layout_set_attributes(handle, list)
    }

    /// The family names fontconfig knows (installed fonts and aliases such as "Sans"), lower-cased.
    package static func installedFamilies() -> Set<String> {
        guard let map = pango_cairo_font_map_get_default() else { return [] }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>? = nil
        var count: Int32 = 0
        pango_font_map_list_families(map, &families, &count)
        guard let families else { return [] }
        defer { g_free(families) }
        var names: Set<String> = []
        for i in 0..<Int(count) {
            if let family = families[i], let name = pango_font_family_get_name(family) {
                names.insert(String(cString: name).lowercased())
            }
        }
        return names
    }
}

extension PangoTextLayout {
    /// Adds the layout's glyph outlines to the context's path, with the layout's top-left at `origin`.
    package func appendPath(at origin: CGPoint) {
        cairo_move_to(context.handle, origin.x, origin.y)
        pango_cairo_update_layout(context.handle, handle)
        pango_cairo_layout_path(context.handle, handle)
    }

    /// The ink extent (what the glyphs cover), in user units from the layout's top-left.
    package var inkExtents: CGRect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(handle, &ink, &logical)
        let scale = CGFloat(PANGO_SCALE)
        return CGRect(x: CGFloat(ink.x) / scale, y: CGFloat(ink.y) / scale,
                      width: CGFloat(ink.width) / scale, height: CGFloat(ink.height) / scale)
    }

    /// The font's ascent, descent and line height (Pango's metrics for the layout's font), in user units.
    package var fontMetrics: (ascent: CGFloat, descent: CGFloat, height: CGFloat) {
        let scale = CGFloat(PANGO_SCALE)
        guard let pangoContext = pango_layout_get_context(handle),
              let desc = pango_layout_get_font_description(handle),
              let metrics = pango_context_get_metrics(pangoContext, desc, nil) else { return (0, 0, 0) }
        defer { pango_font_metrics_unref(metrics) }
        return (CGFloat(pango_font_metrics_get_ascent(metrics)) / scale,
                CGFloat(pango_font_metrics_get_descent(metrics)) / scale,
                CGFloat(pango_font_metrics_get_height(metrics)) / scale)
    }
}
