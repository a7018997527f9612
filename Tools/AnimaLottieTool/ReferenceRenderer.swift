import Anima
import ArgumentParser
import Foundation

/// The one place that turns a reference into pixels (AnimaSDL's offscreen snapshot): the reference
/// protocol's scene, with a configured sample's settings applied when given.
@MainActor
enum ReferenceRenderer {
    /// Renders `animation` at `moment`. `setting` (a configured sample's) adds its providers; settings this
    /// player cannot apply are left out.
    static func render(_ animation: LottieAnimation, moment: LottieReferenceScene.Moment, maxDimension: Double,
                       scale: Double, setting: LottieConformanceSettings.Setting? = nil,
                       compositor: HeadlessDisplay.SnapshotCompositor = .openGL) throws -> CGImage {
        let scene = LottieReferenceScene(animation: animation, moment: moment, maxDimension: maxDimension, scale: scale)
        if let setting, setting.isApplicable {
            setting.apply(to: scene.animationLayer)
            scene.display.advance(by: 0)   // paused: the same moment, now with the providers' values
        }
        return scene.crop(try scene.display.snapshot(compositor: compositor))
    }
}

/// `--compositor`: which renderer composites the snapshots.
enum CompositorOption: String, CaseIterable, ExpressibleByArgument {
    /// OpenGL through EGL (llvmpipe when headless): what a window shows.
    case opengl
    /// Cairo on the CPU (`HeadlessDisplay.snapshot(compositor: .software)`).
    case software

    var compositor: HeadlessDisplay.SnapshotCompositor { self == .opengl ? .openGL : .software }

    static let help: ArgumentHelp = "The compositor: opengl (OpenGL through EGL; llvmpipe when headless) or software (Cairo on the CPU)."
}

/// A corpus manifest, loaded, with its samples' animations loaded on demand.
@MainActor
struct ManifestRun {
    /// The folder the manifest's paths are relative to.
    let folder: URL
    let samples: [LottieConformanceSample]

    /// Reads `manifest`; `filter` keeps the samples whose name contains it.
    init(manifest: URL, filter: String? = nil) throws {
        folder = manifest.deletingLastPathComponent()
        do {
            samples = try LottieConformanceSample.load(manifest: manifest).filter { filter == nil || $0.name.contains(filter!) }
        } catch let error as DecodingError {
            throw ManifestError(file: manifest.path, reason: "not a manifest of the corpus's format (\(Self.describe(error)))")
        } catch {
            throw ManifestError(file: manifest.path, reason: error.localizedDescription)
        }
    }

    /// A reference's label: `name progress 0.5` or `name frame 12`.
    static func label(_ sample: LottieConformanceSample, _ reference: LottieConformanceSample.Reference) -> String {
        "\(sample.name) \(reference.progress.map { "progress \($0)" } ?? "frame \(reference.frame ?? 0)")"
    }

    /// The moment a reference shows.
    static func moment(_ reference: LottieConformanceSample.Reference) -> LottieReferenceScene.Moment {
        reference.progress.map { .progress($0) } ?? .frame(reference.frame ?? 0)
    }

    /// Loads each sample once and renders each of its references, handing `body` the image or the error
    /// (a file that does not load fails each of its references). `settings` applies configured samples'.
    func renderEach(scale: Double, maxDimension: Double, settings: Bool, compositor: HeadlessDisplay.SnapshotCompositor = .openGL,
                    _ body: (LottieConformanceSample, LottieConformanceSample.Reference, Result<CGImage, any Error>) throws -> Void) rethrows {
        for sample in samples {
            let loaded = Result { try LottieAnimation.load(contentsOf: folder.appendingPathComponent(sample.file)) }
            let setting = settings && sample.configured ? LottieConformanceSettings.setting(forSample: sample.name, corpus: folder) : nil
            for reference in sample.references {
                let image = loaded.flatMap { animation in
                    Result {
                        try ReferenceRenderer.render(animation, moment: Self.moment(reference), maxDimension: maxDimension,
                                                     scale: scale, setting: setting, compositor: compositor)
                    }
                }
                try body(sample, reference, image)
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default: return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return keys.isEmpty ? "the top level" : keys
    }
}

/// A manifest that cannot be read.
struct ManifestError: Error, CustomStringConvertible {
    var file: String
    var reason: String
    var description: String { "\(file): \(reason)" }
}
