import Foundation
import AnimaGraphics
import AnimaKit

/// Where a text layer's characters come from: the font the font provider gives, through Pango; otherwise the
/// outlines the file carries (`chars`, drawn at size 100) for its font, otherwise the font itself through Pango.
/// A font that is not installed is replaced by a Helvetica-metric sans serif (Liberation Sans when installed), as
/// Core Text replaces an unknown font with Helvetica. Outlines are kept per font, size and character for the build.
@MainActor
final class GlyphSource {
    private let model: CompositionModel
    private let report: (String) -> Void
    private var pango: [String: GlyphOutline?] = [:]
    private var metricsCache: [String: FontLineMetrics] = [:]
    private let fontProvider: AnimationFontProvider
    /// The provider's answers by font name and size (nil inside: the player's choice).
    private var provided: [String: TextFont?] = [:]

    /// The family set in place of a font that is not installed.
    static let substitute: String = TextFont.isInstalled(family: "Liberation Sans") ? "Liberation Sans" : "Sans"

    init(model: CompositionModel, fontProvider: AnimationFontProvider = DefaultFontProvider(),
         report: @escaping (String) -> Void) {
        self.model = model
        self.fontProvider = fontProvider
        self.report = report
    }

    /// The font the provider gives for the document's font name and size, asked once per name and size.
    private func providedFont(for document: TextDocument) -> TextFont? {
        let size = CGFloat(max(0.01, document.size))
        let key = "\(document.fontName)|\(size)"
        if let known = provided[key] { return known }
        let font = fontProvider.fontFor(family: document.fontName, size: size)?.textFont
        provided[key] = font
        return font
    }

    /// A character's outline at `size` with the pen on the baseline at the origin, and its advance; nil when
    /// nothing can draw it.
    func glyph(_ character: Character, document: TextDocument) -> GlyphOutline? {
        let font = providedFont(for: document) == nil ? model.fonts[document.fontName] : nil
        let scale = document.size / 100
        if let font, let carried = model.glyphs.first(where: {
            $0.character == String(character) && $0.family == font.family && $0.style == font.style
        }) {
            let path = CGMutablePath()
            Self.append(carried.shapes, to: path, transform: CGAffineTransform(scaleX: scale, y: scale))
            return GlyphOutline(path: path, advance: carried.width * scale)
        }
        let textFont = self.textFont(for: document)
        let key = "\(textFont)|\(character)"
        if let known = pango[key] { return known }
        let outline = textFont.glyphOutline(of: character)
        pango[key] = outline
        return outline
    }

    /// The font's line metrics at the document's size (the file's ascent when it gives one).
    func metrics(for document: TextDocument) -> FontLineMetrics {
        let font = model.fonts[document.fontName]
        let textFont = self.textFont(for: document)
        let key = textFont.description
        var m = metricsCache[key] ?? textFont.lineMetrics()
        metricsCache[key] = m
        guard usesCarriedGlyphs(document) else { return m }
        if let ascent = font?.ascent, ascent > 0 { m.ascent = ascent / 100 * document.size }
        // The cap height of carried outlines: how far a flat capital reaches above the baseline.
        for capital in ["H", "I", "E", "T"] {
            if let glyph = glyph(Character(capital), document: document), !glyph.path.isEmpty,
               usesCarriedGlyph(Character(capital), document: document) {
                m.capHeight = max(0, -glyph.path.boundingBoxOfPath.minY)
                break
            }
        }
        return m
    }

    /// Whether the file carries the outline of `character` in the document's font.
    func usesCarriedGlyph(_ character: Character, document: TextDocument) -> Bool {
        guard providedFont(for: document) == nil, let font = model.fonts[document.fontName] else { return false }
        return model.glyphs.contains { $0.character == String(character) && $0.family == font.family && $0.style == font.style }
    }

    /// Whether the file carries outlines for the document's font.
    func usesCarriedGlyphs(_ document: TextDocument) -> Bool {
        guard providedFont(for: document) == nil, let font = model.fonts[document.fontName] else { return false }
        return model.glyphs.contains { $0.family == font.family && $0.style == font.style }
    }

    /// The Pango font for a document: the provider's, else the file's family and style when installed, else the
    /// substitute.
    func textFont(for document: TextDocument) -> TextFont {
        if let given = providedFont(for: document) { return given }
        let size = CGFloat(max(0.01, document.size))
        guard let font = model.fonts[document.fontName] else {
            report("the font '\(document.fontName)' is not in the file's font list; set in \(Self.substitute)")
            return TextFont(family: Self.substitute, size: size)
        }
        guard TextFont.isInstalled(family: font.family) else {
            report("the font '\(font.family)' is not installed; set in \(Self.substitute), as Core Text sets Helvetica for a font it lacks")
            return TextFont(family: Self.substitute, size: size)
        }
        let style = font.style.lowercased()
        return TextFont(family: font.family, size: size, weight: Self.weight(style: style),
                        isItalic: style.contains("italic") || style.contains("oblique"))
    }

    /// The weight a style name says ("Bold", "SemiBold", "Light"…).
    static func weight(style: String) -> TextFont.Weight {
        let s = style.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "")
        let table: [(String, TextFont.Weight)] = [("thin", .thin), ("hairline", .thin), ("extralight", .ultraLight),
            ("ultralight", .ultraLight), ("light", .light), ("medium", .medium), ("semibold", .semibold),
            ("demibold", .semibold), ("extrabold", .heavy), ("ultrabold", .heavy), ("heavy", .heavy),
            ("black", .black), ("bold", .bold)]
        return table.first { s.contains($0.0) }?.1 ?? .regular
    }

    /// Adds the paths among `items` (through their groups' transforms, at their first values) to `path`.
    static func append(_ items: [ShapeItem], to path: CGMutablePath, transform: CGAffineTransform) {
        for item in items {
            if case .group(_, let children, let t) = item {
                append(children, to: path, transform: t.affine(atFrame: 0).concatenating(transform))
            } else {
                for outline in item.outlines(atFrame: 0) { outline.appendTo(path, transform: transform) }
            }
        }
    }
}

extension TransformModel {
    /// The 2-D transform at `frame`: about the anchor, scale, skew, then rotate, then move (row vectors).
    func affine(atFrame frame: Double) -> CGAffineTransform {
        let a = CGPoint(lottie: anchor.value(atFrame: frame))
        let p: CGPoint
        if let position { p = CGPoint(lottie: position.value(atFrame: frame)) } else {
            p = CGPoint(x: positionX?.scalar(atFrame: frame) ?? 0, y: positionY?.scalar(atFrame: frame) ?? 0)
        }
        let s = scale.value(atFrame: frame)
        let r = rotation.scalar(atFrame: frame) * .pi / 180
        var sheared = CGAffineTransform.identity
        if let skew {
            let k = Skew.matrix(skew: skew.scalar(atFrame: frame), axis: skewAxis.scalar(atFrame: frame))
            sheared = CGAffineTransform(a: k.m11, b: k.m12, c: k.m21, d: k.m22, tx: 0, ty: 0)
        }
        return CGAffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(CGAffineTransform(scaleX: (s.first ?? 100) / 100, y: (s.count > 1 ? s[1] : 100) / 100))
            .concatenating(sheared)
            .concatenating(CGAffineTransform(rotationAngle: r))
            .concatenating(CGAffineTransform(translationX: p.x, y: p.y))
    }
}
