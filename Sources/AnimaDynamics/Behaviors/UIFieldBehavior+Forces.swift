import AnimaGraphics
import Foundation

/// The force each field kind applies to one item for one step (see the table on ``UIFieldBehavior``).
extension UIFieldBehavior {
    func apply(to record: ItemRecord, time: Double, seconds: Double) {
        let body = record.body
        let p = body.position
        let rx = Double(p.x - position.x), ry = Double(p.y - position.y)
        guard region.contains(CGPoint(x: rx, y: ry)) else { return }
        let s = Double(strength)
        let mass = body.mass
        // Distances in metres, clamped below by the minimum radius.
        let r = max(hypot(rx, ry), Double(minimumRadius)) / PhysicsUnits.pointsPerMeter
        let unitX = hypot(rx, ry) > 0 ? rx / hypot(rx, ry) : 0, unitY = hypot(rx, ry) > 0 ? ry / hypot(rx, ry) : 0
        let scale = pow(r, -Double(falloff))
        let v = body.linearVelocity
        let vx = PhysicsUnits.meters(v.x), vy = PhysicsUnits.meters(v.y)
        var fx = 0.0, fy = 0.0   // newtons
        switch kind {
        case .linearGravity:
            fx = mass * 10 * s * Double(direction.dx)
            fy = mass * 10 * s * Double(direction.dy)
        case .radialGravity:
            fx = -mass * 10 * s * scale * unitX
            fy = -mass * 10 * s * scale * unitY
        case .velocity:
            body.linearVelocity = CGPoint(x: s * Double(direction.dx), y: s * Double(direction.dy))
            return
        case .noise, .turbulence:
            let cell = 100 + 900 * Double(smoothness)
            let n = noise.vector(x: Double(p.x) / cell, y: Double(p.y) / cell, t: time * Double(animationSpeed))
            let factor = kind == .noise ? mass * 10 * s : mass * s * hypot(vx, vy)
            fx = factor * n.dx
            fy = factor * n.dy
        case .spring:
            fx = -s * scale * unitX
            fy = -s * scale * unitY
        case .electric:
            fx = record.properties.charge * s * scale * unitX
            fy = record.properties.charge * s * scale * unitY
        case .magnetic:
            fx = record.properties.charge * s * vy
            fy = -record.properties.charge * s * vx
        case .drag:
            fx = -s * vx
            fy = -s * vy
        case .vortex:
            fx = s * scale * unitY
            fy = -s * scale * unitX
        case .custom:
            guard let evaluation else { return }
            let force = evaluation(self, p, CGVector(dx: v.x, dy: v.y), CGFloat(mass), CGFloat(record.properties.charge),
                                   seconds)
            fx = Double(force.dx)
            fy = Double(force.dy)
        }
        guard fx.isFinite, fy.isFinite, fx != 0 || fy != 0 else { return }
        body.applyForceToCenter(newtons: fx, fy, wake: false)
    }
}
