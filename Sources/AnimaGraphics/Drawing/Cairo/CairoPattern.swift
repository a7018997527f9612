import CCairo
import Foundation

/// An owned Cairo pattern (`cairo_pattern_t*`): here, the pixels of a group popped off a `CairoContext`.
///
/// The pattern is destroyed when the object goes away.
/// ```swift
/// context.pushGroup(); context.paint(alpha: 1); let group = context.popGroup()
/// context.setSource(group); context.paint(alpha: 0.5)
/// ```
package final class CairoPattern {
    package let handle: OpaquePointer

    /// Takes ownership of a pattern Cairo made.
    init(adopting handle: OpaquePointer) { self.handle = handle }

    deinit { cairo_pattern_destroy(handle) }

    /// Turns a group's pixels into a mask of their luminance, in place: each becomes black with alpha
    /// `0.2125 r + 0.7154 g + 0.0721 b` of its premultiplied colour (``LuminanceToAlpha``). Nothing happens to a pattern
    /// that holds no surface.
    package func convertLuminanceToAlpha() {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(handle, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              let image = cairo_surface_map_to_image(surface, nil) else { return }
        defer { cairo_surface_unmap_image(surface, image) }
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32,
              width > 0, height > 0, let data = cairo_image_surface_get_data(image) else { return }
        let stride = Int(cairo_image_surface_get_stride(image))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: width)
            for x in 0..<width where row[x] != 0 { row[x] = LuminanceToAlpha.word(row[x]) }
        }
        cairo_surface_mark_dirty(image)
    }
}

/// The `luminanceToAlpha` filter on premultiplied ARGB words: black with the colour's luminance as alpha, weighted
/// as SVG's `feColorMatrix type="luminanceToAlpha"` (0.2125, 0.7154, 0.0721 — Rec. 709's luma) in 1/256ths that sum
/// to 256, so white stays opaque and black or transparent pixels become clear.
/// ```
/// white ff ff ff ff → ff 00 00 00    grey 80 80 80 80 → 80 00 00 00    red ff ff 00 00 → 36 00 00 00
/// ```
package enum LuminanceToAlpha {
    /// The converted word.
    @inline(__always)
    package static func word(_ argb: UInt32) -> UInt32 {
        let r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF
        return min(255, (54 * r + 183 * g + 19 * b + 128) >> 8) << 24
    }
}

/// How a source is combined with what lies below it: Cairo's operators behind Core Animation's compositing filters.
package enum CairoBlend: Sendable {
    /// Source over destination.
    case over
    /// Porter–Duff xor: each side only where the other is not.
    case xor
    /// Destination kept where the source is opaque, scaled by the source's alpha (masking).
    case destinationIn
    /// The separable blend modes (PDF's definitions, which reduce to the textbook ones over an opaque backdrop).
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion
    /// The non-separable blend modes (PDF's): the source's hue, saturation, colour or luminosity with the rest of the
    /// backdrop's.
    case hue, saturation, color, luminosity
    /// The sum of both, clamped (`plusL`).
    case add

    /// Whether the mode mixes the channels (hue, saturation, colour, luminosity).
    var isNonSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: true
        default: false
        }
    }

    var cairoOperator: cairo_operator_t {
        switch self {
        case .over: CAIRO_OPERATOR_OVER
        case .xor: CAIRO_OPERATOR_XOR
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .add: CAIRO_OPERATOR_ADD
        }
    }
}

/// How an image is sampled when it is drawn scaled or moved by a fraction of a pixel.
package enum CairoFilter: Sendable {
    /// The nearest pixel.
    case nearest
    /// Bilinear: the four nearest pixels (as OpenGL samples a texture).
    case bilinear
    /// Bilinear when enlarging; a box filter over every covered pixel when shrinking (smoother, several times dearer).
    case good

    var cairoFilter: cairo_filter_t {
        switch self {
        case .nearest: CAIRO_FILTER_NEAREST
        case .bilinear: CAIRO_FILTER_BILINEAR
        case .good: CAIRO_FILTER_GOOD
        }
    }
}
