import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// Applies the changes in `animations` to `view` as one transition of the whole view.
    ///
    /// The changes apply at once (they do not animate one by one, unless `.allowAnimatedContent` is given);
    /// a `CATransition` on the view's layer then plays over `duration` with the options' curve: the view as it
    /// was last shown gives way to the view as it is now. `.transitionCrossDissolve` is a fade; the four flips
    /// turn the view over about its centre in perspective, the named side coming towards the viewer, the old look
    /// shown for the first half and the new one for the second. There is no page curl here: the curl options play
    /// as the fade (a documented difference). No transition bits apply the changes without animation.
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
        addTransition(to: view, settings: settings, tracker: tracker)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview as a transition of that superview (see
    /// ``transition(with:duration:options:animations:completion:)``). With `.showHideTransitionViews` the
    /// views are hidden and shown instead of removed and added.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let tracker = BlockCompletion(completion)
        defer { tracker.seal() }
        let container = fromView.superview
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
        addTransition(to: container ?? toView, settings: settings, tracker: tracker)
    }

    /// A fade `CATransition` on `view`'s layer (stored under `"transition"`).
    private static func addTransition(to view: UIView, settings: BlockSettings, tracker: BlockCompletion) {
        guard view.layer.hasBeenCommitted else { return }
        let transition = CATransition()
        (transition.type, transition.subtype) = settings.options.transitionLook
        transition.duration = settings.duration
        if case .curve(let function) = settings.motion { transition.timingFunction = function }
        if settings.delay > 0 {
            transition.beginTime = view.layer.convertTime(CACurrentMediaTime(), from: nil) + settings.delay
            transition.fillMode = .backwards
        }
        transition.delegate = tracker
        view.layer.add(transition, forKey: kCATransition)
        if view.layer.animation(forKey: kCATransition)?.delegate === tracker { tracker.expectOneMore() }
        if !settings.options.contains(.allowUserInteraction) { tracker.blockInteraction(of: [view]) }
    }
}
