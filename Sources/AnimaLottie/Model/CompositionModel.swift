import Foundation

/// An image the file refers to: embedded (a `data:` URL) or a file beside the JSON (lottie-ios's
/// `ImageAsset`, what an ``AnimationImageProvider`` is asked for).
public struct ImageAsset: Sendable, Equatable {
    /// The asset's id, which image layers refer to.
    public package(set) var id: String
    /// The size the image is shown at, in composition units (0 when the file does not say).
    public package(set) var width: Double
    public package(set) var height: Double
    /// The folder (`u`) and file name or data URL (`p`).
    public package(set) var directory: String
    public package(set) var name: String
}

/// A marker: a named frame range.
package struct MarkerModel {
    package var name: String
    package var frame: Double
    package var duration: Double
}

/// Everything a Lottie file holds, as parsed (values in the file's units).
package struct CompositionModel {
    package var version: String
    package var framerate: Double
    package var inFrame: Double
    package var outFrame: Double
    package var width: Double
    package var height: Double
    package var layers: [LayerModel]
    /// Precompositions by id (looked up, never iterated).
    package var precomps: [String: [LayerModel]]
    package var images: [String: ImageAsset]
    package var markers: [MarkerModel]
    /// The font list, by name (looked up, never iterated).
    package var fonts: [String: FontModel] = [:]
    /// Glyph outlines the file carries, in file order.
    package var glyphs: [GlyphModel] = []

    /// Reads the root object of a Bodymovin file. `file` names it in errors.
    static func parse(_ root: JSONNode) throws -> CompositionModel {
        guard root.isObject else { throw root.error("expected a JSON object at the root") }
        let fr = try root.required("fr")
        let framerate = try fr.number()
        guard framerate > 0 else { throw fr.error("frame rate must be positive, found \(framerate)") }
        let ip = try root.required("ip").number(), op = try root.required("op").number()
        guard op >= ip else { throw try root.required("op").error("out point \(op) is before the in point \(ip)") }
        let w = try root.required("w").number(), h = try root.required("h").number()
        guard w >= 0, h >= 0 else { throw root.error("negative size \(w) × \(h)") }
        var precomps: [String: [LayerModel]] = [:]
        var images: [String: ImageAsset] = [:]
        for asset in try root["assets"]?.array() ?? [] {
            let id = try asset.required("id").string()
            if let layers = asset["layers"] {
                precomps[id] = try layers.array().map(LayerModel.parse)
            } else if asset["p"] != nil {
                images[id] = ImageAsset(id: id, width: try asset.optionalNumber("w") ?? 0,
                                        height: try asset.optionalNumber("h") ?? 0,
                                        directory: try asset.optionalString("u") ?? "",
                                        name: try asset.required("p").string())
            }
        }
        let markers = try (root["markers"]?.array() ?? []).map { m in
            MarkerModel(name: try m.optionalString("cm") ?? "", frame: try m.optionalNumber("tm") ?? 0,
                        duration: try m.optionalNumber("dr") ?? 0)
        }
        var model = CompositionModel(version: try root.optionalString("v") ?? "", framerate: framerate, inFrame: ip,
                                outFrame: op, width: w, height: h,
                                layers: try root.required("layers").array().map(LayerModel.parse),
                                precomps: precomps, images: images, markers: markers)
        (model.fonts, model.glyphs) = try parseFonts(root)
        return model
    }
}
