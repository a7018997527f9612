import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// The layer whose space `nil` means in conversions: the window's, or the root of the hierarchy.
    private func referenceLayer(for view: UIView?) -> CALayer? {
        if let view { return view.layer }
        return window?.layer
    }

    /// Converts a point from this view's coordinates to `view`'s (nil: the window's).
    ///
    /// ```swift
    /// let p = child.convert(CGPoint.zero, to: parent)   // child's top-left corner in parent
    /// ```
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: referenceLayer(for: view))
    }

    /// Converts a point from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: referenceLayer(for: view))
    }

    /// Converts a rectangle from this view's coordinates to `view`'s: the box around its converted corners.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: referenceLayer(for: view))
    }

    /// Converts a rectangle from `view`'s coordinates to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: referenceLayer(for: view))
    }

    /// Whether the view takes part in hit testing now: visible, interactive, not nearly transparent, and not
    /// being animated by a block that disallows interaction.
    package var acceptsHits: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= 0.01 && interactionBlockingAnimations == 0
    }

    /// The default `hitTest(_:with:)`: the deepest visible, interactive descendant containing `point`.
    package func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard acceptsHits, self.point(inside: point, with: event) else { return nil }
        for sub in _subviews.reversed() {
            if let hit = sub.hitTest(hitTestPoint(point, in: sub), with: event) { return hit }
        }
        return self
    }

    /// `point` (in this view's coordinates) in `sub`'s coordinates. A view a property animator is moving is
    /// hit-tested where it is shown, so a touch lands on the view the user sees.
    private func hitTestPoint(_ point: CGPoint, in sub: UIView) -> CGPoint {
        if sub.presentationHitTestingAnimators > 0,
           let shown = sub.layer.presentation(), let parentShown = layer.presentation() {
            return shown.convert(parentShown.convert(point, to: nil), from: nil)
        }
        return sub.convert(point, from: self)
    }
}
