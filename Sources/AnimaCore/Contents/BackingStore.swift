import Foundation
import AnimaGraphics

/// A layer's drawn contents: the image, the rectangle of the layer's coordinates it covers, and the
/// values of the keys it was drawn from.
package struct BackingStore {
    /// The pixels (nil when the covered rectangle holds no whole pixel).
    package var image: CGImage?
    /// The rectangle covered, in the layer's coordinates (whole pixels at `scale`).
    package var frame: CGRect
    /// Pixels per point.
    package var scale: CGFloat
    /// Whether the store covers something other than the bounds, so it is placed by `frame` rather
    /// than by `contentsGravity`.
    package var isPlacedByFrame: Bool
    /// The values of the layer's display keys a presentation store was drawn from.
    package var key: [AnimatableValue] = []
    /// The layer's ``CALayer/stateRevision`` when the store was found to show its model's values (nil: not known to).
    package var modelRevision: UInt64?
    /// The display's pixel grid the store was drawn on (nil: drawn at `scale`, to be resampled).
    package var grid: PixelGrid?
    /// The rectangle (layer coordinates) the store was limited to, when that left part of the drawing out (nil:
    /// the store holds all of it).
    package var visible: CGRect?

    /// Where the compositor puts the image (nil: in the bounds, by `contentsGravity`).
    package var placementFrame: CGRect? { isPlacedByFrame && image != nil ? frame : nil }
}

