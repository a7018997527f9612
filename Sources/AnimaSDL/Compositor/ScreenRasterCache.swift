import AnimaCore
import AnimaGraphics
import Foundation

/// Shape stores rasterized where they land on the screen, for the OpenGL compositor.
///
/// A shape layer drawn in step with the display keeps its store as a deferred image (its shape as values; see
/// `CGImage(width:height:deferred:)`). While the layer's transform to the surface only scales and moves it, the store
/// is already on the surface's pixel grid and is uploaded as it is. A rotated or skewed layer's store would be
/// resampled through the rotation; instead the shape is rasterized in the surface's own pixels — the box its store
/// covers there, cut to the surface — and that bitmap drawn 1:1, as the software compositor draws it and as Core
/// Animation's render server draws shape layers:
///
///         store (layer space)              surface pixels
///        ┌──────────┐                     ┌───────────────────┐
///        │  ╱╲      │   m (rotation)      │     ┌──────┐      │
///        │ ╱  ╲     │  ───────────────▶   │     │ ◇    │ raster: the rotated store's box,
///        └──────────┘                     │     └──────┘      │ rasterized here, drawn unscaled
///                                         └───────────────────┘
///
/// A raster is kept while its store and its map stay the same (a still, rotated shape is rasterized once), one per
/// map a store is drawn through (a replicator's instances draw one store through several), and dropped at the end of
/// a frame that did not draw it.
@MainActor
final class ScreenRasterCache {
    private struct Entry {
        var store: CGImage          // held so the identifier cannot be reused while cached
        var map: CGAffineTransform
        var box: CGRect
        var raster: CGImage
        var isUsed: Bool
    }

    private var entries: [ObjectIdentifier: [Entry]] = [:]

    /// Where `store`'s pixels land through `map` (store pixels → surface pixels), in whole surface pixels within `clip`:
    /// nil when nothing of them falls in `clip`.
    static func box(of store: CGImage, through map: CGAffineTransform, within clip: CGRect) -> CGRect? {
        let landed = CGRect(x: 0, y: 0, width: store.width, height: store.height).applying(map)
        guard [landed.minX, landed.minY, landed.maxX, landed.maxY].allSatisfy(\.isFinite) else { return nil }
        let box = landed.intersection(clip).integral
        return !box.isNull && box.width >= 1 && box.height >= 1 ? box : nil
    }

    /// The raster of `store`'s `drawing` through `map` over `box` (from ``box(of:through:within:)``): nil when it
    /// cannot be made (larger than a store may be, or no memory), for the caller to draw the store instead.
    func raster(of store: CGImage, drawing: DeferredDrawing, map: CGAffineTransform, box: CGRect) -> CGImage? {
        guard box.width <= CGFloat(BackingStoreRasterizer.maximumSide), box.height <= CGFloat(BackingStoreRasterizer.maximumSide)
        else { return nil }
        let key = ObjectIdentifier(store)
        if let i = entries[key]?.firstIndex(where: { $0.map == map && $0.box == box }) {
            entries[key]![i].isUsed = true
            return entries[key]![i].raster
        }
        let context = CGContext(width: Int(box.width), height: Int(box.height))
        context.translateBy(x: -box.minX, y: -box.minY)
        context.concatenate(map)
        drawing.draw(context)
        guard let raster = context.takeImage() else { return nil }
        entries[key, default: []].append(Entry(store: store, map: map, box: box, raster: raster, isUsed: true))
        return raster
    }

    /// Drops the rasters not drawn since the previous `endFrame()`.
    func endFrame() {
        guard !entries.isEmpty else { return }   // the common case: no turned shapes
        entries = entries.compactMapValues { rasters in
            let kept = rasters.filter(\.isUsed).map { var entry = $0; entry.isUsed = false; return entry }
            return kept.isEmpty ? nil : kept
        }
    }

    /// Drops every raster.
    func removeAll() { entries.removeAll() }

    /// Rasters held.
    var count: Int { entries.values.reduce(0) { $0 + $1.count } }
}
