import Foundation
import AnimaGraphics

extension CALayer {
    /// The sublayers, back to front; nil when there are none.
    public var sublayers: [CALayer]? {
        get {
            if isPresentationCopy, let model = modelLayerRef {
                return model.sublayers?.compactMap { $0.presentation() }
            }
            return _sublayers.isEmpty ? nil : _sublayers
        }
        set {
            // Check every new sublayer first, so a rejected one leaves the tree as it was.
            for layer in newValue ?? [] where !canAdopt(layer, "sublayers =") { return }
            let old = _sublayers
            _sublayers = []
            for layer in old {
                layer._superlayer = nil
                renderStore?.detach(layer)
            }
            for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(_sublayers.count)) }
            setNeedsLayoutAutomatically()
            noteChange(.sublayers)
        }
    }

    /// The superlayer, or nil for a root.
    public var superlayer: CALayer? {
        if isPresentationCopy { return modelLayerRef?._superlayer?.presentation() }
        return _superlayer
    }

    /// Whether `self` is `layer` or one of its ancestors.
    package func isAncestor(of layer: CALayer) -> Bool {
        var current: CALayer? = layer
        while let c = current {
            if c === self { return true }
            current = c._superlayer
        }
        return false
    }

    /// Whether drawing `self` draws `layer`: it is `self`, or reached through sublayers and masks (a mask is
    /// drawn with the layer it masks, so a mask closes a cycle as a sublayer does).
    package func draws(_ layer: CALayer) -> Bool {
        if layer === self { return true }
        if _sublayers.isEmpty && mask == nil { return false }
        var pending: [CALayer] = [self]
        var seen = Set<ObjectIdentifier>()   // only asked whether it holds a layer: its order never shows
        while let current = pending.popLast() {
            if current === layer { return true }
            guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
            pending.append(contentsOf: current._sublayers)
            if let mask = current.mask { pending.append(mask) }
        }
        return false
    }

    /// Rejects inserting `layer` when that would make a cycle.
    private func canAdopt(_ layer: CALayer, _ call: String) -> Bool {
        if layer.isAncestor(of: self) {
            Diagnostics.report("CALayer \(debugName): rejected \(call) of \(layer.debugName): a layer cannot contain itself or an ancestor (the tree is unchanged)")
            return false
        }
        if layer.draws(self) {
            Diagnostics.report("CALayer \(debugName): rejected \(call) of \(layer.debugName): \(layer.debugName) draws this layer through a mask, so it would contain itself (the tree is unchanged)")
            return false
        }
        if layer.isPresentationCopy || isPresentationCopy {
            Diagnostics.report("CALayer \(debugName): rejected \(call) of \(layer.debugName): presentation layers cannot be rearranged")
            return false
        }
        return true
    }

    /// Appends `layer` on top of the other sublayers, removing it from its old superlayer.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(_sublayers.count - (layer._superlayer === self ? 1 : 0)))
    }

    /// Inserts `layer` at `index` (clamped to the sublayer count).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard canAdopt(layer, "insertSublayer") else { return }
        layer.removeFromSuperlayerQuietly()
        let i = min(Int(index), _sublayers.count)
        _sublayers.insert(layer, at: i)
        layer._superlayer = self
        if let store = renderStore {
            store.attach(layer)
            store.linkSublayer(layer, at: i, of: self)
        }
        setNeedsLayoutAutomatically()
        noteChange([])
    }

    /// Inserts `layer` just below `sibling` (at the bottom when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard canAdopt(layer, "insertSublayer(below:)") else { return }
        layer.removeFromSuperlayerQuietly()
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    /// Inserts `layer` just above `sibling` (on top when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard canAdopt(layer, "insertSublayer(above:)") else { return }
        layer.removeFromSuperlayerQuietly()
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? _sublayers.count
        insertSublayer(layer, at: UInt32(i))
    }

    /// Replaces the sublayer `oldLayer` with `newLayer`; does nothing when `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = _sublayers.firstIndex(where: { $0 === oldLayer }) else {
            Diagnostics.report("CALayer \(debugName): replaceSublayer: \(oldLayer.debugName) is not a sublayer")
            return
        }
        if oldLayer === newLayer { return }
        guard canAdopt(newLayer, "replaceSublayer") else { return }
        newLayer.removeFromSuperlayerQuietly()
        let index = _sublayers.firstIndex(where: { $0 === oldLayer }) ?? i
        oldLayer._superlayer = nil
        renderStore?.detach(oldLayer)
        _sublayers[index] = newLayer
        newLayer._superlayer = self
        renderStore?.attach(newLayer)
        setNeedsLayoutAutomatically()
        noteChange(.sublayers)
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = _superlayer else { return }
        removeFromSuperlayerQuietly()
        parent.setNeedsLayoutAutomatically()
    }

    /// Detaches the layer from its superlayer, telling the display the superlayer belongs to (the layer may be
    /// moving to another display's tree, whose change alone would not reach the first display).
    private func removeFromSuperlayerQuietly() {
        guard let parent = _superlayer else { return }
        parent._sublayers.removeAll { $0 === self }
        _superlayer = nil
        renderStore?.detach(self)
        parent.noteChange([])
    }
}
