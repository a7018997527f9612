import Foundation
import AnimaKit

/// Supplies the fonts of text layers (lottie-ios's `AnimationFontProvider`, whose fonts are Core Text's; here
/// they are `UIFont`s, which Apple bridges to Core Text's toll-free): asked with the font name a text document
/// gives (`"AvenirNext-Medium"`) and its size when the tree is built. A font given is set through Pango in place of
/// the file's, and of any outlines the file carries for it; nil leaves the choice to the player (the file's
/// outlines, else the font when installed, else a Helvetica-metric substitute).
/// ```swift
/// final class Fonts: AnimationFontProvider {
///     func fontFor(family: String, size: CGFloat) -> UIFont? {
///         family.hasPrefix("AvenirNext") ? UIFont(name: "Nunito Sans", size: size) : nil
///     }
/// }
/// view.fontProvider = Fonts()
/// ```
public protocol AnimationFontProvider {
    /// The font for the file's font `family` at `size`, or nil for the player's own choice.
    func fontFor(family: String, size: CGFloat) -> UIFont?
}

/// The player's own choice for every font (the default).
public final class DefaultFontProvider: AnimationFontProvider, Equatable, Sendable {
    public init() {}

    public func fontFor(family: String, size: CGFloat) -> UIFont? { nil }

    public static func == (lhs: DefaultFontProvider, rhs: DefaultFontProvider) -> Bool { true }
}
