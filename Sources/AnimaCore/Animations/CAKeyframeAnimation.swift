import Foundation
import AnimaGraphics

/// An animation through a sequence of values or along a path (Core Animation's `CAKeyframeAnimation`).
///
/// Keyframes come from `values`, or from `path` (which wins): the path's start and the end of each
/// of its segments are keyframes, and the layer follows each segment's curve between them at
/// constant speed within the segment (our reading of an UNCONFIRMED rule; the cubic modes follow the
/// path like the linear and paced ones).
/// `keyTimes` (fractions of the duration, 0…1, not decreasing) say when each keyframe is reached;
/// without them keyframes are evenly spaced. `calculationMode` picks the interpolation:
///
/// | mode | between keyframes | timing |
/// |---|---|---|
/// | `.linear` | straight (or the path's segment) | keyTimes, one `timingFunctions` entry per segment |
/// | `.discrete` | none: each value holds until the next key time | keyTimes (n or n + 1 of them) |
/// | `.paced` | straight (or the path) | constant speed; keyTimes and timingFunctions ignored |
/// | `.cubic` | Kochanek–Bartels spline (`tensionValues`, `continuityValues`, `biasValues`) | keyTimes |
/// | `.cubicPaced` | the same spline | constant speed along it |
///
/// The animation-level `timingFunction` eases the overall progress first. `rotationMode` turns
/// the layer along the direction of travel of a point animation. Invalid keyTimes, empty `values`
/// or a path without segments are rejected with a diagnostic when the animation is added, and the
/// model value keeps showing.
/// ```swift
/// let fly = CAKeyframeAnimation(keyPath: "position")
/// fly.path = curve                 // a CGPath
/// fly.calculationMode = .paced     // constant speed along the curve
/// fly.rotationMode = .rotateAuto   // nose along the tangent
/// fly.duration = 2
/// layer.add(fly, forKey: "fly")
/// ```
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values, of the animated property's type.
    public var values: [Any]?
    /// A path for point properties; overrides `values`. Copied on assignment.
    public var path: CGPath? {
        didSet { path = path?.copy() }
    }
    /// When each keyframe is reached, as fractions of the duration (0…1, not decreasing).
    public var keyTimes: [NSNumber]?
    /// The pacing of each segment (n keyframes: n − 1 functions).
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are calculated (default `.linear`).
    public var calculationMode: CAAnimationCalculationMode = .linear
    /// Per-keyframe tension for the cubic modes, −1…1 (higher is tighter).
    public var tensionValues: [NSNumber]?
    /// Per-keyframe continuity for the cubic modes, −1…1 (nonzero makes corners).
    public var continuityValues: [NSNumber]?
    /// Per-keyframe bias for the cubic modes, −1…1 (overshoot or undershoot).
    public var biasValues: [NSNumber]?
    /// Whether the layer turns along the direction of travel (nil: it does not).
    public var rotationMode: CAAnimationRotationMode?

    /// The evaluated keyframes and how they apply, built when the animation is added to a layer.
    package final var program: KeyframeProgram?

    /// The keyframe program (validated animations only have one; others apply nothing).
    package override func makeProgram() -> AnimationProgram {
        if let program { return .keyframes(Unmanaged.passUnretained(program)) }
        return .general(Unmanaged.passUnretained(self))
    }

    package override var needsWholeState: Bool { program?.needsWholeState ?? false }

    /// The keyframe properties by key (key-value coding), with every property animation's.
    override package class var keyedProperties: KeyedProperties<CAAnimation> { CAKeyframeAnimation.keyframeKeyedProperties }
    private static let keyframeKeyedProperties = CAPropertyAnimation.propertyKeyedProperties.adding(KeyedProperties<CAKeyframeAnimation>([
        (["values"], .optional(\.values, "an array")),
        (["path"], .optional(\.path, "a CGPath")),
        (["keyTimes"], .numbers(\.keyTimes)),
        (["timingFunctions"], .optional(\.timingFunctions, "a [CAMediaTimingFunction]")),
        (["calculationMode"], .constant(\.calculationMode)),
        (["tensionValues"], .numbers(\.tensionValues)),
        (["continuityValues"], .numbers(\.continuityValues)),
        (["biasValues"], .numbers(\.biasValues)),
        (["rotationMode"], .optionalConstant(\.rotationMode)),
    ]))

    /// A keyframe animation with no key path yet.
    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAKeyframeAnimation {
            values = o.values
            path = o.path
            keyTimes = o.keyTimes
            timingFunctions = o.timingFunctions
            calculationMode = o.calculationMode
            tensionValues = o.tensionValues
            continuityValues = o.continuityValues
            biasValues = o.biasValues
            rotationMode = o.rotationMode
        }
    }

    // MARK: Validation

    package override var suppliedValues: [Any?] { (values ?? []).map { $0 } }

    package override func validate(for layer: CALayer, key: String?) -> Bool {
        guard super.validate(for: layer, key: key), let kind = suppliedKind else { return false }
        let subject = "CALayer \(layer.debugName): rejected \(type(of: self)) for key \(key.map { "'\($0)'" } ?? "nil") on '\(keyPath ?? "")'"
        let note = "CALayer \(layer.debugName): \(type(of: self)) on '\(keyPath ?? "")'"
        var mode = calculationMode
        if !CAAnimationCalculationMode.all.contains(mode) {
            Diagnostics.report("\(note): unknown calculationMode '\(mode.rawValue)'; using linear")
            mode = .linear
        }
        let isPaced = mode == .paced || mode == .cubicPaced

        let curve: KeyframeTrack.Curve
        if let path {
            guard kind == .point else {
                Diagnostics.report("\(subject): a path animates point properties such as 'position', not \(kind) values; the model value shows")
                return false
            }
            guard AnimatableValue.path(path).isFinite else {
                Diagnostics.report("\(subject): the path has a NaN or infinite point; the model value shows")
                return false
            }
            guard let keyframes = PathKeyframes(path) else {
                Diagnostics.report("\(subject): the path has no segments (\(path.elements.count) elements, moves only); the model value shows")
                return false
            }
            curve = .path(keyframes)
        } else {
            guard let values, !values.isEmpty else {
                Diagnostics.report("\(subject): values is \(values == nil ? "nil" : "empty") and there is no path; the model value shows")
                return false
            }
            var converted: [AnimatableValue] = []
            for (i, v) in values.enumerated() {
                guard let c = convertValue(v, role: "values[\(i)]", layer: layer), let c else { return false }
                converted.append(c)
            }
            curve = .values(converted)
        }
        let n: Int
        switch curve {
        case .values(let v): n = v.count
        case .path(let p): n = p.segmentCount + 1
        }

        var times: [Double]?
        if let keyTimes, !isPaced {
            let t = keyTimes.map(\.doubleValue)
            let counts = mode == .discrete ? [n, n + 1] : [n]
            var problem: String?
            if !counts.contains(t.count) {
                problem = "keyTimes has \(t.count) entries for \(n) keyframes (\(mode == .discrete ? "discrete needs \(n) or \(n + 1)" : "needs \(n)"))"
            } else if let bad = t.first(where: { !$0.isFinite || $0 < 0 || $0 > 1 }) {
                problem = "keyTimes entry \(bad.diagnosticDescription) is outside 0…1"
            } else if zip(t, t.dropFirst()).contains(where: { $0 > $1 }) {
                problem = "keyTimes decrease"
            }
            if let problem {
                Diagnostics.report("\(subject): \(problem) \(t); the model value shows")
                return false
            }
            times = t
        }

        var functions: [CAMediaTimingFunction?] = timingFunctions ?? []
        if let given = timingFunctions, !isPaced, given.count != n - 1 {
            Diagnostics.report("\(note): timingFunctions has \(given.count) functions for \(n - 1) segments; extra ones are ignored, missing segments are linear")
        }
        if functions.count > n - 1 { functions = Array(functions.prefix(max(0, n - 1))) }

        let isCubic = mode == .cubic || mode == .cubicPaced
        func parameters(_ array: [NSNumber]?, _ name: String) -> [Double] {
            var r = [Double](repeating: 0, count: n)
            guard let array, isCubic else { return r }
            if array.count != n {
                Diagnostics.report("\(note): \(name) has \(array.count) entries for \(n) keyframes; missing ones are 0, extra ones ignored")
            }
            for (i, number) in array.prefix(n).enumerated() {
                let v = number.doubleValue
                if !v.isFinite || v < -1 || v > 1 {
                    Diagnostics.report("\(note): \(name)[\(i)] = \(v.diagnosticDescription) is outside −1…1; clamped")
                }
                r[i] = v.isFinite ? min(1, max(-1, v)) : 0
            }
            return r
        }

        var rotationOffset: Double?
        if let rotationMode {
            if kind != .point {
                Diagnostics.report("\(note): rotationMode turns the layer along a point animation; '\(keyPath ?? "")' holds \(kind) values, so it is ignored")
            } else if rotationMode == .rotateAuto {
                rotationOffset = 0
            } else if rotationMode == .rotateAutoReverse {
                rotationOffset = Double.pi
            } else {
                Diagnostics.report("\(note): unknown rotationMode '\(rotationMode.rawValue)'; ignored")
            }
        }

        let track = KeyframeTrack(curve: curve, mode: mode, keyTimes: times, timingFunctions: functions,
                                  tension: parameters(tensionValues, "tensionValues"),
                                  continuity: parameters(continuityValues, "continuityValues"),
                                  bias: parameters(biasValues, "biasValues"))
        guard let keyPath = resolvedKeyPath else { return false }
        program = KeyframeProgram(track: track, keyPath: keyPath, valueFunction: valueFunction,
                                  isAdditive: isAdditive, isCumulative: isCumulative, rotationOffset: rotationOffset)
        return true
    }
}

/// How a keyframe animation calculates the values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between keyframes at their key times (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Straight interpolation at constant speed; keyTimes and timingFunctions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth Kochanek–Bartels spline through the keyframes, at their key times.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline at constant speed; keyTimes and timingFunctions are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")

    static let all: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
}

/// Whether a keyframe animation turns the layer along its direction of travel.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer's x axis follows the direction of travel.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer's x axis points against the direction of travel (turned 180°).
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}
