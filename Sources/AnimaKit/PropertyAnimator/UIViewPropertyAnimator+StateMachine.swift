import Foundation
import AnimaCore
import AnimaGraphics

/// The animator's state machine: activation, resuming, the per-frame tick, reaching the end, finishing,
/// reversing and scrubbing, and the frame observer that keeps a running animator going.
extension UIViewPropertyAnimator {
    func requireInterruptible(_ verb: String) {
        if !isInterruptible && state != .inactive {
            programmerError("a non-interruptible animator cannot be \(verb) (UIKit asserts this)")
        }
    }

    /// inactive → active: runs the blocks added so far, sets up the timeline at the start of the run.
    func activate() {
        state = .active
        timelineReversed = reversed
        tau = reversed ? 1 : 0
        fractionBase = 0
        isContinuedRun = false
        curve = originalCurve
        timelineDuration = duration
        let blocks = pendingBlocks
        pendingBlocks = []
        for (block, factor) in blocks { addTracks(running: block, window: window(fromRun: factor)) }
    }

    /// Starts the clock at the current `tau` after `delay` seconds.
    func resume(after delay: TimeInterval) {
        if scrubbedLinearly && !curve.isLinear && !isContinuedRun {
            // Continue along the curve from the shown position: find the time whose eased value is `tau`.
            let evaluate = curve.evaluator(duration: timelineDuration, velocity: 0)
            tau = AnimatorCurve.inverse(evaluate, progress: tau)
        }
        scrubbedLinearly = false
        running = true
        waitingForAnimations = tracks.isEmpty
        anchor = waitingForAnimations ? nil : (CACurrentMediaTime() + delay, tau)
        startObserving()
        refreshPresentation()
    }

    /// Called every frame while running: finishes at the end of the run, otherwise shows the new values.
    func tick() {
        guard running, !waitingForAnimations else { return }
        let t = currentTau()
        if timelineReversed ? t <= 0 : t >= 1 {
            tau = timelineReversed ? 0 : 1
            reachEnd()
        } else {
            refreshPresentation()
        }
    }

    func reachEnd() {
        let position: UIViewAnimatingPosition = reversed ? .start : .end
        if pausesOnCompletion {
            running = false
            anchor = nil
            stopObserving()
            refreshPresentation()
            return
        }
        removeTracks()
        tracks = []
        running = false
        anchor = nil
        stopObserving()
        releaseViews()
        finish(at: position)
    }

    /// Applies `position`'s values to the model, becomes inactive and runs the completions.
    func finish(at position: UIViewAnimatingPosition) {
        UIViewAnimationContext.run(.withoutAnimation) {
            switch position {
            case .start:
                for change in changes.reversed() { change.layer.setModelValue(change.start, of: change.property) }
            case .end:
                for change in changes { change.layer.setModelValue(change.end, of: change.property) }
            case .current:
                break
            }
        }
        let toCall = completions
        resetToInactive()
        for completion in toCall { completion(position) }
    }

    func resetToInactive() {
        removeTracks()
        tracks = []
        changes = []
        completions = []
        pendingBlocks = []
        state = .inactive
        running = false
        waitingForAnimations = false
        anchor = nil
        tau = 0
        fractionBase = 0
        isContinuedRun = false
        scrubbedLinearly = false
        curve = originalCurve
        timelineDuration = duration
        stopObserving()
        releaseViews()
    }

    func setReversed(_ value: Bool) {
        guard value != reversed else { return }
        if state == .active { requireInterruptible("continued or reversed") }
        let fraction = readFraction()
        reversed = value
        guard state == .active else { return }
        let wasRunning = running
        tau = currentTau()
        if isContinuedRun {
            // Turn round from where the views are shown, over the time the way back takes.
            restartRun(with: curve, factor: 0, spring: nil, fractionOverride: 1 - fraction)
        } else {
            timelineReversed = value
        }
        if wasRunning { anchor = (CACurrentMediaTime(), tau) }
        refreshPresentation()
    }

    func setFraction(_ value: Double) {
        guard value.isFinite else {
            Diagnostics.report("UIViewPropertyAnimator #\(identifier): rejected fractionComplete \(value.diagnosticDescription)")
            return
        }
        let f = min(0.99999, max(0.00001, value))
        switch state {
        case .stopped:
            Diagnostics.report("UIViewPropertyAnimator #\(identifier): fractionComplete cannot move a stopped animator; ignored")
            return
        case .inactive:
            activate()
        case .active:
            break
        }
        if isContinuedRun { returnToOriginalTimeline() }
        tau = timelineReversed ? 1 - f : f
        if running {
            anchor = (CACurrentMediaTime(), tau)
        } else {
            scrubbedLinearly = scrubsLinearly
        }
        refreshPresentation()
    }

    func readFraction() -> Double {
        guard state != .inactive else { return 0 }
        let f = fractionBase + (1 - fractionBase) * runFraction(at: currentTau())
        if f <= 0.00001 + 1e-12 { return 0 }
        if f >= 0.99999 - 1e-12 { return 1 }
        return f
    }

    func startObserving() {
        guard observer == nil else { return }
        let pipeline = FramePipeline.current
        // A running animator is retained by the display until it stops, as UIKit retains running animators.
        let token = pipeline.addFrameObserver { [self] _ in tick() }
        observer = (pipeline, token)
    }

    func stopObserving() {
        guard let observer else { return }
        observer.pipeline.removeFrameObserver(observer.token)
        self.observer = nil
    }

    func programmerError(_ message: String) -> Never {
        Diagnostics.report("UIViewPropertyAnimator #\(identifier): \(message)")
        fatalError("UIViewPropertyAnimator: \(message)")
    }
}
