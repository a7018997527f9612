import Foundation
import AnimaGraphics

/// Flipped geometry: a layer whose sublayers are measured from its bottom edge.
///
/// ```
///  isGeometryFlipped = false        isGeometryFlipped = true
///  ┌──────────────┐ y = 0           ┌──────────────┐ y = height
///  │ ▇ sublayer   │                 │              │
///  │   at y = 10  │                 │ ▇ sublayer   │
///  └──────────────┘ y = height      └──────────────┘ y = 0   (at y = 10: 10 points above the bottom)
/// ```
extension CALayer {
    /// Whether the layer's sublayers are placed in a vertically flipped coordinate system (default false): on iOS,
    /// where y grows downwards, a sublayer at `y = 10` then sits 10 points above the bottom edge. Not animatable.
    ///
    /// The flip is about the middle of `bounds` (`y ↦ minY + maxY − y`) and comes before `sublayerTransform`; it
    /// moves with animations of `bounds` and holds in every place geometry is read: what displays draw,
    /// `presentation()`, `convert(_:from:)`/`convert(_:to:)`, `hitTest(_:)` and `render(in:)`. A flipped layer inside a
    /// flipped layer is upright again. The layer's own `draw(in:)` (and its delegate's drawing) gets a context flipped
    /// the same way, so what it draws at `y = 10` is 10 points above the bottom too; its background, border, `contents`
    /// image and the drawing of shape, text and gradient layers are not flipped.
    /// ```swift
    /// chart.isGeometryFlipped = true
    /// bar.frame = CGRect(x: 10, y: 0, width: 8, height: 40)   // stands on the chart's bottom edge
    /// ```
    public var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set { setDrawingAppearance(\.isGeometryFlipped, newValue) }
    }

    /// Whether the layer's contents are flipped relative to its own coordinate system: true when an odd number of
    /// layers from this one up to its root have ``isGeometryFlipped`` set (Apple's definition). Do not override it.
    /// ```swift
    /// chart.isGeometryFlipped = true
    /// chart.contentsAreFlipped()   // true
    /// bar.contentsAreFlipped()     // true: its superlayer is flipped
    /// ```
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer: CALayer? = isPresentationCopy ? modelLayerRef : self   // the flag is not animated: the model's chain
        while let l = layer {
            if l.state.isGeometryFlipped { flipped.toggle() }
            layer = l._superlayer
        }
        return flipped
    }

    /// The flip a flipped layer's own drawing gets: its bounds mirrored about their middle.
    package var drawingFlip: CGAffineTransform? {
        guard state.isGeometryFlipped else { return nil }
        let b = state.bounds
        return CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: b.minY + b.maxY)
    }
}
