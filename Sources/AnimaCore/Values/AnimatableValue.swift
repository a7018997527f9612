import Foundation
import AnimaGraphics

/// The kind of value a key path holds; decides how values convert and interpolate.
package enum ValueKind: Sendable, Equatable {
    case number, point, size, rect, transform, color, path, bool, object
}

/// A property value in a form animations can blend.
///
/// Numbers are `Double`; points, sizes and rects blend per component; colours per sRGB component;
/// transforms by decomposition (slerp for rotation); paths point by point when their elements
/// match. Booleans, objects and mismatched paths switch at half way (our reading of an
/// UNCONFIRMED rule).
package enum AnimatableValue: @unchecked Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor?)
    case path(CGPath?)
    case bool(Bool)
    case object(Any?)

    /// Converts a user-supplied value (`fromValue`, `toValue`, keyframe values…) to `kind`;
    /// nil when the value has the wrong type or holds NaN/∞.
    package static func convert(_ any: Any?, to kind: ValueKind) -> AnimatableValue? {
        // A struct boxed as Apple's code boxes it (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`) is read as the
        // struct. The metatype test keeps numbers and plain structs off Foundation's bridging.
        if let boxed = any, type(of: boxed) is NSValue.Type, let plain = (boxed as! NSValue).unboxedAnimatableValue {
            return convert(plain, to: kind)
        }
        switch kind {
        case .number:
            guard let d = number(any), d.isFinite else { return nil }
            return .number(d)
        case .point:
            guard let p = any as? CGPoint, p.x.isFinite, p.y.isFinite else { return nil }
            return .point(p)
        case .size:
            guard let s = any as? CGSize, s.width.isFinite, s.height.isFinite else { return nil }
            return .size(s)
        case .rect:
            guard let r = any as? CGRect, [r.origin.x, r.origin.y, r.width, r.height].allSatisfy(\.isFinite) else { return nil }
            return .rect(r)
        case .transform:
            if let t = any as? CATransform3D { return t.isFinite ? .transform(t) : nil }
            if let a = any as? CGAffineTransform {
                let t = CATransform3DMakeAffineTransform(a)
                return t.isFinite ? .transform(t) : nil
            }
            return nil
        case .color:
            if any == nil { return .color(nil) }
            if let c = any as? CGColor { return c.isFinite ? .color(c) : nil }
            if let c = any as? CGColorConvertible { return c.cgColor.isFinite ? .color(c.cgColor) : nil }
            return nil
        case .path:
            if any == nil { return .path(nil) }
            if let p = any as? CGPath { return .path(p) }
            if let p = any as? CGPathConvertible { return .path(p.cgPath) }
            return nil
        case .bool:
            if let b = any as? Bool { return .bool(b) }
            if let d = number(any), d.isFinite { return .bool(d != 0) }
            return nil
        case .object:
            return .object(any)
        }
    }

    /// Reads any numeric type as Double.
    package static func number(_ any: Any?) -> Double? {
        switch any {
        case let d as Double: return d
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }

    /// The value as the public API hands it out (`CGFloat`, `CGPoint`, `CGColor`…).
    package var publicValue: Any? {
        switch self {
        case .number(let d): return CGFloat(d)
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .color(let c): return c
        case .path(let p): return p
        case .bool(let b): return b
        case .object(let o): return o
        }
    }
}

/// Types that stand for a colour (UIColor conforms in AnimaKit), so `toValue = UIColor.red` works.
public protocol CGColorConvertible {
    /// The colour as a `CGColor`.
    var cgColor: CGColor { get }
}

/// Types that stand for a path (UIBezierPath conforms in AnimaKit).
public protocol CGPathConvertible {
    /// The path as a `CGPath`.
    var cgPath: CGPath { get }
}
