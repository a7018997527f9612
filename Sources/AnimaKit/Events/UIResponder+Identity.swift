import Foundation
import AnimaCore

// Apple's views, view controllers, gesture recognizers and layers are `NSObject`s, equal only to themselves and
// hashed by identity; code written for them relies on it (`pages.firstIndex(of: viewController)`,
// `Set<UIView>`, `sublayers.contains(layer)`). These conformances give ours the same identity equality.

extension UIResponder: Hashable {
    /// The same object (as `NSObject`'s default `isEqual:`).
    public nonisolated static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension UIGestureRecognizer: Hashable {
    /// The same object (as `NSObject`'s default `isEqual:`).
    public nonisolated static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
