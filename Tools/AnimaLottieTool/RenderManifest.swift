import Anima
import ArgumentParser
import Foundation

/// Renders every reference a manifest lists into one folder, in one process.
struct RenderManifest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-manifest",
        abstract: "Render every reference listed in a corpus manifest into DIR/<the reference image's file name>.",
        discussion: """
            Paths in the manifest are relative to its folder. Configured samples get the settings the references were \
            taken with where this player can apply them (value providers). A reference that fails \
            (a file that does not load, a render that fails) is reported and the rest go on; the command then \
            exits with status 1.
            """)
    @Argument(help: "The manifest (the corpus's manifest.json format).") var manifest: String
    @Option(help: "The folder to write into (created if needed).") var output: String
    @Option(help: "Pixels per point.") var scale: Double = 2
    @Option(help: "The largest side of the view in points.") var maxDimension: Double = 500
    @Option(help: "Only samples whose name contains this.") var filter: String?
    @Flag(help: "Render configured samples without their settings.") var withoutSettings = false
    @Option(help: CompositorOption.help) var compositor: CompositorOption = .opengl

    func validate() throws {
        guard scale > 0, scale <= 8, maxDimension > 0, maxDimension.isFinite else {
            throw ValidationError("--scale must be in (0, 8] and --max-dimension positive")
        }
    }

    @MainActor mutating func run() async throws {
        let report = try ManifestRenderer.renderAll(manifest: URL(fileURLWithPath: manifest), into: URL(fileURLWithPath: output),
                                                    scale: scale, maxDimension: maxDimension, filter: filter,
                                                    settings: !withoutSettings, compositor: compositor.compositor) { line in print(line) }
        print("render-manifest: \(report.written.count) of \(report.total) references written to \(output)")
        guard report.failures.isEmpty else {
            print("render-manifest: \(report.failures.count) failed:")
            for failure in report.failures { print("  \(failure)") }
            throw ExitCode(1)
        }
    }
}

/// What `render-manifest` does, as a function (tests run it on a small manifest).
@MainActor
enum ManifestRenderer {
    struct Report {
        /// The files written, in manifest order.
        var written: [URL] = []
        /// One line per reference that failed: its label and why.
        var failures: [String] = []
        var total = 0
    }

    /// Renders every reference of `manifest` into `folder`/<image file name>; `progress` gets a line per
    /// reference. Throws only when the manifest cannot be read or the folder cannot be made.
    static func renderAll(manifest: URL, into folder: URL, scale: Double = 2, maxDimension: Double = 500,
                          filter: String? = nil, settings: Bool = true, compositor: HeadlessDisplay.SnapshotCompositor = .openGL,
                          progress: (String) -> Void = { _ in }) throws -> Report {
        let run = try ManifestRun(manifest: manifest, filter: filter)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var report = Report()
        var targets: [String: String] = [:]
        run.renderEach(scale: scale, maxDimension: maxDimension, settings: settings, compositor: compositor) { sample, reference, image in
            report.total += 1
            let label = ManifestRun.label(sample, reference)
            let name = (reference.image as NSString).lastPathComponent
            if let earlier = targets[name] {
                report.failures.append("\(label): its file name \(name) was already written for \(earlier); skipped")
                return
            }
            targets[name] = label
            do {
                let target = folder.appendingPathComponent(name)
                try image.get().writePNG(to: target)
                report.written.append(target)
                progress("ok   \(label) → \(target.path)")
            } catch {
                report.failures.append("\(label): \(error)")
                progress("FAIL \(label): \(error)")
            }
        }
        return report
    }
}
