import Foundation
import AnimaGraphics

/// The display's pixel grid seen from a layer whose transform to the display only scales and moves it: how many
/// display pixels one layer point spans on each axis, and where whole pixels fall.
///
/// A backing store drawn on this grid (``BackingStoreRasterizer/draw(_:grid:)``) has one texel per display pixel,
/// texel edges on pixel edges, so the compositor's bilinear sampling at pixel centres reads texels unmixed: the
/// layer looks as if drawn straight onto the display, as Core Animation's render server draws shape layers.
/// ```
///  layer x:   frame.minX      + 1/scaleX     + 2/scaleX
///  display:   |   pixel n    |   pixel n+1  |
/// ```
package struct PixelGrid: Equatable, Sendable {
    /// Display pixels per layer point along x and y (positive).
    package var scaleX: CGFloat, scaleY: CGFloat
    /// `x × scaleX + phaseX` is a whole number exactly where layer coordinate `x` falls on a pixel edge
    /// (likewise y); in 0 ..< 1, to 1/256 of a pixel.
    package var phaseX: CGFloat, phaseY: CGFloat

    /// Whether `other` has this grid's scale (its pixels the same size, whatever their phase).
    package func hasScale(of other: PixelGrid?) -> Bool {
        other.map { $0.scaleX == scaleX && $0.scaleY == scaleY } ?? false
    }

    /// The largest scale a grid is made for: beyond it a store would be huge for a small layer, and the
    /// layer is drawn at its `contentsScale` instead.
    package static let maximumScale: CGFloat = 64

    /// The grid for a layer whose bounds map to display points by `world` (row vectors, as `CATransform3D`),
    /// on a display of `pixelsPerPoint`; nil when `world` rotates, skews or has perspective in the layer's plane,
    /// or when the scale is degenerate or beyond ``maximumScale``.
    package init?(world: CATransform3D, pixelsPerPoint: CGFloat) {
        let w = world.m44
        guard pixelsPerPoint > 0, pixelsPerPoint.isFinite, world.m14 == 0, world.m24 == 0, w != 0, w.isFinite,
              abs(world.m12) <= 1e-9 * abs(world.m11), abs(world.m21) <= 1e-9 * abs(world.m22) else { return nil }
        let ax = world.m11 / w * pixelsPerPoint, ay = world.m22 / w * pixelsPerPoint
        let tx = world.m41 / w * pixelsPerPoint, ty = world.m42 / w * pixelsPerPoint
        guard ax.isFinite, ay.isFinite, tx.isFinite, ty.isFinite, abs(ax) >= 1e-3, abs(ay) >= 1e-3,
              abs(ax) <= Self.maximumScale, abs(ay) <= Self.maximumScale, abs(tx) < 1e9, abs(ty) < 1e9 else { return nil }
        // Pixel edges are where tx + x·ax is whole; for a mirrored axis that is where x·|ax| − tx is whole.
        func phase(_ t: CGFloat, _ a: CGFloat) -> CGFloat {
            let p = a > 0 ? t : -t
            let fraction = p - p.rounded(.down)
            let quantized = (fraction * 256).rounded() / 256
            return quantized >= 1 ? 0 : quantized
        }
        scaleX = abs(ax); scaleY = abs(ay)
        phaseX = phase(tx, ax); phaseY = phase(ty, ay)
    }

    /// The bounding box of `rect` mapped by `world` (or, `inverted`, by its inverse), when `world` is a 2-D affine
    /// map of the layer's plane (no perspective there); nil otherwise, or when it is singular or not finite.
    package static func mapped(_ rect: CGRect, by world: CATransform3D, inverted: Bool = false) -> CGRect? {
        let w = world.m44
        guard world.m14 == 0, world.m24 == 0, w != 0, w.isFinite, !rect.isNull, !rect.isInfinite else { return nil }
        let (a, b, c, d) = (world.m11 / w, world.m12 / w, world.m21 / w, world.m22 / w)
        let (tx, ty) = (world.m41 / w, world.m42 / w)
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        func map(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            if inverted {
                let (u, v) = (x - tx, y - ty)
                return CGPoint(x: (u * d - v * c) / det, y: (v * a - u * b) / det)
            }
            return CGPoint(x: x * a + y * c + tx, y: x * b + y * d + ty)
        }
        let corners = [map(rect.minX, rect.minY), map(rect.maxX, rect.minY), map(rect.minX, rect.maxY), map(rect.maxX, rect.maxY)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite) ? box : nil
    }

    /// `rect` (layer coordinates) rounded out to whole pixels of the grid.
    package func pixelAligned(_ rect: CGRect) -> (origin: CGPoint, width: Int, height: Int) {
        let x0 = (rect.minX * scaleX + phaseX).rounded(.down), y0 = (rect.minY * scaleY + phaseY).rounded(.down)
        let x1 = (rect.maxX * scaleX + phaseX - 1e-6).rounded(.up), y1 = (rect.maxY * scaleY + phaseY - 1e-6).rounded(.up)
        func count(_ pixels: CGFloat) -> Int { pixels > 0 ? Int(min(1e9, pixels)) : 0 }
        return (CGPoint(x: (x0 - phaseX) / scaleX, y: (y0 - phaseY) / scaleY), count(x1 - x0), count(y1 - y0))
    }
}
