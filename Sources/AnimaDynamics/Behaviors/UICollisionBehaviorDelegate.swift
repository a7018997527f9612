import Foundation

/// Receives contact notifications from a ``UICollisionBehavior`` (UIKit's `UICollisionBehaviorDelegate`).
///
/// Began is reported once when two items (or an item and a boundary) start touching, with the contact point in
/// reference coordinates (points); ended when they separate. Calls happen on the main actor after the physics step
/// in which the contact changed. Boundary identifiers are the values given to `addBoundary(withIdentifier:…)`;
/// the reference-bounds boundary reports nil. All methods have empty defaults.
///
/// ```swift
/// final class Listener: UICollisionBehaviorDelegate {
///     func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
///                            withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) { print("hit", p) }
/// }
/// ```
@preconcurrency @MainActor
public protocol UICollisionBehaviorDelegate: AnyObject {
    /// Two items started touching at `p`.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem)
    /// An item started touching a boundary at `p` (nil identifier: the reference bounds).
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?)
}

extension UICollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                                  with item2: UIDynamicItem, at p: CGPoint) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem,
                                  with item2: UIDynamicItem) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: AnyHashable?) {}
}

/// What a ``UICollisionBehavior`` makes collide (UIKit's `UICollisionBehavior.Mode`).
public struct UICollisionBehaviorMode: OptionSet, Sendable {
    /// The option bits: 1 items, 2 boundaries.
    public let rawValue: UInt
    /// Creates a mode from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Items collide with each other.
    public static let items = UICollisionBehaviorMode(rawValue: 1)
    /// Items collide with the behavior's boundaries.
    public static let boundaries = UICollisionBehaviorMode(rawValue: 2)
    /// Both (the default; raw value `UInt.max` as in UIKit).
    public static let everything = UICollisionBehaviorMode(rawValue: .max)
}

extension UICollisionBehavior {
    /// UIKit's nested name for ``UICollisionBehaviorMode``.
    public typealias Mode = UICollisionBehaviorMode
}
