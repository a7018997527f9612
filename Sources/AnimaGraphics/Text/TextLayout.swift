import Foundation

/// A paragraph of text with one font and colour, wrapped to an optional width: measured and drawn by Pango.
///
/// `CATextLayer` and `UILabel` use it to size and draw their text. Sizes are in user units; metrics are
/// unhinted, so the measured size does not depend on the scale the text is later drawn at.
/// ```swift
/// var layout = TextLayout("Hello 안녕하세요", font: TextFont(size: 20))
/// layout.maximumWidth = 80                 // wrap between words
/// let size = layout.measure().size         // two lines, width ≤ 80
/// layout.draw(in: context, at: CGPoint(x: 10, y: 10))
/// ```
public struct TextLayout: Equatable, Sendable {
    /// How lines sit horizontally inside the layout's width.
    public enum Alignment: Int, Sendable {
        case left = 0, center = 1, right = 2, justified = 3
    }

    /// What happens when text is wider than `maximumWidth` (or has more lines than `maximumNumberOfLines`).
    public enum LineBreak: Sendable {
        /// Wrap between words; a word longer than a line breaks between characters.
        case wordWrap
        /// Wrap between any characters.
        case charWrap
        /// Wrap by words, and end the last allowed line with "…" when text is left over.
        case truncateTail
        /// Keep one line, replacing its start with "…" when too wide.
        case truncateHead
        /// Keep one line, replacing its middle with "…" when too wide.
        case truncateMiddle
    }

    /// The text; newlines start new lines.
    public var text: String
    /// The font.
    public var font: TextFont
    /// The colour text is drawn in.
    public var color: CGColor
    /// The width lines wrap at (nil: never wrap). A value that is not positive and finite is reported and
    /// treated as nil.
    public var maximumWidth: CGFloat?
    /// The most lines shown, 0 for no limit; only applies with `truncateTail` (as UILabel's `numberOfLines`).
    public var maximumNumberOfLines: Int
    /// Horizontal alignment (needs `maximumWidth` to have any effect).
    public var alignment: Alignment
    /// Wrapping and truncation.
    public var lineBreak: LineBreak
    /// Stretches drawn in their own font or colour (an attributed string's runs); empty by default.
    public var runs: [TextRun] = []

    /// Creates a layout; by default black, unwrapped, left-aligned.
    public init(_ text: String, font: TextFont = TextFont(), color: CGColor = .black, maximumWidth: CGFloat? = nil,
                maximumNumberOfLines: Int = 0, alignment: Alignment = .left, lineBreak: LineBreak = .wordWrap) {
        self.text = text; self.font = font; self.color = color; self.maximumWidth = maximumWidth
        self.maximumNumberOfLines = maximumNumberOfLines; self.alignment = alignment; self.lineBreak = lineBreak
    }

    /// Shapes the text and reports its size and what Pango did with it.
    ///
    /// Empty text measures `.zero` with no lines. Reads no clock; costs one Pango layout (tens of microseconds
    /// once fonts are cached, a few milliseconds for the first text in a thread).
    /// ```swift
    /// TextLayout("").measure().size   // .zero
    /// ```
    public func measure() -> TextMetrics {
        guard !text.isEmpty else {
            return TextMetrics(size: .zero, lineCount: 0, firstBaseline: 0, unknownGlyphCount: 0,
                               fontFamilies: [], isTruncated: false)
        }
        guard let surface = CairoSurface(width: 1, height: 1) else {
            return TextMetrics(size: .zero, lineCount: 0, firstBaseline: 0, unknownGlyphCount: 0,
                               fontFamilies: [], isTruncated: false)
        }
        let pango = makePangoLayout(on: CairoContext(surface: surface))
        let size = pango.logicalSize
        return TextMetrics(size: CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up)),
                           lineCount: pango.lineCount, firstBaseline: pango.firstBaseline,
                           unknownGlyphCount: pango.unknownGlyphCount, fontFamilies: pango.fontFamiliesUsed,
                           isTruncated: pango.isEllipsized)
    }

    /// Draws the text with the top-left of its layout box at `origin` in `context`'s user space.
    ///
    /// The context's CTM, clip and global alpha apply; its current path is left as it was.
    /// ```swift
    /// TextLayout("Hi").draw(in: context, at: .zero)
    /// ```
    public func draw(in context: CGContext, at origin: CGPoint) {
        guard !text.isEmpty, context.isFinite(origin, in: "draw(text:at:)") else { return }
        guard color.isFinite else {
            Diagnostics.report("TextLayout.draw(in:at:): non-finite colour \(color); nothing drawn")
            return
        }
        context.cairo.preservingPath {
            context.shadowed {   // the layout is made on the context drawing: a shadowed operation draws on its own
                let pango = makePangoLayout(on: context.cairo)
                context.useSource(color)
                pango.show(at: origin)
            }
        }
    }

    private func makePangoLayout(on cairo: CairoContext) -> PangoTextLayout {
        let pango = PangoTextLayout(context: cairo)
        pango.setFont(family: font.family, size: font.size, weight: font.weight.rawValue, italic: font.isItalic)
        var width = maximumWidth
        if let w = width, !(w.isFinite && w > 0) {
            Diagnostics.report("TextLayout: maximumWidth \(Double(w).diagnosticDescription) must be positive and finite; not wrapping")
            width = nil
        }
        pango.setWrapWidth(width, byCharacter: lineBreak == .charWrap)
        switch lineBreak {
        case .wordWrap, .charWrap: pango.setEllipsize(0, maxLines: 0)
        case .truncateHead: pango.setEllipsize(1, maxLines: 1)
        case .truncateMiddle: pango.setEllipsize(2, maxLines: 1)
        case .truncateTail: pango.setEllipsize(3, maxLines: max(0, maximumNumberOfLines))
        }
        pango.setAlignment(alignment == .justified ? 0 : alignment.rawValue, justify: alignment == .justified)
        pango.setText(text)
        if !runs.isEmpty {
            pango.setRuns(runs.compactMap { run in
                guard let bytes = run.utf8Range(in: text) else { return nil }
                return (bytes, run.font.map { ($0.family, $0.size, $0.weight.rawValue, $0.isItalic) },
                        run.color.map { ($0.red, $0.green, $0.blue, $0.alpha) })
            })
        }
        return pango
    }
}

/// What measuring a `TextLayout` found.
///
/// ```swift
/// let m = TextLayout("안녕", font: TextFont(size: 20)).measure()
/// m.unknownGlyphCount   // 0 when a Korean font is installed
/// ```
public struct TextMetrics: Equatable, Sendable {
    /// The layout box, rounded up to whole user units.
    public var size: CGSize
    /// The number of lines after wrapping.
    public var lineCount: Int
    /// The first line's baseline, measured down from the top of the box.
    public var firstBaseline: CGFloat
    /// Characters no installed font can draw (shown as hex boxes).
    public var unknownGlyphCount: Int
    /// Families of the fonts actually used, in order of first use (fallbacks included).
    public var fontFamilies: [String]
    /// Whether text was cut and replaced with "…".
    public var isTruncated: Bool
}

extension CGContext {
    /// Draws `string` in `font` and `color` with its layout box's top-left at `point` (plain Swift: Core
    /// Graphics draws text through Core Text instead).
    ///
    /// ```swift
    /// context.drawText("안녕하세요", at: CGPoint(x: 4, y: 4), font: TextFont(size: 24), color: .black)
    /// ```
    public func drawText(_ string: String, at point: CGPoint, font: TextFont = TextFont(), color: CGColor = .black) {
        TextLayout(string, font: font, color: color).draw(in: self, at: point)
    }
}
