import AnimaCore
import AnimaGraphics
import Foundation

/// Where a layer's contents image lands inside its bounds: `contentsRect` picks the part of the image,
/// `contentsScale` turns its pixels into points, and `contentsGravity` places it.
///
/// Gravity names are read as they look on screen in this y-down space ("top" is the top edge).
/// (Core Animation on iOS is documented to swap top and bottom. Anima does not; UNCONFIRMED.)
/// ```swift
/// ContentsPlacement.destination(bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
///     imagePixels: CGSize(width: 20, height: 20), contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
///     contentsScale: 1, gravity: .center)   // (40, 15, 20, 20)
/// ```
package enum ContentsPlacement {
    /// The rectangle, in the layer's bounds coordinates, that the selected part of the image fills.
    package static func destination(bounds: CGRect, imagePixels: CGSize, contentsRect: CGRect, contentsScale: CGFloat,
                                    gravity: CALayerContentsGravity) -> CGRect {
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let w = imagePixels.width * abs(contentsRect.width) / scale
        let h = imagePixels.height * abs(contentsRect.height) / scale
        let b = bounds
        switch gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let fit = gravity == .resizeAspect ? min(b.width / w, b.height / h) : max(b.width / w, b.height / h)
            return CGRect(x: b.midX - w * fit / 2, y: b.midY - h * fit / 2, width: w * fit, height: h * fit)
        default:
            let name = gravity.rawValue.lowercased()
            let x = name.hasSuffix("left") ? b.minX : (name.hasSuffix("right") ? b.maxX - w : b.midX - w / 2)
            let y = name.hasPrefix("top") ? b.minY : (name.hasPrefix("bottom") ? b.maxY - h : b.midY - h / 2)
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }
}