/// Draws a layer into a new backing store: `drawIntrinsicContents(in:)` (shape, text, gradient),
/// then `draw(in:)`, with `GraphicsContextStack` holding the context (so `UIGraphicsGetCurrentContext()`
/// finds it).
@MainActor
package enum BackingStoreRasterizer {
    /// The largest side of a backing store in pixels; bigger stores are cut to it, with a diagnostic.
    package static let maximumSide = 8192
    /// The most pixels one store holds (4096², 64 MB): a store with more is drawn at fewer pixels per point, the
    /// whole drawing kept, with a diagnostic. Without it three drawn layers 8192 pixels a side took 4 GB with their
    /// model and presented stores and the copies drawing makes (found by the `key-value` fuzzer).
    package static let maximumPixels = 4096 * 4096

    /// `width` × `height` cut to ``maximumSide`` a side, with a diagnostic naming `layer` when that cuts.
    private static func cutToMaximumSide(_ width: Int, _ height: Int, of layer: CALayer) -> (Int, Int) {
        guard width > maximumSide || height > maximumSide else { return (width, height) }
        Diagnostics.report("CALayer \(layer.debugName): backing store of \(width)×\(height) pixels is larger than \(maximumSide) a side; drawing only its first \(min(width, maximumSide))×\(min(height, maximumSide)) pixels")
        return (min(width, maximumSide), min(height, maximumSide))
    }

    /// Draws the layer's own contents (shape, text, gradient), then `draw(in:)`, with `ctx` current (so that
    /// `UIGraphicsGetCurrentContext()` finds it).
    /// An opaque layer's (``CALayer/isOpaque``) store starts black over its bounds, as an opaque store on Apple's
    /// platforms shows black where the drawing leaves it unpainted.
    private static func drawContents(of layer: CALayer, in ctx: CGContext) {
        GraphicsContextStack.withCurrent(ctx) {
            if layer.state.isOpaque {
                ctx.setFillColor(.black)
                ctx.fill(layer.state.bounds)
            }
            ctx.saveGState()
            layer.drawIntrinsicContents(in: ctx)
            ctx.restoreGState()
            ctx.saveGState()
            if let flip = layer.drawingFlip { ctx.concatenate(flip) }
            layer.draw(in: ctx)
            ctx.restoreGState()
        }
    }

    /// The store of a plain shape layer drawn in step with the display that ``CALayer/paintsShapeWhereShown`` (this
    /// class exactly, no delegate, not opaque: nothing but its shape is drawn) as a deferred image: the shape kept as
    /// values, rasterized into the store when its pixels are first read (the OpenGL compositor uploads them), and
    /// painted by the software compositor straight onto its target — as Apple describes a shape layer being drawn:
    /// mapped to the screen, then rasterized. A shape that changes every frame then costs one rasterization where it
    /// lands, not a store to clear, fill and composite; and a rotated or scaled one is rasterized at the display's
    /// resolution, not resampled.
    /// Nil for other layers.
    private static func deferredShape(of layer: CALayer, width: Int, height: Int, scale: CGSize, frame: CGRect) -> CGImage? {
        guard layer.paintsShapeWhereShown, layer.drawsInStepWithDisplay, type(of: layer) == CAShapeLayer.self,
              layer.delegate == nil, !layer.state.isOpaque, let shape = layer as? CAShapeLayer else { return nil }
        guard let drawing = shape.shapeDrawing() else {
            return CGImage(width: width, height: height, deferred: DeferredDrawing(paintsOnce: true) { _ in })
        }
        return CGImage(width: width, height: height, deferred: DeferredDrawing(paintsOnce: drawing.paintsOnce) { ctx in
            ctx.scaleBy(x: scale.width, y: scale.height)
            ctx.translateBy(x: -frame.minX, y: -frame.minY)
            drawing.draw(in: ctx)
        })
    }

    /// `pixels` rounded up to a whole count, within 0…10⁹ (a finite but huge size times the scale can exceed
    /// `Int`; NaN, from infinities that cancel, counts as none). Larger counts are cut to `maximumSide` below.
    private static func pixelCount(_ pixels: CGFloat) -> Int {
        pixels > 0 ? Int(min(1e9, pixels.rounded(.up))) : 0
    }

    /// Draws `layer` from its `state`. With a `dirtyRect` (layer coordinates) and a `previous` store of
    /// the same pixel grid, only that rectangle (rounded out to whole pixels) is cleared and redrawn;
    /// the rest keeps the previous pixels.
    /// With `visible` (layer coordinates), the store covers no more of the drawing than that rectangle; with
    /// `maximumScale`, it is drawn at no more pixels per point than that.
    package static func draw(_ layer: CALayer, dirtyRect: CGRect?, previous: BackingStore?, visible: CGRect? = nil,
                             maximumScale: CGFloat? = nil) -> BackingStore {
        let s = layer.state
        var scale = s.contentsScale.isFinite && s.contentsScale > 0 ? s.contentsScale : 1
        if let maximumScale, maximumScale > 0, maximumScale < scale { scale = maximumScale }
        let bounds = s.bounds.standardized
        var extent = layer.backingStoreExtent().standardized
        if extent.isNull || ![extent.minX, extent.minY, extent.width, extent.height].allSatisfy(\.isFinite) { extent = bounds }
        let isCut = visible.map { !$0.contains(extent) } ?? false
        if let visible, isCut {
            extent = extent.intersection(visible)
            if extent.isNull { extent = CGRect(origin: visible.origin, size: .zero) }
        }
        let placedByFrame = extent != bounds

        // Bounds-sized stores start at the bounds origin; other extents snap outwards to whole pixels.
        func pixels(at scale: CGFloat) -> (origin: CGPoint, width: Int, height: Int) {
            guard placedByFrame else {
                return (bounds.origin, pixelCount(bounds.width * scale - 1e-6), pixelCount(bounds.height * scale - 1e-6))
            }
            let x0 = (extent.minX * scale).rounded(.down), y0 = (extent.minY * scale).rounded(.down)
            return (CGPoint(x: x0 / scale, y: y0 / scale), pixelCount((extent.maxX * scale).rounded(.up) - x0),
                    pixelCount((extent.maxY * scale).rounded(.up) - y0))
        }
        var (origin, width, height) = pixels(at: scale)
        // What would be allocated (sides cut below) against the budget. Sides over the cut stay at it while the scale
        // shrinks, so the largest scale that fits is found by bisection (the allocated area grows with the scale).
        func allocated(_ w: Double, _ h: Double) -> Double { min(w, Double(maximumSide)) * min(h, Double(maximumSide)) }
        if allocated(Double(width), Double(height)) > Double(maximumPixels) {
            let requested = (width, height, scale)
            var low = 0.0, high = 1.0
            for _ in 0..<60 {
                let f = (low + high) / 2
                if allocated(Double(width) * f + 2, Double(height) * f + 2) <= Double(maximumPixels) { low = f } else { high = f }
            }
            scale *= low
            (origin, width, height) = pixels(at: scale)
            // Sizes past 10⁹ pixels (counted as 10⁹) are still too many at the new scale: cut them square.
            if allocated(Double(width), Double(height)) > Double(maximumPixels) {
                let side = Int(Double(maximumPixels).squareRoot())
                width = min(width, side); height = min(height, side)
            }
            Diagnostics.report("CALayer \(layer.debugName): backing store of \(requested.0)×\(requested.1) pixels holds more than \(maximumPixels); drawn at \(scale) pixels per point instead of \(requested.2)")
        }
        (width, height) = cutToMaximumSide(width, height, of: layer)
        width = max(0, width); height = max(0, height)
        let frame = CGRect(x: origin.x, y: origin.y, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        guard width > 0, height > 0 else {
            return BackingStore(image: nil, frame: frame, scale: scale, isPlacedByFrame: placedByFrame, visible: isCut ? visible : nil)
        }

        if dirtyRect == nil, let image = deferredShape(of: layer, width: width, height: height, scale: CGSize(width: scale, height: scale), frame: frame) {
            return BackingStore(image: image, frame: frame, scale: scale, isPlacedByFrame: placedByFrame, visible: isCut ? visible : nil)
        }
        let ctx: CGContext
        var clip: CGRect?
        if let dirtyRect, let previous, let image = previous.image, image.width == width, image.height == height,
           previous.frame.origin == frame.origin, previous.scale == scale {
            ctx = CGContext(copying: image)
            // Whole pixels, so the old pixels around the rectangle stay exactly as they were.
            let x0 = ((dirtyRect.minX - frame.minX) * scale).rounded(.down), y0 = ((dirtyRect.minY - frame.minY) * scale).rounded(.down)
            let x1 = ((dirtyRect.maxX - frame.minX) * scale).rounded(.up), y1 = ((dirtyRect.maxY - frame.minY) * scale).rounded(.up)
            clip = CGRect(x: frame.minX + x0 / scale, y: frame.minY + y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        } else {
            ctx = CGContext(width: width, height: height)
        }
        ctx.scaleBy(x: scale, y: scale)
        ctx.baseScale = CGSize(width: scale, height: scale)
        ctx.translateBy(x: -frame.minX, y: -frame.minY)
        if let clip {
            ctx.clip(to: clip)
            ctx.clear(clip)
        }
        drawContents(of: layer, in: ctx)
        return BackingStore(image: ctx.takeImage(), frame: frame, scale: scale, isPlacedByFrame: placedByFrame,
                            visible: isCut ? visible : nil)
    }

    /// Draws `layer` on the display's pixel `grid`: the store covers the layer's drawing extent rounded out to
    /// whole display pixels, one texel per pixel, and is always placed by its frame. It covers no more than
    /// `visible` (layer coordinates; nil: no limit), the part of the layer the display can show, so a huge layer
    /// scaled up costs only what can be seen.
    package static func draw(_ layer: CALayer, grid: PixelGrid, visible: CGRect?) -> BackingStore {
        let bounds = layer.state.bounds.standardized
        var extent = layer.backingStoreExtent().standardized
        if extent.isNull || ![extent.minX, extent.minY, extent.width, extent.height].allSatisfy(\.isFinite) { extent = bounds }
        let isCut = visible.map { !$0.contains(extent) } ?? false
        if let visible, isCut { extent = extent.intersection(visible) }
        var (origin, width, height) = extent.isEmpty ? (CGPoint.zero, 0, 0) : grid.pixelAligned(extent)
        (width, height) = cutToMaximumSide(width, height, of: layer)
        let frame = CGRect(x: origin.x, y: origin.y, width: CGFloat(width) / grid.scaleX, height: CGFloat(height) / grid.scaleY)
        var store = BackingStore(image: nil, frame: frame, scale: grid.scaleX, isPlacedByFrame: true, grid: grid,
                                 visible: isCut ? visible : nil)
        guard width > 0, height > 0 else { return store }
        if let image = deferredShape(of: layer, width: width, height: height, scale: CGSize(width: grid.scaleX, height: grid.scaleY), frame: frame) {
            store.image = image
            return store
        }
        let ctx = CGContext(width: width, height: height)
        ctx.scaleBy(x: grid.scaleX, y: grid.scaleY)
        ctx.baseScale = CGSize(width: grid.scaleX, height: grid.scaleY)
        ctx.translateBy(x: -frame.minX, y: -frame.minY)
        drawContents(of: layer, in: ctx)
        store.image = ctx.takeImage()
        return store
    }
}
