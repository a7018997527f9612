import Foundation
import AnimaCore
import AnimaGraphics

extension UIFont {
    /// The roles of Dynamic Type (UIKit's `UIFont.TextStyle`, with its raw values).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at iOS's default text size ("Large"), from Apple's Human Interface Guidelines table.
        var metrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .subheadline: return (15, .regular)
            case .callout: return (16, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular)   // .body, and any other style
            }
        }
    }

    /// The system font for `style` at the default text size (UIKit's `preferredFont(forTextStyle:)`): `.body` is
    /// 17 points, `.headline` 17 semibold, `.largeTitle` 34, `.caption2` 11. There is no Dynamic Type setting here,
    /// so the sizes never change.
    /// ```swift
    /// label.font = .preferredFont(forTextStyle: .headline)
    /// ```
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight) = style.metrics
        return systemFont(ofSize: size, weight: weight)
    }
}
