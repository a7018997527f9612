import CAnimaSupport

/// Cache prefetching for frame evaluation.
///
/// Evaluation walks from a sublayer array to each layer, from the layer to its animation list, and from
/// the list to each animation: three dependent loads per layer, each usually a cache miss once the tree
/// no longer fits in the caches (10 000 animated layers span tens of megabytes). Walking a sibling
/// array, the builder asks for those loads a few siblings ahead, in stages (the object eight ahead, its
/// list four ahead, its animations two ahead, each stage reading what the previous one loaded), so the
/// misses overlap. Prefetching changes no result; it only changes when memory arrives.
extension CALayer {
    /// The fields evaluation reads, from the object header through the local-time fields (about 450 bytes:
    /// eight cache lines).
    @inline(__always)
    package final func prefetchObject() {
        anima_prefetch(Unmanaged.passUnretained(self).toOpaque(), 8)
    }

    /// The animation list's buffer (its first two cache lines: header and first entries). An array is one
    /// reference to its buffer; no closure (a closure here would cost an actor-isolation check per call).
    @inline(__always)
    package final func prefetchAnimationList() {
        anima_prefetch(unsafeBitCast(animationEntries, to: UnsafeRawPointer.self), 2)
    }

    /// The start of each stored animation, where ``CAAnimation`` keeps what evaluation reads (about 200 bytes:
    /// four cache lines, as objects are 16-byte aligned).
    @inline(__always)
    package final func prefetchAnimations() {
        // Indexes the stored list in place (a local copy of the array would retain its buffer, and a retain
        // is an atomic write that waits for the very cache line this is asking for).
        var j = 0
        while j < animationEntries.count {
            anima_prefetch(Unmanaged.passUnretained(animationEntries[j].animation).toOpaque(), 4)
            j += 1
        }
    }
}

extension RenderTreeBuilder {
    /// Prefetches, in stages, the siblings evaluation will reach after `layers[i]`.
    @inline(__always)
    static func prefetchAhead(of i: Int, in layers: borrowing [CALayer]) {
        let n = layers.count
        if i + 8 < n { layers[i + 8].prefetchObject() }
        if i + 4 < n { layers[i + 4].prefetchAnimationList() }
        if i + 2 < n { layers[i + 2].prefetchAnimations() }
    }
}
