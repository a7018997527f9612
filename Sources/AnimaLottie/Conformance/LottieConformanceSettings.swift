import Foundation
import AnimaCore
import AnimaGraphics
import AnimaKit

/// The extra settings the corpus's `configured: true` samples were rendered with, as lottie-ios's snapshot
/// tests set them (its `Tests/SnapshotConfiguration.swift`, `customMapping`): value providers by keypath,
/// a replaced image, text or font. `anima-lottie conformance` applies them all.
/// ```swift
/// LottieConformanceSettings.setting(forSample: "Nonanimating/keypathTest")?.apply(to: layer)
/// ```
@MainActor
package enum LottieConformanceSettings {
    /// What a configured sample was rendered with.
    package enum Setting {
        /// Value providers, set in this order.
        case valueProviders([(keypath: AnimationKeypath, provider: AnyValueProvider)])
        /// A text provider, and what it gives in words.
        case textProvider(AnimationKeypathTextProvider, String)
        /// An image provider, and what it gives in words.
        case imageProvider(AnimationImageProvider, String)
        /// A font provider, and what it gives in words.
        case fontProvider(AnimationFontProvider, String)
        /// A setting this player cannot apply, in words.
        case notApplied(String)

        /// Whether ``apply(to:)`` changes anything.
        package var isApplicable: Bool {
            if case .notApplied = self { return false }
            return true
        }

        /// Sets this on `layer` (nothing for ``notApplied(_:)``).
        @MainActor
        package func apply(to layer: LottieAnimationLayer) {
            switch self {
            case .valueProviders(let providers):
                for (keypath, provider) in providers { layer.setValueProvider(provider, keypath: keypath) }
            case .textProvider(let provider, _): layer.textProvider = provider
            case .imageProvider(let provider, _): layer.imageProvider = provider
            case .fontProvider(let provider, _): layer.fontProvider = provider
            case .notApplied: break
            }
        }

        /// The setting in words.
        package var summary: String {
            switch self {
            case .valueProviders(let providers):
                return "\(providers.count) value provider\(providers.count == 1 ? "" : "s"): "
                    + providers.map { "\($0.keypath) ← \(type(of: $0.provider))" }.joined(separator: ", ")
            case .textProvider(_, let what), .imageProvider(_, let what), .fontProvider(_, let what), .notApplied(let what):
                return what
            }
        }
    }

    private static let black = LottieColor(r: 0, g: 0, b: 0, a: 1)
    private static let red = LottieColor(r: 1, g: 0, b: 0, a: 1)

    /// The setting of the sample named `name` (the manifest's `name`), or nil when the table has none. `corpus` is
    /// the manifest's folder, where a replaced image is found.
    package static func setting(forSample name: String, corpus: URL? = nil) -> Setting? {
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
        case "Issues/issue_1837_opacity":
            return providers(["Dark Gray Solid 1.Transform.Opacity": FloatValueProvider(10)])
        case "Issues/issue_2042":
            return providers(["MASTER.Transform.Position": PointValueProvider(CGPoint(x: 214, y: 120))])
        case "Issues/issue_1664":
            return providers(["**.base_color.**.Color": ColorValueProvider(black)])
        case "Issues/issue_1847":
            return providers(["**.Stroke 1.**.Color": ColorValueProvider(red)])
        case "Issues/issue_2150":
            return providers(["**.Color": ColorValueProvider(red)])
        case "TypeFace/G":
            return providers(["G 2.Ellipse 1.Stroke 1.Color": ColorValueProvider(red),
                              "G Outlines 3.G.Fill 1.Color": ColorValueProvider(red),
                              "Shape Layer 18.Shape 1.Stroke 2.Color": ColorValueProvider(red)])
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
            return imageProvider(file: "samples/Images/dog.png", corpus: corpus)
        case "Nonanimating/dog_landscape":
            return imageProvider(file: "samples/Images/dog-landscape.jpeg", corpus: corpus)
        case "Issues/issue_1722":
            return .textProvider(FixedTextProvider(text: "Bounce-bounce"), "a text provider (\"Bounce-bounce\" for every text layer)")
        case "Nonanimating/Text_Glyph":
            let note = TextFont.isInstalled(family: "Chalkduster") ? "" : "; not installed here: fontconfig's fallback is set"
            return .fontProvider(FixedFontProvider(font: UIFont(name: "Chalkduster", size: 36)),
                                 "a font provider (Chalkduster 36 for every font\(note))")
        case "Issues/issue_2677":
            return .notApplied("a gradient value provider whose values are not in the lottie-ios sources consulted")
        default:
            return nil
        }
    }

    /// One image for every image asset, from `file` in the corpus folder, filling each image layer (aspect fill).
    private static func imageProvider(file: String, corpus: URL?) -> Setting {
        guard let corpus, let image = try? CGImage(contentsOf: corpus.appendingPathComponent(file)) else {
            return .notApplied("an image provider (\(file)), not found without the corpus folder")
        }
        return .imageProvider(SingleImageProvider(image: image, gravity: .resizeAspectFill), "an image provider (\(file), aspect fill)")
    }

    /// Providers written as lottie-ios writes them (keypath: provider), kept in order.
    private static func providers(_ pairs: KeyValuePairs<AnimationKeypath, any AnyValueProvider>) -> Setting {
        .valueProviders(pairs.map { (keypath: $0.key, provider: $0.value) })
    }
}

/// One image for every asset (lottie-ios's snapshot tests' `HardcodedImageProvider`).
private struct SingleImageProvider: AnimationImageProvider {
    let image: CGImage
    let gravity: CALayerContentsGravity
    func imageForAsset(asset: ImageAsset) -> CGImage? { image }
    func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { gravity }
}

/// One font for every text layer (lottie-ios's snapshot tests' `HardcodedFontProvider`).
private struct FixedFontProvider: AnimationFontProvider {
    let font: UIFont?
    func fontFor(family: String, size: CGFloat) -> UIFont? { font }
}

/// One text for every text layer (lottie-ios's snapshot tests' `HardcodedTextProvider`).
private final class FixedTextProvider: AnimationKeypathTextProvider {
    let text: String
    init(text: String) { self.text = text }
    func text(for keypath: AnimationKeypath, sourceText: String) -> String? { text }
}
