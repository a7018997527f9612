import Foundation

/// Finding, changing and removing layers of a description tree by id (depth first, in sublayer order).
extension Array where Element == RefLayer {
    /// Every layer id, depth first.
    var allIDs: [Int] {
        flatMap { [$0.id] + $0.sublayers.allIDs }
    }

    /// The layer with `id`.
    func layer(_ id: Int) -> RefLayer? {
        for l in self {
            if l.id == id { return l }
            if let found = l.sublayers.layer(id) { return found }
        }
        return nil
    }

    /// Changes the layer with `id` in place; false when there is none.
    @discardableResult
    mutating func modify(_ id: Int, _ change: (inout RefLayer) -> Void) -> Bool {
        for i in indices {
            if self[i].id == id { change(&self[i]); return true }
            if self[i].sublayers.modify(id, change) { return true }
        }
        return false
    }

    /// Removes the layer with `id` (and its subtree) and returns it.
    mutating func remove(_ id: Int) -> RefLayer? {
        if let i = firstIndex(where: { $0.id == id }) { return remove(at: i) }
        for i in indices {
            if let found = self[i].sublayers.remove(id) { return found }
        }
        return nil
    }

    /// The local time of layer `id` when the display (the parent of these layers) is at `time` (§1.2 composed).
    func localTime(of id: Int, at time: Double) -> Double? {
        for l in self {
            let t = ReferenceTiming.layerTime(parentTime: time, beginTime: l.beginTime, speed: l.speed,
                                              timeOffset: l.timeOffset)
            if l.id == id { return t }
            if let found = l.sublayers.localTime(of: id, at: t) { return found }
        }
        return nil
    }
}
