import Foundation

/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve Core Animation uses for implicit animations (0.25, 0.1, 0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A timing curve: a cubic Bézier from (0, 0) through two control points to (1, 1) that maps
/// an animation's linear progress to eased progress.
///
/// Evaluation solves x(t) = progress for the curve parameter t (Newton–Raphson, falling back to
/// bisection) and returns y(t); inputs outside 0…1 are clamped. Control points are stored as
/// `Float`, as Core Animation stores them.
/// ```swift
/// CAMediaTimingFunction(name: .easeInEaseOut).evaluate(at: 0.25)   // ≈ 0.129162
/// ```
public final class CAMediaTimingFunction: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The first control point.
    public let c1: (x: Float, y: Float)
    /// The second control point.
    public let c2: (x: Float, y: Float)
    /// The name, for the predefined functions.
    public let name: CAMediaTimingFunctionName?

    /// A curve with the given control points. x values are clamped to 0…1 so the curve stays a function.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func clean(_ v: Float, clampTo01: Bool) -> Float {
            guard v.isFinite else { return 0 }
            return clampTo01 ? min(1, max(0, v)) : v
        }
        c1 = (clean(c1x, clampTo01: true), clean(c1y, clampTo01: false))
        c2 = (clean(c2x, clampTo01: true), clean(c2y, clampTo01: false))
        name = nil
    }

    /// One of the predefined curves, with Apple's control points.
    public init(name: CAMediaTimingFunctionName) {
        let points: (Float, Float, Float, Float)
        switch name {
        case .easeIn: points = (0.42, 0, 1, 1)
        case .easeOut: points = (0, 0, 0.58, 1)
        case .easeInEaseOut: points = (0.42, 0, 0.58, 1)
        case .default: points = (0.25, 0.1, 0.25, 1)
        default: points = (0, 0, 1, 1)
        }
        c1 = (points.0, points.1)
        c2 = (points.2, points.3)
        self.name = name
    }

    /// Writes control point `index` (0…3: start, c1, c2, end) into `values[0]`, `values[1]`.
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p = controlPoint(at: index)
        ptr[0] = p.x
        ptr[1] = p.y
    }

    /// Control point `index` (0…3: start, c1, c2, end); out-of-range indices give (0, 0).
    public func controlPoint(at index: Int) -> (x: Float, y: Float) {
        switch index {
        case 1: return c1
        case 2: return c2
        case 3: return (1, 1)
        default: return (0, 0)
        }
    }

    /// The eased progress for linear progress `x` (clamped to 0…1; NaN gives 0).
    public func evaluate(at x: Double) -> Double { curve.evaluate(at: x) }

    /// The curve as a value, with its polynomial coefficients precomputed (what evaluation keeps per
    /// committed animation, so a frame does not have to visit the function object).
    public var curve: TimingCurve { TimingCurve(c1: c1, c2: c2) }

    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool {
        a.c1 == b.c1 && a.c2 == b.c2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1.x); hasher.combine(c1.y); hasher.combine(c2.x); hasher.combine(c2.y)
    }

    public var description: String {
        if let name { return "CAMediaTimingFunction(\(name.rawValue))" }
        return "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))"
    }
}

/// A timing function's curve as a value: the cubic Bézier's polynomial coefficients, computed once from
/// the `Float` control points exactly as ``CAMediaTimingFunction`` computes them, so both give the same
/// doubles bit for bit.
public struct TimingCurve: Equatable, Sendable {
    // B(t) = ((a·t + b)·t + c)·t for x and for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// Whether the curve is the identity (both control points on the diagonal).
    public let isLinear: Bool

    /// The curve through (0, 0), `c1`, `c2`, (1, 1).
    public init(c1: (x: Float, y: Float), c2: (x: Float, y: Float)) {
        ax = 1 + 3 * Double(c1.x) - 3 * Double(c2.x)
        bx = 3 * Double(c2.x) - 6 * Double(c1.x)
        cx = 3 * Double(c1.x)
        cy = 3 * Double(c1.y)
        by = 3 * Double(c2.y) - 6 * Double(c1.y)
        ay = 1 + 3 * Double(c1.y) - 3 * Double(c2.y)
        isLinear = c1.x == c1.y && c2.x == c2.y
    }

    /// The eased progress for linear progress `x` (clamped to 0…1; NaN gives 0).
    @inlinable
    public func evaluate(at x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        let x = min(1, max(0, x))
        if isLinear || x == 0 || x == 1 { return x }
        return sampleY(solveCurveX(x))
    }

    @usableFromInline func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @usableFromInline func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    @usableFromInline func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// The curve parameter whose x is `x`, to within about 1e-13 in t.
    ///
    /// The tolerance is on t, not on x: where x′(t) ≈ 0 (steep curves such as 0, 1, 0, 1) a tiny error
    /// in x is a large error in t and so in the output. x(t) is non-decreasing on 0…1 because both
    /// control x values are clamped to 0…1, so [lo, hi] always brackets the root.
    @usableFromInline
    func solveCurveX(_ x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if error == 0 { return t }
            if error < 0 { lo = t } else { hi = t }
            let d = sampleDerivativeX(t)
            guard abs(d) > 1e-12 else { break }
            let next = t - error / d
            guard next > lo, next < hi else { break }   // left the bracket: bisect instead
            if abs(next - t) < 1e-13 { return next }
            t = next
        }
        for _ in 0..<64 where hi - lo > 1e-13 {
            t = (lo + hi) / 2
            if sampleX(t) < x { lo = t } else { hi = t }
        }
        return (lo + hi) / 2
    }
}
