import Foundation

/// Typed target–action for controls: the action is a method reference taking the sender as its own type.
///
/// Every ``UIControl`` conforms; use the methods, not the protocol.
/// ```swift
/// final class QuizController {
///     func showNextQuestion(_ sender: UIButton) { … }
///     func install(on button: UIButton) {
///         button.addTarget(self, action: QuizController.showNextQuestion, for: .touchUpInside)
///     }
/// }
/// ```
@MainActor
public protocol UIControlTargetAction: AnyObject {}

extension UIControl: UIControlTargetAction {}

extension UIControlTargetAction where Self: UIControl {
    /// Calls `action` on `target` (held weakly) with this control whenever one of `controlEvents` happens.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void,
                                             for controlEvents: UIControl.Event) {
        addTargetCall(target, for: controlEvents) { object, control, _ in
            guard let target = object as? Target, let sender = control as? Self else { return }
            action(target)(sender)
        }
    }

    /// Calls `action` on `target` with this control and the touch event that caused it.
    public func addTarget<Target: AnyObject>(_ target: Target,
                                             action: @escaping @MainActor (Target) -> (Self, UIEvent?) -> Void,
                                             for controlEvents: UIControl.Event) {
        addTargetCall(target, for: controlEvents) { object, control, event in
            guard let target = object as? Target, let sender = control as? Self else { return }
            action(target)(sender, event)
        }
    }

    /// Calls `action`, a method taking no arguments, on `target` whenever one of `controlEvents` happens.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> () -> Void,
                                             for controlEvents: UIControl.Event) {
        addTargetCall(target, for: controlEvents) { object, _, _ in
            guard let target = object as? Target else { return }
            action(target)()
        }
    }
}
