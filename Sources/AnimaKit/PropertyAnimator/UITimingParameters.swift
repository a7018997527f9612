import Foundation
import AnimaCore
import AnimaGraphics

/// The kind of a timing curve (UIKit's `UITimingCurveType`).
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// Something that describes how an animator paces its animations (UIKit's `UITimingCurveProvider`).
public protocol UITimingCurveProvider: AnyObject {
    /// Which kind of curve this is.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, for cubic and built-in curves.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, for spring curves.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier pacing curve (UIKit's `UICubicTimingParameters`).
///
/// ```swift
/// let animator = UIViewPropertyAnimator(duration: 1, timingParameters: UICubicTimingParameters(animationCurve: .easeOut))
/// ```
public final class UICubicTimingParameters: UITimingCurveProvider, Sendable {
    /// The named curve this was made from (`.easeInOut` for custom control points).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point.
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint

    /// The ease-in-ease-out curve (UIKit's default).
    public convenience init() { self.init(animationCurve: .easeInOut) }

    /// One of UIKit's named curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let f = curve.timingFunction
        controlPoint1 = CGPoint(x: CGFloat(f.c1.x), y: CGFloat(f.c1.y))
        controlPoint2 = CGPoint(x: CGFloat(f.c2.x), y: CGFloat(f.c2.y))
    }

    /// A custom curve through `point1` and `point2` (x values are clamped to 0…1 by the timing function).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
    }

    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as a Core Animation timing function.
    public var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring pacing curve (UIKit's `UISpringTimingParameters`).
///
/// Two families, as in UIKit (§7.6):
/// - `init(dampingRatio:initialVelocity:)` keeps the animator's duration: the spring (mass 1) is fitted to
///   settle in it.
/// - `init()`, `init(mass:stiffness:damping:initialVelocity:)`, `init(dampingRatio:response:initialVelocity:)`
///   and `init(duration:bounce:initialVelocity:)` describe a physical spring; the animator's duration becomes
///   the spring's settling time (an undamped spring never settles: it keeps the animator's duration).
///
/// `initialVelocity` is in units of the whole change per second (for a continued animation, of the distance
/// still to go): `dx` drives x-like motion, `dy` y-like motion; one-dimensional properties use `dx`.
/// ```swift
/// let velocity = CGVector(dx: gestureVelocity.x / remaining.x, dy: 0)
/// animator.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: velocity),
///                            durationFactor: 0)
/// ```
public final class UISpringTimingParameters: UITimingCurveProvider, Sendable {
    /// The damping ratio (1: no overshoot).
    public let dampingRatio: CGFloat
    /// The initial velocity in whole distances per second.
    public let initialVelocity: CGVector
    /// The physical spring (mass, stiffness, damping) when the curve has an implicit duration.
    package let physicalSpring: SpringSolver?

    /// UIKit's default spring: mass 3, stiffness 1000, damping 500 (damping ratio ≈ 4.56), at rest.
    public convenience init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with `ratio` fitted to the animator's duration.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with `ratio` and an initial velocity, fitted to the animator's duration.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = UISpringTimingParameters.checkedRatio(ratio)
        initialVelocity = UISpringTimingParameters.checkedVelocity(velocity)
        physicalSpring = nil
    }

    /// A physical spring; the animator runs for its settling time. The damping ratio is
    /// `damping / (2√(stiffness · mass))`.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let v = UISpringTimingParameters.checkedVelocity(velocity)
        let spring = SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                                  initialVelocity: Double(v.dx), allowsOverdamping: true)
        physicalSpring = UISpringTimingParameters.checkedSettling(spring)
        dampingRatio = CGFloat(spring.dampingRatio)
        initialVelocity = v
    }

    /// A spring of unit mass from a damping ratio and a response (the undamped period, seconds).
    public init(dampingRatio ratio: CGFloat, response: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        let v = UISpringTimingParameters.checkedVelocity(velocity)
        let spring = SpringSolver(dampingRatio: Double(ratio), response: Double(response), initialVelocity: Double(v.dx))
        physicalSpring = UISpringTimingParameters.checkedSettling(spring)
        dampingRatio = CGFloat(spring.dampingRatio)
        initialVelocity = v
    }

    /// A spring from a perceptual duration and a bounce (0: no overshoot; up to 1 bouncier; below 0 over-damped).
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        let v = UISpringTimingParameters.checkedVelocity(velocity)
        let spring = SpringSolver(perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(v.dx))
        physicalSpring = UISpringTimingParameters.checkedSettling(spring)
        dampingRatio = CGFloat(spring.dampingRatio)
        initialVelocity = v
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// Whether the spring sets the animator's duration (its settling time) instead of fitting to it.
    package var hasImplicitDuration: Bool { physicalSpring != nil }

    /// The spring for one axis (`velocity` in whole distances per second), fitted to `duration` when the
    /// parameters have no implicit duration.
    package func solver(duration: TimeInterval, velocity: Double) -> SpringSolver {
        if let s = physicalSpring {
            return SpringSolver(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: velocity,
                                allowsOverdamping: s.allowsOverdamping)
        }
        return SpringFit.solver(duration: duration, dampingRatio: Double(dampingRatio), initialVelocity: velocity)
    }

    /// The settling time of the physical spring: the longer of the two velocity components' (§7.6). Nil when the
    /// curve fits the animator's duration, or when the spring is undamped and never settles: the animator then
    /// runs the spring for its own duration (reported when the parameters are made).
    package var settlingDuration: TimeInterval? {
        guard physicalSpring != nil else { return nil }
        let settling = max(solver(duration: 0, velocity: Double(initialVelocity.dx)).settlingDuration,
                           solver(duration: 0, velocity: Double(initialVelocity.dy)).settlingDuration)
        return settling.isFinite ? settling : nil
    }

    /// `spring`, reported when it never settles (no damping): an animator could never finish it.
    private static func checkedSettling(_ spring: SpringSolver) -> SpringSolver {
        if !spring.settlingDuration.isFinite {
            Diagnostics.report("UISpringTimingParameters: the spring (mass \(spring.mass), stiffness \(spring.stiffness), "
                + "damping \(spring.damping)) is undamped and never settles; animators run it for their own duration")
        }
        return spring
    }

    private static func checkedRatio(_ ratio: CGFloat) -> CGFloat {
        guard ratio.isFinite, ratio > 0 else {
            Diagnostics.report("UISpringTimingParameters: rejected dampingRatio \(Double(ratio).diagnosticDescription); using 1")
            return 1
        }
        return ratio
    }

    private static func checkedVelocity(_ v: CGVector) -> CGVector {
        guard v.dx.isFinite, v.dy.isFinite else {
            Diagnostics.report("UISpringTimingParameters: rejected initialVelocity \(v); using zero")
            return CGVector(dx: 0, dy: 0)
        }
        return v
    }
}
