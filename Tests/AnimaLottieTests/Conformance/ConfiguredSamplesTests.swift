import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaSDL
@testable import AnimaLottie

/// The corpus beside the package (`../shared/lottie`), or nil when this checkout has none.
private let corpus: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.deletingLastPathComponent().appendingPathComponent("shared/lottie")
    return FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path) ? folder : nil
}()

/// Configured samples rendered with the value providers lottie-ios's snapshot configuration gives them match
/// their references (at scale 1, as the conformance gate does), and do not without them: the providers are
/// what makes the difference.
@MainActor
@Suite("Conformance: configured samples", .serialized,
       .enabled(if: corpus != nil, "the Lottie corpus (../shared/lottie next to the package) is not present"))
struct ConfiguredSamplesTests {
    nonisolated static let samples = [
        "Nonanimating/keypathTest",          // **.Stroke 1.Color and **.Fill 1.Color
        "Issues/issue_2042",                 // a layer's position
        "Issues/issue_1837_scale_rotation",  // a layer's scale and rotation
        "Nonanimating/dog",                  // an image provider with aspect-fill gravity
        "Issues/issue_1854",                 // gradient colours with alpha, over a gradient with opacity stops
    ]

    /// The smallest share over the sample's references, with or without its settings, and the sample's precision.
    private func worstShare(_ name: String, settings: Bool) throws -> (share: Double, precision: Double) {
        let folder = try #require(corpus)
        let samples = try LottieConformanceSample.load(manifest: folder.appendingPathComponent("manifest.json"))
        let sample = try #require(samples.first { $0.name == name })
        #expect(sample.configured)
        let animation = try LottieAnimation.load(contentsOf: folder.appendingPathComponent(sample.file))
        var worst = 1.0
        for reference in sample.references {
            let moment: LottieReferenceScene.Moment = reference.progress.map { .progress($0) } ?? .frame(reference.frame ?? 0)
            let scene = LottieReferenceScene(animation: animation, moment: moment, scale: 1)
            if settings, let setting = LottieConformanceSettings.setting(forSample: name, corpus: folder) {
                setting.apply(to: scene.animationLayer)
                scene.display.advance(by: 0)
            }
            let render = scene.crop(try scene.display.snapshot())
            let expected = LottieImageComparison.downsampled(try CGImage(contentsOf: folder.appendingPathComponent(reference.image)),
                                                             width: render.width, height: render.height)
            let result = try #require(LottieImageComparison.compare(render, expected, perceptualPrecision: sample.perceptualPrecision))
            worst = min(worst, result.share)
        }
        return (worst, sample.precision)
    }

    @Test(arguments: samples)
    func matchesWithItsProvidersAndNotWithout(_ name: String) throws {
        let (with, precision) = try worstShare(name, settings: true)
        #expect(with >= precision - ConformanceGateTests.scaleOneAllowance, "\(name) with its providers: \(with)")
        let without = try worstShare(name, settings: false).share
        #expect(without < precision - ConformanceGateTests.scaleOneAllowance, "\(name) without its providers: \(without)")
    }

    /// Samples kept aside from the corpus get lottie-ios's settings too; the landscape dog's image is a JPEG in the
    /// corpus's `samples/Images`, read when the setting is made.
    @Test func theLandscapeDogsImageProviderIsMadeFromTheCorpusJPEG() throws {
        let setting = try #require(LottieConformanceSettings.setting(forSample: "Nonanimating/dog_landscape", corpus: corpus))
        #expect(setting.isApplicable, "\(setting.summary)")
        #expect(setting.summary.contains("dog-landscape.jpeg"))
        #expect(LottieConformanceSettings.setting(forSample: "Nonanimating/dog_landscape", corpus: nil)?.isApplicable == false)
    }

    /// `issue_1722`'s text provider replaces a short line of text: the file's own text differs in too few pixels
    /// to fail the rule, so the check is that the provider's text matches Apple's render more closely.
    @Test func theTextProviderSampleShowsTheProvidersText() throws {
        let with = try worstShare("Issues/issue_1722", settings: true)
        let without = try worstShare("Issues/issue_1722", settings: false)
        #expect(with.share >= with.precision - ConformanceGateTests.scaleOneAllowance, "with its text provider: \(with.share)")
        #expect(with.share > without.share, "with \(with.share), without \(without.share)")
    }
}
