import Foundation
import AnimaGraphics

extension CALayer {
    /// The drawn contents the render tree shows for the presentation state `s`, while animations change a key the
    /// class redraws for (evaluation shows ``showModelStore()`` otherwise).
    ///
    /// While animations change a key the class redraws for (`needsDisplay(forKey:)` is true), the
    /// layer is drawn again from a presentation copy holding `s` — a `CAShapeLayer` animating
    /// `strokeEnd` draws a longer stroke every frame. The store is cached by those keys' values, so a
    /// frame whose values did not change draws nothing. When the keys' values equal the model's, the
    /// model's store shows.
    package func drawnContents(presenting s: LayerState) -> BackingStore? {
        let keys = type(of: self).displayKeyProperties
        if Self.values(of: keys, in: s, equal: state) { return showModelStore() }
        if let store = presentedStore, store.grid == nil, Self.key(store.key, of: keys, matches: s) { return store }

        let copy = type(of: self).init(layer: self)
        copy.isPresentationCopy = true
        copy.modelLayerRef = self
        copy.state = s
        var store = BackingStoreRasterizer.draw(copy, dirtyRect: nil, previous: nil)
        store.key = keys.map { s.value(of: $0) }
        presentedStore = store
        storedContentsVersion &+= 1
        return store
    }

    /// The drawn contents on the display's pixel `grid` (nil: at `contentsScale`, at most `maximumScale`) for the
    /// presentation state `s` (nil: the model's), limited to `visible` (layer coordinates), for a layer that
    /// ``drawsInStepWithDisplay``. Cached like a presentation store, by the display keys' values, the grid, the
    /// scale and what of the layer can be seen, so a frame in which none of them changed draws nothing.
    ///
    /// A layer moving across the display by fractions of a pixel keeps its store while it moves (the compositor
    /// places it between pixels, as it does any moving image) and is drawn on the grid again once it rests:
    ///
    /// ```
    /// frame      1        2          3          4          5
    /// grid       G₀       G₁ (moved) G₂ (moved) G₂ (rest)  G₂
    /// store      drawn G₀ kept       kept       drawn G₂   kept
    /// ```
    /// Redrawing it for every new phase would cost a rasterization per moving shape per frame for a difference no
    /// one sees in motion.
    package func drawnContents(presenting s: LayerState?, on grid: PixelGrid?, visible: CGRect?,
                               maximumScale: CGFloat) -> BackingStore {
        let keys = type(of: self).displayKeyProperties
        let state = s ?? self.state
        let scale = grid?.scaleX ?? min(state.contentsScale, maximumScale)
        let moving = grid != nil && previousGrid != nil && grid != previousGrid
        previousGrid = grid
        if let store = presentedStore, store.scale == scale, Self.serves(store, visible),
           store.grid == grid || moving && store.grid?.hasScale(of: grid) == true {
            // Drawing from the model: the same revision is the same values (the common case, every still layer in
            // every frame); another revision may still hold them.
            if s == nil, store.modelRevision == stateRevision { return kept(store, on: grid) }
            if Self.key(store.key, of: keys, matches: state) {
                if s == nil { presentedStore?.modelRevision = stateRevision }
                return kept(store, on: grid)
            }
        }
        let layer: CALayer
        if let s {
            layer = type(of: self).init(layer: self)
            layer.isPresentationCopy = true
            layer.modelLayerRef = self
            layer.state = s
        } else {
            layer = self
        }
        var store = grid.map { BackingStoreRasterizer.draw(layer, grid: $0, visible: visible) }
            ?? BackingStoreRasterizer.draw(layer, dirtyRect: nil, previous: nil, visible: visible, maximumScale: maximumScale)
        store.key = keys.map { state.value(of: $0) }
        store.modelRevision = s == nil ? stateRevision : nil
        presentedStore = store
        storedContentsVersion &+= 1
        return store
    }

    /// `store`, shown again for a frame whose grid is `grid`. One kept off the grid while the layer moves asks for
    /// the next frame, in which the layer is drawn on the grid if it rests.
    private func kept(_ store: BackingStore, on grid: PixelGrid?) -> BackingStore {
        if store.grid != grid { renderStore?.needsFrameToRest = true }
        return store
    }

    /// Whether the states `a` and `b` agree on `keys` (compared a key at a time, stopping at the first that differs:
    /// this runs for every drawn layer in every frame).
    private static func values(of keys: [LayerProperty], in a: LayerState, equal b: LayerState) -> Bool {
        keys.allSatisfy { ContentsValues.areEqual(a.value(of: $0), b.value(of: $0)) }
    }

    /// Whether a store's `key` (the values of `keys` it was drawn for) matches the state `s`.
    private static func key(_ key: [AnimatableValue], of keys: [LayerProperty], matches s: LayerState) -> Bool {
        key.count == keys.count && zip(key, keys).allSatisfy { ContentsValues.areEqual($0, s.value(of: $1)) }
    }

    /// Whether `store` shows all the drawing that can be seen of `visible`: it holds all of the drawing (so a layer
    /// that moves on screen by whole pixels draws nothing again), or it was cut to this same rectangle.
    private static func serves(_ store: BackingStore, _ visible: CGRect?) -> Bool {
        guard let cut = store.visible else { return visible.map { $0.contains(store.frame) } ?? true }
        return cut == visible
    }

    /// The model's backing store, dropping a store drawn from the presentation.
    package func showModelStore() -> BackingStore? {
        if presentedStore != nil {
            presentedStore = nil
            storedContentsVersion &+= 1
        }
        if modelStore == nil, drawsInStepWithDisplay {   // not drawn in the display phase: drawn when first shown
            let store = BackingStoreRasterizer.draw(self, dirtyRect: nil, previous: nil)
            modelStore = store
            storedBackingStore = store.image
            storedContentsVersion &+= 1
        }
        return modelStore
    }

    private static var displayKeyCache: [ObjectIdentifier: (keys: [LayerProperty], bits: UInt64)] = [:]
    /// The classes known to redraw for a custom property (``CustomKeyPath/redraws``): learnt when an animation of
    /// one is added, since a class's custom keys cannot be listed.
    private static var classesRedrawingForCustomKeys: Set<ObjectIdentifier> = []

    /// The animatable properties whose change redraws this class (`needsDisplay(forKey:)`), in
    /// declaration order, and ``LayerProperty/customValues`` once the class is known to redraw for a custom
    /// property; computed once per class.
    package static var displayKeyProperties: [LayerProperty] { displayKeys.keys }

    /// ``displayKeyProperties`` as a set of ``LayerProperty/bit``s.
    package static var displayKeyBits: UInt64 { displayKeys.bits }

    private static var displayKeys: (keys: [LayerProperty], bits: UInt64) {
        if self == CALayer.self { return ([], 0) }   // `needsDisplay(forKey:)` is false for every key (the common case)
        let id = ObjectIdentifier(self)
        if let found = displayKeyCache[id] { return found }
        var keys = LayerProperty.allCases.filter { $0 != .customValues && needsDisplay(forKey: $0.rawValue) }
        if classesRedrawingForCustomKeys.contains(id) { keys.append(.customValues) }
        let found = (keys, keys.reduce(0) { $0 | $1.bit })
        displayKeyCache[id] = found
        return found
    }

    /// Notes that this class redraws for a custom property an animation animates.
    package static func noteRedrawsForCustomKey() {
        if classesRedrawingForCustomKeys.insert(ObjectIdentifier(self)).inserted { displayKeyCache[ObjectIdentifier(self)] = nil }
    }
}
