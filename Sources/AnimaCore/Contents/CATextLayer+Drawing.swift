import Foundation
import AnimaGraphics

extension CATextLayer {
    /// Families Apple code names that are not installed here; they stand for the system font, quietly.
    private static let systemFontNames: Set<String> = [
        "helvetica", "helveticaneue", "helvetica neue", "arial", "system", "systemfont", ".sfui", ".sfuitext",
        "sf pro", "sf pro text", "sf pro display", "sfprotext", "sfprodisplay", "-apple-system", "sans-serif",
    ]

    /// The font a `font` value names. A name may carry a PostScript-style suffix (`"Family-BoldItalic"`).
    static func resolveFont(_ value: Any?, layerName: String) -> TextFont {
        switch value {
        case let convertible as TextFontConvertible:
            let f = convertible.textFont
            if TextFont.isInstalled(family: f.family) || systemFontNames.contains(f.family.lowercased()) { return f }
            Diagnostics.report("CALayer \(layerName): font family '\(f.family)' is not installed; drawing with the system font (Sans)")
            return TextFont(family: "Sans", weight: f.weight, isItalic: f.isItalic)
        case let name as String:
            return font(named: name, layerName: layerName)
        default:
            return TextFont(family: "Sans")
        }
    }

    private static func font(named name: String, layerName: String) -> TextFont {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if TextFont.isInstalled(family: trimmed) { return TextFont(family: trimmed) }
        var family = trimmed, style = ""
        if let dash = trimmed.lastIndex(of: "-"), dash != trimmed.startIndex {
            family = String(trimmed[..<dash])
            style = trimmed[trimmed.index(after: dash)...].lowercased()
        }
        // Longer words first: "semibold" also contains "bold".
        let weights: [(String, TextFont.Weight)] = [("ultralight", .ultraLight), ("thin", .thin), ("light", .light),
                                                    ("medium", .medium), ("semibold", .semibold), ("bold", .bold),
                                                    ("heavy", .heavy), ("black", .black)]
        let weight = weights.first { style.contains($0.0) }?.1 ?? .regular
        let italic = style.contains("italic") || style.contains("oblique")
        if TextFont.isInstalled(family: family) { return TextFont(family: family, weight: weight, isItalic: italic) }
        if !systemFontNames.contains(family.lowercased()) && !systemFontNames.contains(trimmed.lowercased()) {
            Diagnostics.report("CALayer \(layerName): font '\(name)' is not installed; drawing with the system font (Sans)")
        }
        return TextFont(family: "Sans", weight: weight, isItalic: italic)
    }

    /// Lays the string out in the bounds (wrapping, truncation, alignment) and draws it from the top.
    func drawText(in ctx: CGContext) {
        let bounds = state.bounds.standardized
        guard bounds.width > 0, bounds.height > 0, var layout = makeLayout() else { return }
        switch alignmentMode {
        case .center: layout.alignment = .center
        case .right: layout.alignment = .right
        case .justified: layout.alignment = .justified
        default: layout.alignment = .left
        }
        if isWrapped {
            layout.maximumWidth = bounds.width
            if truncationMode != .none {
                let metrics = layout.measure()
                if metrics.size.height > bounds.height, metrics.lineCount > 1 {
                    let lineHeight = metrics.size.height / CGFloat(metrics.lineCount)
                    layout.maximumNumberOfLines = max(1, Int((bounds.height / lineHeight + 0.01).rounded(.down)))
                    layout.lineBreak = .truncateTail
                }
            }
        } else if truncationMode != .none {
            layout.maximumWidth = bounds.width
            layout.maximumNumberOfLines = 1
            layout.lineBreak = truncationMode == .start ? .truncateHead : (truncationMode == .middle ? .truncateMiddle : .truncateTail)
        }
        // Unwrapped lines align among themselves; the block then takes its place in the bounds.
        var x = bounds.minX
        let share: CGFloat = alignmentMode == .right ? 1 : (alignmentMode == .center ? 0.5 : 0)
        if layout.maximumWidth == nil, share > 0 {
            x += (bounds.width - layout.measure().size.width) * share
        }
        ctx.clip(to: bounds)
        layout.draw(in: ctx, at: CGPoint(x: x, y: bounds.minY))
    }

    /// The text, fonts and colours to draw, or nil when there is nothing to draw.
    private func makeLayout() -> TextLayout? {
        switch string {
        case let attributed as NSAttributedString:
            guard attributed.length > 0 else { return nil }
            var layout = TextLayout(attributed.string, font: TextFont(family: "Sans", size: 12), color: .black)
            var runs: [TextRun] = []
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attributes, range, _ in
                var font: TextFont?
                var color: CGColor?
                for (key, value) in attributes {
                    switch key.rawValue {
                    case "NSFont":
                        if let f = value as? TextFontConvertible { font = CATextLayer.resolveFont(f, layerName: debugName) }
                    case "NSColor":
                        if let c = value as? CGColor { color = c } else if let c = value as? CGColorConvertible { color = c.cgColor }
                    default: break
                    }
                }
                if font != nil || color != nil {
                    runs.append(TextRun(range: range.location..<(range.location + range.length), font: font, color: color))
                }
            }
            layout.runs = runs
            return layout
        case let text as String:
            return plainLayout(text)
        case let text as Substring:
            return plainLayout(String(text))
        default:
            return nil
        }
    }

    private func plainLayout(_ text: String) -> TextLayout? {
        let size = state.number(.fontSize)
        guard !text.isEmpty, size > 0, let color = state.color(.foregroundColor), color.alpha > 0 else { return nil }
        var font = resolvedFont
        font.size = size
        return TextLayout(text, font: font, color: color)
    }
}
