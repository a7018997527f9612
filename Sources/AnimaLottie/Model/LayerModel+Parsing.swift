import Foundation
import AnimaGraphics

extension LayerModel {
    /// The layer's transform (`ks`) with its auto-orient flag (`ao`).
    private static func transform(_ node: JSONNode) throws -> TransformModel {
        var transform = try TransformModel.parse(node["ks"])
        transform.autoOrients = try node.flag("ao")
        return transform
    }

    /// Reads one entry of a `layers` array.
    static func parse(_ node: JSONNode) throws -> LayerModel {
        let type = try node.optionalInt("ty") ?? -1
        let name = try node.optionalString("nm") ?? "layer \(node.path)"
        let content: LayerContent
        var unsupported: [String] = []
        switch type {
        case 0:
            let remap = try node["tm"].map { try Animated<[Double]>.numbers($0, default: [0]) }
            content = .precomp(referenceID: try node.required("refId").string(),
                               width: try node.optionalNumber("w") ?? 0, height: try node.optionalNumber("h") ?? 0,
                               timeRemap: remap)
        case 1:
            let hex = try node.optionalString("sc") ?? "#000000"
            content = .solid(color: Self.color(hex: hex) ?? .black, width: try node.optionalNumber("sw") ?? 0,
                             height: try node.optionalNumber("sh") ?? 0)
        case 2: content = .image(referenceID: try node.required("refId").string())
        case 3: content = .null
        case 4: content = .shapes(try ShapeItem.parseList(node["shapes"]))
        case 5: content = .text(try TextLayerModel.parse(node["t"]))
        default: content = .unsupported(type: type)
        }
        var shadow: DropShadowModel?
        for effect in try node["ef"]?.array() ?? [] {
            if try effect.optionalInt("ty") == 25, shadow == nil {
                shadow = try DropShadowModel.parse(effect: effect)
            } else {
                unsupported.append("the effect '\(try effect.optionalString("nm") ?? "effect")'")
            }
        }
        for style in try node["sy"]?.array() ?? [] {
            if try style.optionalInt("ty") == 1, shadow == nil {
                shadow = try DropShadowModel.parse(style: style)
            } else {
                unsupported.append("the layer style '\(try style.optionalString("nm") ?? "layer style")'")
            }
        }
        let blendMode = try node.optionalInt("bm") ?? 0
        if blendMode != 0, LayerBlendMode.compositingFilter(for: blendMode) == nil {
            unsupported.append("blend mode \(LayerBlendMode.name(of: blendMode))")
        }
        if try node.flag("ddd") { unsupported.append("3-D layer") }
        let inFrame = try node.optionalNumber("ip") ?? 0
        let outFrame = try node.optionalNumber("op") ?? inFrame
        var stretch = try node.optionalNumber("sr") ?? 1
        if stretch == 0 { stretch = 1 }
        let masks = try (node["masksProperties"]?.array() ?? []).map(MaskModel.parse)
        return LayerModel(name: name, index: try node.optionalInt("ind"), parent: try node.optionalInt("parent"),
                          content: content, transform: try transform(node),
                          inFrame: inFrame, outFrame: outFrame, startTime: try node.optionalNumber("st") ?? 0,
                          timeStretch: stretch, matteMode: try node.optionalInt("tt"), isMatte: try node.flag("td"),
                          matteParent: try node.optionalInt("tp"),
                          masks: masks, isHidden: try node.flag("hd"), unsupportedFeatures: unsupported, dropShadow: shadow, blendMode: blendMode)
    }

    /// `#rrggbb` → an opaque colour.
    static func color(hex: String) -> CGColor? {
        var s = hex.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("#") { s.removeFirst() }
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        return CGColor(red: CGFloat((v >> 16) & 0xFF) / 255, green: CGFloat((v >> 8) & 0xFF) / 255,
                       blue: CGFloat(v & 0xFF) / 255, alpha: 1)
    }
}

extension MaskModel {
    static func parse(_ node: JSONNode) throws -> MaskModel {
        let mode = Mode(rawValue: try node.optionalString("mode") ?? "a") ?? .add
        let expansion = try Animated<[Double]>.numbers(node["x"], default: [0])
        return MaskModel(mode: mode, path: try Animated.parse(try node.required("pt"), BezierShape.parse),
                         opacity: try .numbers(node["o"], default: [100]), isInverted: try node.flag("inv"),
                         expansion: expansion)
    }
}
