import Foundation
import AnimaCore
import AnimaGraphics

/// What a navigation controller does (UIKit's `UINavigationController.Operation`).
extension UINavigationController {
    /// A push, a pop, or neither.
    public enum Operation: Int, Sendable {
        /// No change of the top controller.
        case none
        /// A controller was pushed.
        case push
        /// A controller was popped.
        case pop
    }
}

/// A navigation controller's delegate (UIKit's `UINavigationControllerDelegate`): told before and after a
/// controller is shown, and asked for custom animators and interaction controllers. Every method is optional.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// `viewController` is about to be shown (before its `viewWillAppear`'s transition animates).
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// `viewController` was shown (after the transition completed).
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// The animator for `operation` from `fromVC` to `toVC` (nil: the standard slide).
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller for a transition animated by `animationController` (nil: not interactive).
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UINavigationControllerDelegate {
    /// Nothing to do.
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    /// Nothing to do.
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    /// The standard slide.
    public func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// Not interactive.
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}
