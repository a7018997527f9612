import Foundation
import AnimaCore
import AnimaGraphics

/// The context drawing code should draw into: the one a view's `draw(_:)` or an image context was given;
/// nil outside drawing.
///
/// ```swift
/// override func draw(_ rect: CGRect) {
///     guard let context = UIGraphicsGetCurrentContext() else { return }
///     context.setFillColor(UIColor.red.cgColor)
///     context.fill(rect)
/// }
/// ```
@preconcurrency @MainActor
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current }

/// Makes `context` the current context until ``UIGraphicsPopContext()``.
@preconcurrency @MainActor
public func UIGraphicsPushContext(_ context: CGContext) { GraphicsContextStack.push(context) }

/// Restores the context that was current before the last ``UIGraphicsPushContext(_:)``.
@preconcurrency @MainActor
public func UIGraphicsPopContext() { GraphicsContextStack.pop() }

/// The image contexts begun with ``UIGraphicsBeginImageContextWithOptions(_:_:_:)`` and their scales.
@MainActor
private var imageContexts: [(context: CGContext, scale: CGFloat)] = []

/// Begins drawing into a new bitmap of `size` points at `scale` pixels per point (0: 1) and makes it current.
///
/// ```swift
/// UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 20), false, 0)
/// UIColor.red.setFill(); UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
/// let image = UIGraphicsGetImageFromCurrentImageContext()
/// UIGraphicsEndImageContext()
/// ```
@preconcurrency @MainActor
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale.isFinite && scale > 0 ? scale : 1
    var w = size.width * s, h = size.height * s
    // The pixel size must also fit a bitmap (Cairo's limit); converting a larger value to Int would trap.
    let largest = Double(CairoSurface.maximumSide)
    if !w.isFinite || !h.isFinite || w < 0 || h < 0 || w > largest || h > largest {
        Diagnostics.report("UIGraphicsBeginImageContextWithOptions: rejected size \(size) at scale \(scale) (pixels must be 0…\(CairoSurface.maximumSide) per side); using an empty context")
        w = 0; h = 0
    }
    let context = CGContext(width: Int(w.rounded(.up)), height: Int(h.rounded(.up)))
    context.scaleBy(x: s, y: s)
    context.baseScale = CGSize(width: s, height: s)
    imageContexts.append((context, s))
    GraphicsContextStack.push(context)
}

/// Begins an image context at scale 1.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The current image context's pixels as an image (nil when the current context is not an image context).
@preconcurrency @MainActor
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = imageContexts.last, top.context === GraphicsContextStack.current,
          let cgImage = top.context.makeImage() else { return nil }
    return UIImage(cgImage: cgImage, scale: top.scale, orientation: .up)
}

/// Ends the current image context and makes the previous context current.
@preconcurrency @MainActor
public func UIGraphicsEndImageContext() {
    guard let top = imageContexts.last, top.context === GraphicsContextStack.current else {
        Diagnostics.report("UIGraphicsEndImageContext(): the current context is not an image context; ignored")
        return
    }
    imageContexts.removeLast()
    GraphicsContextStack.pop()
}

/// Fills `rect` in the current context with its fill colour.
@preconcurrency @MainActor
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Draws a one-point frame just inside `rect` in the current context, with its fill colour (as UIKit does).
@preconcurrency @MainActor
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    context.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: 1),
                  CGRect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1),
                  CGRect(x: r.minX, y: r.minY, width: 1, height: r.height),
                  CGRect(x: r.maxX - 1, y: r.minY, width: 1, height: r.height)])
}
