import Foundation
import AnimaGraphics

extension CALayer {
    /// The drawn contents the render tree shows for the presentation state `s`, when
    /// ``drawnContentsNeedPresentation(isAnimated:)`` (evaluation shows ``showModelStore()`` otherwise).
    ///
    /// While animations change a key the class redraws for (`needsDisplay(forKey:)` is true), the
    /// layer is drawn again from a presentation copy holding `s` — a `CAShapeLayer` animating
    /// `strokeEnd` draws a longer stroke every frame. The store is cached by those keys' values, so a
    /// frame whose values did not change draws nothing. When the keys' values equal the model's, the
    /// model's store shows.
    package func drawnContents(presenting s: LayerState) -> BackingStore? {
        let keys = type(of: self).displayKeyProperties
        let presented = keys.map { s.value(of: $0) }
        if ContentsValues.areEqual(presented, keys.map { state.value(of: $0) }) { return showModelStore() }
        if let store = presentedStore, store.grid == nil, ContentsValues.areEqual(store.key, presented) { return store }

        let copy = type(of: self).init(layer: self)
        copy.isPresentationCopy = true
        copy.modelLayerRef = self
        copy.state = s
        var store = BackingStoreRasterizer.draw(copy, dirtyRect: nil, previous: nil)
        store.key = presented
        presentedStore = store
        storedContentsVersion &+= 1
        return store
    }

    /// The drawn contents on the display's pixel `grid` (nil: at `contentsScale`, at most `maximumScale`) for the
    /// presentation state `s` (nil: the model's), limited to `visible` (layer coordinates), for a layer that
    /// ``drawsInStepWithDisplay``. Cached like a presentation store, by the display keys' values, the grid, the
    /// scale and what of the layer can be seen, so a frame in which none of them changed draws nothing.
    package func drawnContents(presenting s: LayerState?, on grid: PixelGrid?, visible: CGRect?,
                               maximumScale: CGFloat) -> BackingStore {
        let keys = type(of: self).displayKeyProperties
        let state = s ?? self.state
        let presented = keys.map { state.value(of: $0) }
        let scale = grid?.scaleX ?? min(state.contentsScale, maximumScale)
        if let store = presentedStore, store.grid == grid, store.scale == scale, Self.serves(store, visible),
           ContentsValues.areEqual(store.key, presented) {
            return store
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
        store.key = presented
        presentedStore = store
        storedContentsVersion &+= 1
        return store
    }

    /// Whether `store` shows all the drawing that can be seen of `visible`: it holds all of the drawing (so a layer
    /// that moves on screen by whole pixels draws nothing again), or it was cut to this same rectangle.
    private static func serves(_ store: BackingStore, _ visible: CGRect?) -> Bool {
        guard let cut = store.visible else { return visible.map { $0.contains(store.frame) } ?? true }
        return cut == visible
    }

    /// Whether `drawnContents(presenting:)` needs the presentation state: only while animated,
    /// for classes that redraw for some key. Otherwise the model's store shows (see `showModelStore()`).
    package func drawnContentsNeedPresentation(isAnimated: Bool) -> Bool {
        isAnimated && type(of: self) != CALayer.self && !type(of: self).displayKeyProperties.isEmpty
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

    private static var displayKeyCache: [ObjectIdentifier: [LayerProperty]] = [:]
    /// The classes known to redraw for a custom property (``CustomKeyPath/redraws``): learnt when an animation of
    /// one is added, since a class's custom keys cannot be listed.
    private static var classesRedrawingForCustomKeys: Set<ObjectIdentifier> = []

    /// The animatable properties whose change redraws this class (`needsDisplay(forKey:)`), in
    /// declaration order, and ``LayerProperty/customValues`` once the class is known to redraw for a custom
    /// property; computed once per class.
    package static var displayKeyProperties: [LayerProperty] {
        if self == CALayer.self { return [] }   // `needsDisplay(forKey:)` is false for every key (the common case)
        let id = ObjectIdentifier(self)
        if let keys = displayKeyCache[id] { return keys }
        var keys = LayerProperty.allCases.filter { $0 != .customValues && needsDisplay(forKey: $0.rawValue) }
        if classesRedrawingForCustomKeys.contains(id) { keys.append(.customValues) }
        displayKeyCache[id] = keys
        return keys
    }

    /// Notes that this class redraws for a custom property an animation animates.
    package static func noteRedrawsForCustomKey() {
        if classesRedrawingForCustomKeys.insert(ObjectIdentifier(self)).inserted { displayKeyCache[ObjectIdentifier(self)] = nil }
    }
}
