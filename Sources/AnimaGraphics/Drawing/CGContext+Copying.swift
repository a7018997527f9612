import Foundation

extension CGContext {
    /// A context of `image`'s size holding an exact copy of its pixels (a layer redrawing part of its
    /// backing store starts from the previous one).
    ///
    /// ```swift
    /// let context = CGContext(copying: image)
    /// context.makeImage()?.pixel(x: 0, y: 0) == image.pixel(x: 0, y: 0)   // true
    /// ```
    package convenience init(copying image: CGImage) {
        self.init(width: image.width, height: image.height)
        image.copyPixels(into: cairo.surface)
    }
}
