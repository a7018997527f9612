import Foundation
import AnimaGraphics
import AnimaCore

/// A window's gesture machinery: picks the recognizers of each new touch, gives them the touch's events
/// before the view, holds back view events they delay, ticks their timers with frame time, and resets
/// them once their gestures are over.
///
/// ```
/// pointer event ─▶ UIWindow.sendEvent ─▶ recognizers of the touch (deepest view first)
///                                    └─▶ the touch's view (unless cancelled or delayed by a recognizer)
/// every frame  ─▶ timers (tap interval, long-press duration) ─▶ release delayed view events ─▶ reset
/// ```
@MainActor
package final class GestureEnvironment {
    private unowned let window: UIWindow
    /// Recognizers that have touches or are between the touches of one gesture, in the order they joined.
    private var active: [UIGestureRecognizer] = []
    /// Touches whose view events are held back by a recognizer.
    private var delayedTouches: [UITouch] = []
    private var frameObserver: Int?

    package init(window: UIWindow) { self.window = window }

    /// The recognizers waiting for others to fail before they recognize.
    package var waitingRecognizers: [UIGestureRecognizer] { active.filter { $0.pendingState != nil } }

    // MARK: Touches

    /// Chooses the recognizers for a touch that just went down: those of its view and the view's ancestors,
    /// deepest first, that are enabled, not finishing a gesture, and accepted by their delegates.
    package func touchBegan(_ touch: UITouch) {
        var chosen: [UIGestureRecognizer] = []
        var current = touch.view
        while let view = current {
            for recognizer in view._gestureRecognizers where recognizer.isEnabled {
                let state = recognizer.currentState
                guard state == .possible || state == .began || state == .changed else { continue }
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) { continue }
                chosen.append(recognizer)
            }
            current = view.superview
        }
        touch.gestureRecognizers = chosen
        for recognizer in chosen {
            recognizer.trackedTouches.append(touch)
            recognizer.seenTouches.append(touch)
            if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
        }
        updateFrameObserver()
    }

    /// Gives `touch`'s latest change to its recognizers.
    package func dispatch(_ touch: UITouch, with event: UIEvent) {
        for recognizer in touch.gestureRecognizers ?? [] {
            guard recognizer.trackedTouches.contains(where: { $0 === touch }), isUsable(recognizer),
                  !recognizer.currentState.isFinished else { continue }
            let set: Set<UITouch> = [touch]
            recognizer.reportDeferral += 1
            switch touch.phase {
            case .began: recognizer.touchesBegan(set, with: event)
            case .moved: recognizer.touchesMoved(set, with: event)
            case .ended: recognizer.touchesEnded(set, with: event)
            case .cancelled: recognizer.touchesCancelled(set, with: event)
            case .stationary: break
            }
            recognizer.reportDeferral -= 1
            recognizer.lastWindowLocation = recognizer.centroid(of: recognizer.trackedTouches)
        }
        flushReports()
        if touch.phase == .ended || touch.phase == .cancelled {
            for recognizer in touch.gestureRecognizers ?? [] {
                recognizer.trackedTouches.removeAll { $0 === touch }
            }
        }
    }

    /// Delivers `touch`'s change to its view, unless a recognizer took the touch or holds the event back.
    package func deliverToView(_ touch: UITouch, with event: UIEvent) {
        guard let view = touch.view, !touch.viewIsDone else { return }
        let set: Set<UITouch> = [touch]
        switch touch.phase {
        case .began:
            if delaysBegan(touch) {
                touch.hasDelayedBegan = true
                hold(touch)
            } else {
                touch.viewHasBegun = true
                view.touchesBegan(set, with: event)
            }
        case .moved:
            if touch.viewHasBegun { view.touchesMoved(set, with: event) }
        case .ended:
            if touch.hasDelayedBegan || delaysEnded(touch) {
                touch.hasDelayedEnd = true
                hold(touch)
            } else {
                touch.viewIsDone = true
                if touch.viewHasBegun { view.touchesEnded(set, with: event) }
            }
        case .cancelled:
            touch.viewIsDone = true
            if touch.viewHasBegun { view.touchesCancelled(set, with: event) }
        case .stationary:
            break
        }
    }

    private func hold(_ touch: UITouch) {
        if !delayedTouches.contains(where: { $0 === touch }) { delayedTouches.append(touch) }
    }

    private func delaysBegan(_ touch: UITouch) -> Bool {
        (touch.gestureRecognizers ?? []).contains { $0.delaysTouchesBegan && $0.currentState == .possible }
    }

    private func delaysEnded(_ touch: UITouch) -> Bool {
        (touch.gestureRecognizers ?? []).contains { $0.delaysTouchesEnded && $0.currentState == .possible }
    }

    // MARK: Settling

    /// After an event or a frame: abandons recognizers whose view left the window or was hidden, releases
    /// view events no recognizer holds back any more, and resets recognizers whose gestures are over.
    package func settle() {
        for recognizer in active where !isUsable(recognizer) {
            recognizer.abandon(reason: abandonReason(recognizer))
        }
        GestureArbiter.resolve { waitingRecognizers }
        flushReports()
        for touch in delayedTouches {
            guard !touch.viewIsDone, let view = touch.view else { continue }
            let set: Set<UITouch> = [touch]
            if touch.hasDelayedBegan, !delaysBegan(touch) {
                touch.hasDelayedBegan = false
                touch.viewHasBegun = true
                view.touchesBegan(set, with: window.currentEvent)
            }
            if touch.hasDelayedEnd, !touch.hasDelayedBegan, !delaysEnded(touch) {
                touch.hasDelayedEnd = false
                touch.viewIsDone = true
                view.touchesEnded(set, with: window.currentEvent)
            }
        }
        delayedTouches.removeAll { $0.viewIsDone || $0.view == nil || !($0.hasDelayedBegan || $0.hasDelayedEnd) }
        for recognizer in active where recognizer.trackedTouches.isEmpty {
            if recognizer.currentState.isFinished || (recognizer.currentState == .possible && !recognizer.hasSeenTouches) {
                recognizer.resetToPossible()
            }
        }
        active.removeAll { $0.currentState == .possible && !$0.hasSeenTouches }
        updateFrameObserver()
    }

    private func flushReports() {
        for recognizer in active { recognizer.flushReports() }
    }

    /// Whether the recognizer can still follow its gesture: enabled, attached, and its view shown in this window.
    private func isUsable(_ recognizer: UIGestureRecognizer) -> Bool {
        guard recognizer.isEnabled, let view = recognizer.view, view.window === window else { return false }
        return !view.isHiddenInHierarchy
    }

    private func abandonReason(_ recognizer: UIGestureRecognizer) -> String? {
        guard recognizer.isEnabled, let view = recognizer.view else { return nil }
        if view.window !== window { return "its view left the window during the gesture; the gesture ends (\(recognizer.currentState == .possible ? "failed" : "cancelled"))" }
        return "its view was hidden during the gesture; the gesture ends (\(recognizer.currentState == .possible ? "failed" : "cancelled"))"
    }

    // MARK: Frames

    private func updateFrameObserver() {
        guard let pipeline = window.pipeline else { return }
        if active.isEmpty, let token = frameObserver {
            pipeline.removeFrameObserver(token)
            frameObserver = nil
        } else if !active.isEmpty, frameObserver == nil {
            final class Token { var id: Int? }
            let token = Token()
            token.id = pipeline.addFrameObserver { [weak self, weak pipeline] time in
                guard let self else {
                    // The window is gone: take the observer out so an idle display can sleep.
                    if let id = token.id { pipeline?.removeFrameObserver(id) }
                    return
                }
                self.frameDidAdvance(to: time)
            }
            frameObserver = token.id
        }
    }

    private func frameDidAdvance(to time: TimeInterval) {
        for recognizer in active where recognizer.needsFrames && isUsable(recognizer) {
            recognizer.reportDeferral += 1
            recognizer.frameDidAdvance(to: time)
            recognizer.reportDeferral -= 1
        }
        settle()
    }
}

extension UIView {
    /// Whether the view or one of its ancestors is hidden.
    package var isHiddenInHierarchy: Bool {
        var current: UIView? = self
        while let view = current {
            if view.isHidden { return true }
            current = view.superview
        }
        return false
    }
}
