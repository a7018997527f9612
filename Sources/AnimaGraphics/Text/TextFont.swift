import Foundation

/// A font request for text drawn and measured by Pango: a family, a size in user units, a weight and a slant.
///
/// The family is a fontconfig name ("Sans", "DejaVu Sans", "NanumGothic"…). When the family lacks a character,
/// fontconfig falls back per character — Hangul in "Sans" comes from NanumGothic when `fonts-nanum` is
/// installed. `UIFont` (AnimaKit) wraps this type.
/// ```swift
/// let font = TextFont(family: "Sans", size: 17, weight: .bold)
/// ```
public struct TextFont: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A font weight on the CSS/OpenType scale (100 thin … 900 black).
    public struct Weight: RawRepresentable, Comparable, Hashable, Sendable {
        public var rawValue: Int
        /// Creates a weight from its 100…1000 value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: 200)
        public static let thin = Weight(rawValue: 100)
        public static let light = Weight(rawValue: 300)
        public static let regular = Weight(rawValue: 400)
        public static let medium = Weight(rawValue: 500)
        public static let semibold = Weight(rawValue: 600)
        public static let bold = Weight(rawValue: 700)
        public static let heavy = Weight(rawValue: 800)
        public static let black = Weight(rawValue: 900)
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    /// The size used when a requested size is not a positive finite number.
    public static let defaultSize: CGFloat = 17

    /// The fontconfig family name.
    public var family: String
    /// The em size in user units (points in UIKit terms).
    public var size: CGFloat
    /// The weight.
    public var weight: Weight
    /// Whether the italic (or oblique) style is wanted.
    public var isItalic: Bool

    /// Creates a font request; an empty family becomes "Sans", and a size that is not positive and finite is
    /// reported and becomes `TextFont.defaultSize`.
    ///
    /// ```swift
    /// TextFont(family: "", size: .nan).size   // 17
    /// ```
    public init(family: String = "Sans", size: CGFloat = TextFont.defaultSize, weight: Weight = .regular,
                isItalic: Bool = false) {
        self.family = family.isEmpty ? "Sans" : family
        if size.isFinite, size > 0 {
            self.size = size
        } else {
            Diagnostics.report("TextFont(family: \(family), size: \(Double(size).diagnosticDescription)): size must be positive and finite; using \(TextFont.defaultSize)")
            self.size = TextFont.defaultSize
        }
        self.weight = weight
        self.isItalic = isItalic
    }

    /// The system font of `size` (Pango's "Sans": DejaVu Sans on this platform).
    ///
    /// ```swift
    /// TextFont.systemFont(ofSize: 12).family   // "Sans"
    /// ```
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> TextFont {
        TextFont(family: "Sans", size: size, weight: weight)
    }

    /// Whether fontconfig knows `family` (an installed font or an alias such as "Sans"); case-insensitive.
    ///
    /// Pango silently substitutes a family it does not know, so callers that want to report a missing font
    /// ask here first. The list is read once per process.
    /// ```swift
    /// TextFont.isInstalled(family: "Sans")             // true
    /// TextFont.isInstalled(family: "No Such Font")     // false
    /// ```
    public static func isInstalled(family: String) -> Bool {
        installedFamilies.contains(family.lowercased())
    }

    private static let installedFamilies: Set<String> = PangoTextLayout.installedFamilies()

    public var description: String {
        "\(family) \(size)\(weight == .regular ? "" : " w\(weight.rawValue)")\(isItalic ? " italic" : "")"
    }
}
