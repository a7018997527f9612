import Foundation
import AnimaGraphics

/// The sublayers' drawing order — by model `zPosition`, ties in sublayer order — kept incrementally.
///
/// ```
/// sublayers   a(z 0) b(z 2) c(z 0) d(z 1)      drawing order   a c d b
/// d.zPosition = 3                              remove d, insert by (z, index):   a c b d
/// ```
/// A change to the sublayer list drops the order (it is sorted again, once, when next read, and each
/// sublayer's index noted); a change to one sublayer's `zPosition` moves that sublayer alone: two binary
/// searches by (z, index) in an order already sorted by that key, and a shift of the siblings between its old
/// and new place. So a layer whose `zPosition` changes every frame costs about what any other single change
/// does, not a sort of its siblings per frame.
extension CALayer {
    /// The sublayers in drawing order: by `zPosition`, ties kept in sublayer order.
    package var renderOrderedSublayers: [CALayer] {
        if zPositionedSublayerCount == 0 { return _sublayers }
        if let order = cachedDrawingOrder { return order }
        for (i, layer) in _sublayers.enumerated() { layer.siblingIndex = Int32(i) }
        let order = _sublayers.sorted { $0.drawingKey < $1.drawingKey }   // keys are distinct: the sort is total
        cachedDrawingOrder = order
        return order
    }

    /// The sort key: model `zPosition`, then the index among the siblings (valid while the order is cached).
    private var drawingKey: DrawingKey { DrawingKey(z: state.zPosition, index: Int(siblingIndex)) }

    /// Drops the cached order after a change to the sublayer list.
    package func sublayerListDidChange() { cachedDrawingOrder = nil }

    /// Tells the render-side copy to link the sublayers again in drawing order at the next commit.
    package func sublayerOrderDidChange() {
        if let store = renderStore { store.noteChange(renderSlot, .sublayers) }
    }

    /// Moves `child` to its place in the cached order after its `zPosition` changed from `oldZ` (nothing to do
    /// when no order is cached: it is sorted when next read). Its old place is found by binary search on its
    /// old key, its new one likewise, and only the siblings between the two shift.
    package func sublayerZPositionDidChange(_ child: CALayer, from oldZ: CGFloat) {
        guard var order = cachedDrawingOrder else { return sublayerOrderDidChange() }
        cachedDrawingOrder = nil   // so that `order` is the buffer's only reference, and changes in place
        let target = ObjectIdentifier(child)
        var from = Self.lowerBound(of: DrawingKey(z: oldZ, index: Int(child.siblingIndex)), in: order, excluding: nil)
        if from >= order.count || ObjectIdentifier(order[from]) != target {
            // Not where its old key says (cannot happen while the cache is kept right): search every element.
            var found: Int?
            for (i, layer) in order.enumerated() where ObjectIdentifier(layer) == target {
                found = i
                break
            }
            guard let found else { return sublayerOrderDidChange() }
            from = found
        }
        // Where it goes among the others (sorted, and unchanged by its leaving): its index once it is back in.
        let to = Self.lowerBound(of: child.drawingKey, in: order, excluding: from)
        if to != from {
            // Moved as memory (one memmove, overlapping allowed), not assigned element by element, which would
            // retain and release every sibling in between.
            order.withUnsafeMutableBufferPointer { layers in
                guard let base = layers.baseAddress else { return }
                let moving = (base + from).move()
                if to > from {
                    (base + from).moveInitialize(from: base + from + 1, count: to - from)
                } else {
                    (base + to + 1).moveInitialize(from: base + to, count: from - to)
                }
                (base + to).initialize(to: moving)
            }
        }
        cachedDrawingOrder = order
        renderStore?.moveSublayer(child, before: to + 1 < order.count ? order[to + 1] : nil)
    }

    /// The first place in `order` (sorted by drawing key), left out the element at `excluded`, whose key is not
    /// less than `key`: an index into `order` without that element.
    private static func lowerBound(of key: DrawingKey, in order: [CALayer], excluding excluded: Int?) -> Int {
        var low = 0, high = order.count - (excluded == nil ? 0 : 1)
        while low < high {
            let mid = (low + high) / 2
            let index = excluded.map { mid < $0 ? mid : mid + 1 } ?? mid
            if order[index].drawingKey < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// `layers` sorted by `zPosition`, ties kept in order (presentation copies, which keep no cache).
    package static func drawingOrder(_ layers: [CALayer]) -> [CALayer] {
        if layers.allSatisfy({ $0.state.zPosition == 0 }) { return layers }
        return layers.enumerated().sorted {
            $0.element.state.zPosition != $1.element.state.zPosition
                ? $0.element.state.zPosition < $1.element.state.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }
}

/// A sublayer's place in the drawing order: `zPosition`, then sublayer index.
private struct DrawingKey: Comparable {
    var z: CGFloat
    var index: Int
    static func < (a: DrawingKey, b: DrawingKey) -> Bool { a.z != b.z ? a.z < b.z : a.index < b.index }
}
