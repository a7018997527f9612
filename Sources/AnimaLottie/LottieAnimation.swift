import Foundation
import AnimaCore

/// A frame number of an animation's timeline (lottie-ios's name).
public typealias AnimationFrameTime = CGFloat
/// A fraction of an animation's length, 0 (its in-point) … 1 (its out-point) (lottie-ios's name).
public typealias AnimationProgressTime = CGFloat

/// A parsed Lottie (Bodymovin JSON) animation: its timeline, size, markers, layers and assets.
///
/// Parsing happens once; the value is immutable and can be played by any number of
/// ``LottieAnimationLayer``s. Loading never crashes on bad input: it throws a ``LottieError``
/// naming the file and the field.
/// ```swift
/// let animation = try LottieAnimation.from(data: Data(#"{"v":"5.7","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8))
/// animation.duration    // 2 seconds
/// animation.size        // 100 × 100
/// ```
public final class LottieAnimation: @unchecked Sendable {
    package let model: CompositionModel
    /// The folder the file was loaded from (for images beside it), if it came from a file.
    public let directory: URL?
    /// Where the animation came from (a path, or `"data"`), as errors and diagnostics name it.
    public let source: String
    /// Images that came with the animation (a `.lottie` archive's), by file name.
    package let bundledImages: [String: Data]

    package init(model: CompositionModel, directory: URL?, source: String, bundledImages: [String: Data] = [:]) {
        self.model = model; self.directory = directory; self.source = source; self.bundledImages = bundledImages
    }

    /// The same animation with `images` (file name → PNG data) bundled with it.
    package func bundling(_ images: [String: Data]) -> LottieAnimation {
        LottieAnimation(model: model, directory: directory, source: source, bundledImages: images)
    }

    /// Parses Bodymovin JSON. `source` names the data in errors and diagnostics.
    public static func from(data: Data, source: String = "data", directory: URL? = nil) throws -> LottieAnimation {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw LottieError.malformedJSON(file: source, reason: "\(error.localizedDescription)")
        }
        var model = try CompositionModel.parse(JSONNode(root: root, file: source))
        model.attachShapeNames(json: root)   // keypaths name shape items as the file does (dynamic properties)
        return LottieAnimation(model: model, directory: directory, source: source)
    }

    /// Loads the JSON file at `url`; throws ``LottieError`` when it cannot be read or parsed.
    public convenience init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw LottieError.unreadable(file: url.path, reason: error.localizedDescription)
        }
        let parsed = try LottieAnimation.from(data: data, source: url.path, directory: url.deletingLastPathComponent())
        self.init(model: parsed.model, directory: parsed.directory, source: parsed.source)
    }

    /// Loads the JSON file at `path`, or returns nil after reporting why it could not (lottie-ios's form).
    public static func filepath(_ path: String) -> LottieAnimation? {
        do { return try LottieAnimation(contentsOf: URL(fileURLWithPath: path)) } catch {
            LottieDiagnostics.report("\(error)")
            return nil
        }
    }

    /// Finds `name` (with or without `.json`) in `bundle`'s resources, then in the working directory,
    /// each optionally under `subdirectory` — a directory search like `UIImage(named:)` — and loads it;
    /// nil (with a diagnostic) when it is not found or does not parse.
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil) -> LottieAnimation? {
        let file = name.hasSuffix(".json") ? name : name + ".json"
        var folders: [URL] = []
        if let resources = bundle.resourceURL { folders.append(resources) }
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let candidates = folders.map { folder in
            (subdirectory.map { folder.appendingPathComponent($0) } ?? folder).appendingPathComponent(file)
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            LottieDiagnostics.report("\(LottieError.notFound(name: name, searched: candidates.map(\.path)))")
            return nil
        }
        return filepath(found.path)
    }

    /// The first frame of the timeline (the file's in-point).
    public var startFrame: AnimationFrameTime { CGFloat(model.inFrame) }
    /// The frame the timeline ends at (the file's out-point).
    public var endFrame: AnimationFrameTime { CGFloat(model.outFrame) }
    /// Frames per second.
    public var framerate: Double { model.framerate }
    /// The length in seconds: `(endFrame − startFrame) / framerate`.
    public var duration: TimeInterval { (model.outFrame - model.inFrame) / model.framerate }
    /// The composition's size in points.
    public var size: CGSize { CGSize(width: model.width, height: model.height) }
    /// The markers' names, in file order.
    public var markerNames: [String] { model.markers.map(\.name) }

    /// The frame of the marker named `named`, or nil when there is none.
    public func frameTime(forMarker named: String) -> AnimationFrameTime? {
        model.markers.first { $0.name == named }.map { CGFloat($0.frame) }
    }

    /// The progress (0…1 of the timeline) of the marker named `named`, or nil when there is none.
    public func progressTime(forMarker named: String) -> AnimationProgressTime? {
        frameTime(forMarker: named).map { progressTime(forFrame: $0) }
    }

    /// The frame at `progress` (0 = ``startFrame``, 1 = ``endFrame``), not clamped.
    public func frameTime(forProgress progress: AnimationProgressTime) -> AnimationFrameTime {
        startFrame + progress * (endFrame - startFrame)
    }

    /// The progress of `frame` (0 when the timeline is empty), not clamped.
    public func progressTime(forFrame frame: AnimationFrameTime) -> AnimationProgressTime {
        endFrame > startFrame ? (frame - startFrame) / (endFrame - startFrame) : 0
    }
}
