import Foundation
import AnimaGraphics

/// Sets a text document into glyph outlines in the text layer's space, the way Core Text sets it for
/// lottie-ios's Core Animation engine:
/// ```
/// point text (no box)                    paragraph text (box sz at ps)
///   first baseline at y = 0                 first baseline at ps.y + cap height
///   left: starts at x = 0                   lines wrap between words inside sz.width
///   right: ends at x = 0                    left / right / centre inside the box
///   centre: centred on x = 0
/// baseline to baseline: max(line height, ascent + descent + leading)
/// each character advances by its width plus tracking (size × tr / 1000); no kerning, no ligatures
/// ```
@MainActor
struct TextSetter {
    let glyphs: GlyphSource

    /// The filled outlines of `document`'s text.
    func outlines(of document: TextDocument) -> CGMutablePath {
        let path = CGMutablePath()
        guard document.size > 0, !document.text.isEmpty else { return path }
        let metrics = glyphs.metrics(for: document)
        let tracking = document.size * document.tracking / 1000
        let natural = Double(metrics.ascent + metrics.descent + metrics.leading)
        let advance = max(document.lineHeight ?? 0, natural)
        var lines = document.lines
        if let box = document.box, box.width > 0 {
            lines = lines.flatMap { wrap($0, width: Double(box.width), document: document, tracking: tracking) }
        }
        for (index, line) in lines.enumerated() {
            let characters = Array(line)
            let outlines = characters.map { glyphs.glyph($0, document: document) }
            let width = outlines.reduce(0.0) { $0 + Double($1?.advance ?? 0) + tracking }
            var x: Double, y = Double(index) * advance
            let justification = document.justification
            if let box = document.box {
                y += Double(box.minY + metrics.capHeight)
                switch justification {
                case 1: x = Double(box.maxX) - width
                case 2: x = Double(box.midX) - width / 2
                default: x = Double(box.minX)
                }
            } else {
                switch justification {
                case 1: x = -width
                case 2: x = -width / 2
                default: x = 0
                }
            }
            for outline in outlines {
                guard let outline else { continue }
                path.addPath(outline.path, transform: CGAffineTransform(translationX: x, y: y))
                x += Double(outline.advance) + tracking
            }
        }
        return path
    }

    /// `line` broken between words (or, for a word wider than the box, between characters) so that no
    /// line is wider than `width`.
    func wrap(_ line: String, width: Double, document: TextDocument, tracking: Double) -> [String] {
        func measure(_ s: Substring) -> Double {
            s.reduce(0.0) { $0 + Double(glyphs.glyph($1, document: document)?.advance ?? 0) + tracking }
        }
        var result: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if measure(Substring(candidate)) <= width || current.isEmpty && measure(word) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { result.append(current); current = "" }
            // A word wider than the box breaks between characters.
            for character in word {
                if !current.isEmpty, measure(Substring(current + String(character))) > width {
                    result.append(current); current = ""
                }
                current.append(character)
            }
        }
        result.append(current)
        return result
    }
}
