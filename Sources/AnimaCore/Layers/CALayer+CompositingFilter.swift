import Foundation
import AnimaGraphics

extension CALayer {
    /// The filter names ``compositingFilter`` accepts: Core Image's blend-mode filter names that Core Animation
    /// takes as strings, and Porter–Duff `xor`.
    public static let supportedCompositingFilters: [String] = [
        "xor", "multiplyBlendMode", "screenBlendMode", "darkenBlendMode", "lightenBlendMode", "plusL",
        "overlayBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode", "hardLightBlendMode", "softLightBlendMode",
        "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
        "luminosityBlendMode",
    ]

    /// How the layer, with its sublayers, is blended onto what lies behind it (Core Animation's
    /// `compositingFilter`, given as a filter name): nil, the default, is ordinary "over".
    ///
    /// The layer is rendered as a group and blended with the named operator. `xor` keeps each side only where
    /// the other is not (Porter–Duff), so a layer drawn with it over an opaque one cuts its own shape out:
    /// lottie-ios inverts a track matte this way. The blend modes follow the W3C's *Compositing and Blending* (the
    /// PDF blend modes); the OpenGL compositor's multiply, screen, darken and lighten are exact over an opaque backdrop,
    /// and it blends overlay, the dodges, burns and lights, difference, hue, saturation, colour and luminosity on the
    /// CPU from the backdrop read back (a round trip per frame for each such layer). A name
    /// not in ``supportedCompositingFilters`` (or a value that is not a string) is reported and ignored. Not
    /// animatable; reads no clock.
    /// ```swift
    /// let cutOut = CALayer()
    /// cutOut.compositingFilter = "xor"
    /// ```
    public var compositingFilter: Any? {
        get { state.compositingFilter }
        set {
            let name = newValue as? String
            if let newValue, name.map({ !Self.supportedCompositingFilters.contains($0) }) ?? true {
                Diagnostics.report("CALayer \(debugName): compositingFilter \(newValue) is not one of \(Self.supportedCompositingFilters); blending normally")
                state.compositingFilter = nil
            } else {
                state.compositingFilter = name
            }
            noteChange()
        }
    }
}

extension RenderNode {
    /// The layer's ``CALayer/compositingFilter`` name, nil for ordinary "over".
    public var compositingFilter: String? { appearance.storage.compositingFilter }

    /// Whether the layer's group becomes a mask of its luminance (``CALayer/filters`` holds `luminanceToAlpha`).
    package var appliesLuminanceToAlpha: Bool { appearance.storage.luminanceToAlpha }
}
