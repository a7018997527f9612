import Foundation
import AnimaCore
import AnimaGraphics

/// A font (UIKit's `UIFont`), drawn and measured by Pango through AnimaGraphics' `TextFont`.
///
/// The system font is Pango's "Sans" (DejaVu Sans here, with Hangul from NanumGothic when installed).
/// Sizes that are not positive and finite are reported and replaced by 17.
/// ```swift
/// label.font = .systemFont(ofSize: 24, weight: .semibold)
/// let title = UIFont.boldSystemFont(ofSize: 17)
/// ```
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    /// A font weight, on UIKit's scale (−1…1, regular 0).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The nearest CSS/OpenType weight (100…900).
        var textWeight: TextFont.Weight {
            let table: [(CGFloat, TextFont.Weight)] = [
                (-0.8, .ultraLight), (-0.6, .thin), (-0.4, .light), (0, .regular), (0.23, .medium),
                (0.3, .semibold), (0.4, .bold), (0.56, .heavy), (0.62, .black),
            ]
            let v = rawValue.isFinite ? rawValue : 0
            return table.min { abs($0.0 - v) < abs($1.0 - v) }!.1
        }
    }

    /// The font as AnimaGraphics draws it.
    public let textFont: TextFont

    /// The font for `textFont`.
    public init(textFont: TextFont) { self.textFont = textFont }

    /// The font named `fontName` (a fontconfig family such as "DejaVu Serif") at `fontSize` points.
    /// Unknown families fall back per character, as fontconfig does.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(textFont: TextFont(family: fontName, size: fontSize))
    }

    /// The system font at `fontSize` points.
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// The system font at `fontSize` points and `weight`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(textFont: .systemFont(ofSize: fontSize, weight: weight.textWeight))
    }

    /// The bold system font at `fontSize` points.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    /// The italic system font at `fontSize` points.
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(textFont: TextFont(family: "Sans", size: fontSize, isItalic: true))
    }

    /// The monospaced system font ("Monospace") at `fontSize` points and `weight`.
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(textFont: TextFont(family: "Monospace", size: fontSize, weight: weight.textWeight))
    }

    /// The standard system font size (14).
    public static var systemFontSize: CGFloat { 14 }
    /// The standard label font size (17).
    public static var labelFontSize: CGFloat { 17 }
    /// The standard button font size (18).
    public static var buttonFontSize: CGFloat { 18 }
    /// The small system font size (12).
    public static var smallSystemFontSize: CGFloat { 12 }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(textFont: TextFont(family: textFont.family, size: fontSize, weight: textFont.weight,
                                  isItalic: textFont.isItalic))
    }

    /// The size in points.
    public var pointSize: CGFloat { textFont.size }
    /// The family name.
    public var familyName: String { textFont.family }
    /// The font name: the family, with the weight and slant.
    public var fontName: String {
        var name = textFont.family
        if textFont.weight != .regular { name += "-W\(textFont.weight.rawValue)" }
        if textFont.isItalic { name += "-Italic" }
        return name
    }

    /// The height of one line of text in points (Pango's measurement).
    public var lineHeight: CGFloat { metrics.size.height }
    /// The distance from the baseline to the top of the line, in points.
    public var ascender: CGFloat { metrics.firstBaseline }
    /// The distance from the baseline to the bottom of the line, in points (negative, as in UIKit).
    public var descender: CGFloat { metrics.firstBaseline - metrics.size.height }
    /// Extra space between lines (0: Pango's line height already includes it).
    public var leading: CGFloat { 0 }

    private var metrics: TextMetrics { TextLayout("Hg", font: textFont).measure() }

    public static func == (a: UIFont, b: UIFont) -> Bool { a.textFont == b.textFont }
    public func hash(into hasher: inout Hasher) { hasher.combine(textFont) }
    public var description: String { "UIFont(\(textFont))" }
}

/// `CATextLayer.font = UIFont.systemFont(ofSize: 17)` and `.font` attributes in attributed strings take a `UIFont`.
extension UIFont: TextFontConvertible {}
