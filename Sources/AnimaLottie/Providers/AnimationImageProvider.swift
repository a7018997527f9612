import Foundation
import AnimaCore
import AnimaGraphics

/// Supplies the images of a file's image assets (lottie-ios's `AnimationImageProvider`), in place of those the
/// file embeds or has beside it, and how each fills its asset's size. Asked once per image layer when the tree
/// is built; nil leaves that layer blank (reported).
/// ```swift
/// view.imageProvider = FilepathImageProvider(filepath: URL(fileURLWithPath: "art"), contentsGravity: .resizeAspectFill)
/// ```
public protocol AnimationImageProvider {
    /// The image for `asset`, or nil.
    func imageForAsset(asset: ImageAsset) -> CGImage?
    /// How the image fills the asset's size (default `.resize`, as the file's own images do).
    func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity
}

extension AnimationImageProvider {
    public func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { .resize }
}

/// Images read from a folder: an embedded asset (`data:` URL) is decoded, any other is looked up as the
/// asset's file name in the folder, then under the asset's own folder (`u`) inside it.
public struct FilepathImageProvider: AnimationImageProvider {
    public let filepath: URL
    public let gravity: CALayerContentsGravity

    public init(filepath: URL, contentsGravity: CALayerContentsGravity = .resize) {
        self.filepath = filepath
        gravity = contentsGravity
    }

    public init(filepath: String, contentsGravity: CALayerContentsGravity = .resize) {
        self.init(filepath: URL(fileURLWithPath: filepath), contentsGravity: contentsGravity)
    }

    public func imageForAsset(asset: ImageAsset) -> CGImage? {
        if asset.name.hasPrefix("data:") { return EmbeddedImage.decode(asset) }
        for url in [filepath.appendingPathComponent(asset.name),
                    filepath.appendingPathComponent(asset.directory).appendingPathComponent(asset.name)]
        where FileManager.default.fileExists(atPath: url.path) {
            return try? CGImage(contentsOf: url)
        }
        return nil
    }

    public func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { gravity }
}

/// The image provider closure of `LottieAnimationLayer(animation:imageProvider:)`: (asset id, file name).
struct ClosureImageProvider: AnimationImageProvider {
    let closure: (String, String) -> CGImage?
    func imageForAsset(asset: ImageAsset) -> CGImage? { closure(asset.id, asset.name) }
}

/// An asset embedded in the file as a `data:` URL.
enum EmbeddedImage {
    static func decode(_ asset: ImageAsset) -> CGImage? {
        guard let comma = asset.name.firstIndex(of: ","),
              let data = Data(base64Encoded: String(asset.name[asset.name.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else { return nil }
        return try? CGImage(encodedData: data, source: asset.id)
    }
}
