import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// Animates the view changes made in `animations` over `duration` seconds after `delay` seconds.
    ///
    /// Each changed property becomes a Core Animation animation on the view's layer with `fillMode = .both`
    /// and the options' curve (ease-in-ease-out by default). Geometry (`frame`, `bounds`, `center`,
    /// `transform`) animates additively, as on iOS 8 and later: a new animation of a view that is still
    /// moving starts from where it is shown and blends smoothly. Other properties (alpha, colours…) start
    /// from the model value — or the shown value with `.beginFromCurrentState` — and replace a running
    /// animation of the same property, whose block then completes with `false`.
    ///
    /// `completion(finished)` runs once every animation of the block has ended: `true` if all ran to their
    /// end, `false` if one was removed early. A duration ≤ 0 applies the changes at once and completes on
    /// the next frame; NaN, infinite or negative durations and delays are reported and treated as 0.
    /// Nested blocks inherit the enclosing block's duration, delay, curve and options unless the
    /// `override…` options say otherwise.
    /// ```swift
    /// UIView.animate(withDuration: 0.5, delay: 0, options: [.curveEaseOut]) {
    ///     card.center.y -= 100
    ///     card.alpha = 0
    /// } completion: { finished in
    ///     card.removeFromSuperview()
    /// }
    /// ```
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        performBlock(duration: duration, delay: delay, options: options, caller: "UIView.animate",
                     motion: { _ in .curve(options.curve.timingFunction) }, animations: animations, completion: completion)
    }

    /// Animates the changes in `animations` over `duration` seconds with the default curve, then calls `completion`.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes in `animations` over `duration` seconds with the default curve.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates the changes in `animations` along a spring that settles in `duration` seconds.
    ///
    /// `dampingRatio` 1 settles without overshoot; smaller values oscillate more (values above 1 act as 1;
    /// NaN or ≤ 0 are reported and act as an undamped spring cut off at the duration). `velocity` is the
    /// initial speed in units of the whole change per second: a 200-point move with a prior speed of
    /// 100 pt/s is 0.5. The spring has mass 1 and the stiffness whose settling time is `duration` (§6.3);
    /// the curve options are ignored.
    /// ```swift
    /// UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0) {
    ///     badge.transform = .identity
    /// }
    /// ```
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                               options: AnimationOptions = [], animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        var ratio = Double(dampingRatio), v = Double(velocity)
        if !ratio.isFinite || ratio <= 0 {
            Diagnostics.report("UIView.animate(usingSpringWithDamping:): damping ratio \(ratio.diagnosticDescription) is not positive; the spring is undamped and stops at the duration")
            ratio = 0
        }
        if !v.isFinite {
            Diagnostics.report("UIView.animate(usingSpringWithDamping:): rejected initialSpringVelocity \(v.diagnosticDescription); using 0")
            v = 0
        }
        performBlock(duration: duration, delay: delay, options: options.withoutCurve.union(.curveLinear),
                     caller: "UIView.animate(usingSpringWithDamping:)",
                     motion: { d in .spring(SpringFit.solver(duration: d, dampingRatio: ratio, initialVelocity: v)) },
                     animations: animations, completion: completion)
    }

    /// Animates the changes in `animations` along a spring that feels `duration` seconds long with `bounce`
    /// (iOS 17's spring blocks): the spring of ``CASpringAnimation/init(perceptualDuration:bounce:)`` — 0 settles
    /// without overshoot, positive values bounce, negative ones creep — and the block lasts until it settles, when
    /// `completion` runs. `velocity` is in units of the whole change per second, as for
    /// ``animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)``;
    /// the curve options are ignored. A bounce of 1 or more (a spring that never settles) is reported and acts as
    /// 0.99.
    /// ```swift
    /// UIView.animate(springDuration: 0.5, bounce: 0.3) {
    ///     card.center = target
    /// }
    /// ```
    public static func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
                               initialSpringVelocity velocity: CGFloat = 0, delay: TimeInterval = 0,
                               options: AnimationOptions = [], animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let caller = "UIView.animate(springDuration:bounce:)"
        var b = Double(bounce), v = Double(velocity)
        if b >= 1 {
            Diagnostics.report("\(caller): bounce \(b.diagnosticDescription) never settles; using 0.99")
            b = 0.99
        }
        if !v.isFinite {
            Diagnostics.report("\(caller): rejected initialSpringVelocity \(v.diagnosticDescription); using 0")
            v = 0
        }
        // A duration that is not positive and finite is rejected by the solver (0.5 s) and by the block below.
        let solver = SpringSolver(perceptualDuration: duration, bounce: b, initialVelocity: v)
        let settling = duration.isFinite && duration > 0 ? solver.settlingDuration : duration
        performBlock(duration: settling, delay: delay, options: options.withoutCurve.union(.curveLinear), caller: caller,
                     motion: { _ in .spring(solver) }, animations: animations, completion: completion)
    }

    /// Inside an animation block, makes the animations of the changes in `animations` repeat `count` times
    /// (fractions allowed; Core Animation's `repeatCount`) and autoreverse or not, whatever the block's `.repeat`
    /// and `.autoreverse` options say. Outside a block the changes simply apply. A count that is not a finite
    /// number ≥ 0 is reported and the block's own repeating is kept.
    /// ```swift
    /// UIView.animate(withDuration: 0.3) {
    ///     UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) { badge.alpha = 0.2 }
    /// }
    /// ```
    public static func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void) {
        guard count.isFinite, count >= 0 else {
            Diagnostics.report("UIView.modifyAnimations: rejected repeat count \(Double(count).diagnosticDescription); the block's repeating is kept")
            return animations()
        }
        let outer = UIViewAnimationContext.repeatOverride
        UIViewAnimationContext.repeatOverride = RepeatOverride(count: Float(count), autoreverses: autoreverses)
        defer { UIViewAnimationContext.repeatOverride = outer }
        animations()
    }

    /// Runs `actionsWithoutAnimation` with animations off: its changes apply at once, even inside an
    /// animation block.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimationContext.run(.withoutAnimation, actionsWithoutAnimation)
    }

    /// Turns all view animation blocks on or off (off: their changes apply at once; completions still run).
    public static func setAnimationsEnabled(_ enabled: Bool) { UIViewAnimationContext.animationsEnabled = enabled }

    /// Whether view animation blocks animate (see ``setAnimationsEnabled(_:)``).
    public static var areAnimationsEnabled: Bool { UIViewAnimationContext.animationsEnabled }

    /// The duration of the animation block being run, or 0 outside one.
    public static var inheritedAnimationDuration: TimeInterval { UIViewAnimationContext.enclosingSettings?.duration ?? 0 }

    /// The shared body of the block APIs: validates, inherits from an enclosing block, runs the block, adds
    /// the animations and arranges the completion.
    static func performBlock(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions, caller: String,
                             motion: (TimeInterval) -> BlockMotion, animations: () -> Void,
                             completion: ((Bool) -> Void)?) {
        let tracker = BlockCompletion(completion)
        defer { tracker.seal() }
        guard let settings = blockSettings(duration: duration, delay: delay, options: options, caller: caller, motion: motion) else {
            UIViewAnimationContext.run(.withoutAnimation, animations)
            return
        }
        let block = UIViewAnimationContext.run(.animating(settings), layoutSubviews: settings.options.contains(.layoutSubviews),
                                               animations)
        ViewAnimationFactory.commit(block, settings: settings, tracker: tracker)
    }

    /// The settings a block runs with, or nil when its changes should apply without animation.
    static func blockSettings(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions, caller: String,
                              motion: (TimeInterval) -> BlockMotion) -> BlockSettings? {
        var duration = duration, delay = delay
        if !duration.isFinite || duration < 0 {
            Diagnostics.report("\(caller): rejected duration \(duration.diagnosticDescription); the changes are applied without animation")
            duration = 0
        }
        if !delay.isFinite || delay < 0 {
            Diagnostics.report("\(caller): rejected delay \(delay.diagnosticDescription); using 0")
            delay = 0
        }
        if let last = UIViewAnimationContext.stack.last, case .withoutAnimation = last.mode { return nil }
        guard UIViewAnimationContext.animationsEnabled else { return nil }
        var settings = BlockSettings(duration: duration, delay: delay, options: options, motion: .curve(options.curve.timingFunction))
        if let outer = UIViewAnimationContext.enclosingSettings {
            if !options.contains(.overrideInheritedDuration) {
                settings.duration = outer.duration
                settings.delay = outer.delay
            }
            if !options.contains(.overrideInheritedOptions) { settings.options.formUnion(outer.options.inheritable) }
            settings.motion = options.contains(.overrideInheritedCurve) ? motion(settings.duration) : outer.motion
        } else {
            settings.motion = motion(settings.duration)
        }
        return settings.duration > 0 ? settings : nil
    }
}
