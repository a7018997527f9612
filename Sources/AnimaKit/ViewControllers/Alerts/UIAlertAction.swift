import Foundation

/// One button of a `UIAlertController`: its title, its style, whether it can be chosen, and what runs when it is.
///
/// ```swift
/// let delete = UIAlertAction(title: "Delete", style: .destructive) { _ in model.removeAll() }
/// delete.isEnabled = !model.isEmpty
/// alert.addAction(delete)
/// ```
/// The handler runs once the alert has been dismissed (so it may present another controller).
@preconcurrency @MainActor
open class UIAlertAction {
    /// How the button reads.
    public enum Style: Int, Sendable {
        /// The tint colour.
        case `default` = 0
        /// Bold (unless the alert has a `preferredAction`); placed last, or left of a second button. One per alert.
        case cancel
        /// Red: the action changes or deletes data.
        case destructive
    }

    /// The button's title.
    public let title: String?
    /// The button's style.
    public let style: Style
    /// Whether the button can be chosen; a disabled one is shown grey and ignores taps.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { controller?.actionDidChange(self) } }
    }

    let handler: ((UIAlertAction) -> Void)?
    /// The alert that shows this action, once added.
    weak var controller: UIAlertController?

    /// An action with the given title and style; `handler` runs when it is chosen, after the alert is dismissed.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
