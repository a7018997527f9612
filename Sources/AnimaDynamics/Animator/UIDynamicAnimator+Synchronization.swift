import AnimaGraphics
import Foundation

/// What a Box2D body tag stands for in contact events.
enum BodyOwner {
    case item(ItemRecord)
    case boundary(UICollisionBehavior, identifier: AnyHashable?)
}

/// An unordered pair of body tags, for counting touching fixtures between the same two bodies.
struct ContactPair: Hashable {
    let low: UInt64
    let high: UInt64
    init(_ a: UInt64, _ b: UInt64) {
        low = min(a, b)
        high = max(a, b)
    }
}

/// An item the animator refused, remembered so the diagnostic is given once.
final class RejectedItem {
    weak var item: AnyObject?
    init(_ item: AnyObject) { self.item = item }
}

extension UIDynamicAnimator {
    func synchronizeIfNeeded() {
        if needsSynchronize { synchronize() }
    }

    /// Brings the Box2D world in line with the behaviors: bodies for items, item properties,
    /// collision groups, then each behavior's joints and boundaries. Runs between steps only.
    func synchronize() {
        needsSynchronize = false
        let flattened = flattenedBehaviors()
        flattenedCache = flattened
        collisionCache = flattened.compactMap { $0 as? UICollisionBehavior }
        synchronizeRecords(flattened)
        synchronizeProperties(flattened)
        synchronizeCollisionGroups(flattened)
        synchronizeFieldLimit(flattened)
        for behavior in flattened { behavior.synchronize(with: self) }
        if wakeAllOnSynchronize {
            wakeAllOnSynchronize = false
            for record in records { record.body.isAwake = true }
        }
    }

    private func synchronizeRecords(_ flattened: [UIDynamicBehavior]) {
        var wanted: [UIDynamicItem] = []
        var seen: Set<ObjectIdentifier> = []
        for behavior in flattened {
            for item in behavior.physicsItems where seen.insert(ObjectIdentifier(item)).inserted {
                wanted.append(item)
            }
        }
        // Drop records no behavior refers to any more (their joints go with the body).
        var kept: [ObjectIdentifier: ItemRecord] = [:]
        var dropped: [UInt64] = []
        for record in records {
            if seen.contains(ObjectIdentifier(record.item)) {
                kept[ObjectIdentifier(record.item)] = record
            } else {
                dropped.append(record.tag)
                ItemClaims.release(record.item, from: self)
            }
        }
        forgetBodies(tagged: dropped)
        // Keep the order in which items first appear in the behaviors.
        var newRecords: [ItemRecord] = []
        var index: [ObjectIdentifier: Int] = [:]
        for item in wanted {
            let key = ObjectIdentifier(item)
            if let record = kept[key] ?? makeRecord(for: item) {
                index[key] = newRecords.count
                newRecords.append(record)
            }
        }
        records = newRecords
        recordIndex = index
    }

    /// Forgets what tags of destroyed bodies stood for, and their contact counts.
    func forgetBodies(tagged tags: [UInt64]) {
        guard !tags.isEmpty else { return }
        for tag in tags { bodyOwners[tag] = nil }
        if !contactCounts.isEmpty {
            let gone = Set(tags)
            contactCounts = contactCounts.filter { !gone.contains($0.key.low) && !gone.contains($0.key.high) }
        }
    }

    private func makeRecord(for item: UIDynamicItem) -> ItemRecord? {
        let key = ObjectIdentifier(item)
        if let rejected = rejectedItems[key], rejected.item === item { return nil }
        func reject(_ reason: String) -> ItemRecord? {
            DynamicsDiagnostics.report("UIDynamicAnimator: item \(DynamicsDiagnostics.name(item)) ignored: \(reason)")
            rejectedItems[key] = RejectedItem(item)
            return nil
        }
        let center = item.center
        if let error = ItemGeometryError.check(center: center) { return reject(error.description) }
        let shape: ItemShape
        switch ItemShape.read(item) {
        case .failure(let error): return reject(error.description)
        case .success(let read): shape = read
        }
        let t = item.transform
        let angle = (t.a.isFinite && t.b.isFinite) ? Double(atan2(t.b, t.a)) : 0
        if let owner = ItemClaims.claim(item, for: self) {
            return reject("it is already in another animator (\(DynamicsDiagnostics.name(owner)))")
        }
        guard let body = makeBody(kind: .dynamicBody, at: center, angle: angle) else {
            ItemClaims.release(item, from: self)
            return reject("Box2D refused its position")
        }
        guard shape.build(on: body, material: ItemProperties().material) else {
            ItemClaims.release(item, from: self)
            return reject(ItemGeometryError.rejectedByBox2D.description)
        }
        body.setCollisionGroups(items: 0, boundaries: 0, owner: 0)
        let record = ItemRecord(item: item, body: body, shape: shape)
        bodyOwners[record.tag] = .item(record)
        return record
    }

    private func synchronizeProperties(_ flattened: [UIDynamicBehavior]) {
        let itemBehaviors = flattened.compactMap { $0 as? UIDynamicItemBehavior }
        for record in records {
            var properties = ItemProperties()
            // The last item behavior (in order) that lists the item decides.
            for behavior in itemBehaviors where behavior.items.contains(where: { $0 === record.item }) {
                properties = behavior.properties
            }
            record.apply(properties)
        }
    }

    /// UIKit allows at most 32 distinct fields per animator; later ones have no effect.
    private func synchronizeFieldLimit(_ flattened: [UIDynamicBehavior]) {
        for (position, field) in flattened.compactMap({ $0 as? UIFieldBehavior }).enumerated() {
            let active = position < 32
            if !active && field.isWithinFieldLimit {
                DynamicsDiagnostics.report("UIDynamicAnimator supports a maximum of 32 distinct fields; "
                    + "\(DynamicsDiagnostics.name(field)) has no effect")
            }
            field.isWithinFieldLimit = active
        }
    }

    private func synchronizeCollisionGroups(_ flattened: [UIDynamicBehavior]) {
        let collisions = flattened.compactMap { $0 as? UICollisionBehavior }
        var itemsMasks = [UInt64](repeating: 0, count: records.count)
        var boundariesMasks = [UInt64](repeating: 0, count: records.count)
        for (position, collision) in collisions.enumerated() {
            guard position < 64 else {
                DynamicsDiagnostics.report("UIDynamicAnimator: more than 64 collision behaviors; "
                    + "\(DynamicsDiagnostics.name(collision)) has no effect")
                collision.groupBit = 0
                continue
            }
            let bit = UInt64(1) << UInt64(position)
            collision.groupBit = bit
            for item in collision.items {
                guard let index = recordIndex[ObjectIdentifier(item)], records[index].item === item else { continue }
                if collision.collisionMode.contains(.items) { itemsMasks[index] |= bit }
                if collision.collisionMode.contains(.boundaries) { boundariesMasks[index] |= bit }
            }
        }
        for (index, record) in records.enumerated()
        where record.itemsMask != itemsMasks[index] || record.boundariesMask != boundariesMasks[index] {
            record.itemsMask = itemsMasks[index]
            record.boundariesMask = boundariesMasks[index]
            record.body.setCollisionGroups(items: itemsMasks[index], boundaries: boundariesMasks[index], owner: 0)
        }
    }
}
