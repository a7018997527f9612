import Foundation
import AnimaCore
import AnimaGraphics

/// The animation blocks being run, innermost last: what a view answers when its layer asks for an action.
@MainActor
package enum UIViewAnimationContext {
    /// The layer action for a change to `key` on `view`'s layer: `NSNull` outside animation blocks, so view
    /// changes never animate implicitly.
    package static func action(for view: UIView, layer: CALayer, key: String) -> CAAction? {
        NSNull()
    }
}
