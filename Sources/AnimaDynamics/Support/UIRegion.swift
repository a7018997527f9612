import Foundation

/// An area of a field's influence, centred on the field's position (UIKit's `UIRegion`).
///
/// Regions are circles (``init(radius:)``), rectangles (``init(size:)``) or ``infinite``, combined with
/// ``inverse()``, ``union(with:)``, ``difference(from:)`` and ``intersection(with:)``. Points on the boundary count as
/// inside. Sizes are in points.
///
/// A region is a tree of shapes, and ``contains(_:)`` visits every node of it. Combining a region with itself shares
/// the tree rather than copying it, so thirty `r = r.union(with: r)` would build a tree of 2³⁰ nodes in 30 steps;
/// a combination that would exceed ``maximumShapeCount`` nodes is reported and gives the receiver unchanged.
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
    /// How many nodes `shape` has, counted as a tree (shared subtrees once per use): the work of one `contains`.
    let shapeCount: Int

    init(shape: Shape, count: Int = 1) {
        self.shape = shape
        shapeCount = count
    }

    /// The most shape nodes a combined region may have (see the type's discussion).
    public static let maximumShapeCount = 10_000

    /// The whole plane (the default region of a field).
    public static let infinite = UIRegion(shape: .infinite)

    /// A circle of `radius` points around the field's position. Negative or non-finite radii give an empty region.
    public init(radius: CGFloat) {
        shape = .circle(radius: radius.isFinite ? max(Double(radius), -1) : -1)
        shapeCount = 1
    }

    /// A rectangle of `size` points centred on the field's position.
    public init(size: CGSize) {
        let ok = size.width.isFinite && size.height.isFinite
        shape = .rectangle(width: ok ? Double(size.width) : -1, height: ok ? Double(size.height) : -1)
        shapeCount = 1
    }

    /// Everything outside this region.
    public func inverse() -> UIRegion { combined("inverse()", adding: nil, .inverse(shape)) }

    /// Points in this region or in `region`.
    public func union(with region: UIRegion) -> UIRegion {
        combined("union(with:)", adding: region, .union(shape, region.shape))
    }

    /// Points in this region but not in `region`. (UIKit's naming: the receiver minus the argument.)
    public func difference(from region: UIRegion) -> UIRegion {
        combined("difference(from:)", adding: region, .difference(shape, region.shape))
    }

    /// Points in both regions.
    public func intersection(with region: UIRegion) -> UIRegion {
        combined("intersection(with:)", adding: region, .intersection(shape, region.shape))
    }

    /// A region of `combination`, a node over this shape and `other`'s, or this region, reported, when it would have
    /// more than ``maximumShapeCount`` nodes.
    private func combined(_ operation: String, adding other: UIRegion?, _ combination: @autoclosure () -> Shape) -> UIRegion {
        let count = 1 + shapeCount + (other?.shapeCount ?? 0)
        guard count <= Self.maximumShapeCount else {
            DynamicsDiagnostics.report("UIRegion.\(operation): the combined region would have \(count) shape nodes, more than "
                + "\(Self.maximumShapeCount) (every contains(_:) visits each); the receiver is returned unchanged")
            return self
        }
        return UIRegion(shape: combination(), count: count)
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
