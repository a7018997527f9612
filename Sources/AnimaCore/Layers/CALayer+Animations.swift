import Foundation
import AnimaGraphics

extension CALayer {
    /// Adds a copy of `anim` under `key` (nil is allowed; each nil add coexists with the others;
    /// a `CATransition` is always stored under ``kCATransition``).
    ///
    /// An animation already under `key` is removed first and reports `finished = false`. A zero
    /// duration becomes the transaction's `animationDuration` (0.25 s by default); a nil timing
    /// function takes the transaction's. Timing functions are immutable, so the copy may keep an equal one
    /// (same control points and name) that other stored copies share, rather than the original's object. The
    /// copy starts when the transaction commits: a `beginTime` of 0 becomes the layer's local time at that commit. Unknown key paths and values
    /// of the wrong type are rejected with a diagnostic, and the layer is left as it was.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else { return }
        let key = anim is CATransition ? kCATransition : key
        let copy = anim.makeCopy()
        // An action animation (or any property animation) without a key path animates the key it is added
        // under, when that key names a property (or a custom one): `layer.actions = ["zPosition": CABasicAnimation()]`.
        if let property = copy as? CAPropertyAnimation, property.keyPath == nil, let key,
           LayerKeyPath(key) != nil || hasCustomProperty(key) {
            property.keyPath = key
        }
        if copy.duration <= 0 { copy.duration = CATransaction.animationDuration() }
        if copy.timingFunction == nil { copy.timingFunction = CATransaction.animationTimingFunction() }
        guard copy.validate(for: self, key: key) else { return }
        let pipeline = FramePipeline.current
        if let function = copy.timingFunction { copy.timingFunction = pipeline.sharedTimingFunction(equalTo: function) }
        noteChange(.animations)
        if let key, let i = animationEntries.firstIndex(where: { $0.isUserKey && $0.key == key }) {
            let old = animationEntries.remove(at: i)
            pipeline.animationRemoved(old.animation, finished: false)
        }
        let entryKey = key ?? pipeline.makeInternalAnimationKey()
        copy.attachedLayerID = layerID
        animationEntries.append(AnimationEntry(key: entryKey, isUserKey: key != nil, animation: copy))
        pipeline.animationAdded(copy, to: self)
    }

    /// The stored copy under `key` (do not modify it).
    public func animation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.isUserKey && $0.key == key }?.animation
    }

    /// The keys of the attached animations in the order they apply (animations added with a nil
    /// key are not listed: they have no key to ask for).
    public func animationKeys() -> [String]? {
        let keys = animationEntries.filter(\.isUserKey).map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears `finished = false` unless it had finished.
    public func removeAnimation(forKey key: String) {
        guard let i = animationEntries.firstIndex(where: { $0.isUserKey && $0.key == key }) else { return }
        let entry = animationEntries.remove(at: i)
        noteChange(.animations)
        FramePipeline.current.animationRemoved(entry.animation, finished: false)
    }

    /// Removes every animation.
    public func removeAllAnimations() {
        let removed = animationEntries
        animationEntries.removeAll()
        guard !removed.isEmpty else { return }
        noteChange(.animations)
        for entry in removed { FramePipeline.current.animationRemoved(entry.animation, finished: false) }
    }

    /// The layer's local time for the absolute time `t` (see ``convertTime(_:from:)``).
    package func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        var chain: [CALayer] = []
        var current: CALayer? = self
        while let c = current { chain.append(c); current = c._superlayer }
        var time = t
        for layer in chain.reversed() { time = layer.localTime(fromParentTime: time) }
        return time
    }

    @inline(__always)
    package func localTime(fromParentTime t: CFTimeInterval) -> CFTimeInterval {
        (t - ownTiming.beginTime) * Double(ownTiming.speed) + ownTiming.timeOffset
    }

    /// Converts time `t` from `layer`'s local time (nil: absolute media time) to this layer's.
    ///
    /// `t = (parentTime − beginTime) × speed + timeOffset`, composed down from the root.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let absolute = layer?.absoluteTime(fromLocal: t) ?? t
        return localTime(fromAbsolute: absolute)
    }

    /// Converts time `t` from this layer's local time to `layer`'s (nil: absolute media time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let absolute = absoluteTime(fromLocal: t)
        return layer?.localTime(fromAbsolute: absolute) ?? absolute
    }

    /// Inverts the chain up to the root: `parent = (t − timeOffset) / speed + beginTime`. Through a
    /// layer with speed 0 the answer is that layer's `beginTime` (our reading of an UNCONFIRMED rule).
    package func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var current: CALayer? = self
        while let c = current {
            time = c.speed == 0 ? c.beginTime : (time - c.timeOffset) / Double(c.speed) + c.beginTime
            current = c._superlayer
        }
        return time
    }
}
