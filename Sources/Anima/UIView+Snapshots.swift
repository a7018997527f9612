import AnimaCore
import AnimaGraphics
import AnimaKit
import AnimaSDL
import Foundation

// Snapshots of views, UIKit's way: they draw the view's layer tree with `CALayer.render(in:)` (the software
// renderer), so they need no window or display.
extension UIView {
    /// Draws the view and its subviews into the current graphics context (`UIGraphicsGetCurrentContext()`), scaled
    /// so that what the view shows — its bounds — fills `rect`. False when there is no current context or the view
    /// has no area.
    ///
    /// It draws the views' current values (what the app last set, after a layout pass when `afterScreenUpdates`
    /// is true), not animations in flight.
    /// ```swift
    /// let image = UIGraphicsImageRenderer(bounds: card.bounds).image { _ in
    ///     card.drawHierarchy(in: card.bounds, afterScreenUpdates: true)
    /// }
    /// ```
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates: Bool) -> Bool {
        let b = bounds
        guard let context = UIGraphicsGetCurrentContext(), b.width > 0, b.height > 0,
              [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else { return false }
        if afterScreenUpdates { layoutIfNeeded() }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / b.width, y: rect.height / b.height)
        context.translateBy(x: -b.minX, y: -b.minY)
        layer.render(in: context)
        context.restoreGState()
        return true
    }

    /// A new view showing an image of this view and its subviews as they are now, the size of its bounds (at the
    /// origin of its own coordinates: set its `frame` to place it), drawn at the screen's scale. Nil when the
    /// view has no area.
    /// ```swift
    /// if let ghost = card.snapshotView(afterScreenUpdates: false) {
    ///     ghost.frame = card.frame
    ///     container.addSubview(ghost)
    /// }
    /// ```
    public func snapshotView(afterScreenUpdates: Bool) -> UIView? {
        let b = bounds
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return nil }
        let image = UIGraphicsImageRenderer(bounds: b).image { _ in
            _ = drawHierarchy(in: b, afterScreenUpdates: afterScreenUpdates)
        }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: b.size))
        snapshot.layer.contents = image.cgImage
        snapshot.layer.contentsScale = image.scale
        return snapshot
    }
}
