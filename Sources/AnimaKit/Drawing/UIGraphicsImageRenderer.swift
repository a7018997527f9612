import Foundation
import AnimaCore
import AnimaGraphics

/// How a ``UIGraphicsImageRenderer`` makes its bitmaps: pixels per point and whether they are opaque.
@preconcurrency @MainActor
open class UIGraphicsImageRendererFormat {
    /// Pixels per point (default: the main screen's scale; 0 or less, or not finite, draws at 1).
    public var scale: CGFloat
    /// Whether the image has no transparency: the bitmap starts black instead of clear (default false).
    public var opaque: Bool = false

    public init() { scale = UIScreen.main.scale }

    /// The format for the main screen (the default one).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format for the main screen.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a ``UIGraphicsImageRenderer`` gives its drawing closure.
@preconcurrency @MainActor
open class UIGraphicsImageRendererContext {
    /// The context to draw into: points, y down, the renderer's bounds' origin at the top left.
    public let cgContext: CGContext
    /// The format the image is made with.
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// What has been drawn so far, as an image.
    open var currentImage: UIImage {
        guard let image = cgContext.makeImage() else { return UIImage() }
        return UIImage(cgImage: image, scale: UIGraphicsImageRenderer.effectiveScale(format), orientation: .up)
    }

    /// Fills `rect` with the context's fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect`'s outline with the context's stroke colour and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Restricts further drawing to `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws images with a closure (UIKit's modern image drawing API): the closure's context is also current for
/// UIKit drawing (`UIColor.setFill()`, `UIBezierPath.fill()`, `UIRectFill`), as in ``UIGraphicsBeginImageContextWithOptions(_:_:_:)``.
/// ```swift
/// let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40))
/// let dot = renderer.image { context in
///     UIColor.systemRed.setFill()
///     UIBezierPath(ovalIn: renderer.bounds).fill()
/// }
/// ```
@preconcurrency @MainActor
open class UIGraphicsImageRenderer {
    /// The area drawn, in points: its origin is the image's top-left corner.
    public let bounds: CGRect
    /// The format each image is made with.
    public let format: UIGraphicsImageRendererFormat

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
    }

    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    /// An image of what `actions` draws.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = UIGraphicsImageRendererContext(cgContext: makeContext(), format: format)
        GraphicsContextStack.push(context.cgContext)
        actions(context)
        GraphicsContextStack.pop()
        return context.currentImage
    }

    /// PNG data of what `actions` draws (empty if encoding fails, which is reported).
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        let image = self.image(actions: actions)
        do {
            guard let cgImage = image.cgImage else { return Data() }
            return try cgImage.pngData()
        } catch {
            Diagnostics.report("UIGraphicsImageRenderer.pngData: \(error)")
            return Data()
        }
    }

    static func effectiveScale(_ format: UIGraphicsImageRendererFormat) -> CGFloat {
        format.scale.isFinite && format.scale > 0 ? format.scale : 1
    }

    /// A bitmap covering `bounds` at the format's scale, its origin at the bounds' origin (an empty one, with a
    /// diagnostic, when the size is not finite, negative or larger than a bitmap can be).
    private func makeContext() -> CGContext {
        let s = Self.effectiveScale(format)
        let b = bounds.standardized
        var w = b.width * s, h = b.height * s
        let largest = Double(CairoSurface.maximumSide)
        if !w.isFinite || !h.isFinite || w > largest || h > largest || !b.minX.isFinite || !b.minY.isFinite {
            Diagnostics.report("UIGraphicsImageRenderer: rejected bounds \(bounds) at scale \(format.scale) (pixels must be 0…\(CairoSurface.maximumSide) per side); drawing into an empty image")
            w = 0; h = 0
        }
        let context = CGContext(width: Int(w.rounded(.up)), height: Int(h.rounded(.up)))
        if format.opaque {
            context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: w, height: h))
        }
        context.scaleBy(x: s, y: s)
        context.baseScale = CGSize(width: s, height: s)
        if w > 0 { context.translateBy(x: -b.minX, y: -b.minY) }
        return context
    }
}
