import Foundation
import AnimaGraphics
import AnimaCore

/// A discrete recognizer for one or more taps (UIKit's `UITapGestureRecognizer`).
///
/// Each tap is ``numberOfTouchesRequired`` fingers going down and lifting without moving more than
/// ``allowableMovement`` points; the next tap must start within ``maximumTapInterval`` seconds (frame
/// time) and ``maximumTapDistance`` points of the first. After ``numberOfTapsRequired`` taps the gesture
/// is recognized; otherwise it fails.
/// ```swift
/// let doubleTap = UITapGestureRecognizer { _ in zoom() }
/// doubleTap.numberOfTapsRequired = 2
/// let tap = UITapGestureRecognizer { _ in select() }
/// tap.require(toFail: doubleTap)
/// ```
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How far a finger may move during a tap, in points.
    public static let allowableMovement: CGFloat = 10
    /// The longest pause between taps, in seconds (the same as `UITouch.tapCount` uses).
    public static let maximumTapInterval: TimeInterval = 0.35
    /// How far later taps may be from the first, in points.
    public static let maximumTapDistance: CGFloat = 20

    /// The number of taps that make the gesture (default 1).
    open var numberOfTapsRequired = 1
    /// The number of fingers each tap needs (default 1).
    open var numberOfTouchesRequired = 1

    private var tapsCompleted = 0
    private var fingersThisTap = 0
    private var starts: [(touch: UITouch, location: CGPoint)] = []
    private var firstTapLocation: CGPoint?
    /// When the next tap must have started by (media time), while waiting for it.
    private var nextTapDeadline: TimeInterval?

    /// A tap recognizer with no targets.
    public required init() { super.init() }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let deadline = nextTapDeadline, event.timestamp > deadline { return state = .failed }
        nextTapDeadline = nil
        for touch in touches {
            starts.append((touch, touch.windowLocation))
            if let first = firstTapLocation,
               hypot(touch.windowLocation.x - first.x, touch.windowLocation.y - first.y) > UITapGestureRecognizer.maximumTapDistance {
                return state = .failed
            }
        }
        fingersThisTap = max(fingersThisTap, trackedTouches.count)
        if trackedTouches.count > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for start in starts where touches.contains(start.touch) {
            let p = start.touch.windowLocation
            if hypot(p.x - start.location.x, p.y - start.location.y) > UITapGestureRecognizer.allowableMovement {
                return state = .failed
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible, trackedTouches.allSatisfy({ touches.contains($0) }) else { return }
        // Every finger of this tap has lifted.
        guard fingersThisTap == numberOfTouchesRequired else { return state = .failed }
        tapsCompleted += 1
        if firstTapLocation == nil { firstTapLocation = centroid(of: trackedTouches) }
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            fingersThisTap = 0
            starts = []
            nextTapDeadline = event.timestamp + UITapGestureRecognizer.maximumTapInterval
        }
    }

    package override var needsFrames: Bool { nextTapDeadline != nil }

    package override func frameDidAdvance(to time: TimeInterval) {
        guard let deadline = nextTapDeadline, time > deadline, state == .possible else { return }
        nextTapDeadline = nil
        state = .failed
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
        fingersThisTap = 0
        starts = []
        firstTapLocation = nil
        nextTapDeadline = nil
    }
}
