import Foundation
import AnimaDynamics
import AnimaCore
import AnimaGraphics

/// Views are dynamic items: a `UIDynamicAnimator` moves them by setting `center` and `transform`.
///
/// ```swift
/// let animator = UIDynamicAnimator(referenceView: view)
/// animator.addBehavior(UIGravityBehavior(items: [box]))
/// ```
extension UIView: UIDynamicItem {}

extension UIDynamicAnimator {
    /// An animator for the subviews of `view` (UIKit's `init(referenceView:)`): items and boundaries use the
    /// view's bounds coordinates, and the display's frames drive the simulation — each frame advances it by
    /// the time since the previous frame (fixed 1/120-s physics steps inside), with implicit actions disabled.
    /// ```swift
    /// animator = UIDynamicAnimator(referenceView: view)
    /// animator.addBehavior(UIGravityBehavior(items: [box]))
    /// ```
    public convenience init(referenceView view: UIView) {
        self.init(referenceBounds: view.bounds)
        referenceObject = view
        let pipeline = FramePipeline.current
        final class Token { var id: Int? ; var last: CFTimeInterval? }
        let token = Token()
        token.id = pipeline.addFrameObserver { [weak self, weak pipeline] time in
            guard let self else {
                if let id = token.id { pipeline?.removeFrameObserver(id) }
                return
            }
            if let view = self.referenceView, view.bounds != self.referenceBounds { self.referenceBounds = view.bounds }
            let elapsed = token.last.map { max(0, time - $0) } ?? 0
            token.last = time
            guard elapsed > 0 else { return }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            self.step(by: elapsed)
            CATransaction.commit()
        }
        stopFrameDriver = { [weak pipeline] in
            if let id = token.id { pipeline?.removeFrameObserver(id) }
            token.id = nil
        }
    }

    /// The view the animator was made with (nil for `init(referenceBounds:)`).
    public var referenceView: UIView? { referenceObject as? UIView }
}

extension UICollisionBehavior {
    /// Adds a boundary along `bezierPath` (UIKit's `UIBezierPath` form of ``addBoundary(withIdentifier:for:)``).
    /// ```swift
    /// collision.addBoundary(withIdentifier: "floor" as NSString, for: UIBezierPath(rect: floorRect))
    /// ```
    public func addBoundary(withIdentifier identifier: some Hashable, for bezierPath: UIBezierPath) {
        addBoundary(withIdentifier: identifier, for: bezierPath.cgPath)
    }
}
