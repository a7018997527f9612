import Foundation
import AnimaCore
import AnimaGraphics

extension TextLayout {
    /// A layout of an attributed string: each attribute run becomes a `TextRun` with its own font and colour;
    /// text outside runs uses `font` and `color`.
    init(_ attributed: NSAttributedString, font: TextFont, color: CGColor) {
        self.init(attributed.string, font: font, color: color)
        var runs: [TextRun] = []
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attributes, range, _ in
            let runFont = (attributes[.font] as? TextFontConvertible)?.textFont
            let runColor = TextLayout.color(attributes[.foregroundColor])
            if runFont != nil || runColor != nil {
                runs.append(TextRun(range: range.location..<(range.location + range.length), font: runFont, color: runColor))
            }
        }
        self.runs = runs
    }

    private static func color(_ value: Any?) -> CGColor? {
        if let color = value as? CGColor { return color }
        return (value as? CGColorConvertible)?.cgColor
    }
}
