import Foundation
import AnimaGraphics

/// Typed targets for gesture recognizers: the action is a method reference or a closure that receives the
/// recognizer as its own type (`UIPanGestureRecognizer`, not the base class), so no cast is needed.
///
/// Every ``UIGestureRecognizer`` conforms; use the initializers and methods, not the protocol. Where UIKit
/// code writes `#selector(panGestureHandler)`, write the method reference `BallListView.panGestureHandler`;
/// the target is held weakly, as in UIKit.
/// ```swift
/// final class BallListView: UIView {
///     func panGestureHandler(recognizer: UIPanGestureRecognizer) { … }
///     func install() {
///         addGestureRecognizer(UIPanGestureRecognizer(target: self, action: BallListView.panGestureHandler))
///     }
/// }
/// ```
@MainActor
public protocol UIGestureRecognizerTargetAction: AnyObject {
    init()
}

extension UIGestureRecognizer: UIGestureRecognizerTargetAction {}

extension UIGestureRecognizerTargetAction where Self: UIGestureRecognizer {
    /// A recognizer that calls `action` on `target` (held weakly) at each state change.
    public init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `action`, a method with no arguments, on `target` at each state change.
    public init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `handler` at each state change.
    /// ```swift
    /// let tap = UITapGestureRecognizer { tap in print("tapped at", tap.location(in: nil)) }
    /// ```
    public init(_ handler: @escaping @MainActor (Self) -> Void) {
        self.init()
        addTarget(handler)
    }

    /// Calls `action` on `target` (held weakly) at each state change.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void) {
        addTargetCall(target) { object, recognizer in
            guard let target = object as? Target, let recognizer = recognizer as? Self else { return }
            action(target)(recognizer)
        }
    }

    /// Calls `action`, a method with no arguments, on `target` at each state change.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> () -> Void) {
        addTargetCall(target) { object, _ in
            guard let target = object as? Target else { return }
            action(target)()
        }
    }

    /// Calls `handler` at each state change (the closure is kept until ``UIGestureRecognizer/removeTarget(_:)``
    /// with nil).
    public func addTarget(_ handler: @escaping @MainActor (Self) -> Void) {
        addTargetCall(nil) { _, recognizer in
            guard let recognizer = recognizer as? Self else { return }
            handler(recognizer)
        }
    }
}
