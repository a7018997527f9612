import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// The animations UIKit provides for ``UIView/perform(_:on:options:animations:completion:)`` (UIKit's
    /// `UIView.SystemAnimation`, with its raw value).
    public enum SystemAnimation: UInt, Sendable {
        /// The views fade out and shrink, then leave the view hierarchy.
        case delete = 0
    }

    /// Plays a system animation on `views`, with `parallelAnimations` alongside it in the same timing, then
    /// calls `completion(finished)` (UIKit's `perform(_:on:options:animations:completion:)`).
    ///
    /// `.delete` fades each view to transparent while it shrinks to 80 % about its centre, then removes it from its
    /// superview and gives it back its alpha and transform, so that it can be added again as it was. The timing is
    /// the system's, a critically damped spring of 0.5 s (the options' curve is ignored, as UIKit's header says; the
    /// other options apply). The look and timing are our reading: UIKit documents only that the views are removed
    /// when the animation completes. Parallel animations should not change the deleted views' alpha or transform.
    /// ```swift
    /// UIView.perform(.delete, on: [badge], options: [], animations: {
    ///     row.frame.size.width -= 40
    /// }) { _ in print(badge.superview == nil) }   // true
    /// ```
    public static func perform(_ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
                               animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let kept = views.map { ($0, $0.alpha, $0.transform) }
        animate(withDuration: systemAnimationDuration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                options: options.withoutCurve, animations: {
            for (view, _, transform) in kept {
                view.alpha = 0
                view.transform = transform.scaledBy(x: deletedScale, y: deletedScale)
            }
            parallelAnimations?()
        }, completion: { finished in
            UIView.performWithoutAnimation {
                for (view, alpha, transform) in kept {
                    view.removeFromSuperview()
                    view.alpha = alpha
                    view.transform = transform
                }
            }
            completion?(finished)
        })
    }

    /// The length of a system animation, in seconds (our reading).
    static let systemAnimationDuration: TimeInterval = 0.5
    /// The scale a deleted view shrinks to (our reading).
    static let deletedScale: CGFloat = 0.8
}
