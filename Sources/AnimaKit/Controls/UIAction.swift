import Foundation

/// The closure a ``UIAction`` runs (UIKit's `UIActionHandler`).
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A closure with a title and an identifier, run by a control for an event (UIKit's `UIAction`).
///
/// While the handler runs, ``sender`` is the control that sent the action.
/// ```swift
/// let button = UIButton(type: .system)
/// button.addAction(UIAction { _ in print("tapped") }, for: .touchUpInside)
/// ```
@preconcurrency @MainActor
public final class UIAction {
    /// A value that names an action; a control keeps one action per identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title (a button made with `UIButton(primaryAction:)` shows it).
    public var title: String
    /// The action's image.
    public var image: UIImage?
    /// A title for discoverability interfaces.
    public var discoverabilityTitle: String?
    /// The identifier; a fresh unique one unless given.
    public let identifier: Identifier
    /// The control that is sending the action, while the handler runs (nil otherwise).
    public private(set) var sender: Any?
    private let handler: UIActionHandler
    private static var counter = 0

    /// An action that runs `handler`.
    ///
    /// Adding an action whose identifier a control already holds for an event replaces the old one.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                discoverabilityTitle: String? = nil, handler: @escaping UIActionHandler) {
        self.title = title
        self.image = image
        self.discoverabilityTitle = discoverabilityTitle
        if let identifier {
            self.identifier = identifier
        } else {
            UIAction.counter += 1
            self.identifier = Identifier("anima.action.\(UIAction.counter)")
        }
        self.handler = handler
    }

    /// Runs the handler with ``sender`` set to `sender`.
    package func perform(sender: Any?) {
        let previous = self.sender
        self.sender = sender
        handler(self)
        self.sender = previous
    }
}
