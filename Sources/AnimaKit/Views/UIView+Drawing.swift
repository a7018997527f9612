import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// Marks the whole view for redrawing through ``draw(_:)`` before the next frame.
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the view (in its coordinates) for redrawing; `draw(_:)` receives the union of the
    /// marked parts and the rest of the previous drawing is kept.
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// Classes whose first instance drew nothing with the default `draw(_:)` (so their instances are not
    /// drawn automatically when they join a window).
    @MainActor private static var classesThatDoNotDraw: Set<ObjectIdentifier> = []

    /// Asks for a first drawing when the view joins a window, unless its class is known not to draw.
    package func scheduleInitialDisplayIfNeeded() {
        guard window != nil, layer.modelStore == nil,
              !UIView.classesThatDoNotDraw.contains(ObjectIdentifier(type(of: self))) else { return }
        layer.setNeedsDisplay()
    }

    /// Redraws the layer's backing store (Core Animation's rasterizer calls back ``draw(_:in:)``, which calls
    /// ``draw(_:)`` with the dirty rectangle). When only the default `draw(_:)` ran and it left the store
    /// empty, the store is dropped and the class is not drawn automatically again.
    package func displayThroughBackingStore() {
        let isFirstDrawing = layer.modelStore == nil
        didRunDefaultDraw = false
        layer.displayUsingBackingStore()
        guard isFirstDrawing, didRunDefaultDraw else { return }
        let image = layer.backingStore as? CGImage
        if image?.premultipliedARGB.allSatisfy({ $0 >> 24 == 0 }) ?? true {
            UIView.classesThatDoNotDraw.insert(ObjectIdentifier(type(of: self)))
            layer.modelStore = nil
            layer.discardBackingStore()
        }
    }

    /// The part of the bounds to redraw now: the rectangle given to `setNeedsDisplay(_:)`, or the bounds.
    package var rectToDraw: CGRect {
        let bounds = layer.bounds
        guard let dirty = layer.dirtyRect else { return bounds }
        let r = dirty.intersection(bounds)
        return r.isNull ? bounds : r
    }
}
