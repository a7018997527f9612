import Foundation
import AnimaCore
import AnimaDynamics
import AnimaGraphics

/// A rectangle constraints can refer to (UIKit's `UILayoutGuide`) — here only a view's safe area
/// (``UIView/safeAreaLayoutGuide``): on a desktop window nothing covers part of a view (no status bar, notch or
/// home indicator), so the safe area is the whole of the bounds and the guide's anchors are its view's own.
/// Guides of your own (`addLayoutGuide`) are not built.
/// ```swift
/// label.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20).isActive = true
/// ```
@preconcurrency @MainActor
public final class UILayoutGuide {
    /// The view whose area the guide is (held: the view does not hold its guide, so there is no cycle).
    private let view: UIView
    /// The view whose area the guide is.
    public var owningView: UIView? { view }
    /// A name for debugging.
    public var identifier: String

    init(owningView: UIView, identifier: String) {
        self.view = owningView
        self.identifier = identifier
    }

    /// The guide's rectangle in its view's coordinates: the view's bounds.
    public var layoutFrame: CGRect { view.bounds }

    public var leadingAnchor: NSLayoutXAxisAnchor { view.leadingAnchor }
    public var trailingAnchor: NSLayoutXAxisAnchor { view.trailingAnchor }
    public var leftAnchor: NSLayoutXAxisAnchor { view.leftAnchor }
    public var rightAnchor: NSLayoutXAxisAnchor { view.rightAnchor }
    public var centerXAnchor: NSLayoutXAxisAnchor { view.centerXAnchor }
    public var topAnchor: NSLayoutYAxisAnchor { view.topAnchor }
    public var bottomAnchor: NSLayoutYAxisAnchor { view.bottomAnchor }
    public var centerYAnchor: NSLayoutYAxisAnchor { view.centerYAnchor }
    public var widthAnchor: NSLayoutDimension { view.widthAnchor }
    public var heightAnchor: NSLayoutDimension { view.heightAnchor }
}

extension UIView {
    /// The part of the view nothing covers — all of it, on a desktop window — as a guide for constraints.
    public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide(owningView: self, identifier: "UIViewSafeAreaLayoutGuide") }

    /// How far the safe area lies inside each edge: zero, as nothing covers part of a desktop window.
    public var safeAreaInsets: UIEdgeInsets { .zero }
}
