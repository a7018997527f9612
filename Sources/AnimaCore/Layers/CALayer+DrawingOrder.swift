import Foundation
import AnimaGraphics

/// The sublayers' drawing order — by model `zPosition`, ties in sublayer order — kept incrementally.
///
/// ```
/// sublayers   a(z 0) b(z 2) c(z 0) d(z 1)      drawing order   a c d b
/// d.zPosition = 3                              remove d, insert by (z, index):   a c b d
/// ```
/// A change to the sublayer list drops the order (it is sorted again, once, when next read, and each
/// sublayer's index noted); a change to one sublayer's `zPosition` moves that sublayer alone, in a sorted order
/// kept in chunks of at most 256 sublayers with their keys beside them: a binary search over the chunks' last
/// keys and one inside a chunk find its old place and its new one, and only the siblings after it in those two
/// chunks shift. So a layer whose `zPosition` changes every frame costs about what any other single change does
/// (≈ √n work at worst, 16-byte keys read, not a layer object per probe), not a sort of its siblings per frame,
/// nor a shift of all of them.
extension CALayer {
    /// The sublayers in drawing order: by `zPosition`, ties kept in sublayer order.
    package var renderOrderedSublayers: [CALayer] {
        if zPositionedSublayerCount == 0 { return _sublayers }
        if var order = cachedDrawingOrder {
            if let layers = order.flattened { return layers }
            cachedDrawingOrder = nil   // one reference to the chunks while the flat list is noted
            let layers = order.flatten()
            cachedDrawingOrder = order
            return layers
        }
        for (i, layer) in _sublayers.enumerated() { layer.siblingIndex = Int32(i) }
        var order = SublayerDrawingOrder(sorting: _sublayers)
        let layers = order.flatten()
        cachedDrawingOrder = order
        return layers
    }

    /// The sort key: model `zPosition`, then the index among the siblings (valid while the order is cached).
    fileprivate var drawingKey: DrawingKey { DrawingKey(z: state.zPosition, index: Int(siblingIndex)) }

    /// Drops the cached order after a change to the sublayer list.
    package func sublayerListDidChange() { cachedDrawingOrder = nil }

    /// Tells the render-side copy to link the sublayers again in drawing order at the next commit.
    package func sublayerOrderDidChange() {
        if let store = renderStore { store.noteChange(renderSlot, .sublayers) }
    }

    /// Moves `child` to its place in the cached order after its `zPosition` changed from `oldZ` (nothing to do
    /// when no order is cached: it is sorted when next read), and the render-side copy's sublayer likewise.
    package func sublayerZPositionDidChange(_ child: CALayer, from oldZ: CGFloat) {
        guard var order = cachedDrawingOrder else { return sublayerOrderDidChange() }
        cachedDrawingOrder = nil   // so that `order`'s buffers have one reference each, and change in place
        let (moved, next) = order.move(child, from: DrawingKey(z: oldZ, index: Int(child.siblingIndex)))
        guard moved else { return sublayerOrderDidChange() }
        cachedDrawingOrder = order
        renderStore?.moveSublayer(child, before: next)
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

/// A superlayer's sublayers sorted by drawing key, in chunks with their keys beside them (see
/// `renderOrderedSublayers`).
///
/// ```
/// chunks   [a c d]  [e f b]  [g h]        last keys searched first, then the keys inside one chunk
/// move d:  [a c]    [e d f b] [g h]       d leaves one chunk and enters another; a chunk over 256 splits
/// ```
@MainActor
package struct SublayerDrawingOrder {
    private struct Chunk {
        var layers: [CALayer]
        var keys: [DrawingKey]
    }
    /// Never empty; only the first chunk may be empty (when there are no sublayers).
    private var chunks: [Chunk]
    /// The sublayers in order, flattened, until the next move.
    private(set) var flattened: [CALayer]?

    private static let chunkSize = 128, largestChunk = 256

    /// `sublayers` sorted by key (their `siblingIndex` noted first; keys are distinct, so the sort is total).
    init(sorting sublayers: [CALayer]) {
        let sorted = sublayers.map { ($0.drawingKey, $0) }.sorted { $0.0 < $1.0 }
        chunks = stride(from: 0, to: max(sorted.count, 1), by: Self.chunkSize).map { start in
            let part = sorted[start..<min(start + Self.chunkSize, sorted.count)]
            return Chunk(layers: part.map(\.1), keys: part.map(\.0))
        }
    }

    /// The sublayers in order (noting them until the next move).
    mutating func flatten() -> [CALayer] {
        if let flattened { return flattened }
        let layers = chunks.flatMap(\.layers)
        flattened = layers
        return layers
    }

    /// Moves `child`, whose key was `oldKey`, to the place its key gives now, and gives the sublayer now after it.
    /// `moved` is false when it is not where its old key says (which cannot happen while the cache is kept right).
    mutating func move(_ child: CALayer, from oldKey: DrawingKey) -> (moved: Bool, next: CALayer?) {
        let (c, i) = place(of: oldKey)
        guard c < chunks.count, i < chunks[c].layers.count, chunks[c].layers[i] === child else { return (false, nil) }
        flattened = nil
        chunks[c].layers.remove(at: i)
        chunks[c].keys.remove(at: i)
        if chunks[c].layers.isEmpty && chunks.count > 1 { chunks.remove(at: c) }

        let key = child.drawingKey
        var (d, j) = place(of: key)
        if d == chunks.count { d -= 1; j = chunks[d].layers.count }   // after every other: the last chunk's end
        chunks[d].layers.insert(child, at: j)
        chunks[d].keys.insert(key, at: j)
        if chunks[d].layers.count > Self.largestChunk {
            let half = chunks[d].layers.count / 2
            let upper = Chunk(layers: Array(chunks[d].layers[half...]), keys: Array(chunks[d].keys[half...]))
            chunks[d].layers.removeSubrange(half...)
            chunks[d].keys.removeSubrange(half...)
            chunks.insert(upper, at: d + 1)
            if j >= half { d += 1; j -= half }
        }
        if j + 1 < chunks[d].layers.count { return (true, chunks[d].layers[j + 1]) }
        return (true, d + 1 < chunks.count ? chunks[d + 1].layers.first : nil)
    }

    /// The first place whose key is not less than `key`: a chunk and an index in it (`chunks.count`, 0 when every
    /// key is less).
    private func place(of key: DrawingKey) -> (chunk: Int, index: Int) {
        var low = 0, high = chunks.count
        while low < high {   // the first chunk whose last key is not less than `key`
            let mid = (low + high) / 2
            if let last = chunks[mid].keys.last, last < key { low = mid + 1 } else { high = mid }
        }
        guard low < chunks.count else { return (low, 0) }
        let keys = chunks[low].keys
        var first = 0, end = keys.count
        while first < end {
            let mid = (first + end) / 2
            if keys[mid] < key { first = mid + 1 } else { end = mid }
        }
        return (low, first)
    }
}

/// A sublayer's place in the drawing order: `zPosition`, then sublayer index.
struct DrawingKey: Comparable {
    var z: CGFloat
    var index: Int
    static func < (a: DrawingKey, b: DrawingKey) -> Bool { a.z != b.z ? a.z < b.z : a.index < b.index }
}
