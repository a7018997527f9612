import CBox2D
import Foundation

/// A hand-written Box2D world with no UIKit layer on top, for comparing costs in `anima-bench`: `count` boxes in
/// a grid inside walls, under world gravity of 10 m/s², stepped directly with the same iterations the animator uses.
///
/// Positions are in points (100 per metre) like the animator's, so both scenes hold the same bodies.
/// ```swift
/// let raw = RawBox2DScene(count: 500, bounds: CGRect(x: 0, y: 0, width: 1000, height: 1000),
///                         boxSize: CGSize(width: 20, height: 20))
/// raw.step(seconds: 1.0 / 120.0)
/// ```
package final class RawBox2DScene {
    private let world: OpaquePointer  // cb2_world *
    private var bodies: [OpaquePointer] = []  // cb2_body *
    private let velocityIterations: Int32
    private let positionIterations: Int32

    /// Builds the scene; boxes are laid out row by row from the top-left, `spacing` points apart.
    package init(count: Int, bounds: CGRect, boxSize: CGSize, spacing: CGFloat = 4,
                 velocityIterations: Int = 8, positionIterations: Int = 3) {
        world = cb2_world_create(0, 10)
        self.velocityIterations = Int32(velocityIterations)
        self.positionIterations = Int32(positionIterations)
        let material = cb2_material(density: 1, friction: 0, restitution: 0)
        if let walls = cb2_body_create(world, CB2_BODY_STATIC, 0, 0, 0, 0) {
            cb2_body_set_collision_groups(walls, 0, 0, 1)
            let r = bounds
            let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
            for i in 0..<4 {
                let a = corners[i], b = corners[(i + 1) % 4]
                _ = cb2_body_add_edge(walls, a.0 / 100, a.1 / 100, b.0 / 100, b.1 / 100, material)
            }
            bodies.append(walls)
        }
        for (index, center) in Self.gridCenters(count: count, bounds: bounds, boxSize: boxSize, spacing: spacing)
            .enumerated() {
            guard let body = cb2_body_create(world, CB2_BODY_DYNAMIC, center.x / 100, center.y / 100, 0,
                                             UInt64(index + 1)) else { continue }
            _ = cb2_body_add_box(body, boxSize.width / 200 - 0.01, boxSize.height / 200 - 0.01, material)
            cb2_body_set_collision_groups(body, 1, 1, 0)
            bodies.append(body)
        }
    }

    deinit {
        for body in bodies { cb2_body_destroy(body) }
        cb2_world_destroy(world)
    }

    /// Where the scene puts `count` boxes: a grid from the top-left of `bounds`.
    package static func gridCenters(count: Int, bounds: CGRect, boxSize: CGSize, spacing: CGFloat) -> [CGPoint] {
        let columns = max(1, Int((bounds.width - spacing) / (boxSize.width + spacing)))
        return (0..<count).map { i in
            CGPoint(x: bounds.minX + spacing + boxSize.width / 2 + CGFloat(i % columns) * (boxSize.width + spacing),
                    y: bounds.minY + spacing + boxSize.height / 2 + CGFloat(i / columns) * (boxSize.height + spacing))
        }
    }

    /// One Box2D step of `seconds`, then the contact events are discarded.
    package func step(seconds: Double) {
        cb2_world_step(world, seconds, velocityIterations, positionIterations)
        cb2_world_clear_contact_events(world)
    }

    /// The sum of all body y positions in points (so the work cannot be optimised away).
    package var checksum: Double {
        bodies.reduce(0) { $0 + cb2_body_position($1).y * 100 }
    }
}
