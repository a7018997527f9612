import Foundation
import AnimaDynamics

extension CGRect {
    /// The rectangle with `insets` taken off its edges (UIKit's `inset(by:)`; negative insets grow it).
    ///
    /// ```swift
    /// CGRect(x: 0, y: 0, width: 100, height: 40).inset(by: UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10))
    /// // (10, 5, 80, 30)
    /// ```
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(x: r.minX + insets.left, y: r.minY + insets.top,
                      width: r.width - insets.left - insets.right, height: r.height - insets.top - insets.bottom)
    }
}
