import Foundation

/// A search for properties of an animation by name (lottie-ios's `AnimationKeypath`): the names of the
/// layers, shape groups and items on the way to a property, separated by dots, ending in the property.
///
/// Wildcards: a key `**` matches any number of keys (none included); a `*` inside a key matches one or
/// more characters of one key, so a key `*` is exactly one key. Matching is key by key, so `Fill 1` never
/// matches `Gradient Fill 1` (lottie-ios matches with a regular expression that would).
/// ```swift
/// let everyFill: AnimationKeypath = "**.Fill 1.Color"
/// everyFill.matches(["Layer", "Group 1", "Fill 1", "Color"])     // true
/// AnimationKeypath(keypath: "Layer.Transform.Position").matches(["Layer", "Transform", "Position"])  // true
/// ```
/// A name that contains a dot cannot be written as one key; `*` can stand for it.
public struct AnimationKeypath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The keys, outermost first (`["**", "Fill 1", "Color"]`).
    public var keys: [String]

    /// A keypath from a dot-separated string.
    public init(keypath: String) { keys = keypath.components(separatedBy: ".") }

    /// A keypath from a string literal: `"**.Stroke 1.Color"`.
    public init(stringLiteral value: String) { self.init(keypath: value) }

    /// A keypath from its keys.
    public init(keys: [String]) { self.keys = keys }

    /// The keys joined by dots.
    public var string: String { keys.joined(separator: ".") }
    public var description: String { string }

    /// The last key: the property the keypath ends in (`Color`), or "" for an empty keypath.
    public var propertyName: String { keys.last ?? "" }

    /// Whether `path` (the names of a property's full keypath, no wildcards) is matched by this keypath.
    public func matches(_ path: [String]) -> Bool {
        // match[i][j]: keys[i...] matches path[j...]. Filled from the ends; at most a few dozen keys.
        let k = keys.count, p = path.count
        var match = Array(repeating: Array(repeating: false, count: p + 1), count: k + 1)
        match[k][p] = true
        for i in stride(from: k - 1, through: 0, by: -1) {
            for j in stride(from: p, through: 0, by: -1) {
                if keys[i] == "**" {
                    match[i][j] = match[i + 1][j] || (j < p && match[i][j + 1])
                } else {
                    match[i][j] = j < p && Self.key(keys[i], matches: path[j]) && match[i + 1][j + 1]
                }
            }
        }
        return match[0][0]
    }

    /// Whether one key (possibly with `*` standing for one or more characters) matches one name.
    static func key(_ pattern: String, matches name: String) -> Bool {
        guard pattern.contains("*") else { return pattern == name }
        let parts = pattern.replacingOccurrences(of: "**", with: "*").split(separator: "*", omittingEmptySubsequences: false)
        let stars = parts.count - 1
        let fixed = parts.reduce(0) { $0 + $1.count }
        guard name.count >= fixed + stars else { return false }
        var rest = Substring(name)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for (index, part) in parts.enumerated().dropFirst() {
            let isLast = index == parts.count - 1
            if isLast {
                // The star before the last part needs at least one character, the part ends the name.
                return rest.count >= part.count + 1 && rest.hasSuffix(part)
            }
            // Leftmost occurrence after at least one character for the star before it.
            guard rest.count > 1, let found = rest.dropFirst().range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.isEmpty
    }
}
