import Foundation
import AnimaCore

/// One finger (or the mouse pointer) on the screen, followed from touch-down to lift-off (UIKit's `UITouch`).
///
/// The window creates a touch when a pointer goes down, hit-tests it to a ``view``, and updates the same object
/// as the pointer moves, so a touch can be compared across the `touches…` calls.
/// ```swift
/// override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
///     guard let touch = touches.first else { return }
///     let p = touch.location(in: self), q = touch.previousLocation(in: self)
///     center.x += p.x - q.x
/// }
/// ```
@preconcurrency @MainActor
public final class UITouch: Hashable {
    /// Where a touch is in its life.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// What kind of device made the touch.
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    /// The phase of the latest event for this touch.
    public internal(set) var phase: Phase
    /// The media time of the latest event for this touch (seconds).
    public internal(set) var timestamp: TimeInterval
    /// The view the touch went down in (hit-tested once, when it began).
    public internal(set) weak var view: UIView?
    /// The window the touch belongs to.
    public internal(set) weak var window: UIWindow?
    /// How many taps in a row this touch is (1 for a single tap).
    public internal(set) var tapCount: Int
    /// Mouse pointers and injected test events are `.direct`.
    public let type: TouchType = .direct
    /// Identifies the pointer across events (the input event's `pointerID`).
    public let pointerID: Int

    /// The gesture recognizers receiving this touch (chosen when it began: those of its view and the
    /// view's ancestors, deepest first).
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? {
        get { receivingRecognizers?.compactMap(\.recognizer) }
        set { receivingRecognizers = newValue?.map(WeakRecognizer.init) }
    }
    /// Held weakly: each recognizer holds the touches it tracks, and its view holds it, so a window the app lets go
    /// with fingers down frees its recognizers and their touches rather than leaving them in a cycle.
    private var receivingRecognizers: [WeakRecognizer]?

    package var windowLocation: CGPoint
    package var previousWindowLocation: CGPoint
    /// Whether the view got `touchesBegan` for this touch (it then gets exactly one end or cancel).
    package var viewHasBegun = false
    /// Whether the view got its end or cancellation, or a recognizer took the touch away from it.
    package var viewIsDone = false
    /// A touch-down the window holds back from the view while a recognizer that delays it may still recognize.
    package var hasDelayedBegan = false
    /// An end the window holds back from the view while a recognizer that delays ends may still recognize.
    package var hasDelayedEnd = false

    package init(pointerID: Int, location: CGPoint, timestamp: TimeInterval, window: UIWindow, tapCount: Int) {
        self.pointerID = pointerID
        self.phase = .began
        self.timestamp = timestamp
        self.window = window
        self.tapCount = tapCount
        windowLocation = location
        previousWindowLocation = location
    }

    /// The touch's location in `view`'s coordinates (nil: the window's).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: nil)
    }

    /// The location before the latest move, in `view`'s coordinates (nil: the window's).
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: nil)
    }

    public nonisolated static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A set of touches delivered together (UIKit's `UIEvent`, touch events only).
@preconcurrency @MainActor
public final class UIEvent {
    /// The kinds of event.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    /// Always `.touches` here.
    public let type: EventType = .touches
    /// The media time of the event (seconds).
    public internal(set) var timestamp: TimeInterval
    private var touches: [UITouch]

    package init(timestamp: TimeInterval, touches: [UITouch]) {
        self.timestamp = timestamp
        self.touches = touches
    }

    /// Every touch that is down (or just ended) in this event.
    public var allTouches: Set<UITouch>? { touches.isEmpty ? nil : Set(touches) }

    /// The touches that went down in `view`.
    public func touches(for view: UIView) -> Set<UITouch>? {
        let matching = touches.filter { $0.view === view }
        return matching.isEmpty ? nil : Set(matching)
    }

    /// The touches belonging to `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        let matching = touches.filter { $0.window === window }
        return matching.isEmpty ? nil : Set(matching)
    }

    package func setTouches(_ list: [UITouch], at time: TimeInterval) {
        touches = list
        timestamp = time
    }
}
