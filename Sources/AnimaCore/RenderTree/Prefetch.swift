import CAnimaSupport

/// Cache prefetching for frame evaluation.
///
/// Evaluation walks from a sublayer array to each layer and from the layer to each animation: dependent
/// loads, each usually a cache miss once the tree no longer fits in the caches (10 000 animated layers span
/// tens of megabytes). Walking a sibling array, the builder asks for those loads a few siblings ahead, in
/// stages (the object eight ahead, its animations two ahead), so the misses overlap. Prefetching changes no
/// result; it only changes when memory arrives.
extension CALayer {
    /// How many bytes from its start a layer object holds what evaluation reads: the fields declared first in
    /// ``CALayer`` with the object header, and its `state` but for the transform (four or five cache lines, as
    /// objects are 16-byte aligned).
    package static let evaluatedBytes = 256

    @inline(__always)
    package final func prefetchObject() {
        anima_prefetch_bytes(Unmanaged.passUnretained(self).toOpaque(), CALayer.evaluatedBytes)
    }

    /// The start of each stored animation, where ``CAAnimation`` keeps what evaluation reads
    /// (``CAAnimation/evaluatedBytes``: two cache lines, wherever a 16-byte-aligned object starts).
    @inline(__always)
    package final func prefetchAnimations() {
        // Indexes the stored list in place (a local copy of the array would retain its buffer, and a retain
        // is an atomic write that waits for the very cache line this is asking for).
        var j = 0
        while j < animationEntries.count {
            anima_prefetch_bytes(Unmanaged.passUnretained(animationEntries[j].animation).toOpaque(), CAAnimation.evaluatedBytes)
            j += 1
        }
    }
}

extension CAAnimation {
    /// How many bytes from its start an animation object holds what evaluation reads: the header, flags, the
    /// pacing's reference and the scalar endpoints.
    package static let evaluatedBytes = 80
}

extension RenderTreeBuilder {
    /// Prefetches, in stages, the siblings evaluation will reach after layer `i` of the `count` layer
    /// references at `layers` (read unretained: a retain would wait for the very line being prefetched).
    @inline(__always)
    static func prefetchAhead(of i: Int, count n: Int, in layers: UnsafeRawPointer) {
        if i + 8 < n { withUnretained(layer(i + 8, in: layers)) { $0.prefetchObject() } }
        if i + 2 < n { withUnretained(layer(i + 2, in: layers)) { $0.prefetchAnimations() } }
    }

    /// Layer `i` of the layer references at `layers` (an array's elements), unretained.
    @inline(__always)
    static func layer(_ i: Int, in layers: UnsafeRawPointer) -> Unmanaged<CALayer> {
        layers.load(fromByteOffset: i * MemoryLayout<CALayer>.stride, as: Unmanaged<CALayer>.self)
    }
}

/// Calls `body` with each layer of `layers` in order, unretained (`layers` keeps them alive, and a retain and
/// release per layer, atomic writes, would cost more than a visit's arithmetic), prefetching in stages the
/// siblings it will reach (``RenderTreeBuilder/prefetchAhead(of:count:in:)``). Stops at the first layer for which
/// `body` returns false; returns whether it reached the end.
@inline(__always)
@MainActor
func forEachPrefetching(_ layers: [CALayer], _ body: (CALayer) -> Bool) -> Bool {
    withElements(of: layers) { buffer in
        guard let base = buffer.baseAddress else { return true }
        let references = UnsafeRawPointer(base)
        for i in 0..<buffer.count {
            RenderTreeBuilder.prefetchAhead(of: i, count: buffer.count, in: references)
            guard withUnretained(RenderTreeBuilder.layer(i, in: references), body) else { return false }
        }
        return true
    }
}

/// Calls `body` with the object `reference` points at, borrowed: no retain and release around the call (the
/// caller keeps the object alive).
///
/// A wrapper rather than a direct call: a closure literal passed straight to the standard library (built in
/// Swift 5 mode) from main-actor code gets a dynamic actor-isolation check per call, three runtime calls,
/// which would cost more than the retain it saves. Passed to this Swift 6 function, it gets none.
@inline(__always)
func withUnretained<T: AnyObject, R>(_ reference: Unmanaged<T>, _ body: (T) -> R) -> R {
    reference._withUnsafeGuaranteedRef(body)
}

/// `array.withUnsafeBufferPointer(body)`, without the isolation check (see ``withUnretained(_:_:)``).
@inline(__always)
func withElements<T, R>(of array: [T], _ body: (UnsafeBufferPointer<T>) -> R) -> R {
    array.withUnsafeBufferPointer(body)
}
