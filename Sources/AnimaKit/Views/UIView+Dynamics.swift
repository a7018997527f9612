import Foundation
import AnimaDynamics

/// Views are dynamic items: a `UIDynamicAnimator` moves them by setting `center` and `transform`.
///
/// ```swift
/// let animator = UIDynamicAnimator(referenceView: view)
/// animator.addBehavior(UIGravityBehavior(items: [box]))
/// ```
extension UIView: UIDynamicItem {}
