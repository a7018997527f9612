import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// Applies the changes in `animations` to `view` as one transition of the whole view.
    ///
    /// The changes apply at once (they do not animate one by one); the transition named by the options'
    /// `transition…` bits then plays over `duration` with the options' curve. Until Core Animation
    /// transitions (`CATransition`) are available here, every kind plays as a fade-in of the view's new
    /// content; `transitionNone` (no transition bits) applies the changes without animation.
    /// `completion(finished)` follows the rules of `animate(withDuration:…)`.
    /// ```swift
    /// UIView.transition(with: card, duration: 0.4, options: .transitionCrossDissolve) {
    ///     card.backgroundColor = .systemOrange
    /// }
    /// ```
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let tracker = BlockCompletion(completion)
        defer { tracker.seal() }
        let settings = blockSettings(duration: duration, delay: 0, options: options, caller: "UIView.transition(with:)",
                                     motion: { _ in .curve(options.curve.timingFunction) })
        var mode = AnimationBlock.Mode.withoutAnimation
        if let settings, options.contains(.allowAnimatedContent) { mode = .animating(settings) }
        let block = UIViewAnimationContext.run(mode, animations ?? {})
        guard let settings else { return }
        if case .animating = mode { ViewAnimationFactory.commit(block, settings: settings, tracker: tracker) }
        guard options.transitionKind != 0 else { return }
        addFadeIn(to: view, settings: settings, tracker: tracker)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview as a transition (see
    /// ``transition(with:duration:options:animations:completion:)``). With `.showHideTransitionViews` the
    /// views are hidden and shown instead of removed and added.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let tracker = BlockCompletion(completion)
        defer { tracker.seal() }
        UIView.performWithoutAnimation {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let parent = fromView.superview {
                let index = parent.subviews.firstIndex { $0 === fromView } ?? parent.subviews.count
                parent.insertSubview(toView, at: index)
                fromView.removeFromSuperview()
            }
        }
        guard options.transitionKind != 0,
              let settings = blockSettings(duration: duration, delay: 0, options: options, caller: "UIView.transition(from:to:)",
                                           motion: { _ in .curve(options.curve.timingFunction) }) else { return }
        addFadeIn(to: toView, settings: settings, tracker: tracker)
    }

    /// An additive opacity animation from `−alpha` to 0: the view fades in to its alpha.
    private static func addFadeIn(to view: UIView, settings: BlockSettings, tracker: BlockCompletion) {
        guard view.layer.isCommitted else { return }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = -view.alpha
        fade.toValue = CGFloat(0)
        fade.isAdditive = true
        fade.duration = settings.duration
        fade.fillMode = .both
        if case .curve(let function) = settings.motion { fade.timingFunction = function }
        fade.delegate = tracker
        let key = ViewAnimationFactory.uniqueKey("transition", on: view.layer)
        view.layer.add(fade, forKey: key)
        if view.layer.animation(forKey: key) != nil { tracker.expectOneMore() }
        if !settings.options.contains(.allowUserInteraction) { tracker.blockInteraction(of: [view]) }
    }
}
