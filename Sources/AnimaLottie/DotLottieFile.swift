import Foundation
import ZIPFoundation

/// A `.lottie` archive (lottie-ios's `DotLottieFile`): a ZIP holding `manifest.json`, one or more
/// animations (`animations/<id>.json`, or `a/<id>.json` in version 2) and their images (`images/`, `i/`).
///
/// Loading reads the whole archive once; images are handed to the animations, so image layers find them
/// by file name. A file that is not a ZIP, or lacks a manifest or an animation it lists, throws a
/// ``LottieError`` naming the file and the entry.
/// ```swift
/// let file = try DotLottieFile(contentsOf: URL(fileURLWithPath: "loader.lottie"))
/// let layer = LottieAnimationLayer(animation: file.animations.first?.animation)
/// ```
public final class DotLottieFile: @unchecked Sendable {
    /// The archive's animations in manifest order, with their ids.
    public let animations: [(id: String, animation: LottieAnimation)]

    /// Reads the archive at `url`.
    public convenience init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw LottieError.unreadable(file: url.path, reason: error.localizedDescription)
        }
        try self.init(data: data, source: url.path)
    }

    /// Reads an archive from `data`; `source` names it in errors.
    public init(data: Data, source: String = "data") throws {
        if let problem = ZIPStructure.problem(in: data) {
            throw LottieError.unreadable(file: source, reason: "not a readable ZIP archive (\(problem))")
        }
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch {
            throw LottieError.unreadable(file: source, reason: "not a ZIP archive (\(error))")
        }
        var entries: [String: Data] = [:]
        var images: [String: Data] = [:]
        for entry in archive where entry.type == .file {
            var bytes = Data()
            do { _ = try archive.extract(entry, skipCRC32: true) { bytes.append($0) } } catch {
                throw LottieError.unreadable(file: source, reason: "entry \(entry.path) cannot be extracted (\(error))")
            }
            entries[entry.path] = bytes
            for folder in ["images/", "i/"] where entry.path.hasPrefix(folder) {
                images[String(entry.path.dropFirst(folder.count))] = bytes
            }
        }
        guard let manifestData = entries["manifest.json"] else {
            throw LottieError.invalidField(file: source, field: "manifest.json", reason: "the archive has no manifest")
        }
        let manifest = JSONNode(root: (try? JSONSerialization.jsonObject(with: manifestData)) ?? NSNull(), file: "\(source)/manifest.json")
        var found: [(id: String, animation: LottieAnimation)] = []
        for item in try manifest.required("animations").array() {
            let id = try item.required("id").string()
            guard let json = entries["animations/\(id).json"] ?? entries["a/\(id).json"] else {
                throw item.error("the archive has no animation '\(id)' (animations/\(id).json or a/\(id).json)")
            }
            found.append((id, try LottieAnimation.from(data: json, source: "\(source)/\(id).json").bundling(images)))
        }
        animations = found
    }
}

extension LottieAnimation {
    /// Loads `url` whatever its kind: a ZIP (`.lottie`) gives its first animation, anything else is read
    /// as Bodymovin JSON.
    public static func load(contentsOf url: URL) throws -> LottieAnimation {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw LottieError.unreadable(file: url.path, reason: error.localizedDescription)
        }
        guard data.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
            return try from(data: data, source: url.path, directory: url.deletingLastPathComponent())
        }
        guard let first = try DotLottieFile(data: data, source: url.path).animations.first else {
            throw LottieError.invalidField(file: url.path, field: "manifest.json.animations", reason: "the archive lists no animation")
        }
        return first.animation
    }
}
