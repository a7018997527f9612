import Foundation

/// Stepping: fixed-size physics steps through an accumulator, write-back, actions, pause.
///
/// ```
/// frame:   |------ 1/60 s ------|------ 1/60 s ------|
/// physics: |-- 1/120 --|-- 1/120 --|-- 1/120 --|-- 1/120 --|
///          each step: sync → forces → Box2D step → write items → contacts → actions → rest check
/// ```
extension UIDynamicAnimator {
    /// Advances the simulation by `seconds` of the caller's time (usually one display frame).
    ///
    /// Runs as many fixed steps of ``stepDuration`` as the accumulated time allows; the remainder carries over to
    /// the next call. Frames longer than ``maximumFrameDuration`` are clamped. Does nothing while paused.
    /// Reads no clock. Non-finite or negative durations are rejected with a diagnostic.
    ///
    /// ```swift
    /// for _ in 0..<30 { animator.step(by: 1.0 / 60.0) }   // half a second in 60 steps of 1/120 s
    /// ```
    public func step(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds >= 0 else {
            DynamicsDiagnostics.report("UIDynamicAnimator.step(by:) got \(DynamicsDiagnostics.value(seconds)) s; "
                + "frame ignored")
            return
        }
        guard !isStepping else {
            DynamicsDiagnostics.report("UIDynamicAnimator.step(by:) called from inside a step; call ignored")
            return
        }
        guard isRunning else { return }
        isStepping = true
        defer { isStepping = false }
        accumulator += min(seconds, maximumFrameDuration)
        let dt = stepDuration
        // A tolerance of a nanosecond keeps 1/60-s frames from losing a step to rounding.
        while accumulator >= dt - 1e-9 {
            accumulator -= dt
            runOneStep(seconds: dt)
            if !isRunning { break }
        }
        if !isRunning { accumulator = 0 }
    }

    private func runOneStep(seconds dt: Double) {
        synchronizeIfNeeded()
        if records.isEmpty {
            pause()
            return
        }
        let flattened = flattenedCache
        for behavior in flattened where behavior.animator === self { behavior.prepareStep(in: self, seconds: dt) }
        world.step(seconds: dt, velocityIterations: velocityIterations, positionIterations: positionIterations)
        elapsed += dt
        var awake = 0
        for record in records where !record.properties.isAnchored && record.writeBackIfAwake() { awake += 1 }
        deliverContacts()
        for behavior in flattened where behavior.animator === self { behavior.action?() }
        if needsSynchronize {
            synchronizeIfNeeded()
            awake = world.awakeBodyCount
        }
        if records.isEmpty || awake == 0 { pause() }
    }

    /// Stops simulating and tells the delegate.
    func pause() {
        guard isRunning else { return }
        isRunning = false
        accumulator = 0
        delegate?.dynamicAnimatorDidPause(self)
    }
}
