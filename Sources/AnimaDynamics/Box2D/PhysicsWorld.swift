import CBox2D
import Foundation

/// Box2D's units: UIKit Dynamics works in points, Box2D in metres, with 100 points = 1 metre.
///
/// At this scale UIKit's constants line up: gravity magnitude 1.0 = 1000 pt/s² = 10 m/s², and a push of
/// magnitude 1.0 on a 100×100 item of density 1 (1 m², 1 kg) is 1 N, giving 100 pt/s².
enum PhysicsUnits {
    /// Points per metre.
    static let pointsPerMeter: Double = 100
    /// Box2D's collision skin around polygons and edges, in points (`b2_polygonRadius` = 0.01 m).
    static let polygonSkin: Double = 1
    /// How far resting contacts overlap, in points (`b2_linearSlop` = 0.005 m).
    static let linearSlop: Double = 0.5
    /// How far an item's collision surface sits outside its outline: half the slop, so that two items resting on
    /// each other (their surfaces overlapping by the slop) touch exactly at their outlines.
    static let restingOutset: Double = linearSlop / 2

    static func meters(_ points: Double) -> Double { points / pointsPerMeter }
    static func points(_ meters: Double) -> Double { meters * pointsPerMeter }
}

/// A contact transition reported by Box2D during a step, in points.
struct PhysicsContactEvent {
    var tagA: UInt64
    var tagB: UInt64
    var began: Bool
    /// The contact point in reference coordinates (points); nil for ended contacts.
    var point: (x: Double, y: Double)?
}

/// A Box2D world: owns the `b2World`, steps it and collects contact events.
///
/// Time enters only through ``step(seconds:velocityIterations:positionIterations:)``.
/// Bodies and joints keep their world alive, so the world is destroyed after the last of them.
final class PhysicsWorld {
    let handle: OpaquePointer  // cb2_world *

    init() {
        handle = cb2_world_create(0, 0)
    }

    deinit {
        cb2_world_destroy(handle)
    }

    /// Advances the world by `seconds` of simulated time.
    func step(seconds: Double, velocityIterations: Int, positionIterations: Int) {
        cb2_world_step(handle, seconds, Int32(clamping: velocityIterations), Int32(clamping: positionIterations))
    }

    var bodyCount: Int { Int(cb2_world_body_count(handle)) }
    var jointCount: Int { Int(cb2_world_joint_count(handle)) }
    /// Dynamic and kinematic bodies that are awake.
    var awakeBodyCount: Int { Int(cb2_world_awake_body_count(handle)) }

    /// Forgets the recorded contact events without reading them.
    func discardContactEvents() { cb2_world_clear_contact_events(handle) }

    /// Returns and clears the contact events recorded since the last drain, in Box2D's order.
    func drainContactEvents() -> [PhysicsContactEvent] {
        let count = Int(cb2_world_contact_event_count(handle))
        guard count > 0 else { return [] }
        var events: [PhysicsContactEvent] = []
        events.reserveCapacity(count)
        for index in 0..<count {
            let raw = cb2_world_contact_event_at(handle, Int32(index))
            let point = raw.has_point != 0
                ? (x: PhysicsUnits.points(raw.x), y: PhysicsUnits.points(raw.y)) : nil
            events.append(PhysicsContactEvent(tagA: raw.tag_a, tagB: raw.tag_b, began: raw.began != 0, point: point))
        }
        cb2_world_clear_contact_events(handle)
        return events
    }
}
