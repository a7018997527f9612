import Foundation
import AnimaCore

/// An object that can handle touches and pass them along the responder chain (UIKit's `UIResponder`).
///
/// Views are responders; a view's ``next`` is its superview, and a window's is nil. The default
/// touch methods forward to ``next``, so a touch no view handles travels up to the window.
/// ```swift
/// final class TapView: UIView {
///     override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { print("tapped") }
/// }
/// ```
@preconcurrency @MainActor
open class UIResponder {
    /// A responder with no next responder.
    public init() {}

    /// The next responder in the chain (nil here; views return their superview).
    open var next: UIResponder? { nil }

    /// One or more fingers touched down (the default forwards to ``next``).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// One or more touches moved (the default forwards to ``next``).
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// One or more fingers lifted (the default forwards to ``next``).
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system cancelled the touches (the default forwards to ``next``).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }
}
