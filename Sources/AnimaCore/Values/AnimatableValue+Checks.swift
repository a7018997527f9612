import Foundation
import AnimaGraphics

extension AnimatableValue {
    /// Whether every number in the value is finite.
    package var isFinite: Bool {
        switch self {
        case .number(let d): return d.isFinite
        case .point(let p): return p.x.isFinite && p.y.isFinite
        case .size(let s): return s.width.isFinite && s.height.isFinite
        case .rect(let r): return r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
        case .transform(let t): return t.isFinite
        case .color(let c): return c?.isFinite ?? true
        case .path(let p): return p?.elements.allSatisfy(\.isFinite) ?? true
        case .bool, .object: return true
        }
    }

    /// Whether two values are the same (objects compare by identity; unknown objects never match).
    package func isSame(as other: AnimatableValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)): return a == b
        case (.point(let a), .point(let b)): return a == b
        case (.size(let a), .size(let b)): return a == b
        case (.rect(let a), .rect(let b)): return a == b
        case (.transform(let a), .transform(let b)): return a == b
        case (.color(let a), .color(let b)): return a == b
        case (.path(let a), .path(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.object(let a), .object(let b)):
            if a == nil && b == nil { return true }
            guard let a, let b else { return false }
            return (a as AnyObject) === (b as AnyObject)
        default: return false
        }
    }

    /// A short text for diagnostics.
    package var diagnosticDescription: String {
        switch self {
        case .number(let d): return d.diagnosticDescription
        case .point(let p): return "(\(p.x), \(p.y))"
        case .size(let s): return "(\(s.width) × \(s.height))"
        case .rect(let r): return "(\(r.origin.x), \(r.origin.y), \(r.width), \(r.height))"
        case .transform(let t): return t.description
        case .color(let c): return c.map(\.description) ?? "nil"
        case .path(let p): return p.map(\.description) ?? "nil"
        case .bool(let b): return "\(b)"
        case .object(let o): return o.map { "\($0)" } ?? "nil"
        }
    }
}
