import Foundation
import AnimaCore
import AnimaGraphics

/// An animator of view changes that can be started, paused, scrubbed, reversed, stopped and retimed while
/// it runs (UIKit's `UIViewPropertyAnimator`).
///
/// Animation blocks run when the animator starts (or at once when added to an active animator): their
/// changes set the views' model values to the end values, and the animator shows each changed property as
/// an additive offset that goes from `start − end` to zero along its timing curve. The offsets are
/// recomputed from the media time on every frame, so the animator can pause, scrub (`fractionComplete`,
/// linear by default), reverse and continue with new timing at any moment; other animations of the same
/// properties add to it.
///
/// Illegal state transitions stop the program with a message naming UIKit's rule, as UIKit raises for
/// them (starting or pausing a stopped animator, finishing one that is not stopped, stopping one twice,
/// interrupting a non-interruptible one, a negative delay, starting a paused one with a delay). Bad
/// numbers (NaN durations, fractions or factors) are reported and replaced. Releasing a paused or stopped
/// animator is reported, and its views are left where they are shown.
/// ```swift
/// let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
///     card.transform = CGAffineTransform(translationX: 200, y: 0)
/// }
/// animator.addCompletion { position in print(position == .end) }
/// animator.pauseAnimation()
/// animator.fractionComplete = 0.3          // scrub
/// animator.isReversed = true
/// animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
/// ```
@preconcurrency @MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    // MARK: Configuration

    /// The timing curve given at creation.
    public let timingParameters: UITimingCurveProvider?
    /// The duration of the animation in seconds (a spring with an implicit duration sets it to its settling time).
    public let duration: TimeInterval
    /// The delay given to `startAnimation(afterDelay:)`.
    public internal(set) var delay: TimeInterval = 0

    /// Whether the animated views take touches while the animator is active (true). Changing it on an active
    /// animator is a programmer error, as in UIKit.
    open var isUserInteractionEnabled = true {
        willSet { if state == .active { programmerError("isUserInteractionEnabled cannot be changed on an active animator (UIKit raises when it is set on an active animator)") } }
    }
    /// Whether hit testing of the animated views is left to you (false: touches test the shown positions).
    open var isManualHitTestingEnabled = false
    /// Whether the animator can be paused, stopped, reversed or continued (true). Changing it on an active
    /// animator is a programmer error.
    open var isInterruptible = true {
        willSet { if state == .active { programmerError("isInterruptible cannot be changed on an active animator (UIKit raises when it is set on an active animator)") } }
    }
    /// Whether a paused animator scrubbed through `fractionComplete` moves linearly (true) or along its curve.
    open var scrubsLinearly = true
    /// Whether the animator stays active and paused at the end instead of finishing (no completions run).
    open var pausesOnCompletion = false {
        willSet { if !isInterruptible { programmerError("pausesOnCompletion cannot be set on a non-interruptible animator") } }
    }

    // MARK: State

    /// The animator's state.
    public internal(set) var state: UIViewAnimatingState = .inactive

    /// Whether the animation is running (in either direction; still true during a start delay).
    public var isRunning: Bool { state == .active && running }

    var reversed = false
    /// Whether the animation runs (or will run) from the end back to the start. Flipping it on an active
    /// animator turns it round where it is shown; `fractionComplete` becomes `1 − fractionComplete`.
    public var isReversed: Bool {
        get { reversed }
        set { setReversed(newValue) }
    }

    /// How far the current run has got, 0…1 (0 while inactive). Setting it on a paused animator moves the
    /// views (linearly when `scrubsLinearly`); on an inactive one it starts the animator paused; on a
    /// running one it jumps. Values are clamped to 0…1 (stored as 0.00001…0.99999, read back as 0 and 1).
    public var fractionComplete: CGFloat {
        get { CGFloat(readFraction()) }
        set { setFraction(Double(newValue)) }
    }

    // MARK: Internals

    static var counter = 0
    let identifier: Int
    var running = false
    /// Started without animation blocks: time does not move until a block is added.
    var waitingForAnimations = false
    var pendingBlocks: [(block: () -> Void, delayFactor: Double)] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    var changes: [AnimatorChange] = []
    var tracks: [AnimatorTrack] = []
    var trackCounter = 0
    let originalCurve: AnimatorCurve
    var curve: AnimatorCurve
    /// The timeline: `tau` is the time fraction, played backwards when `timelineReversed`.
    var timelineDuration: TimeInterval
    var tau: Double = 0
    var timelineReversed = false
    /// After `continueAnimation` with new timing: the run restarted from the shown values.
    var isContinuedRun = false
    /// The fraction complete where the current run started (0 for the original timeline).
    var fractionBase: Double = 0
    var scrubbedLinearly = false
    var anchor: (time: TimeInterval, tau: Double)?
    var observer: (pipeline: FramePipeline, token: Int)?
    var blockedViews: [UIView] = []
    var presentationHitViews: [UIView] = []

    // MARK: Creating

    /// An animator of `duration` seconds paced by `parameters` (inactive until started).
    ///
    /// A duration that is NaN, infinite or negative is reported; 0 becomes 0.2 s, as UIKit does
    /// (UNCONFIRMED, §7.3). Springs with an implicit duration replace it with their settling time.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        UIViewPropertyAnimator.counter += 1
        identifier = UIViewPropertyAnimator.counter
        timingParameters = parameters
        let curve = AnimatorCurve(parameters)
        originalCurve = curve
        self.curve = curve
        var d = duration
        if !d.isFinite || d < 0 {
            Diagnostics.report("UIViewPropertyAnimator: rejected duration \(d.diagnosticDescription); using 0.2 s")
            d = 0
        }
        if d == 0 { d = 0.2 }
        if case .spring(let spring) = curve, let settling = spring.settlingDuration { d = settling }
        self.duration = d
        timelineDuration = d
    }

    /// An animator with one of UIKit's named curves and an optional first block.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a custom cubic curve and an optional first block.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a spring of `ratio` fitted to `duration` and an optional first block.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Creates an animator, adds `animations` and `completion`, and starts it after `delay`.
    ///
    /// It uses the options' curve and hit-tests manually. Called inside an animation block it takes the
    /// block's duration and curve (unless the options override them) and is not interruptible.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        var d = duration
        var parameters = UICubicTimingParameters(animationCurve: options.curve)
        let outer = UIViewAnimationContext.enclosingSettings
        if let outer {
            if !options.contains(.overrideInheritedDuration) { d = outer.duration }
            if !options.contains(.overrideInheritedCurve), case .curve(let f) = outer.motion {
                parameters = UICubicTimingParameters(controlPoint1: CGPoint(x: CGFloat(f.c1.x), y: CGFloat(f.c1.y)),
                                                     controlPoint2: CGPoint(x: CGFloat(f.c2.x), y: CGFloat(f.c2.y)))
            }
        }
        let animator = Self(duration: d, timingParameters: parameters)
        animator.isManualHitTestingEnabled = true
        animator.isInterruptible = outer == nil
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    isolated deinit {
        guard state != .inactive else { return }
        Diagnostics.report("UIViewPropertyAnimator #\(identifier): released while \(state == .stopped ? "stopped" : "paused") (UIKit raises: it is an error to release a paused or stopped property animator); its views stay where they are shown")
        settleModelAtShownValues()
        removeTracks()
        releaseViews()
    }

    // MARK: UIViewAnimating

    /// Starts the animation, or resumes a paused one where it is (with the original timing).
    open func startAnimation() {
        switch state {
        case .stopped:
            programmerError("startAnimation() cannot be called on a stopped animator; finish it with finishAnimation(at:) first (UIKit: starting a stopped animator is a programmer error)")
        case .inactive:
            activate()
            resume(after: 0)
        case .active:
            if !running { resume(after: 0) }
        }
    }

    /// Starts an inactive animator after `delay` seconds (`isRunning` is true during the delay).
    open func startAnimation(afterDelay delay: TimeInterval) {
        var d = delay
        if d.isNaN || d.isInfinite {
            Diagnostics.report("UIViewPropertyAnimator #\(identifier): rejected delay \(d.diagnosticDescription); starting without a delay")
            d = 0
        }
        if d < 0 { programmerError("startAnimation(afterDelay: \(d)): the delay should be greater than or equal to zero (UIKit raises NSInvalidArgumentException)") }
        switch state {
        case .stopped:
            programmerError("startAnimation(afterDelay:) cannot be called on a stopped animator (UIKit: a programmer error)")
        case .active:
            if !running { programmerError("a paused animator cannot be started with a delay (UIKit asserts this); call startAnimation()") }
        case .inactive:
            self.delay = d
            activate()
            resume(after: d)
        }
    }

    /// Pauses the animation where it is shown; an inactive animator becomes active and paused at its start.
    open func pauseAnimation() {
        requireInterruptible("paused")
        switch state {
        case .stopped:
            programmerError("pauseAnimation() cannot be called on a stopped animator (UIKit: a programmer error)")
        case .inactive:
            activate()
            refreshPresentation()
        case .active:
            guard running else { return }
            tau = currentTau()
            running = false
            anchor = nil
            stopObserving()
            refreshPresentation()
        }
    }

    /// Stops the animation; the views keep the values they show. With `withoutFinishing` the animator becomes
    /// inactive and its completions never run; otherwise it is stopped until ``finishAnimation(at:)``.
    open func stopAnimation(_ withoutFinishing: Bool) {
        requireInterruptible("stopped")
        switch state {
        case .stopped:
            programmerError("stopAnimation(_:) was called on an animator that is already stopped (UIKit asserts this)")
        case .inactive:
            Diagnostics.report("UIViewPropertyAnimator #\(identifier): stopAnimation(\(withoutFinishing)) on an inactive animator does nothing")
        case .active:
            settleModelAtShownValues()
            removeTracks()
            tracks = []
            running = false
            anchor = nil
            stopObserving()
            releaseViews()
            if withoutFinishing {
                resetToInactive()
            } else {
                state = .stopped
            }
        }
    }

    /// Finishes a stopped animator: sets the views to the values at `finalPosition` (`.current` leaves them),
    /// becomes inactive and calls the completions with `finalPosition`.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            programmerError("finishAnimation(at:) is only valid on a stopped animator; call stopAnimation(false) first (UIKit: a programmer error)")
        }
        finish(at: finalPosition)
    }

    // MARK: UIViewImplicitlyAnimating

    /// Adds view changes that start `delayFactor` (0…1) of the remaining time later and end with the animator.
    /// On an inactive animator the block runs when it starts, over the whole duration minus the delay.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        var factor = Double(delayFactor)
        if !factor.isFinite || factor < 0 || factor > 1 {
            Diagnostics.report("UIViewPropertyAnimator #\(identifier): rejected delayFactor \(factor.diagnosticDescription) (must be 0…1); clamped")
            factor = factor.isNaN ? 0 : min(1, max(0, factor))
        }
        switch state {
        case .stopped:
            programmerError("addAnimations(_:) cannot be called on a stopped animator (UIKit: a programmer error)")
        case .inactive:
            pendingBlocks.append((animation, factor))
        case .active:
            let r = runFraction(at: currentTau())
            addTracks(running: animation, window: window(fromRun: r + factor * (1 - r)))
            if waitingForAnimations && !tracks.isEmpty {
                waitingForAnimations = false
                anchor = (CACurrentMediaTime(), tau)
            }
            refreshPresentation()
        }
    }

    /// Adds view changes that run with the animation.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds a block called once with the final position when the animation ends (not after `stopAnimation(true)`).
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Continues a paused (or inactive) animator, in its current direction.
    ///
    /// With nil `parameters` the original curve carries on; `durationFactor` > 0 makes the rest of the run take
    /// `durationFactor × duration` seconds, and 0 keeps the remaining time. With new parameters every view moves
    /// from where it is shown to the run's end along the new curve (a spring's velocity counts in units of the
    /// distance still to go), over `durationFactor × duration`, the remaining time when 0, or the spring's own
    /// settling time for springs with an implicit duration.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        requireInterruptible("continued or reversed")
        var factor = Double(durationFactor)
        if !factor.isFinite || factor < 0 {
            Diagnostics.report("UIViewPropertyAnimator #\(identifier): rejected durationFactor \(factor.diagnosticDescription); keeping the remaining time")
            factor = 0
        }
        switch state {
        case .stopped:
            programmerError("continueAnimation(withTimingParameters:durationFactor:) cannot be called on a stopped animator (UIKit: a programmer error)")
        case .inactive:
            activate()
        case .active:
            if running {
                tau = currentTau()
                running = false
                anchor = nil
            }
        }
        if let parameters {
            restartRun(with: AnimatorCurve(parameters), factor: factor, spring: parameters.springTimingParameters)
        } else if factor > 0 {
            let remaining = 1 - runFraction(at: tau)
            if remaining > 1e-9 { timelineDuration = factor * duration / remaining }
            updateEvaluators()
        }
        resume(after: 0)
    }
}
