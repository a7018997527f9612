import Foundation
import AnimaCore

/// Receives the end of one played iteration: a do-nothing animation that lasts exactly as long as the
/// iteration, so the end of playback is a Core Animation event at the right media time, not a clock poll.
@MainActor
final class PlaybackDriver: CAAnimationDelegate {
    /// Which play request the running iteration belongs to; stale stops are ignored.
    var generation = 0
    var onIterationEnd: ((Int) -> Void)?
    /// Called when the running iteration's animation was removed by someone else (the view left its window, or
    /// the app removed the tree's animations): the play request is over, unfinished.
    var onInterruption: ((Int) -> Void)?

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let value = anim.value(forKey: "lottieGeneration") as? Int, value == generation else { return }
        if flag { onIterationEnd?(value) } else { onInterruption?(value) }
    }

    /// The animation marking an iteration of `duration` seconds that starts at the layer's local `begin`.
    func iterationAnimation(duration: CFTimeInterval, begin: CFTimeInterval) -> CAAnimation {
        let marker = CABasicAnimation(keyPath: "opacity")
        marker.fromValue = 1
        marker.toValue = 1
        marker.duration = max(duration, 1e-6)
        marker.beginTime = begin == 0 ? 1e-100 : begin
        marker.setValue(generation, forKey: "lottieGeneration")
        marker.delegate = self
        return marker
    }
}
