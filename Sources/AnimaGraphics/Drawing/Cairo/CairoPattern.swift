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
    /// The sum of both, clamped (`plusL`).
    case add

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
