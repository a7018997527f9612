import Foundation
import AnimaCore
import AnimaGraphics

/// The animator's timeline: run fractions, windows, the current time fraction, restarting and returning to the
/// original timing, and the progress each track shows.
extension UIViewPropertyAnimator {
    /// How far the current run has got at timeline fraction `t` (the run goes backwards when reversed).
    func runFraction(at t: Double) -> Double { timelineReversed ? 1 - t : t }

    /// The timeline window from run fraction `r` to the end of the run.
    func window(fromRun r: Double) -> (start: Double, end: Double) {
        timelineReversed ? (1 - r, 0) : (r, 1)
    }

    /// The timeline fraction now.
    func currentTau() -> Double {
        guard running, let anchor else { return tau }
        let elapsed = max(0, CACurrentMediaTime() - anchor.time)
        let step = timelineDuration > 0 ? elapsed / timelineDuration : .infinity
        return timelineReversed ? max(0, anchor.tau - step) : min(1, anchor.tau + step)
    }

    /// Every track restarts from where it is shown towards the run's end along `newCurve`.
    func restartRun(with newCurve: AnimatorCurve, factor: Double, spring: UISpringTimingParameters?,
                     fractionOverride: Double? = nil) {
        let fraction = fractionOverride ?? readFraction()
        let remainingTime = (1 - runFraction(at: tau)) * timelineDuration
        let target: Double = reversed ? 0 : 1
        for track in tracks {
            let shown = shownProgress(of: track, at: tau)
            track.segment = (shown, target)
            track.window = (0, 1)
        }
        curve = newCurve
        isContinuedRun = true
        fractionBase = min(max(fraction, 0), 1)
        timelineReversed = false
        tau = 0
        scrubbedLinearly = false
        if let settling = spring?.settlingDuration {
            timelineDuration = settling
        } else if factor > 0 {
            timelineDuration = factor * duration
        } else {
            timelineDuration = fractionOverride != nil ? (1 - fractionBase) * duration : remainingTime
        }
        timelineDuration = max(timelineDuration, 1e-6)
        updateEvaluators()
    }

    /// Back to the original curve and timeline (scrubbing a continued animator addresses the whole animation).
    func returnToOriginalTimeline() {
        for track in tracks {
            track.segment = (0, 1)
            track.window = track.originalWindow
        }
        curve = originalCurve
        isContinuedRun = false
        fractionBase = 0
        timelineReversed = reversed
        timelineDuration = duration
        updateEvaluators()
    }

    func updateEvaluators() {
        let velocity = timingParameters?.springTimingParameters?.initialVelocity ?? CGVector(dx: 0, dy: 0)
        var continued: CGVector?
        if isContinuedRun, case .spring(let spring) = curve { continued = spring.initialVelocity }
        for track in tracks {
            let v = continued ?? velocity
            let axisVelocity = Double(track.axis == .x ? v.dx : v.dy)
            let span = abs(track.window.end - track.window.start) * timelineDuration
            track.evaluate = curve.evaluator(duration: max(span, 1e-6), velocity: axisVelocity)
        }
    }

    /// The progress a track shows at timeline fraction `t`.
    func shownProgress(of track: AnimatorTrack, at t: Double) -> Double {
        let u = track.localFraction(at: t)
        let p = (!running && scrubbedLinearly) ? u : track.evaluate(u)
        return track.segment.from + (track.segment.to - track.segment.from) * p
    }
}
