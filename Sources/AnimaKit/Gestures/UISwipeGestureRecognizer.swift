import Foundation
import AnimaGraphics
import AnimaCore

/// A discrete recognizer for a quick stroke in one direction (UIKit's `UISwipeGestureRecognizer`).
///
/// It is recognized while the fingers move — before they lift — once ``numberOfTouchesRequired`` fingers have
/// travelled ``minimumDistance`` points in an allowed ``direction`` within ``maximumDuration`` seconds of going
/// down, staying within 45° of that direction (the cross-wise movement no larger than the movement along it). It
/// fails when the fingers lift first, when the time runs out, or when they move more than ``allowableMovement``
/// points mostly in a direction not allowed. Apple documents none of the three thresholds; these are our reading,
/// close to how a swipe feels on iOS.
/// ```swift
/// let dismiss = UISwipeGestureRecognizer { _ in card.removeFromSuperview() }
/// dismiss.direction = [.left, .right]
/// card.addGestureRecognizer(dismiss)
/// ```
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Directions a swipe may take (UIKit's `UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// How far the fingers must travel, in points.
    public static let minimumDistance: CGFloat = 50
    /// How soon after going down they must have travelled it, in seconds.
    public static let maximumDuration: TimeInterval = 0.5
    /// How far they may move in a direction not allowed before the swipe fails, in points.
    public static let allowableMovement: CGFloat = 10

    /// The directions that count (default `.right`); a swipe in any of them is recognized.
    open var direction: Direction = .right
    /// The number of fingers that swipe (default 1).
    open var numberOfTouchesRequired = 1

    private var start: (time: TimeInterval, location: CGPoint)?

    /// A swipe recognizer with no targets.
    public required init() { super.init() }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if trackedTouches.count > numberOfTouchesRequired { return state = .failed }
        if trackedTouches.count == numberOfTouchesRequired { start = (event.timestamp, centroid(of: trackedTouches)) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start else { return }
        if event.timestamp - start.time > Self.maximumDuration { return state = .failed }
        let p = centroid(of: trackedTouches)
        let dx = p.x - start.location.x, dy = p.y - start.location.y
        // The stroke's dominant direction, y down as on screen.
        let dominant: Direction = abs(dx) >= abs(dy) ? (dx >= 0 ? .right : .left) : (dy >= 0 ? .down : .up)
        let along = max(abs(dx), abs(dy))
        if !direction.contains(dominant) {
            if along > Self.allowableMovement { state = .failed }
            return
        }
        if along >= Self.minimumDistance { state = .recognized }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { touchesMoved(touches, with: event) }
        if state == .possible { state = .failed }   // lifted before the swipe was long enough
    }

    package override var needsFrames: Bool { start != nil && state == .possible }

    package override func frameDidAdvance(to time: TimeInterval) {
        guard let start, state == .possible, time - start.time > Self.maximumDuration else { return }
        state = .failed
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
