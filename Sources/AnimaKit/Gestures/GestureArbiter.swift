import Foundation
import AnimaGraphics
import AnimaCore

/// Decides what a recognizer's requested state change becomes: the legal transitions, the permission to
/// leave `.possible` (delegate and views), exclusion between recognizers of the same touches, failure
/// requirements, and cancelling the touches in the views when a gesture is recognized.
@MainActor
package enum GestureArbiter {
    /// Whether Apple's state machine allows `from → to` for a state a recognizer sets.
    static func isLegal(from: UIGestureRecognizer.State, to: UIGestureRecognizer.State) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed),
             (.began, .changed), (.began, .ended), (.began, .cancelled),
             (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            return true
        default:
            return false
        }
    }

    /// Handles `recognizer.state = new`.
    static func request(_ recognizer: UIGestureRecognizer, _ new: UIGestureRecognizer.State) {
        let old = recognizer.currentState
        if let pending = recognizer.pendingState {
            // Waiting for failure requirements: still `.possible` outside; remember how it wants to end.
            switch new {
            case .changed: return
            case .ended, .began: recognizer.pendingState = pending == .began && new == .ended ? .ended : new; return
            case .cancelled, .failed: stopWaiting(recognizer); transition(recognizer, .failed); return
            case .possible: break
            }
        }
        guard isLegal(from: old, to: new) else {
            if old == new && (new == .failed || new == .cancelled) { return }   // finishing twice is harmless
            Diagnostics.report("\(recognizer.diagnosticName): illegal state change \(old) → \(new); ignored")
            return
        }
        if old == .possible && (new == .began || new == .ended) {
            attemptRecognition(recognizer, as: new)
        } else {
            transition(recognizer, new)
        }
    }

    /// Moves to `.cancelled` or `.failed` without any checks (the recognizer lost its view or was disabled).
    static func force(_ recognizer: UIGestureRecognizer, _ new: UIGestureRecognizer.State) {
        stopWaiting(recognizer)
        transition(recognizer, new)
    }

    private static func transition(_ recognizer: UIGestureRecognizer, _ new: UIGestureRecognizer.State) {
        recognizer.commit(new)
        if new == .failed || new == .cancelled { resolveWaiters(near: recognizer) }
    }

    // MARK: Leaving .possible

    private enum Requirement { case satisfied, waiting, otherRecognized }

    private static func attemptRecognition(_ recognizer: UIGestureRecognizer, as new: UIGestureRecognizer.State) {
        guard mayBegin(recognizer), !isExcludedByActiveRecognizer(recognizer) else {
            return transition(recognizer, .failed)
        }
        switch failureRequirement(of: recognizer) {
        case .otherRecognized:
            transition(recognizer, .failed)
        case .waiting:
            recognizer.pendingState = new
        case .satisfied:
            recognize(recognizer, as: new)
        }
    }

    /// The delegate and the views (the recognizer's and its touches') allow the gesture.
    private static func mayBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) { return false }
        var views: [UIView] = recognizer.view.map { [$0] } ?? []
        for touch in recognizer.trackedTouches {
            if let hit = touch.view, !views.contains(where: { $0 === hit }) { views.append(hit) }
        }
        return views.allSatisfy { $0.gestureRecognizerShouldBegin(recognizer) }
    }

    /// The other recognizers receiving any of the touches `recognizer` has seen since its last reset.
    static func others(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for touch in recognizer.seenTouches {
            for other in touch.gestureRecognizers ?? [] where other !== recognizer && !result.contains(where: { $0 === other }) {
                result.append(other)
            }
        }
        return result
    }

    private static func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    private static func canPrevent(_ preventing: UIGestureRecognizer, _ prevented: UIGestureRecognizer) -> Bool {
        !simultaneous(preventing, prevented) && preventing.canPrevent(prevented) && prevented.canBePrevented(by: preventing)
    }

    /// Another recognizer of the same touches is already under way and keeps this one out.
    private static func isExcludedByActiveRecognizer(_ recognizer: UIGestureRecognizer) -> Bool {
        others(of: recognizer).contains { other in
            other.currentState.hasRecognized && canPrevent(other, recognizer)
        }
    }

    /// Whether `waiter` must see `other` fail first.
    private static func requiresFailure(_ waiter: UIGestureRecognizer, of other: UIGestureRecognizer) -> Bool {
        waiter.explicitFailureRequirements.contains { $0 === other }
            || waiter.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: waiter)
            || waiter.delegate?.gestureRecognizer(waiter, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: waiter) == true
    }

    private static func failureRequirement(of recognizer: UIGestureRecognizer) -> Requirement {
        var candidates = recognizer.explicitFailureRequirements
        for other in others(of: recognizer) where !candidates.contains(where: { $0 === other }) { candidates.append(other) }
        var result = Requirement.satisfied
        for other in candidates where requiresFailure(recognizer, of: other) {
            // A recognizer that has seen none of these touches takes no part: it counts as failed.
            guard other.hasSeenTouches || other.currentState != .possible else { continue }
            switch other.currentState {
            case .began, .changed, .ended: return .otherRecognized
            case .possible: result = .waiting
            case .cancelled, .failed: continue
            }
        }
        return result
    }

    // MARK: Recognizing

    private static func recognize(_ recognizer: UIGestureRecognizer, as new: UIGestureRecognizer.State) {
        stopWaiting(recognizer)
        recognizer.commit(new)
        for other in others(of: recognizer) {
            guard other.currentState == .possible else { continue }
            if requiresFailure(other, of: recognizer) || canPrevent(recognizer, other) {
                stopWaiting(other)
                transition(other, .failed)
            }
        }
        for waiter in waiters(near: recognizer) where requiresFailure(waiter, of: recognizer) {
            stopWaiting(waiter)
            transition(waiter, .failed)
        }
        if recognizer.cancelsTouchesInView {
            for touch in recognizer.seenTouches { touch.window?.cancelTouchForView(touch) }
        }
    }

    private static func stopWaiting(_ recognizer: UIGestureRecognizer) { recognizer.pendingState = nil }

    /// The recognizers of `recognizer`'s window that wait for failures, in the order they joined its gestures.
    private static func waiters(near recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        recognizer.view?.window?.gestureEnvironment.waitingRecognizers ?? []
    }

    /// Lets waiting recognizers whose requirements have now all failed recognize, and fails those whose
    /// requirement recognized.
    private static func resolveWaiters(near recognizer: UIGestureRecognizer) {
        resolve { waiters(near: recognizer) }
    }

    /// Resolves the recognizers `waiters` lists (asked again after each change, since one resolution can
    /// unblock or fail another).
    package static func resolve(_ waiters: () -> [UIGestureRecognizer]) {
        var progressed = true
        while progressed {
            progressed = false
            for waiter in waiters() {
                guard let pending = waiter.pendingState else { continue }
                switch failureRequirement(of: waiter) {
                case .waiting: continue
                case .otherRecognized:
                    stopWaiting(waiter)
                    transition(waiter, .failed)
                case .satisfied:
                    if mayBegin(waiter), !isExcludedByActiveRecognizer(waiter) {
                        recognize(waiter, as: pending)
                    } else {
                        stopWaiting(waiter)
                        transition(waiter, .failed)
                    }
                }
                progressed = true
                break
            }
        }
    }
}
