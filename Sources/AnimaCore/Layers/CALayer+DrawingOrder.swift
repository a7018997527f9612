import Foundation
import AnimaGraphics

/// The sublayers' drawing order — by model `zPosition`, ties in sublayer order — kept incrementally.
///
/// ```
/// sublayers   a(z 0) b(z 2) c(z 0) d(z 1)      drawing order   a c d b
/// d.zPosition = 3                              remove d, insert by (z, index):   a c b d
/// ```
/// A change to the sublayer list drops the order (it is sorted again, once, when next read, and each
/// sublayer's index noted); a change to one sublayer's `zPosition` moves that sublayer alone: a removal
/// and a binary search by (z, index) in an order already sorted by that key. So a layer whose `zPosition`
/// changes every frame costs about what any other single change does, not a sort of its siblings per frame.
extension CALayer {
    /// The sublayers in drawing order: by `zPosition`, ties kept in sublayer order.
    package var renderOrderedSublayers: [CALayer] {
        if zPositionedSublayerCount == 0 { return _sublayers }
        if let order = cachedDrawingOrder { return order }
        for (i, layer) in _sublayers.enumerated() { layer.siblingIndex = i }
        let order = _sublayers.sorted { $0.drawingKey < $1.drawingKey }   // keys are distinct: the sort is total
        cachedDrawingOrder = order
        return order
    }

    /// The sort key: model `zPosition`, then the index among the siblings (valid while the order is cached).
    private var drawingKey: DrawingKey { DrawingKey(z: state.zPosition, index: siblingIndex) }

    /// Drops the cached order after a change to the sublayer list.
    package func sublayerListDidChange() { cachedDrawingOrder = nil }

    /// Moves `child` to its place in the cached order after its `zPosition` changed (nothing to do when no
    /// order is cached: it is sorted when next read).
    package func sublayerZPositionDidChange(_ child: CALayer) {
        guard var order = cachedDrawingOrder else { return }
        cachedDrawingOrder = nil   // so that `order` is the buffer's only reference, and changes in place
        // A plain loop over the elements: `firstIndex(where:)` with a closure from main-actor code checks the
        // actor per element, which measured more than the rest of the change.
        let target = ObjectIdentifier(child)
        let found: Int? = withElements(of: order) { layers in
            var i = 0
            while i < layers.count {
                if ObjectIdentifier(layers[i]) == target { return i }
                i += 1
            }
            return nil
        }
        guard let from = found else { return }
        order.remove(at: from)
        let key = child.drawingKey
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if order[mid].drawingKey < key { low = mid + 1 } else { high = mid }
        }
        order.insert(child, at: low)
        cachedDrawingOrder = order
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
