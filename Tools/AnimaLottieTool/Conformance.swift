import Anima
import ArgumentParser
import Foundation

/// Renders every reference of a manifest and compares by the corpus's rule.
struct Conformance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every reference in a corpus manifest and compare (ΔE over white and black); print the shares and a summary.")
    @Argument(help: "The corpus's manifest.json (paths inside are relative to its folder).") var manifest: String
    @Option(help: "Pixels per point (the references are at 2).") var scale: Double = 2
    @Option(help: "Only samples whose name contains this.") var filter: String?
    @Option(help: "Write each render here as <reference file name> (optional).") var output: String?

    @MainActor mutating func run() async throws {
        let url = URL(fileURLWithPath: manifest)
        let folder = url.deletingLastPathComponent()
        let samples = try LottieConformanceSample.load(manifest: url).filter { filter == nil || $0.name.contains(filter!) }
        if let output { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        var tally = [false: (matched: 0, total: 0), true: (matched: 0, total: 0)]
        for sample in samples {
            let animation: LottieAnimation
            do {
                animation = try LottieAnimation.load(contentsOf: folder.appendingPathComponent(sample.file))
            } catch {
                print("FAIL \(sample.name): \(error)")
                tally[sample.configured]!.total += sample.references.count
                continue
            }
            for reference in sample.references {
                tally[sample.configured]!.total += 1
                let moment: LottieReferenceScene.Moment = reference.progress.map { .progress($0) } ?? .frame(reference.frame ?? 0)
                let label = "\(sample.name) \(reference.progress.map { "progress \($0)" } ?? "frame \(reference.frame ?? 0)")"
                do {
                    let render = try ReferenceRenderer.render(animation, moment: moment, maxDimension: 500, scale: scale)
                    if let output {
                        try render.writePNG(to: URL(fileURLWithPath: output).appendingPathComponent((reference.image as NSString).lastPathComponent))
                    }
                    var expected = try CGImage(contentsOf: folder.appendingPathComponent(reference.image))
                    if scale != 2 { expected = LottieImageComparison.downsampled(expected, width: render.width, height: render.height) }
                    guard let result = LottieImageComparison.compare(render, expected, perceptualPrecision: sample.perceptualPrecision) else {
                        print("size \(label): \(render.width)×\(render.height) against \(expected.width)×\(expected.height)")
                        continue
                    }
                    let ok = result.share >= sample.precision
                    if ok { tally[sample.configured]!.matched += 1 }
                    print("\(ok ? "ok  " : "DIFF") \(label): \(String(format: "%.4f", result.share)) (need \(sample.precision))")
                } catch {
                    print("FAIL \(label): \(error)")
                }
            }
        }
        for configured in [false, true] {
            let t = tally[configured]!
            let percent = t.total > 0 ? 100 * Double(t.matched) / Double(t.total) : 0
            print("\(configured ? "configured" : "default") samples: \(t.matched) of \(t.total) references match (\(String(format: "%.1f", percent)) %)")
        }
    }
}
