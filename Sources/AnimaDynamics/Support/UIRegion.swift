import Foundation

/// An area of a field's influence, centred on the field's position (UIKit's `UIRegion`).
///
/// Regions are circles (``init(radius:)``), rectangles (``init(size:)``) or ``infinite``, combined with
/// ``inverse()``, ``union(with:)``, ``difference(from:)`` and ``intersection(with:)``. Points on the boundary count as
/// inside. Sizes are in points.
///
/// ```swift
/// let ring = UIRegion(radius: 100).difference(from: UIRegion(radius: 50))
/// ring.contains(CGPoint(x: 75, y: 0))   // true
/// ```
public struct UIRegion: Equatable, Sendable {
    indirect enum Shape: Equatable, Sendable {
        case infinite
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case inverse(Shape)
        case union(Shape, Shape)
        case difference(Shape, Shape)
        case intersection(Shape, Shape)
    }

    let shape: Shape

    init(shape: Shape) { self.shape = shape }

    /// The whole plane (the default region of a field).
    public static let infinite = UIRegion(shape: .infinite)

    /// A circle of `radius` points around the field's position. Negative or non-finite radii give an empty region.
    public init(radius: CGFloat) {
        shape = .circle(radius: radius.isFinite ? max(Double(radius), -1) : -1)
    }

    /// A rectangle of `size` points centred on the field's position.
    public init(size: CGSize) {
        let ok = size.width.isFinite && size.height.isFinite
        shape = .rectangle(width: ok ? Double(size.width) : -1, height: ok ? Double(size.height) : -1)
    }

    /// Everything outside this region.
    public func inverse() -> UIRegion { UIRegion(shape: .inverse(shape)) }

    /// Points in this region or in `region`.
    public func union(with region: UIRegion) -> UIRegion { UIRegion(shape: .union(shape, region.shape)) }

    /// Points in this region but not in `region`. (UIKit's naming: the receiver minus the argument.)
    public func difference(from region: UIRegion) -> UIRegion { UIRegion(shape: .difference(shape, region.shape)) }

    /// Points in both regions.
    public func intersection(with region: UIRegion) -> UIRegion {
        UIRegion(shape: .intersection(shape, region.shape))
    }

    /// Whether `point` (relative to the region's centre, in points) is inside.
    public func contains(_ point: CGPoint) -> Bool { Self.contains(shape, Double(point.x), Double(point.y)) }

    private static func contains(_ shape: Shape, _ x: Double, _ y: Double) -> Bool {
        switch shape {
        case .infinite: return true
        case .circle(let r): return r >= 0 && x * x + y * y <= r * r
        case .rectangle(let w, let h): return w >= 0 && h >= 0 && abs(x) <= w / 2 && abs(y) <= h / 2
        case .inverse(let s): return !contains(s, x, y)
        case .union(let a, let b): return contains(a, x, y) || contains(b, x, y)
        case .difference(let a, let b): return contains(a, x, y) && !contains(b, x, y)
        case .intersection(let a, let b): return contains(a, x, y) && contains(b, x, y)
        }
    }
}
