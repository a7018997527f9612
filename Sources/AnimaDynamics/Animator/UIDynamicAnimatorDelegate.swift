/// Receives an animator's pause and resume notifications (UIKit's `UIDynamicAnimatorDelegate`).
///
/// Both methods are called on the main actor from inside ``UIDynamicAnimator/step(by:)`` or from the call that
/// changed the animator (adding a behavior, updating an item). They have empty default implementations.
///
/// ```swift
/// final class Controller: UIDynamicAnimatorDelegate {
///     func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { print("at rest") }
/// }
/// ```
@preconcurrency @MainActor
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// Called just before a paused animator starts simulating again.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Called after the animator paused: every item is at rest or nothing is left to simulate.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    /// Does nothing.
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    /// Does nothing.
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}
