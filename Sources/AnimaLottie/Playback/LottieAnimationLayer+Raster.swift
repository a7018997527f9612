import Foundation
import AnimaCore
import AnimaGraphics

extension LottieAnimationLayer {
    /// Gives every drawn layer of the built tree a `contentsScale` that matches its size on screen:
    /// ``rasterizationScale`` (screen pixels per point) times the scale of the transforms above it (the
    /// fit into the bounds, the layers' static scales), so shapes are drawn at the resolution they are
    /// shown at and not resampled. Run when the fit changes; an animated scale counts at its largest value.
    func updateContentsScales() {
        guard let root = compositionLayer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let fit = Self.scaleFactor(of: viewport.transform)
        visit(root, scale: Double(rasterizationScale) * fit * Self.oversampling)
        CATransaction.commit()
    }

    private func visit(_ layer: CALayer, scale: Double) {
        let largest = layer.value(forKey: TransformLayers.largestScaleKey) as? Double
        let own = scale * (largest ?? Self.scaleFactor(of: layer.transform))
        if layer is CAShapeLayer || layer is CAGradientLayer || layer.contents != nil {
            layer.contentsScale = CGFloat(min(8, max(0.05, own)))
        }
        // Core Animation's render server draws shapes and gradients onto the screen's pixels; the store at
        // `contentsScale` above serves only where the layer is shown rotated or skewed. A file's shapes mostly change
        // from frame to frame (paths, trims, colours), so each is painted where it lands, not into a store first.
        if layer is CAShapeLayer || layer is CAGradientLayer { layer.drawsInStepWithDisplay = true }
        if layer is CAShapeLayer {
            layer.paintsShapeWhereShown = true
            Self.snapToWholePixels(layer)
        }
        if let mask = layer.mask { visit(mask, scale: own) }
        for sublayer in layer.sublayers ?? [] { visit(sublayer, scale: own) }
    }

    /// Drawn layers are rasterized at twice their on-screen resolution: the compositor resamples a backing
    /// store bilinearly, and from twice the size that averages each screen pixel's 2 × 2 samples, which keeps
    /// edges as crisp as Core Animation's (on five corpus files, 11 of 25 references matched instead of 4;
    /// three times matched no more).
    static let oversampling = 2.0

    /// Grows a drawn layer's bounds (never its coordinate space: the origin stays) to a whole number of
    /// backing-store pixels. A store is whole pixels and is shown stretched over the bounds, so bounds of
    /// 417.3 pixels would squeeze 418 pixels into them and pull the far edges of the drawing in by up to
    /// a pixel.
    static func snapToWholePixels(_ layer: CALayer) {
        let scale = Double(layer.contentsScale)
        let b = layer.bounds
        guard scale > 0, b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return }
        func whole(_ length: Double) -> Double { (length * scale - 1e-6).rounded(.up) / scale }
        let size = CGSize(width: whole(Double(b.width)), height: whole(Double(b.height)))
        if size != b.size { layer.bounds = CGRect(origin: b.origin, size: size) }
    }

    /// How much `t` enlarges lengths (the square root of its 2-D area factor).
    static func scaleFactor(of t: CATransform3D) -> Double {
        let area = abs(Double(t.m11 * t.m22 - t.m12 * t.m21))
        return area > 0 && area.isFinite ? area.squareRoot() : 1
    }
}
