import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaSDL
import AnimaLottie

/// The corpus beside the package (`../shared/lottie`), or nil when this checkout has none.
private let corpus: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.deletingLastPathComponent().appendingPathComponent("shared/lottie")
    return FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path) ? folder : nil
}()

/// A small conformance gate: a handful of corpus files rendered at scale 1 (fast) and compared with
/// their references (box-filtered to the same size) by the corpus's rule. The full-size run over every
/// file is `anima-lottie conformance ../shared/lottie/manifest.json`.
@MainActor
@Suite("Conformance gate", .serialized,
       .enabled(if: corpus != nil, "the Lottie corpus (../shared/lottie next to the package) is not present"))
struct ConformanceGateTests {
    /// Samples that match at every reference; each exercises something the player must keep doing.
    nonisolated static let gate = [
        "LottieLogo1",                  // trims, parenting, hold keyframes, many layers
        "LottieLogo1_masked",           // the same under a mask
        "TwitterHeart",                 // scale and position keyframes, ellipses
        "LottieFiles/infinity_loader",  // a trimmed stroke whose offset wraps
        "Nonanimating/base64Test",      // an embedded image
        "DotLottie/animation_inline_image",  // a .lottie archive with its image
        "Nonanimating/FirstText",       // text set from the file's glyphs, tracking, stroke over fill
        "Issues/issue_2220",            // an inverted alpha matte (xor), text in a substituted font
        "Issues/issue_2055",            // group skews whose axis turns
        "Issues/issue_1169_shadow_style",  // the Drop Shadow layer style
        "Issues/issue_1169_four_shadows",  // drop shadows that fade in
        "Issues/issue_1643",            // an old-format keyframe whose end value has no time
        "Issues/issue_1732",            // gradients with opacity stops, one at 96 % (shown at 92 %)
    ]

    /// How much lower the matching share may be at scale 1 than the corpus's `precision` (at scale 2).
    /// Reason: edges are where rasterizers differ, and at half the resolution an edge is twice the share of
    /// the pixels (LottieLogo1 measures 0.979–0.980 at scale 1 where it measures 0.992–0.997 at scale 2).
    nonisolated static let scaleOneAllowance = 0.01

    /// How many of the default samples' progress-0.5 references must match at scale 1 (with
    /// ``scaleOneAllowance``): the corpus-wide figure in one reference per sample, fast enough for CI.
    /// Measured 94 of 106 on 2026-11-29 with turned shapes rasterized in the display's pixels (91 before; `pr_1632_2`'s
    /// lone hold now shown as lottie-ios plays it); 90 of 106 on 2026-11-27, with shapes drawn on the display's pixel grid
    /// and gradients blended in Generic RGB (2026-11-26: 81 of 105; the full-size runs: 426, 472, then 486 of 530); two
    /// may differ between rasterizers (Mesa versions), so the gate is 91.
    nonisolated static let figureAtHalfProgress = 91

    @Test func theCorpusFigureHolds() throws {
        let folder = try #require(corpus)
        let samples = try LottieConformanceSample.load(manifest: folder.appendingPathComponent("manifest.json"))
        var matched = 0, total = 0, misses: [String] = []
        for sample in samples where !sample.configured {
            guard let reference = sample.references.first(where: { $0.progress == 0.5 }) else { continue }
            total += 1
            guard let animation = try? LottieAnimation.load(contentsOf: folder.appendingPathComponent(sample.file)) else {
                misses.append(sample.name)
                continue
            }
            let scene = LottieReferenceScene(animation: animation, moment: .progress(0.5), scale: 1)
            let render = scene.crop(try scene.display.snapshot())
            let expected = LottieImageComparison.downsampled(try CGImage(contentsOf: folder.appendingPathComponent(reference.image)),
                                                             width: render.width, height: render.height)
            if let result = LottieImageComparison.compare(render, expected, perceptualPrecision: sample.perceptualPrecision),
               result.share >= sample.precision - Self.scaleOneAllowance {
                matched += 1
            } else {
                misses.append(sample.name)
            }
        }
        #expect(matched >= Self.figureAtHalfProgress, "\(matched) of \(total) match; misses: \(misses.joined(separator: ", "))")
    }

    @Test(arguments: gate)
    func referencesMatchAtScaleOne(_ name: String) throws {
        let folder = try #require(corpus)
        let samples = try LottieConformanceSample.load(manifest: folder.appendingPathComponent("manifest.json"))
        let sample = try #require(samples.first { $0.name == name })
        let animation = try LottieAnimation.load(contentsOf: folder.appendingPathComponent(sample.file))
        for reference in sample.references {
            let moment: LottieReferenceScene.Moment = reference.progress.map { .progress($0) } ?? .frame(reference.frame ?? 0)
            let scene = LottieReferenceScene(animation: animation, moment: moment, scale: 1)
            let render = scene.crop(try scene.display.snapshot())
            let expected = LottieImageComparison.downsampled(try CGImage(contentsOf: folder.appendingPathComponent(reference.image)),
                                                             width: render.width, height: render.height)
            let result = try #require(LottieImageComparison.compare(render, expected, perceptualPrecision: sample.perceptualPrecision))
            #expect(result.share >= sample.precision - Self.scaleOneAllowance, "\(name) \(moment): \(result.share)")
        }
    }
}
