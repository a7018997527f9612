import Foundation
import AnimaCore
import AnimaGraphics

/// Finds an image layer's picture: from the image provider, an embedded `data:` URL, or a file beside
/// the animation (`u` + `p`). A missing or unreadable image is reported and the layer left blank.
@MainActor
struct ImageLoader {
    let context: BuildContext

    func image(id: String, layer: String) -> CALayer? {
        guard let asset = context.animation.model.images[id] else {
            context.report("\(context.animation.source): layer '\(layer)' refers to a missing image asset '\(id)'")
            return nil
        }
        guard let image = load(asset) else {
            context.report("\(context.animation.source): image '\(asset.name)' of layer '\(layer)' could not be loaded; left blank")
            return nil
        }
        let sublayer = CALayer()
        sublayer.name = "\(layer) image"
        sublayer.anchorPoint = .zero
        sublayer.position = .zero
        sublayer.bounds = CGRect(x: 0, y: 0, width: asset.width > 0 ? asset.width : Double(image.width),
                                 height: asset.height > 0 ? asset.height : Double(image.height))
        sublayer.contents = image
        if let provider = context.imageProvider { sublayer.contentsGravity = provider.contentsGravity(for: asset) }
        return sublayer
    }

    private func load(_ asset: ImageAsset) -> CGImage? {
        if let provider = context.imageProvider { return provider.imageForAsset(asset: asset) }
        if asset.name.hasPrefix("data:") { return EmbeddedImage.decode(asset) }
        if let data = context.animation.bundledImages[asset.name] { return try? CGImage(encodedData: data, source: asset.name) }
        guard let folder = context.animation.directory else { return nil }
        let url = folder.appendingPathComponent(asset.directory).appendingPathComponent(asset.name)
        return try? CGImage(contentsOf: url)
    }
}
