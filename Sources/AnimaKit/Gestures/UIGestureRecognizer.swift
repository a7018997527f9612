import Foundation
import AnimaCore
import AnimaGraphics

/// The base class of gesture recognizers (UIKit's `UIGestureRecognizer`): it watches the touches of its
/// view and the view's subviews, moves through Apple's state machine, and calls its targets.
///
/// ```
/// discrete:    possible ──▶ recognized (= ended)
///                  └──────▶ failed
/// continuous:  possible ──▶ began ──▶ changed … ──▶ ended
///                  │                     └───────▶ cancelled
///                  └──────▶ failed
/// ```
/// Targets are called for `.began`, `.changed`, `.ended` (recognized) and `.cancelled`, never for `.failed`.
/// A recognizer returns to `.possible` (and `reset()` runs) once it has finished and its touches have lifted.
/// Leaving `.possible` asks the delegate's `gestureRecognizerShouldBegin(_:)` and the views'
/// ``UIView/gestureRecognizerShouldBegin(_:)``, waits for the recognizers it must see fail
/// (``require(toFail:)``), and fails when another recognizer of the same touches has already recognized
/// (unless a delegate allows both). When it begins (or is recognized), the other recognizers of its
/// touches that it can prevent fail, and with ``cancelsTouchesInView`` its touches' views get
/// `touchesCancelled(_:with:)`.
///
/// Linux has no selectors: targets are closures or method references.
/// ```swift
/// let pan = UIPanGestureRecognizer(target: self, action: BallListView.panGestureHandler)
/// let tap = UITapGestureRecognizer { tap in print(tap.location(in: tap.view)) }
/// view.addGestureRecognizer(pan)
/// ```
@preconcurrency @MainActor
open class UIGestureRecognizer {
    /// The states of a recognizer (UIKit's `UIGestureRecognizer.State`, with its raw values).
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible = 0, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized (the same state as `.ended`).
        public static var recognized: State { .ended }

        public var description: String {
            switch self {
            case .possible: return "possible"
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }

        /// Whether the state ends a gesture (the recognizer resets once its touches lift).
        var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Whether the gesture has been recognized and is under way or just ended.
        var hasRecognized: Bool { self == .began || self == .changed || self == .ended }
    }

    private struct Target {
        weak var object: AnyObject?
        let hasObject: Bool
        let call: @MainActor (AnyObject?, UIGestureRecognizer) -> Void
    }

    private var _state: State = .possible
    /// The state the targets are being told about (a queued change may lag the current state).
    private var reportingState: State?
    private var targets: [Target] = []
    private var queuedReports: [State] = []
    /// While above 0, target calls are queued (a touch method is running) and sent when it returns.
    package var reportDeferral = 0

    /// The view the recognizer is attached to (set by `addGestureRecognizer(_:)`).
    public package(set) weak var view: UIView?

    /// The delegate that can veto or combine this recognizer with others.
    open weak var delegate: UIGestureRecognizerDelegate?

    /// A name for debugging.
    open var name: String?

    /// Whether recognizing cancels the touches in the view (true): the view gets `touchesCancelled`.
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails (false).
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits while this recognizer may still recognize (true).
    open var delaysTouchesEnded = true
    /// Kept for UIKit's API; touches here are all `.direct`.
    open var requiresExclusiveTouchType = true

    /// The touches being tracked, in the order they went down.
    package var trackedTouches: [UITouch] = []
    /// Every touch received since the recognizer was last reset, in order.
    package var seenTouches: [UITouch] = []
    /// Whether the recognizer has received touches since it was last reset.
    package var hasSeenTouches: Bool { !seenTouches.isEmpty }
    /// The centroid of the last tracked touches, in window coordinates.
    package var lastWindowLocation: CGPoint = .zero
    /// The state asked for while recognizers this one must see fail have not decided yet.
    package var pendingState: State?
    private var failureRequirements: [WeakRecognizer] = []

    /// A recognizer with no targets.
    public required init() {}

