import Foundation

/// Why a Lottie file could not be loaded.
///
/// Every case names the file (its path, or `"data"` for bytes given directly) and, where one is to
/// blame, the JSON field as a path from the root (`layers[3].ks.p.k[0].t`).
/// ```swift
/// do { _ = try LottieAnimation.from(data: Data("{".utf8)) }
/// catch let error as LottieError { print(error) }   // data: not valid JSON (…)
/// ```
public enum LottieError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The bytes are not JSON (truncated or malformed).
    case malformedJSON(file: String, reason: String)
    /// A field is missing, has the wrong type or an unusable value.
    case invalidField(file: String, field: String, reason: String)
    /// No file of that name was found in the searched folders.
    case notFound(name: String, searched: [String])

    /// The file the error is about.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .malformedJSON(let file, _), .invalidField(let file, _, _): return file
        case .notFound(let name, _): return name
        }
    }

    /// A sentence naming the file, the field and what is wrong.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot be read (\(reason))"
        case .malformedJSON(let file, let reason): return "\(file): not valid JSON (\(reason))"
        case .invalidField(let file, let field, let reason): return "\(file): field \(field): \(reason)"
        case .notFound(let name, let searched):
            return "\(name): no Lottie file of that name in \(searched.joined(separator: ", "))"
        }
    }
}
