import Foundation

/// Turns Box2D's per-fixture contact transitions into UIKit's per-pair began/ended callbacks.
///
/// Two bodies can touch through several fixtures (an ellipse is a fan of polygons; a boundary has several
/// edges), so contacts are counted per pair: began is reported when the count leaves 0, ended when it returns.
extension UIDynamicAnimator {
    func deliverContacts() {
        // Without a listener there is nothing to count: contacts that began unobserved never report an end.
        guard collisionCache.contains(where: { $0.collisionDelegate != nil }) else {
            world.discardContactEvents()
            return
        }
        let events = world.drainContactEvents()
        guard !events.isEmpty else { return }
        for event in events {
            guard let ownerA = bodyOwners[event.tagA], let ownerB = bodyOwners[event.tagB] else { continue }
            let pair = ContactPair(event.tagA, event.tagB)
            let before = contactCounts[pair] ?? 0
            let after = max(0, before + (event.began ? 1 : -1))
            contactCounts[pair] = after == 0 ? nil : after
            if event.began && before == 0 {
                report(began: true, ownerA, ownerB, point: event.point)
            } else if !event.began && before == 1 {
                report(began: false, ownerA, ownerB, point: nil)
            }
        }
    }

    private func report(began: Bool, _ a: BodyOwner, _ b: BodyOwner, point: (x: Double, y: Double)?) {
        let contactPoint = point.map { CGPoint(x: $0.x, y: $0.y) } ?? .zero
        switch (a, b) {
        case (.item(let first), .item(let second)):
            let shared = first.itemsMask & second.itemsMask
            guard shared != 0 else { return }
            for collision in collisionCache where collision.groupBit & shared != 0 && collision.animator === self {
                collision.reportContact(began: began, first.item, second.item, at: contactPoint)
            }
        case (.item(let record), .boundary(let collision, let identifier)),
             (.boundary(let collision, let identifier), .item(let record)):
            guard collision.animator === self, record.boundariesMask & collision.groupBit != 0 else { return }
            collision.reportBoundaryContact(began: began, record.item, identifier: identifier, at: contactPoint)
        case (.boundary, .boundary):
            return
        }
    }
}
