import Foundation
import AnimaGraphics
import AnimaCore

/// What the pinch and rotation recognizers share: the first two touches' measure (their distance, or the unwrapped
/// angle of the line through them), the value the gesture reports relative to the measure it was last set at, the
/// value's rate of change, and the state machine — `.began` once the measure has changed by the recognizer's
/// threshold since both fingers landed, `.changed` on every move after, `.ended` when fewer than two remain (or
/// `.failed`, when they all lift before it began).
package struct TwoTouchGesture {
    /// The measure when both fingers landed; nil while fewer than two are down.
    private var startMeasure: CGFloat?
    /// The measure the value is relative to, and the value it had there.
    package var base: (measure: CGFloat, value: CGFloat)
    /// The measure now.
    package var measure: CGFloat
    private var tracker = VelocityTracker()

    package init(initialValue: CGFloat) {
        base = (0, initialValue)
        measure = 0
    }

    /// The value's rate of change, per second (least squares over the last 0.1 s).
    package var velocity: CGFloat { tracker.velocity.x }

    /// Both fingers are down, at measure `m`: the value starts at `value`.
    package mutating func start(at m: CGFloat, value: CGFloat, time: TimeInterval) {
        startMeasure = m
        measure = m
        base = (m, value)
        tracker.removeAll()
        tracker.add(CGPoint(x: value, y: 0), at: time)
    }

    /// The touches moved (``measure`` already updated) and the value is now `value`: the state to move to.
    package mutating func moved(value: CGFloat, time: TimeInterval, from state: UIGestureRecognizer.State,
                                threshold: CGFloat) -> UIGestureRecognizer.State? {
        tracker.add(CGPoint(x: value, y: 0), at: time)
        switch state {
        case .possible:
            guard let start = startMeasure, abs(measure - start) >= threshold else { return nil }
            return .began
        case .began, .changed: return .changed
        default: return nil
        }
    }

    /// Fingers lifted, `remaining` still down: the state to move to.
    package mutating func lifted(remaining: Int, from state: UIGestureRecognizer.State) -> UIGestureRecognizer.State? {
        guard remaining < 2 else { return nil }
        startMeasure = nil
        switch state {
        case .began, .changed: return .ended
        case .possible: return remaining == 0 ? .failed : nil
        default: return nil
        }
    }

    package mutating func reset(initialValue: CGFloat) {
        startMeasure = nil
        base = (measure, initialValue)
        tracker.removeAll()
    }
}

extension UIGestureRecognizer {
    /// Ignores fingers beyond the first two; whether `touches` brought the second finger down while the gesture may
    /// still begin (not a third, which is ignored), so the two-finger measure starts now.
    package func secondFingerLanded(in touches: Set<UITouch>, with event: UIEvent) -> Bool {
        for touch in touches.sorted(by: { $0.pointerID < $1.pointerID }) where trackedTouches.count > 2 { ignore(touch, for: event) }
        return state == .possible && trackedTouches.count == 2 && trackedTouches.contains(where: touches.contains)
    }

    /// The fingers still down once `touches` lift.
    package func fingersRemaining(after touches: Set<UITouch>) -> Int {
        trackedTouches.filter { !touches.contains($0) }.count
    }
}

