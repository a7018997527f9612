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
        guard window != nil, layer.backingStore == nil,
              !UIView.classesThatDoNotDraw.contains(ObjectIdentifier(type(of: self))) else { return }
        layer.setNeedsDisplay()
    }

    /// Draws ``draw(_:)`` into a bitmap of the bounds at `contentScaleFactor` and makes it the layer's
    /// backing store. A partial redraw keeps the previous pixels outside the dirty rectangle.
    package func renderBackingStore() {
        let bounds = layer.bounds
        let scale = layer.contentsScale > 0 ? layer.contentsScale : 1
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0 else {
            layer.backingStore = nil
            layer.contentsVersion &+= 1
            return
        }
        let context = CGContext(width: width, height: height)
        var dirty = bounds
        if let rect = layer.dirtyRect, let previous = layer.backingStore as? CGImage,
           previous.width == width, previous.height == height {
            context.cairo.surface.replacePixels(with: previous.premultipliedARGB)
            dirty = rect.intersection(bounds)
        }
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        if dirty != bounds {
            context.clip(to: dirty)
            context.clear(dirty)
        }
        didRunDefaultDraw = false
        UIGraphicsPushContext(context)
        draw(dirty)
        UIGraphicsPopContext()
        let image = context.makeImage()
        if didRunDefaultDraw, layer.backingStore == nil,
           image?.premultipliedARGB.allSatisfy({ $0 >> 24 == 0 }) ?? true {
            // Only the default draw ran and it left nothing: keep no backing store, and do not draw this
            // class automatically again.
            UIView.classesThatDoNotDraw.insert(ObjectIdentifier(type(of: self)))
            return
        }
        layer.backingStore = image
        layer.contentsVersion &+= 1
    }
}
