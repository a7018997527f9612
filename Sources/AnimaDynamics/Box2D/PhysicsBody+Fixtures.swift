import CBox2D
import Foundation

/// Shapes attached to a body, in body-local points (origin at the item's centre).
extension PhysicsBody {
    /// Adds an axis-aligned box; returns false when Box2D would reject it.
    @discardableResult
    func addBox(halfWidth: Double, halfHeight: Double, material: PhysicsMaterial) -> Bool {
        cb2_body_add_box(handle, PhysicsUnits.meters(halfWidth), PhysicsUnits.meters(halfHeight), material.raw) != 0
    }

    @discardableResult
    func addCircle(radius: Double, material: PhysicsMaterial) -> Bool {
        cb2_body_add_circle(handle, PhysicsUnits.meters(radius), material.raw) != 0
    }

    /// Adds the convex hull of `points`, split into Box2D polygons of at most 8 vertices.
    /// Returns the number of polygons added (0 when the hull is degenerate).
    @discardableResult
    func addConvexHull(_ points: [CGPoint], material: PhysicsMaterial) -> Int {
        var xy: [Double] = []
        xy.reserveCapacity(points.count * 2)
        for p in points {
            xy.append(PhysicsUnits.meters(p.x))
            xy.append(PhysicsUnits.meters(p.y))
        }
        return Int(xy.withUnsafeBufferPointer { buffer in
            cb2_body_add_convex_hull(handle, buffer.baseAddress, Int32(clamping: points.count), material.raw)
        })
    }

    /// Adds a two-sided segment; false when it is shorter than Box2D's slop (0.5 pt).
    @discardableResult
    func addEdge(from a: CGPoint, to b: CGPoint, material: PhysicsMaterial) -> Bool {
        cb2_body_add_edge(handle, PhysicsUnits.meters(a.x), PhysicsUnits.meters(a.y),
                          PhysicsUnits.meters(b.x), PhysicsUnits.meters(b.y), material.raw) != 0
    }

    var fixtureCount: Int { Int(cb2_body_fixture_count(handle)) }

    func setMaterial(_ material: PhysicsMaterial) { cb2_body_set_material(handle, material.raw) }

    func removeAllFixtures() { cb2_body_destroy_fixtures(handle) }

    /// The world-space bounding box of the fixtures in points, or nil without fixtures.
    var boundingBox: CGRect? {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        guard cb2_body_aabb(handle, &x0, &y0, &x1, &y1) != 0 else { return nil }
        return CGRect(x: PhysicsUnits.points(x0), y: PhysicsUnits.points(y0),
                      width: PhysicsUnits.points(x1 - x0), height: PhysicsUnits.points(y1 - y0))
    }
}
