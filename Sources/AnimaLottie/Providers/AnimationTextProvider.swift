import Foundation

/// Supplies the text a text layer shows (lottie-ios's `AnimationKeypathTextProvider`): asked once per text
/// layer and document when the tree is built, with the layer's keypath (its name after the names of the
/// precompositions holding it, `"Title Comp.Title"`) and the file's text. Nil keeps the file's text.
/// ```swift
/// view.textProvider = DictionaryTextProvider(["Title": "Hello"])
/// ```
public protocol AnimationKeypathTextProvider: AnyObject {
    /// The text for the text layer at `keypath`, whose file gives `sourceText`; nil keeps `sourceText`.
    func text(for keypath: AnimationKeypath, sourceText: String) -> String?
}

/// lottie-ios's older text provider: asked with the keypath as one string (`"Title Comp.Title"`).
public protocol LegacyAnimationTextProvider: AnimationKeypathTextProvider {
    /// The text for the text layer whose keypath is `keypathName`.
    func textFor(keypathName: String, sourceText: String) -> String
}

extension LegacyAnimationTextProvider {
    /// Nil, so that ``textFor(keypathName:sourceText:)`` is asked instead.
    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? { nil }
}

/// Text from a dictionary whose keys are a text layer's full keypath (`"Title Comp.Title"`) or its last
/// component (`"Title"`); the full keypath wins, and a layer named by neither keeps the file's text.
public final class DictionaryTextProvider: AnimationKeypathTextProvider, LegacyAnimationTextProvider, Equatable, Sendable {
    let values: [String: String]

    public init(_ values: [String: String]) { self.values = values }

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
        values[keypath.string] ?? keypath.keys.last.flatMap { values[$0] } ?? sourceText
    }

    public func textFor(keypathName: String, sourceText: String) -> String { values[keypathName] ?? sourceText }

    public static func == (lhs: DictionaryTextProvider, rhs: DictionaryTextProvider) -> Bool { lhs.values == rhs.values }
}

/// The file's own text (the default).
public final class DefaultTextProvider: AnimationKeypathTextProvider, LegacyAnimationTextProvider, Equatable, Sendable {
    public init() {}

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? { sourceText }

    public func textFor(keypathName: String, sourceText: String) -> String { sourceText }

    public static func == (lhs: DefaultTextProvider, rhs: DefaultTextProvider) -> Bool { true }
}

extension AnimationKeypathTextProvider {
    /// The text shown for the layer at `keypath`: this provider's answer, or a legacy provider's, or `sourceText`.
    func resolvedText(for keypath: AnimationKeypath, sourceText: String) -> String {
        if let text = text(for: keypath, sourceText: sourceText) { return text }
        if let legacy = self as? LegacyAnimationTextProvider {
            return legacy.textFor(keypathName: keypath.string, sourceText: sourceText)
        }
        return sourceText
    }
}
