import Foundation
import AnimaGraphics

/// One text document of a text layer (a keyframe of `t.d`): what is written and how it is set.
package struct TextDocument: Equatable {
    /// The text; `\r`, `\n` and `\u{3}` end lines.
    package var text: String
    /// The font's name (`f`), a key of the file's font list.
    package var fontName: String
    /// The font size in composition units.
    package var size: Double
    /// 0 left, 1 right, 2 centre (3…6: justified variants, set as left).
    package var justification: Int
    /// Extra space after each character, in thousandths of the size (After Effects' tracking).
    package var tracking: Double
    /// Baseline to baseline, or nil when the file leaves it to the font.
    package var lineHeight: Double?
    /// Fill colour (r, g, b in 0…1), or nil for none.
    package var fillColor: [Double]?
    /// Stroke colour, or nil for none.
    package var strokeColor: [Double]?
    package var strokeWidth: Double
    /// Whether the stroke is drawn over the fill.
    package var strokeOverFill: Bool
    /// The paragraph box (`sz`) and its top-left (`ps`), or nil for point text.
    package var box: CGRect?
    /// Whether the text is set in capitals (`ca`).
    package var allCaps: Bool

    /// The largest font size set: a larger one (a corrupt file) is set at this size.
    static let maximumSize = 10_000.0

    /// Reads a document object (`t.d.k[i].s`).
    static func parse(_ node: JSONNode) throws -> TextDocument {
        var box: CGRect?
        if let sz = try node["sz"]?.numbers(), sz.count >= 2 {
            let ps = try node["ps"]?.numbers() ?? [0, 0]
            box = CGRect(x: ps.first ?? 0, y: ps.count > 1 ? ps[1] : 0, width: max(0, sz[0]), height: max(0, sz[1]))
        }
        let lh = try node.optionalNumber("lh")
        return TextDocument(text: try node["t"].map { try $0.string() } ?? "", fontName: try node.optionalString("f") ?? "",
                            size: min(maximumSize, max(0, try node.optionalNumber("s") ?? 0)),
                            justification: try node.optionalInt("j") ?? 0,
                            tracking: min(1e5, max(-1e5, try node.optionalNumber("tr") ?? 0)),
                            lineHeight: lh.flatMap { $0 > 0 ? min($0, 1e6) : nil },
                            fillColor: try node["fc"]?.numbers(), strokeColor: try node["sc"]?.numbers(),
                            strokeWidth: max(0, try node.optionalNumber("sw") ?? 0), strokeOverFill: try node.flag("of"),
                            box: box, allCaps: try node.optionalInt("ca") == 1)
    }

    /// The lines as set: line breaks split them; capitals applied.
    package var lines: [String] {
        let set = allCaps ? text.uppercased() : text
        return set.replacingOccurrences(of: "\r\n", with: "\r")
            .split(separator: "\r", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .flatMap { $0.split(separator: "\u{3}", omittingEmptySubsequences: false) }
            .map(String.init)
    }
}

/// A font of the file's font list (`fonts.list`).
package struct FontModel {
    /// The name documents refer to (`fName`), such as "Helvetica-Bold".
    package var name: String
    package var family: String
    package var style: String
    /// Height above the baseline in percent of the size, when the file gives it.
    package var ascent: Double?
}

/// A glyph the file carries (`chars`): its outline at size 100 and its advance.
package struct GlyphModel {
    package var character: String
    package var family: String
    package var style: String
    /// Advance at size 100.
    package var width: Double
    package var shapes: [ShapeItem]
}

/// A text layer's contents (`t`).
package struct TextLayerModel {
    /// The documents, as hold keyframes.
    package var documents: Animated<TextDocument>
    /// Whether the layer has text animators (`t.a`), which are not played.
    package var hasAnimators: Bool

    static func parse(_ node: JSONNode?) throws -> TextLayerModel {
        guard let node, let d = node["d"] else {
            return TextLayerModel(documents: Animated(TextDocument.empty), hasAnimators: false)
        }
        var documents = try Animated.parse(d, TextDocument.parse)
        for i in documents.keyframes.indices { documents.keyframes[i].isHold = true }
        return TextLayerModel(documents: documents, hasAnimators: !(try node["a"]?.array().isEmpty ?? true))
    }
}

extension TextDocument {
    static let empty = TextDocument(text: "", fontName: "", size: 0, justification: 0, tracking: 0, lineHeight: nil,
                                    fillColor: nil, strokeColor: nil, strokeWidth: 0, strokeOverFill: false,
                                    box: nil, allCaps: false)
}

extension CompositionModel {
    /// Reads `fonts.list` (by name) and `chars`.
    static func parseFonts(_ root: JSONNode) throws -> (fonts: [String: FontModel], glyphs: [GlyphModel]) {
        var fonts: [String: FontModel] = [:]
        for font in try root["fonts"]?["list"]?.array() ?? [] {
            let name = try font.optionalString("fName") ?? ""
            fonts[name] = FontModel(name: name, family: try font.optionalString("fFamily") ?? name,
                                    style: try font.optionalString("fStyle") ?? "", ascent: try font.optionalNumber("ascent"))
        }
        let glyphs = try (root["chars"]?.array() ?? []).map { c in
            GlyphModel(character: try c.optionalString("ch") ?? "", family: try c.optionalString("fFamily") ?? "",
                       style: try c.optionalString("style") ?? "", width: try c.optionalNumber("w") ?? 0,
                       shapes: try ShapeItem.parseList(c["data"]?["shapes"]))
        }
        return (fonts, glyphs)
    }
}
