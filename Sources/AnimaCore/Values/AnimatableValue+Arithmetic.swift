import Foundation
import AnimaGraphics

extension AnimatableValue {
    /// Blends from `self` (t = 0) to `other` (t = 1); values of different kinds switch at half way.
    package func interpolated(to other: AnimatableValue, fraction t: Double) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(lerp(a, b, t))
        case (.point(let a), .point(let b)): return .point(CGPoint(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t)))
        case (.rect(let a), .rect(let b)):
            // `size.width`, not `width`: Foundation's `CGRect.width` is standardized (positive), and a `byValue`
            // or `toValue − byValue` rectangle may have a negative size.
            return .rect(CGRect(x: lerp(a.origin.x, b.origin.x, t), y: lerp(a.origin.y, b.origin.y, t),
                                width: lerp(a.size.width, b.size.width, t), height: lerp(a.size.height, b.size.height, t)))
        case (.transform(let a), .transform(let b)): return .transform(a.interpolated(to: b, fraction: t))
        case (.color(let a?), .color(let b?)): return .color(a.interpolated(to: b, fraction: t))
        case (.color(nil), .color(let b?)): return .color(CGColor.clear.interpolated(to: b, fraction: t))
        case (.color(let a?), .color(nil)): return .color(a.interpolated(to: CGColor(red: a.red, green: a.green, blue: a.blue, alpha: 0), fraction: t))
        case (.path(let a?), .path(let b?)):
            if let blended = a.interpolated(to: b, fraction: t) { return .path(blended) }
            return t < 0.5 ? self : other
        case (.object(let a), .object(let b)):
            // Gradient colours and locations blend element by element when the arrays match.
            return ContentsValues.interpolated(a, b, fraction: t) ?? (t < 0.5 ? self : other)
        default:
            return t < 0.5 ? self : other
        }
    }

    /// `self + other` for additive and `byValue` animations; transforms concatenate (other first).
    package func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                                width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case (.transform(let a), .transform(let b)): return .transform(b * a)
        case (.color(let a?), .color(let b?)):
            return .color(CGColor(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        default: return other
        }
    }

    /// `self − other` (the inverse of ``adding(_:)``).
    package func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.transform(let a), .transform(let b)): return .transform((b.inverted() ?? .identity) * a)
        default: return adding(other.scaled(by: -1))
        }
    }

    /// `k · self` (cumulative repeats); transforms raise to an integer power.
    package func scaled(by k: Double) -> AnimatableValue {
        let f = CGFloat(k)
        switch self {
        case .number(let a): return .number(a * k)
        case .point(let a): return .point(CGPoint(x: a.x * f, y: a.y * f))
        case .size(let a): return .size(CGSize(width: a.width * f, height: a.height * f))
        case .rect(let a): return .rect(CGRect(x: a.origin.x * f, y: a.origin.y * f, width: a.size.width * f, height: a.size.height * f))
        case .color(let a?): return .color(CGColor(red: a.red * f, green: a.green * f, blue: a.blue * f, alpha: a.alpha * f))
        case .transform(let a):
            // By squaring: the power is the iteration count, which an endless repeat of a short animation makes large.
            guard k.isFinite else { return self }
            var n = Int(min(abs(k), 0x1p52).rounded())
            var r = CATransform3D.identity
            var base = k >= 0 ? a : (a.inverted() ?? .identity)
            while n > 0 {
                if n & 1 == 1 { r = r * base }
                n >>= 1
                if n > 0 { base = base * base }
            }
            return .transform(r)
        default: return self
        }
    }

    /// The scalar distance between two values (for paced keyframes); 0 for non-metric kinds.
    package func distance(to other: AnimatableValue) -> Double {
        switch (self, other) {
        case (.number(let a), .number(let b)): return abs(b - a)
        case (.point(let a), .point(let b)): return Double(hypot(b.x - a.x, b.y - a.y))
        case (.size(let a), .size(let b)): return Double(hypot(b.width - a.width, b.height - a.height))
        case (.rect(let a), .rect(let b)):
            let d = [b.origin.x - a.origin.x, b.origin.y - a.origin.y, b.size.width - a.size.width, b.size.height - a.size.height]
            return Double(d.map { $0 * $0 }.reduce(0, +).squareRoot())
        case (.color(let a?), .color(let b?)):
            let d = [b.red - a.red, b.green - a.green, b.blue - a.blue, b.alpha - a.alpha]
            return Double(d.map { $0 * $0 }.reduce(0, +).squareRoot())
        default: return 0
        }
    }
}

/// `a + (b − a)·t`; when `b − a` overflows (values near the largest doubles, of opposite signs), `a·(1 − t) + b·t`,
/// which stays finite where `∞ · 0` would give NaN.
@inline(__always)
package func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let d = b - a
    return d.isFinite ? a + d * t : a * (1 - t) + b * t
}

@inline(__always)
package func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { CGFloat(lerp(Double(a), Double(b), t)) }

extension CGPath {
    /// Blends two paths with the same element structure point by point; nil when they differ.
    package func interpolated(to other: CGPath, fraction t: Double) -> CGPath? {
        guard elements.count == other.elements.count else { return nil }
        let f = CGFloat(t)
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f) }
        var result: [PathElement] = []
        result.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.moveTo(let p), .moveTo(let q)): result.append(.moveTo(mix(p, q)))
            case (.lineTo(let p), .lineTo(let q)): result.append(.lineTo(mix(p, q)))
            case (.quadCurveTo(let p, let c), .quadCurveTo(let q, let d)): result.append(.quadCurveTo(mix(p, q), control: mix(c, d)))
            case (.curveTo(let p, let c1, let c2), .curveTo(let q, let d1, let d2)):
                result.append(.curveTo(mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2)))
            case (.closeSubpath, .closeSubpath): result.append(.closeSubpath)
            default: return nil
            }
        }
        return CGPathFromElements(result)
    }
}

/// Builds an immutable path from elements.
package func CGPathFromElements(_ elements: [PathElement]) -> CGPath {
    let m = CGMutablePath()
    for e in elements {
        switch e {
        case .moveTo(let p): m.move(to: p)
        case .lineTo(let p): m.addLine(to: p)
        case .quadCurveTo(let p, let c): m.addQuadCurve(to: p, control: c)
        case .curveTo(let p, let c1, let c2): m.addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: m.closeSubpath()
        }
    }
    return m
}
