import Foundation

/// A value of a parsed JSON document together with where it sits in it, so that every error names
/// the field (`layers[2].ks.o.k`) and the file.
///
/// Readers that find a wrong type throw ``LottieError/invalidField(file:field:reason:)``; optional
/// readers (`optional…`) return nil for a missing field but still throw for a present one of the wrong type.
struct JSONNode {
    let value: Any
    let path: String
    let file: String

    init(root: Any, file: String) { value = root; path = "$"; self.file = file }
    init(value: Any, path: String, file: String) { self.value = value; self.path = path; self.file = file }

    /// An error about this node.
    func error(_ reason: String) -> LottieError { .invalidField(file: file, field: path, reason: reason) }

    private func child(_ key: String) -> String { path == "$" ? key : "\(path).\(key)" }

    /// The member `key`, or nil when absent or JSON null.
    subscript(key: String) -> JSONNode? {
        guard let object = value as? [String: Any], let member = object[key], !Self.isNull(member) else { return nil }
        return JSONNode(value: member, path: child(key), file: file)
    }

    /// Whether `value` is JSON null, told by its type alone: `value is NSNull` on an object or array first bridges
    /// it whole (every member, recursively) to Foundation's classes, which made every member read cost as much as
    /// the subtree under it — most of the time of loading a file.
    private static func isNull(_ value: Any) -> Bool { type(of: value) == NSNull.self }

    /// The member `key`, which must be present.
    func required(_ key: String) throws -> JSONNode {
        guard value is [String: Any] else { throw error("expected an object") }
        guard let node = self[key] else { throw JSONNode(value: NSNull(), path: child(key), file: file).error("missing") }
        return node
    }

    /// Whether the value is a JSON object.
    var isObject: Bool { value is [String: Any] }

    /// The elements of an array.
    func array() throws -> [JSONNode] {
        guard let list = value as? [Any] else { throw error("expected an array") }
        return list.enumerated().map { JSONNode(value: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    /// Whether the value is an array.
    var isArray: Bool { value is [Any] }

    /// The value as a finite number of at most 10¹² in size (a JSON boolean reads as 0 or 1).
    func number() throws -> Double {
        let d: Double
        switch value {
        case let x as Double: d = x
        case let x as Int: d = Double(x)
        case let x as Bool: d = x ? 1 : 0
        case let x as NSNumber: d = x.doubleValue
        default: throw error("expected a number, found \(Self.kind(of: value))")
        }
        guard d.isFinite else { throw error("not a finite number (\(d))") }
        guard abs(d) <= 1e12 else { throw error("number \(d) is out of range (|x| ≤ 10¹²)") }
        return d
    }

    /// The value as a string.
    func string() throws -> String {
        guard let s = value as? String else { throw error("expected a string, found \(Self.kind(of: value))") }
        return s
    }

    /// The value as an integer (a number with no fraction).
    func int() throws -> Int {
        let d = try number()
        guard d == d.rounded() else { throw error("expected a whole number, found \(d)") }
        return Int(d)
    }

    /// The value as numbers: a number gives one, an array of numbers gives them all.
    func numbers() throws -> [Double] {
        if isArray { return try array().map { try $0.number() } }
        return [try number()]
    }

    func optionalNumber(_ key: String) throws -> Double? { try self[key]?.number() }
    func optionalString(_ key: String) throws -> String? { try self[key]?.string() }
    func optionalInt(_ key: String) throws -> Int? { try self[key]?.int() }
    /// A 0/1 flag (or a boolean).
    func flag(_ key: String) throws -> Bool {
        guard let node = self[key] else { return false }
        if let b = node.value as? Bool { return b }
        return try node.number() != 0
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        case is Bool: return "a boolean"
        case is NSNumber, is Double, is Int: return "a number"
        default: return "\(type(of: value))"
        }
    }
}