    /// Whether the recognizer handles touches (true). Disabling it during a gesture cancels the gesture
    /// (or fails it, before it began).
    open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            abandon(reason: nil)
        }
    }

    /// The current state. Subclasses set it as touches arrive (UIKit's `UIGestureRecognizerSubclass`); an
    /// illegal transition is reported and ignored.
    open var state: State {
        get { reportingState ?? _state }
        set { GestureArbiter.request(self, newValue) }
    }

    /// The state, ignoring a report in progress.
    package var currentState: State { _state }

    /// Moves to `state` and reports it to the targets (now, or when the running touch method returns).
    package func commit(_ state: State) {
        _state = state
        pendingState = nil
        guard state != .failed, state != .possible else { return }
        if reportDeferral > 0 {
            queuedReports.append(state)
        } else {
            report(state)
        }
    }

    /// Sends queued target calls.
    package func flushReports() {
        while !queuedReports.isEmpty { report(queuedReports.removeFirst()) }
    }

    private func report(_ state: State) {
        reportingState = state
        for target in targets {
            if target.hasObject && target.object == nil { continue }
            target.call(target.object, self)
        }
        reportingState = nil
    }

    // MARK: Targets

    /// Adds a call made at every state change (see ``UIGestureRecognizerTargetAction`` for the typed forms).
    package final func addTargetCall(_ object: AnyObject?, _ call: @escaping @MainActor (AnyObject?, UIGestureRecognizer) -> Void) {
        targets.append(Target(object: object, hasObject: object != nil, call: call))
    }

    /// Removes the actions of `target` (nil: every target, closures included).
    public func removeTarget(_ target: AnyObject?) {
        targets.removeAll { target == nil || ($0.hasObject && ($0.object === target || $0.object == nil)) }
    }

    // MARK: Touches and locations

    /// The number of touches the recognizer is tracking.
    open var numberOfTouches: Int { trackedTouches.count }

    /// Where the gesture is in `view`'s coordinates (nil: the window's): the centroid of its touches, or
    /// where they last were after they lifted.
    open func location(in view: UIView?) -> CGPoint {
        let windowPoint = trackedTouches.isEmpty ? lastWindowLocation : centroid(of: trackedTouches)
        guard let view else { return windowPoint }
        return view.convert(windowPoint, from: nil)
    }

    /// The location of one tracked touch in `view`'s coordinates. An index past the touches is reported
    /// (UIKit raises an exception) and answers the gesture's location.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else {
            Diagnostics.report("\(diagnosticName): location(ofTouch: \(touchIndex), in:) index beyond bounds (\(trackedTouches.count) touches); answering location(in:)")
            return location(in: view)
        }
        return trackedTouches[touchIndex].location(in: view)
    }

    package func centroid(of touches: [UITouch]) -> CGPoint {
        guard !touches.isEmpty else { return lastWindowLocation }
        let sum = touches.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.windowLocation.x, y: $0.y + $1.windowLocation.y) }
        return CGPoint(x: sum.x / CGFloat(touches.count), y: sum.y / CGFloat(touches.count))
    }

    // MARK: Failure requirements

    /// Makes this recognizer wait until `otherGestureRecognizer` fails before it can leave `.possible`; it
    /// fails itself if the other recognizes. (A single tap that must not fire on a double tap.)
    /// ```swift
    /// singleTap.require(toFail: doubleTap)
    /// ```
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else {
            Diagnostics.report("\(diagnosticName): require(toFail:) with itself ignored")
            return
        }
        failureRequirements.removeAll { $0.recognizer == nil }
        if !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) {
            failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
        }
    }

    /// The recognizers given to ``require(toFail:)`` that still exist.
    package var explicitFailureRequirements: [UIGestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    // MARK: Subclass override points

    /// Touches went down (the default does nothing).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches were cancelled (the default cancels a gesture under way and fails one not begun).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if _state == .began || _state == .changed { state = .cancelled } else if _state == .possible { state = .failed }
    }

    /// Clears the recognizer's own tracking state; called when it returns to `.possible`. Call `super`.
    open func reset() {}

    /// Stops tracking `touch` (it is no longer delivered to this recognizer).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers?.removeAll { $0 === self }
    }

    /// Whether this recognizer, by recognizing, can make `preventedGestureRecognizer` fail (true).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` can make this recognizer fail by recognizing (true).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (false).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` must wait for this recognizer to fail (false).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Called every frame while the recognizer tracks touches or waits for more (timers such as a long
    /// press's duration use it; `time` is the frame's media time, never a clock).
    package func frameDidAdvance(to time: TimeInterval) {}

    /// Whether the recognizer needs ``frameDidAdvance(to:)`` calls now.
    package var needsFrames: Bool { false }

    // MARK: Internal life cycle

    /// Returns to `.possible`, forgetting touches, and calls ``reset()``.
    package func resetToPossible() {
        _state = .possible
        pendingState = nil
        queuedReports = []
        for touch in seenTouches { touch.gestureRecognizers?.removeAll { $0 === self } }
        trackedTouches = []
        seenTouches = []
        reset()
    }

    /// Ends a gesture the recognizer can no longer follow: cancelled when under way, failed before it
    /// began; reported when `reason` is given. The recognizer then resets.
    package func abandon(reason: String?) {
        guard hasSeenTouches || _state != .possible else { return }
        if let reason { Diagnostics.report("\(diagnosticName): \(reason)") }
        switch _state {
        case .began, .changed: GestureArbiter.force(self, .cancelled)
        case .possible: GestureArbiter.force(self, .failed)
        default: break
        }
        flushReports()
        resetToPossible()
    }

    /// The recognizer's class, name and view, for diagnostics.
    package var diagnosticName: String {
        "\(type(of: self))" + (name.map { " '\($0)'" } ?? "") + " on " + (view?.diagnosticName ?? "no view")
    }
}

/// A weak reference to a recognizer (failure requirements do not keep recognizers alive).
@MainActor
package struct WeakRecognizer {
    package weak var recognizer: UIGestureRecognizer?
    package init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}
