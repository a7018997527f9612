import Foundation
import AnimaGraphics

/// Reading, comparing and blending the array values of contents properties (`CAGradientLayer`'s
/// `colors` and `locations`, `CAShapeLayer`'s `lineDashPattern`), which the layer API takes as `[Any]`.
package enum ContentsValues {
    /// The colours in `any` (`CGColor`s or `CGColorConvertible`s such as `UIColor`), or nil when it is
    /// not an array or an element is not a finite colour.
    package static func colors(_ any: Any?) -> [CGColor]? {
        guard let array = any as? [Any] else { return nil }
        var result: [CGColor] = []
        result.reserveCapacity(array.count)
        for element in array {
            if let c = element as? CGColor, c.isFinite { result.append(c) }
            else if let c = element as? CGColorConvertible, c.cgColor.isFinite { result.append(c.cgColor) }
            else { return nil }
        }
        return result
    }

    /// The numbers in `any` (any numeric type or `NSNumber`), or nil when it is not an array or an
    /// element is not a finite number.
    package static func numbers(_ any: Any?) -> [CGFloat]? {
        guard let array = any as? [Any] else { return nil }
        var result: [CGFloat] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let d = AnimatableValue.number(element), d.isFinite else { return nil }
            result.append(CGFloat(d))
        }
        return result
    }

    /// Whether two value lists are equal, comparing colour and number arrays by value (other objects
    /// by identity).
    package static func areEqual(_ a: [AnimatableValue], _ b: [AnimatableValue]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy(areEqual)
    }

    /// Whether two values are equal (colour and number arrays by value).
    package static func areEqual(_ a: AnimatableValue, _ b: AnimatableValue) -> Bool {
        guard case .object(let x) = a, case .object(let y) = b else { return a.isSame(as: b) }
        if x == nil || y == nil { return x == nil && y == nil }
        if let p = x as? CustomValues, let q = y as? CustomValues { return p.drawsLike(q) }
        if let p = numbers(x), let q = numbers(y) { return p == q }
        if let p = colors(x), let q = colors(y) { return p == q }
        return a.isSame(as: b)
    }

    /// Blends two colour arrays or two number arrays of equal length element by element (nil for
    /// anything else). A nil side stands for evenly spaced numbers or transparent colours, so a
    /// gradient's first colours fade in. Numbers come back as `NSNumber`s, as `locations` holds them.
    package static func interpolated(_ a: Any?, _ b: Any?, fraction t: Double) -> AnimatableValue? {
        func evenlySpaced(_ n: [CGFloat]) -> [CGFloat] { n.indices.map { n.count == 1 ? 0 : CGFloat($0) / CGFloat(n.count - 1) } }
        func transparent(_ c: [CGColor]) -> [CGColor] { c.map { CGColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: 0) } }
        let na = numbers(a), nb = numbers(b)
        if let p = na ?? (a == nil ? nb.map(evenlySpaced) : nil), let q = nb ?? (b == nil ? na.map(evenlySpaced) : nil),
           p.count == q.count, !p.isEmpty {
            return .object(zip(p, q).map { NSNumber(value: Double($0 + ($1 - $0) * CGFloat(t))) })
        }
        let ca = colors(a), cb = colors(b)
        if let p = ca ?? (a == nil ? cb.map(transparent) : nil), let q = cb ?? (b == nil ? ca.map(transparent) : nil),
           p.count == q.count, !p.isEmpty {
            return .object(zip(p, q).map { $0.interpolated(to: $1, fraction: t) })
        }
        return nil
    }
}
