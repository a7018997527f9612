import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

extension UIView {
    /// The part of the view nothing covers — all of it, on a desktop window (no status bar, notch or home
    /// indicator) — as a guide for constraints: the same object each time, as UIKit's is.
    /// ```swift
    /// label.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20).isActive = true
    /// ```
    public var safeAreaLayoutGuide: UILayoutGuide { ownGuide(.safeArea, "UIViewSafeAreaLayoutGuide") }

    /// How far the safe area lies inside each edge: zero, as nothing covers part of a desktop window.
    public var safeAreaInsets: UIEdgeInsets { .zero }
}
