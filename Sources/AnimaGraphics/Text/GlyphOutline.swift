import Foundation

/// A font's vertical metrics, in user units at its size (Core Text's `CTFontGetAscent` and friends).
///
/// ```swift
/// let m = TextFont(family: "DejaVu Sans", size: 100).lineMetrics()
/// m.ascent + m.descent + m.leading   // the natural distance between baselines
/// ```
public struct FontLineMetrics: Equatable, Sendable {
    /// Height above the baseline that lines reserve.
    public var ascent: CGFloat
    /// Depth below the baseline that lines reserve (positive).
    public var descent: CGFloat
    /// Extra space between lines that the font asks for (its line gap).
    public var leading: CGFloat
    /// Height of a flat capital letter ("H") above the baseline.
    public var capHeight: CGFloat

    /// Creates metrics from their values.
    public init(ascent: CGFloat, descent: CGFloat, leading: CGFloat, capHeight: CGFloat) {
        self.ascent = ascent; self.descent = descent; self.leading = leading; self.capHeight = capHeight
    }
}

/// One character drawn as a path: what it looks like and how far the pen moves after it.
///
/// The outline's origin is the pen position on the baseline; y grows downwards (user space), so a capital
/// letter lies at negative y.
/// ```swift
/// let h = TextFont(family: "DejaVu Sans", size: 100).glyphOutline(of: "H")
/// h?.advance          // about 75
/// h?.path.boundingBoxOfPath.minY   // about −73 (the cap height, above the baseline)
/// ```
public struct GlyphOutline {
    /// The filled shape (fill it non-zero).
    public var path: CGPath
    /// How far the next character starts, unkerned.
    public var advance: CGFloat

    /// Creates an outline from a path and an advance.
    public init(path: CGPath, advance: CGFloat) { self.path = path; self.advance = advance }
}

extension TextFont {
    /// The outline of `character` shaped alone (no kerning against neighbours, no ligatures), with fontconfig's
    /// fallback when the family lacks it; nil for an empty or unshapeable character. Reads no clock; one Pango
    /// layout per call, so callers that draw much text keep the results.
    public func glyphOutline(of character: Character) -> GlyphOutline? {
        guard let surface = CairoSurface(width: 1, height: 1) else { return nil }
        let cairo = CairoContext(surface: surface)
        let layout = PangoTextLayout(context: cairo)
        layout.setFont(family: family, size: size, weight: weight.rawValue, italic: isItalic)
        layout.setText(String(character))
        cairo.newPath()
        layout.appendPath(at: CGPoint(x: 0, y: -layout.firstBaseline))
        // Pango starts from a move to the layout's origin; a move that draws nothing is left out.
        var elements = cairo.copyPath()
        elements = elements.enumerated().filter { index, element in
            guard case .moveTo = element else { return true }
            guard index + 1 < elements.count else { return false }
            if case .moveTo = elements[index + 1] { return false }
            return true
        }.map(\.element)
        let path = CGMutablePath()
        path.elements = elements
        return GlyphOutline(path: path, advance: layout.logicalSize.width)
    }

    /// The font's vertical metrics (of the face fontconfig picks for the family). Reads no clock.
    public func lineMetrics() -> FontLineMetrics {
        guard let surface = CairoSurface(width: 1, height: 1) else {
            return FontLineMetrics(ascent: size * 0.8, descent: size * 0.2, leading: 0, capHeight: size * 0.7)
        }
        let layout = PangoTextLayout(context: CairoContext(surface: surface))
        layout.setFont(family: family, size: size, weight: weight.rawValue, italic: isItalic)
        layout.setText("H")
        let (ascent, descent, height) = layout.fontMetrics
        let cap = max(0, layout.firstBaseline - layout.inkExtents.minY)
        return FontLineMetrics(ascent: ascent, descent: descent, leading: max(0, height - ascent - descent), capHeight: cap)
    }
}
