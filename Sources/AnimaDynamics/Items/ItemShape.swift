import AnimaGraphics
import Foundation

/// The collision shape and mass of an item, read and validated from its geometry.
///
/// Rectangles and ellipses get analytic mass (density × area, with 100×100 pt = 1 m²). Their Box2D cores are
/// built 0.75 pt smaller than the outline, so Box2D's 1-pt rounded skin lands a quarter point outside it: resting
/// contacts overlap by Box2D's 0.5-pt slop, and the outlines then meet exactly.
struct ItemShape: Equatable {
    enum Outline: Equatable {
        case rectangle(width: Double, height: Double)
        case ellipse(width: Double, height: Double)
        case polygon([CGPoint])
    }

    var outline: Outline

    /// Vertices used to approximate an ellipse that is not a circle.
    static let ellipseSegments = 24
    /// The largest coordinate or size (points) Box2D's float solver handles well: 100 km.
    static let largestExtent: CGFloat = 1e7
    /// The smallest polygon core area (m²) handed to Box2D, as in CBox2D's convex-hull builder.
    static let smallestPolygonArea = 1e-6

    /// Reads an item's shape; returns a diagnostic describing the problem when the geometry is unusable.
    @MainActor
    static func read(_ item: UIDynamicItem) -> Result<ItemShape, ItemGeometryError> {
        let size = item.bounds.size
        guard size.width.isFinite, size.height.isFinite else { return .failure(.nonFiniteSize(size)) }
        guard size.width > 0, size.height > 0 else { return .failure(.emptySize(size)) }
        guard size.width <= largestExtent, size.height <= largestExtent else { return .failure(.tooLarge(size)) }
        switch item.collisionBoundsType {
        case .rectangle:
            return .success(ItemShape(outline: .rectangle(width: size.width, height: size.height)))
        case .ellipse:
            return .success(ItemShape(outline: .ellipse(width: size.width, height: size.height)))
        case .path:
            let points = item.collisionBoundingPath.flattened(tolerance: 0.5).flatMap(\.points)
            guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .failure(.badPath) }
            guard points.count >= 3 else { return .failure(.badPath) }
            guard points.allSatisfy({ abs($0.x) <= largestExtent && abs($0.y) <= largestExtent }) else {
                return .failure(.tooLarge(size))
            }
            return .success(ItemShape(outline: .polygon(points)))
        }
    }

    /// Adds the fixtures to `body` and sets its mass for `density` (kg/m², i.e. per 100×100 pt).
    /// Returns false when Box2D rejected the shape (degenerate polygon).
    func build(on body: PhysicsBody, material: PhysicsMaterial) -> Bool {
        let skin = PhysicsUnits.polygonSkin - PhysicsUnits.restingOutset
        switch outline {
        case .rectangle(let w, let h):
            let hw = w / 2, hh = h / 2
            // Keep at least half the size for tiny items; the skin then overshoots slightly.
            let coreHalfWidth = max(hw - skin, hw / 2), coreHalfHeight = max(hh - skin, hh / 2)
            // Box2D asserts (aborting the process) when a polygon's area is below FLT_EPSILON m²; refuse such
            // boxes with the same floor the convex-hull builder uses (10⁻⁶ m² = 0.01 pt²).
            let area = 4 * PhysicsUnits.meters(coreHalfWidth) * PhysicsUnits.meters(coreHalfHeight)
            guard area >= Self.smallestPolygonArea,
                  body.addBox(halfWidth: coreHalfWidth, halfHeight: coreHalfHeight, material: material) else { return false }
        case .ellipse(let w, let h):
            if w == h {
                let radius = w / 2 + PhysicsUnits.restingOutset
                guard body.addCircle(radius: radius, material: material) else { return false }
            } else {
                let a = max(w / 2 - skin, w / 4), b = max(h / 2 - skin, h / 4)
                let points = (0..<Self.ellipseSegments).map { i -> CGPoint in
                    let t = Double(i) / Double(Self.ellipseSegments) * 2 * .pi
                    return CGPoint(x: a * cos(t), y: b * sin(t))
                }
                guard body.addConvexHull(points, material: material) > 0 else { return false }
            }
        case .polygon(let points):
            guard body.addConvexHull(points, material: material) > 0 else { return false }
        }
        applyMass(to: body, density: material.density)
        return true
    }

    /// Sets the analytic mass for rectangles and ellipses; polygons take Box2D's mass of the hull.
    func applyMass(to body: PhysicsBody, density: Double) {
        let d = max(density, 0)
        switch outline {
        case .rectangle(let w, let h):
            let wm = PhysicsUnits.meters(w), hm = PhysicsUnits.meters(h)
            let mass = d * wm * hm
            body.setMass(kilograms: mass, inertia: mass * (wm * wm + hm * hm) / 12)
        case .ellipse(let w, let h):
            let a = PhysicsUnits.meters(w / 2), b = PhysicsUnits.meters(h / 2)
            let mass = d * .pi * a * b
            body.setMass(kilograms: mass, inertia: mass * (a * a + b * b) / 4)
        case .polygon:
            body.resetMassFromFixtures()
        }
        // Density 0 leaves Box2D's default mass of 1 kg: a massless dynamic body is not allowed.
    }
}

/// Why an item's geometry was rejected.
enum ItemGeometryError: Error, CustomStringConvertible {
    /// Checks a centre: finite and within ±``ItemShape/largestExtent``.
    static func check(center: CGPoint) -> ItemGeometryError? {
        guard center.x.isFinite, center.y.isFinite else { return .nonFiniteCenter(center) }
        guard abs(center.x) <= ItemShape.largestExtent, abs(center.y) <= ItemShape.largestExtent else {
            return .tooFar(center)
        }
        return nil
    }

    case nonFiniteCenter(CGPoint)
    case nonFiniteSize(CGSize)
    case emptySize(CGSize)
    case badPath
    case rejectedByBox2D
    case tooLarge(CGSize)
    case tooFar(CGPoint)

    var description: String {
        switch self {
        case .nonFiniteCenter(let p): return "center \(DynamicsDiagnostics.value(p)) is not finite"
        case .nonFiniteSize(let s): return "bounds size \(DynamicsDiagnostics.value(s)) is not finite"
        case .emptySize(let s): return "bounds size \(DynamicsDiagnostics.value(s)) is empty or negative"
        case .badPath: return "collisionBoundingPath has fewer than 3 finite points"
        case .rejectedByBox2D: return "its collision shape is degenerate (Box2D needs a polygon with area)"
        case .tooLarge(let s): return "bounds size \(DynamicsDiagnostics.value(s)) exceeds 10⁷ pt (Box2D works in floats)"
        case .tooFar(let p): return "center \(DynamicsDiagnostics.value(p)) is beyond ±10⁷ pt (Box2D works in floats)"
        }
    }
}
