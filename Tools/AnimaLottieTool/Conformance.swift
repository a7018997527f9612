import Anima
import ArgumentParser
import Foundation

/// Renders every reference of a manifest and compares by the corpus's rule.
struct Conformance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every reference in a corpus manifest and compare (ΔE over white and black); print the shares and a summary.",
        discussion: """
            Configured samples (taken with extra settings) are rendered with the settings this player can apply — the \
            value providers of lottie-ios's snapshot configuration — and counted apart from the \
            default ones.
            """)
    @Argument(help: "The corpus's manifest.json (paths inside are relative to its folder).") var manifest: String
    @Option(help: "Pixels per point (the references are at 2).") var scale: Double = 2
    @Option(help: "Only samples whose name contains this.") var filter: String?
    @Option(help: "Write each render here as <reference file name> (optional).") var output: String?
    @Flag(help: "Render configured samples without their settings.") var withoutSettings = false
    @Option(help: CompositorOption.help) var compositor: CompositorOption = .opengl

    @MainActor mutating func run() async throws {
        let run = try ManifestRun(manifest: URL(fileURLWithPath: manifest), filter: filter)
        if let output { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        var tally = Tally()
        var announced: Set<String> = []
        run.renderEach(scale: scale, maxDimension: 500, settings: !withoutSettings, compositor: compositor.compositor) { sample, reference, rendered in
            let label = ManifestRun.label(sample, reference)
            let setting = sample.configured ? LottieConformanceSettings.setting(forSample: sample.name, corpus: run.folder) : nil
            if sample.configured, announced.insert(sample.name).inserted {
                print("     \(sample.name): configured; \(Self.describe(setting, applied: !withoutSettings))")
            }
            let applied = !withoutSettings && Self.isApplied(setting)
            let share = compare(rendered, sample: sample, reference: reference, folder: run.folder, label: label)
            tally.count(configured: sample.configured, applied: applied, matched: share.map { $0 >= sample.precision } ?? false)
        }
        for line in tally.summary(settingsApplied: !withoutSettings) { print(line) }
    }

    /// Compares one render with its reference, prints the line, and returns the share (nil on failure).
    @MainActor
    private func compare(_ rendered: Result<CGImage, any Error>, sample: LottieConformanceSample,
                         reference: LottieConformanceSample.Reference, folder: URL, label: String) -> Double? {
        do {
            let render = try rendered.get()
            if let output {
                try render.writePNG(to: URL(fileURLWithPath: output).appendingPathComponent((reference.image as NSString).lastPathComponent))
            }
            var expected = try CGImage(contentsOf: folder.appendingPathComponent(reference.image))
            if scale != 2 { expected = LottieImageComparison.downsampled(expected, width: render.width, height: render.height) }
            guard let result = LottieImageComparison.compare(render, expected, perceptualPrecision: sample.perceptualPrecision) else {
                print("size \(label): \(render.width)×\(render.height) against \(expected.width)×\(expected.height)")
                return nil
            }
            let ok = result.share >= sample.precision
            print("\(ok ? "ok  " : "DIFF") \(label): \(String(format: "%.4f", result.share)) (need \(sample.precision))")
            return result.share
        } catch {
            print("FAIL \(label): \(error)")
            return nil
        }
    }

    @MainActor
    static func isApplied(_ setting: LottieConformanceSettings.Setting?) -> Bool {
        setting?.isApplicable ?? false
    }

    @MainActor
    static func describe(_ setting: LottieConformanceSettings.Setting?, applied: Bool) -> String {
        let verb = applied ? "applied" : "not applied (--without-settings)"
        guard let setting else { return "its settings are unknown here; rendered without them" }
        guard setting.isApplicable else { return "its setting, \(setting.summary), is not applied" }
        return "\(setting.summary) — \(verb)"
    }
}

/// References matched, by kind of sample.
private struct Tally {
    var defaultRefs = (matched: 0, total: 0)
    var configuredRefs = (matched: 0, total: 0)
    var appliedRefs = (matched: 0, total: 0)

    mutating func count(configured: Bool, applied: Bool, matched: Bool) {
        let one = matched ? 1 : 0
        if configured {
            configuredRefs.total += 1; configuredRefs.matched += one
            if applied { appliedRefs.total += 1; appliedRefs.matched += one }
        } else {
            defaultRefs.total += 1; defaultRefs.matched += one
        }
    }

    func summary(settingsApplied: Bool) -> [String] {
        func line(_ name: String, _ t: (matched: Int, total: Int)) -> String {
            let percent = t.total > 0 ? 100 * Double(t.matched) / Double(t.total) : 0
            return "\(name): \(t.matched) of \(t.total) references match (\(String(format: "%.1f", percent)) %)"
        }
        var lines = [line("default samples", defaultRefs), line("configured samples", configuredRefs)]
        if settingsApplied { lines.append(line("  of which rendered with their settings applied", appliedRefs)) }
        return lines
    }
}