/// A continuous recognizer for two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`).
///
/// It begins once the distance between the first two fingers has changed by ``minimumDistanceChange`` points since
/// both landed; ``scale`` is that distance over the distance when the gesture's scale was last set (1 when the
/// fingers landed), ``velocity`` its rate of change per second. Further fingers are ignored. (Apple documents no
/// threshold; 8 points is our reading.)
/// ```swift
/// let pinch = UIPinchGestureRecognizer { g in
///     let pinch = g as! UIPinchGestureRecognizer
///     photo.transform = photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
///     pinch.scale = 1                                   // measure the next change from here
/// }
/// ```
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// How much the distance between the fingers must change before the pinch begins, in points.
    public static let minimumDistanceChange: CGFloat = 8

    private var gesture = TwoTouchGesture(initialValue: 1)

    /// A pinch recognizer with no targets.
    public required init() { super.init() }

    /// The distance between the fingers now over the distance when the scale was last set (1 as they land).
    /// Setting it makes the scale that value now (a non-finite value is refused with a diagnostic).
    open var scale: CGFloat {
        get { gesture.base.measure > 0 ? gesture.base.value * gesture.measure / gesture.base.measure : gesture.base.value }
        set {
            guard newValue.isFinite else {
                return Diagnostics.report("\(diagnosticName): rejected scale \(Double(newValue).diagnosticDescription) (not finite); kept \(scale)")
            }
            gesture.base = (gesture.measure, newValue)
        }
    }

    /// How fast ``scale`` changes, per second.
    open var velocity: CGFloat { gesture.velocity }

    private var distance: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].windowLocation, b = trackedTouches[1].windowLocation
        return hypot(b.x - a.x, b.y - a.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if secondFingerLanded(in: touches, with: event), let d = distance {
            gesture.start(at: d, value: 1, time: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let d = distance else { return }
        gesture.measure = d
        if let next = gesture.moved(value: scale, time: event.timestamp, from: state, threshold: Self.minimumDistanceChange) { state = next }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let next = gesture.lifted(remaining: fingersRemaining(after: touches), from: state) { state = next }
    }

    open override func reset() {
        super.reset()
        gesture.reset(initialValue: 1)
    }
}

/// A continuous recognizer for two fingers turning about each other (UIKit's `UIRotationGestureRecognizer`).
///
/// It begins once the line through the first two fingers has turned ``minimumAngleChange`` radians since both
/// landed; ``rotation`` is the angle turned since the rotation was last set (0 as they land), in radians, positive
/// clockwise on screen as in UIKit, and keeps counting past a half turn; ``velocity`` is its rate per second.
/// Further fingers are ignored. (Apple documents no threshold; 0.05 rad, about 3°, is our reading.)
/// ```swift
/// let turn = UIRotationGestureRecognizer { g in
///     let turn = g as! UIRotationGestureRecognizer
///     dial.transform = dial.transform.rotated(by: turn.rotation)
///     turn.rotation = 0
/// }
/// ```
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// How far the fingers must turn before the rotation begins, in radians.
    public static let minimumAngleChange: CGFloat = 0.05

    private var gesture = TwoTouchGesture(initialValue: 0)
    /// The last angle read (in −π…π), to unwrap the next one.
    private var lastAngle: CGFloat = 0

    /// A rotation recognizer with no targets.
    public required init() { super.init() }

    /// The angle turned since the rotation was last set (0 as the fingers land), radians, clockwise positive.
    /// Setting it makes the rotation that value now (a non-finite value is refused with a diagnostic).
    open var rotation: CGFloat {
        get { gesture.base.value + (gesture.measure - gesture.base.measure) }
        set {
            guard newValue.isFinite else {
                return Diagnostics.report("\(diagnosticName): rejected rotation \(Double(newValue).diagnosticDescription) (not finite); kept \(rotation)")
            }
            gesture.base = (gesture.measure, newValue)
        }
    }

    /// How fast ``rotation`` changes, radians per second.
    open var velocity: CGFloat { gesture.velocity }

    private var angle: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].windowLocation, b = trackedTouches[1].windowLocation
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if secondFingerLanded(in: touches, with: event), let a = angle {
            lastAngle = a
            gesture.start(at: 0, value: 0, time: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let a = angle else { return }
        // The turn since the last move, the short way round: the measure keeps counting past ±π.
        var turn = a - lastAngle
        if turn > .pi { turn -= 2 * .pi } else if turn <= -.pi { turn += 2 * .pi }
        lastAngle = a
        gesture.measure += turn
        if let next = gesture.moved(value: rotation, time: event.timestamp, from: state, threshold: Self.minimumAngleChange) { state = next }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let next = gesture.lifted(remaining: fingersRemaining(after: touches), from: state) { state = next }
    }

    open override func reset() {
        super.reset()
        gesture.reset(initialValue: 0)
    }
}
