import Foundation
import AnimaGraphics
import AnimaCore

/// A continuous recognizer for dragging fingers (UIKit's `UIPanGestureRecognizer`).
///
/// It begins once the touches' centroid has moved ``minimumMovement`` (10 points, UIKit's hysteresis)
/// from where they went down, reports `.changed` at every move, and ends when fewer than
/// ``minimumNumberOfTouches`` fingers remain. ``translation(in:)`` is measured from the touch-down point
/// (so it already holds those 10 points at `.began`); ``velocity(in:)`` is the least-squares slope of the
/// last 0.1 s of positions, so it is zero after the finger rested that long.
/// ```swift
/// func pan(_ g: UIPanGestureRecognizer) {   // seed 001 (Apple: `@objc func pan`; no @objc on Linux)
///     switch g.state {
///     case .began: animator.pauseAnimation()
///     case .changed: animator.fractionComplete = g.translation(in: view).x / view.frame.width
///     case .ended: animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
///     default: break
///     }
/// }
/// ```
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// How far the centroid must move, in points, before the pan begins.
    public static let minimumMovement: CGFloat = 10

    /// The fewest fingers that make a pan (default 1).
    open var minimumNumberOfTouches = 1
    /// The most fingers that take part (default `Int.max`); further fingers are ignored.
    open var maximumNumberOfTouches = Int.max

    /// The centroid that ``translation(in:)`` is measured from, in window coordinates.
    private var origin: CGPoint = .zero
    private var tracker = VelocityTracker()

    /// A pan recognizer with no targets.
    public required init() { super.init() }

    /// How far the touches have moved since they went down, in `view`'s coordinates (nil: the window's).
    open func translation(in view: UIView?) -> CGPoint {
        let current = location(in: nil)
        guard let view else { return CGPoint(x: current.x - origin.x, y: current.y - origin.y) }
        let a = view.convert(origin, from: nil), b = view.convert(current, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Makes ``translation(in:)`` equal `translation` now (use `.zero` to measure increments).
    /// ```swift
    /// box.center.x += pan.translation(in: view).x
    /// pan.setTranslation(.zero, in: view)
    /// ```
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard translation.x.isFinite, translation.y.isFinite else {
            Diagnostics.report("\(diagnosticName): rejected setTranslation(\(translation)) (not finite)")
            return
        }
        let current = location(in: nil)
        guard let view else {
            origin = CGPoint(x: current.x - translation.x, y: current.y - translation.y)
            return
        }
        let inView = view.convert(current, from: nil)
        origin = view.convert(CGPoint(x: inView.x - translation.x, y: inView.y - translation.y), to: nil)
    }

    /// How fast the touches move, in points per second in `view`'s coordinates (nil: the window's).
    open func velocity(in view: UIView?) -> CGPoint {
        let v = tracker.velocity
        guard let view else { return v }
        let zero = view.convert(CGPoint.zero, from: nil), tip = view.convert(v, from: nil)
        return CGPoint(x: tip.x - zero.x, y: tip.y - zero.y)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches.sorted(by: { $0.pointerID < $1.pointerID }) where trackedTouches.count > maximumNumberOfTouches {
            ignore(touch, for: event)
        }
        let added = trackedTouches.filter { touches.contains($0) }
        guard !added.isEmpty else { return }
        let before = trackedTouches.filter { !touches.contains($0) }
        if before.isEmpty {
            origin = centroid(of: trackedTouches)
            tracker.removeAll()
        } else {
            shiftReference(from: centroid(of: before), to: centroid(of: trackedTouches))
        }
        tracker.add(centroid(of: trackedTouches), at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let point = centroid(of: trackedTouches)
        tracker.add(point, at: event.timestamp)
        switch state {
        case .possible:
            let count = trackedTouches.count
            guard count >= minimumNumberOfTouches, count <= maximumNumberOfTouches else { return }
            if hypot(point.x - origin.x, point.y - origin.y) >= UIPanGestureRecognizer.minimumMovement {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        tracker.add(centroid(of: trackedTouches), at: event.timestamp)
        let remaining = trackedTouches.filter { !touches.contains($0) }
        switch state {
        case .began, .changed:
            if remaining.count < minimumNumberOfTouches {
                state = .ended
                return
            }
        case .possible:
            if remaining.isEmpty {
                state = .failed
                return
            }
        default:
            return
        }
        // Fingers lifted but the pan goes on: keep the translation and velocity from jumping.
        shiftReference(from: centroid(of: trackedTouches), to: centroid(of: remaining))
    }

    private func shiftReference(from old: CGPoint, to new: CGPoint) {
        let offset = CGPoint(x: new.x - old.x, y: new.y - old.y)
        origin.x += offset.x
        origin.y += offset.y
        tracker.shift(by: offset)
    }

    open override func reset() {
        super.reset()
        origin = lastWindowLocation   // translation reads zero until the next gesture
        tracker.removeAll()
    }
}
