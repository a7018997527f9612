import Foundation

/// A layer's After Effects blend mode (`bm`) as a Core Animation compositing filter, where the compositor has
/// one: the layer with its contents is drawn as a group and blended with the operator (as lottie-ios sets
/// `compositingFilter` from the same table).
enum LayerBlendMode {
    /// The compositing filter for blend mode `mode`, nil for normal (0) and for modes the compositor lacks.
    static func compositingFilter(for mode: Int) -> String? {
        switch mode {
        case 1: return "multiplyBlendMode"
        case 2: return "screenBlendMode"
        case 4: return "darkenBlendMode"
        case 5: return "lightenBlendMode"
        case 3: return "overlayBlendMode"
        case 6: return "colorDodgeBlendMode"
        case 7: return "colorBurnBlendMode"
        case 8: return "hardLightBlendMode"
        case 9: return "softLightBlendMode"
        case 10: return "differenceBlendMode"
        case 11: return "exclusionBlendMode"
        case 12: return "hueBlendMode"
        case 13: return "saturationBlendMode"
        case 14: return "colorBlendMode"
        case 15: return "luminosityBlendMode"
        case 16: return "plusL"          // add
        default: return nil
        }
    }

    /// After Effects' name for blend mode `mode`, for diagnostics.
    static func name(of mode: Int) -> String {
        let names = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn",
                     "hard light", "soft light", "difference", "exclusion", "hue", "saturation", "color",
                     "luminosity", "add", "hard mix"]
        return mode >= 0 && mode < names.count ? "\(names[mode]) (\(mode))" : "\(mode)"
    }
}
