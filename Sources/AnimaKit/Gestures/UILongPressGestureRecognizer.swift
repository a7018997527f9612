import Foundation
import AnimaGraphics
import AnimaCore

/// A continuous recognizer for fingers held down (UIKit's `UILongPressGestureRecognizer`).
///
/// It begins once ``numberOfTouchesRequired`` fingers have been down for ``minimumPressDuration`` seconds
/// without moving more than ``allowableMovement`` points — measured in frame time, so it begins on the
/// first frame at or after the duration — then reports `.changed` as they move and ends when they lift.
/// With ``numberOfTapsRequired`` above 0, that many quick taps must come first.
/// ```swift
/// let press = UILongPressGestureRecognizer { press in
///     if press.state == .began { showMenu(at: press.location(in: view)) }
/// }
/// press.minimumPressDuration = 0.3
/// ```
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must stay down, in seconds (default 0.5). Negative or non-finite values are
    /// rejected with a diagnostic.
    open var minimumPressDuration: TimeInterval = 0.5 {
        didSet {
            guard minimumPressDuration.isFinite, minimumPressDuration >= 0 else {
                Diagnostics.report("\(diagnosticName): rejected minimumPressDuration \(minimumPressDuration) (must be finite and not negative); kept \(oldValue)")
                minimumPressDuration = oldValue
                return
            }
        }
    }
    /// The number of fingers to hold (default 1).
    open var numberOfTouchesRequired = 1
    /// The number of taps before the press (default 0).
    open var numberOfTapsRequired = 0
    /// How far the fingers may move before the press begins, in points (default 10).
    open var allowableMovement: CGFloat = 10

    private var pressStart: (time: TimeInterval, location: CGPoint)?
    private var tapsCompleted = 0
    private var tapDeadline: TimeInterval?

    /// A long-press recognizer with no targets.
    public required init() { super.init() }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if let deadline = tapDeadline, event.timestamp > deadline { return state = .failed }
        tapDeadline = nil
        if trackedTouches.count > numberOfTouchesRequired { return state = .failed }
        if trackedTouches.count == numberOfTouchesRequired {
            pressStart = (event.timestamp, centroid(of: trackedTouches))
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            checkDuration(at: event.timestamp)
            guard state == .possible, let start = pressStart else { return }
            let p = centroid(of: trackedTouches)
            if hypot(p.x - start.location.x, p.y - start.location.y) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { checkDuration(at: event.timestamp) }
        switch state {
        case .possible:
            // Lifted before the duration: a tap of the prefix, or a failure.
            if tapsCompleted < numberOfTapsRequired, let start = pressStart,
               event.timestamp - start.time < UITapGestureRecognizer.maximumTapInterval {
                guard trackedTouches.allSatisfy({ touches.contains($0) }) else { return }
                tapsCompleted += 1
                pressStart = nil
                tapDeadline = event.timestamp + UITapGestureRecognizer.maximumTapInterval
            } else {
                state = .failed
            }
        case .began, .changed:
            if trackedTouches.filter({ !touches.contains($0) }).count < numberOfTouchesRequired { state = .ended }
        default:
            break
        }
    }

    /// Begins the press when the fingers have been down long enough at media time `time`.
    private func checkDuration(at time: TimeInterval) {
        guard state == .possible, tapsCompleted >= numberOfTapsRequired, let start = pressStart,
              trackedTouches.count == numberOfTouchesRequired, time - start.time >= minimumPressDuration else { return }
        state = .began
    }

    package override var needsFrames: Bool { pressStart != nil || tapDeadline != nil }

    package override func frameDidAdvance(to time: TimeInterval) {
        if let deadline = tapDeadline, time > deadline, state == .possible {
            tapDeadline = nil
            state = .failed
            return
        }
        checkDuration(at: time)
    }

    open override func reset() {
        super.reset()
        pressStart = nil
        tapsCompleted = 0
        tapDeadline = nil
    }
}
