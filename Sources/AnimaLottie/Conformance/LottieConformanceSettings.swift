import Foundation
import AnimaGraphics

/// The extra settings the corpus's `configured: true` samples were rendered with, as lottie-ios's snapshot
/// tests set them (its `Tests/SnapshotConfiguration.swift`, `customMapping`): value providers by keypath,
/// a replaced image, text or font. `anima-lottie conformance` applies the value providers.
/// ```swift
/// if case .valueProviders(let providers) = LottieConformanceSettings.setting(forSample: "Nonanimating/keypathTest") {
///     for (keypath, provider) in providers { layer.setValueProvider(provider, keypath: keypath) }
/// }
/// ```
@MainActor
package enum LottieConformanceSettings {
    /// What a configured sample was rendered with.
    package enum Setting {
        /// Value providers, set in this order.
        case valueProviders([(keypath: AnimationKeypath, provider: AnyValueProvider)])
        /// A setting this player cannot apply, in words.
        case notApplied(String)
    }

    private static let black = LottieColor(r: 0, g: 0, b: 0, a: 1)
    private static let red = LottieColor(r: 1, g: 0, b: 0, a: 1)

    /// The setting of the sample named `name` (the manifest's `name`), or nil when the table has none.
    package static func setting(forSample name: String) -> Setting? {
        switch name {
        case "Nonanimating/keypathTest":
            return providers(["**.Stroke 1.Color": ColorValueProvider(black),
                              "**.Fill 1.Color": ColorValueProvider(red)])
        case "DotLotExtension/Switch":
            return providers([
                "Checkmark Outlines.Group 1.Stroke 1.Color": ColorValueProvider(black),
                "Checkmark Outlines 2.Group 1.Stroke 1.Color": ColorValueProvider(black),
                "X Outlines.Group 1.Stroke 1.Color": ColorValueProvider(black),
                "Switch Outline Outlines.Fill 1.Color": ColorValueProvider([
                    Keyframe(value: black, time: 0),
                    Keyframe(value: LottieColor(r: 0.76, g: 0.76, b: 0.76, a: 1), time: 75),
                    Keyframe(value: black, time: 150),
                ]),
            ])
        case "Issues/issue_1837_scale_rotation":
            return providers(["H2.Transform.Scale": PointValueProvider(CGPoint(x: 200, y: 150)),
                              "H2.Transform.Rotation": FloatValueProvider(90)])
        case "Issues/issue_2042":
            return providers(["MASTER.Transform.Position": PointValueProvider(CGPoint(x: 214, y: 120))])
        case "Issues/issue_1854":
            return providers(["**.Colors": GradientValueProvider([LottieColor(r: 0, g: 0, b: 0, a: 0),
                                                                   LottieColor(r: 1, g: 1, b: 1, a: 0.5),
                                                                   LottieColor(r: 1, g: 1, b: 1, a: 1)],
                                                                  locations: [0, 0.3, 1])])
        case "Issues/issue_2094":
            return providers(["**.Stroke Width": FloatValueProvider(2)])
        case "Issues/issue_2262":
            return providers(["**.Accent.**.Color": ColorValueProvider(black)])
        case "Nonanimating/dog":
            return .notApplied("an image provider (samples/Images/dog.png) drawn with a contents gravity the image provider closure cannot choose")
        case "Issues/issue_1722":
            return .notApplied("a text provider (\"Bounce-bounce\"); text layers are not drawn yet")
        case "Nonanimating/Text_Glyph":
            return .notApplied("a font provider (Chalkduster); text layers are not drawn yet")
        case "Issues/issue_2677":
            return .notApplied("a gradient value provider whose values are not in the lottie-ios sources consulted")
        default:
            return nil
        }
    }

    /// Providers written as lottie-ios writes them (keypath: provider), kept in order.
    private static func providers(_ pairs: KeyValuePairs<AnimationKeypath, any AnyValueProvider>) -> Setting {
        .valueProviders(pairs.map { (keypath: $0.key, provider: $0.value) })
    }
}
