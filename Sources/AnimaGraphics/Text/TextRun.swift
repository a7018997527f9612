import Foundation

/// A stretch of a `TextLayout`'s text drawn in its own font or colour (what an attributed string's runs become).
///
/// The range counts UTF-16 code units, as `NSAttributedString` and `NSRange` do; nil font or colour keeps
/// the layout's own.
/// ```swift
/// var layout = TextLayout("Hello world", font: TextFont(size: 20))
/// layout.runs = [TextRun(range: 6..<11, font: nil, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))]
/// ```
public struct TextRun: Equatable, Sendable {
    /// The code units covered, in UTF-16 offsets of the layout's text.
    public var range: Range<Int>
    /// The font of the run (nil: the layout's).
    public var font: TextFont?
    /// The colour of the run (nil: the layout's).
    public var color: CGColor?

    /// A run over `range` (UTF-16 offsets).
    public init(range: Range<Int>, font: TextFont? = nil, color: CGColor? = nil) {
        self.range = range; self.font = font; self.color = color
    }

    /// The run's range as UTF-8 byte offsets into `text` (what Pango counts), clamped to the text; nil when empty.
    func utf8Range(in text: String) -> Range<Int>? {
        let count = text.utf16.count
        let lower = min(count, max(0, range.lowerBound)), upper = min(count, max(lower, range.upperBound))
        guard upper > lower else { return nil }
        func byteOffset(_ utf16: Int) -> Int {
            let index = String.Index(utf16Offset: utf16, in: text)
            return text.utf8.distance(from: text.utf8.startIndex, to: index)
        }
        return byteOffset(lower)..<byteOffset(upper)
    }
}

/// Types that stand for a font (`UIFont` in AnimaKit conforms), so `CATextLayer.font` and attributed strings
/// accept them.
public protocol TextFontConvertible {
    /// The font as a `TextFont`.
    var textFont: TextFont { get }
}

extension TextFont: TextFontConvertible {
    public var textFont: TextFont { self }
}
