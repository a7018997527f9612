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

    /// Nine-slice pieces of a contents image placed at `destination`: each piece's rectangle (bounds coordinates) and
    /// the unit texture rectangle it shows.
    ///
    /// `center` (`contentsCenter`, in unit coordinates of the part `contentsRect` selects) is the part that
    /// stretches; the columns left and right of it keep their natural width (`naturalSize`, in points) and the rows
    /// above and below their natural height, scaled down together when the destination is smaller than they are.
    /// The default center `(0, 0, 1, 1)` gives one piece: the whole image stretched.
    /// ```swift
    /// ContentsPlacement.slices(destination: CGRect(x: 0, y: 0, width: 100, height: 30),
    ///     contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1), center: CGRect(x: 0.25, y: 0, width: 0.5, height: 1),
    ///     naturalSize: CGSize(width: 20, height: 30)).map(\.rect.width)   // [5, 90, 5]
    /// ```
    package static func slices(destination d: CGRect, contentsRect t: CGRect, center: CGRect,
                               naturalSize: CGSize) -> [(rect: CGRect, texture: CGRect)] {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let c = center.standardized
        guard c != unit, c.minX.isFinite, c.minY.isFinite, c.width.isFinite, c.height.isFinite,
              naturalSize.width.isFinite, naturalSize.height.isFinite else { return [(d, t)] }
        func clamp(_ v: CGFloat) -> CGFloat { min(1, max(0, v)) }
        func cuts(_ lo: CGFloat, _ hi: CGFloat, natural: CGFloat, from start: CGFloat, length: CGFloat) -> (f: [CGFloat], p: [CGFloat]) {
            let a = clamp(lo), b = max(a, clamp(hi))
            let head = a * natural, tail = (1 - b) * natural
            let k = head + tail > length && head + tail > 0 ? length / (head + tail) : 1
            return ([0, a, b, 1], [start, start + head * k, start + length - tail * k, start + length])
        }
        let x = cuts(c.minX, c.maxX, natural: naturalSize.width, from: d.minX, length: d.width)
        let y = cuts(c.minY, c.maxY, natural: naturalSize.height, from: d.minY, length: d.height)
        var pieces: [(rect: CGRect, texture: CGRect)] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let rect = CGRect(x: x.p[i], y: y.p[j], width: x.p[i + 1] - x.p[i], height: y.p[j + 1] - y.p[j])
                guard rect.width > 0, rect.height > 0 else { continue }
                let texture = CGRect(x: t.minX + x.f[i] * t.width, y: t.minY + y.f[j] * t.height,
                                     width: (x.f[i + 1] - x.f[i]) * t.width, height: (y.f[j + 1] - y.f[j]) * t.height)
                pieces.append((rect, texture))
            }
        }
        return pieces
    }
}
