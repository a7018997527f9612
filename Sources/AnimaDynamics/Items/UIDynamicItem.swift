import AnimaGraphics
import Foundation

/// The shape an item collides with (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    /// The item's bounds rectangle (the default).
    case rectangle = 0
    /// The ellipse inscribed in the bounds (a circle when width equals height).
    case ellipse = 1
    /// ``UIDynamicItem/collisionBoundingPath``: a convex polygon with (0, 0) at the item's centre.
    case path = 2
}

/// Something UIKit Dynamics can move: a view, a layer wrapper, or any object with a centre, bounds and transform.
///
/// The animator reads `center`, `bounds.size` and the rotation of `transform` when the item joins, and after
/// every physics step writes `center` (reference coordinates, points) and `transform` (a pure rotation in
/// radians). Items are classes and isolated to the main actor, as in UIKit.
///
/// ```swift
/// final class Box: UIDynamicItem {
///     var center = CGPoint(x: 100, y: 50)
///     var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
///     var transform = CGAffineTransform.identity
/// }
/// ```
@preconcurrency @MainActor
public protocol UIDynamicItem: AnyObject {
    /// The item's centre in the animator's reference coordinates, in points.
    var center: CGPoint { get set }
    /// The item's bounds; only the size is used (mass = density × area, and the collision shape).
    var bounds: CGRect { get }
    /// The item's transform; the animator writes rotations into it.
    var transform: CGAffineTransform { get set }
    /// Which shape collides; `.rectangle` unless the item says otherwise.
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// The collision polygon for `.path` items, relative to the centre (convex; other shapes use their hull).
    var collisionBoundingPath: CGPath { get }
}

extension UIDynamicItem {
    /// The default collision shape: the bounds rectangle.
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// The default bounding path: the bounds rectangle centred on (0, 0).
    public var collisionBoundingPath: CGPath {
        let size = bounds.size
        return CGPath(rect: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height),
                      transform: nil)
    }
}
