import AnimaGraphics
import Foundation

/// How each attachment kind maps onto a Box2D joint, and keeping the joint's parameters current.
extension UIAttachmentBehavior {
    func synchronizeJoint(with animator: UIDynamicAnimator) {
        var bodies: [PhysicsBody] = []
        for item in attachedItems {
            guard let record = animator.record(for: item) else {
                joint = nil
                return
            }
            bodies.append(record.body)
        }
        if attachedBehaviorType == .anchor {
            guard let ground = animator.groundBody else { return }
            bodies.append(ground)
        }
        let ids = bodies.map(ObjectIdentifier.init)
        if joint == nil || joint?.isValid == false || ids != jointBodies || needsRebuild {
            needsRebuild = false
            jointBodies = ids
            joint = makeJoint(bodies)
        }
        updateParameters(bodies)
    }

    /// The reference-coordinate position of attachment point `index` on its body now.
    private func attachmentPoint(_ index: Int, on body: PhysicsBody) -> CGPoint {
        let o = localOffsets[index], p = body.position, angle = body.angle
        return CGPoint(x: p.x + cos(angle) * o.horizontal - sin(angle) * o.vertical,
                       y: p.y + sin(angle) * o.horizontal + cos(angle) * o.vertical)
    }

    private func makeJoint(_ bodies: [PhysicsBody]) -> PhysicsJoint? {
        let a = bodies[0], b = bodies[1]
        let pointA = attachmentPoint(0, on: a)
        let pointB = attachedBehaviorType == .anchor ? anchorPoint : attachmentPoint(1, on: b)
        switch kind {
        case .distance, .limit:
            return PhysicsJoint.distance(a, b, anchorA: pointA, anchorB: pointB, length: length, minLength: 0,
                                         maxLength: length, stiffness: 0, damping: 0)
        case .fixed:
            return PhysicsJoint.weld(a, b, anchor: pointA, stiffness: 0, damping: 0)
        case .pin:
            return PhysicsJoint.revolute(a, b, anchor: pointA, limit: attachmentRange.limit,
                                         frictionTorque: frictionTorque)
        case .sliding(let axis):
            guard axis.dx.isFinite, axis.dy.isFinite, axis.dx != 0 || axis.dy != 0 else { return nil }
            if attachedBehaviorType == .anchor {
                // The fixed side is the ground; the item slides through the anchor.
                return PhysicsJoint.prismatic(b, a, anchor: anchorPoint, axis: axis, limit: attachmentRange.limit,
                                              frictionForce: frictionTorque)
            }
            return PhysicsJoint.prismatic(a, b, anchor: pointA, axis: axis, limit: attachmentRange.limit,
                                          frictionForce: frictionTorque)
        }
    }

    private func updateParameters(_ bodies: [PhysicsBody]) {
        guard let joint else { return }
        let a = bodies[0], b = bodies[1]
        switch kind {
        case .distance:
            if frequency > 0 {
                let spring = PhysicsJoint.linearStiffness(frequency: frequency, dampingRatio: damping, a, b)
                joint.setLengths(length: length, minLength: 0, maxLength: .infinity)
                joint.setSpring(stiffness: spring.stiffness, damping: spring.damping)
            } else {
                joint.setLengths(length: length, minLength: length, maxLength: length)
                joint.setSpring(stiffness: 0, damping: 0)
            }
        case .limit:
            joint.setLengths(length: length, minLength: 0, maxLength: length)
            joint.setSpring(stiffness: 0, damping: 0)
        case .fixed:
            let spring = frequency > 0
                ? PhysicsJoint.angularStiffness(frequency: frequency, dampingRatio: damping, a, b) : (0, 0)
            joint.setSpring(stiffness: spring.0, damping: spring.1)
        case .pin, .sliding:
            joint.setLimit(attachmentRange.limit)
            joint.setFriction(frictionTorque)
        }
    }
}
