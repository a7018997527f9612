import Foundation
import AnimaCore
import AnimaGraphics

/// The state of an animator (UIKit's `UIViewAnimatingState`).
///
/// ```
///            start / pause / fractionComplete =
///  inactive ──────────────────────────────────▶ active (running ⇄ paused)
///     ▲  ▲          finished (not pausesOnCompletion)   │
///     │  └──────────────────────────────────────────────┤
///     │  stopAnimation(true)                            │ stopAnimation(false)
///     │                                                 ▼
///     └──────────── finishAnimation(at:) ─────────── stopped
/// ```
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: nothing is running.
    case inactive = 0
    /// Running or paused.
    case active = 1
    /// Stopped by `stopAnimation(false)` and waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where an animation ended (UIKit's `UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end = 0
    /// At the start values (a reversed animation that ran back).
    case start = 1
    /// Somewhere in between (stopped and finished where it was).
    case current = 2
}

/// An object that runs an animation that can be started, paused, scrubbed, reversed and stopped
/// (UIKit's `UIViewAnimating`).
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    /// The animator's state.
    var state: UIViewAnimatingState { get }
    /// Whether the animation is running (in either direction).
    var isRunning: Bool { get }
    /// Whether the animation runs (or will run) from the end back to the start.
    var isReversed: Bool { get set }
    /// How far the animation has got, 0…1.
    var fractionComplete: CGFloat { get set }
    /// Starts or resumes the animation.
    func startAnimation()
    /// Starts the animation after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animation where it is.
    func pauseAnimation()
    /// Stops the animation where it is shown; `withoutFinishing` skips the stopped state and the completions.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animation at `finalPosition` and calls the completions.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that accepts view-changing blocks and completions and can change its timing mid-flight
/// (UIKit's `UIViewImplicitlyAnimating`).
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds changes that start `delayFactor` of the remaining time later.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds changes that run with the animation.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds a block called with the final position when the animation ends.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Continues a paused animation with new timing and a duration of `durationFactor` × the original.
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}
