import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// The value of an ``intrinsicContentSize`` axis that has no natural size.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Marks the view as needing layout; ``layoutIfNeeded()`` or the next frame lays it out.
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out the view now if it (or an ancestor) needs layout, then its subviews that need it.
    ///
    /// Inside an animation block the frames this sets animate (the "animating constraints" pattern).
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Resizes the view to ``sizeThatFits(_:)``, keeping its top-left corner.
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size.width.isFinite, size.height.isFinite else {
            return reject("sizeToFit() size", "\(size)")
        }
        frame = CGRect(origin: frame.origin, size: size)
    }

    /// Tells the layout that ``intrinsicContentSize`` changed (the superview lays out again).
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        setNeedsLayout()
    }

    /// Asks for ``updateConstraints()`` before the next layout.
    public func setNeedsUpdateConstraints() {
        needsConstraintUpdate = true
        setNeedsLayout()
    }

    /// Runs ``updateConstraints()`` now if it was asked for.
    public func updateConstraintsIfNeeded() {
        guard needsConstraintUpdate else { return }
        needsConstraintUpdate = false
        updateConstraints()
    }

    /// Whether ``setNeedsUpdateConstraints()`` is pending.
    public func needsUpdateConstraints() -> Bool { needsConstraintUpdate }
}
