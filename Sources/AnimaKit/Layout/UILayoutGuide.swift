import Foundation
import AnimaCore
import AnimaGraphics

/// A rectangle that takes part in Auto Layout without being a view (UIKit's `UILayoutGuide`): a spacer between
/// views, or a box that groups them, with anchors like a view's.
///
/// A guide of your own is placed by the constraint solver in ``owningView``'s coordinates, when that view lays
/// out its subviews; add it with ``UIView/addLayoutGuide(_:)`` before activating constraints on it (a constraint on
/// a guide that belongs to no view is reported and stays inactive, as one between views without a common ancestor
/// is). A view's own guides — ``UIView/safeAreaLayoutGuide``, ``UIView/layoutMarginsGuide`` and
/// ``UIView/readableContentGuide`` — follow its bounds and margins instead, and are read, never moved.
/// ```swift
/// let space1 = UILayoutGuide(), space2 = UILayoutGuide()
/// view.addLayoutGuide(space1)
/// view.addLayoutGuide(space2)
/// NSLayoutConstraint.activate([
///     space1.widthAnchor.constraint(equalTo: space2.widthAnchor),
///     save.trailingAnchor.constraint(equalTo: space1.leadingAnchor),
///     cancel.leadingAnchor.constraint(equalTo: space1.trailingAnchor),
///     cancel.trailingAnchor.constraint(equalTo: space2.leadingAnchor),
///     clear.leadingAnchor.constraint(equalTo: space2.trailingAnchor),
/// ])
/// ```
@preconcurrency @MainActor
open class UILayoutGuide {
    /// What decides the guide's rectangle.
    package enum Kind: Sendable {
        /// Constraints (a guide of your own).
        case solved
        /// The owning view's bounds less its safe-area insets.
        case safeArea
        /// The owning view's bounds less its layout margins.
        case layoutMargins
        /// The layout margins, narrowed to a readable width.
        case readableContent
    }

    package let kind: Kind
    /// The rectangle the solver gave a guide of your own (zero until its view lays out).
    package var solvedFrame = CGRect.zero
    /// Active constraints whose first or second item is this guide.
    package var involvingConstraints: [NSLayoutConstraint] = []

    /// The view whose coordinate system the guide lives in (nil until added with ``UIView/addLayoutGuide(_:)``);
    /// not retained: the view holds its guides.
    public package(set) weak var owningView: UIView?

    /// A name for debugging (the system guides are named as UIKit names them).
    public var identifier: String

    /// A guide to add to a view with ``UIView/addLayoutGuide(_:)`` and place with constraints.
    public init() {
        kind = .solved
        identifier = ""
    }

    package init(kind: Kind, owningView: UIView, identifier: String) {
        self.kind = kind
        self.owningView = owningView
        self.identifier = identifier
    }

    /// The guide's rectangle in ``owningView``'s coordinates: solved from constraints at the view's last layout
    /// for a guide of your own; the current bounds, margins or readable area for the view's own guides.
    public var layoutFrame: CGRect {
        guard let view = owningView else { return kind == .solved ? solvedFrame : .zero }
        switch kind {
        case .solved: return solvedFrame
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .layoutMargins: return view.bounds.inset(by: view.layoutMargins)
        case .readableContent: return UIView.readableFrame(within: view.bounds.inset(by: view.layoutMargins))
        }
    }

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

/// A view or a layout guide: what a constraint's items may be.
@MainActor
package protocol LayoutItem: AnyObject {
    /// Active constraints whose first or second item this is.
    var involvingConstraints: [NSLayoutConstraint] { get set }
    /// The view the item belongs to in the hierarchy (a guide: its owning view; nil for a guide added to none).
    var hierarchyView: UIView? { get }
    /// The view whose layout places the item when it is placed by constraints (a view: its superview; a guide:
    /// its owning view), and that must lay out again when one of its constraints changes.
    var layoutContainer: UIView? { get }
    /// The item's class and identity, for diagnostics.
    var diagnosticName: String { get }
}

extension UIView: LayoutItem {
    package var hierarchyView: UIView? { self }
    package var layoutContainer: UIView? { superview ?? self }
}

extension UILayoutGuide: LayoutItem {
    package var hierarchyView: UIView? { owningView }
    package var layoutContainer: UIView? { owningView }
    package var diagnosticName: String {
        "UILayoutGuide \"\(identifier)\"" + (owningView.map { " of \($0.diagnosticName)" } ?? " (in no view)")
    }
}

extension UIView {
    /// The guides added with ``addLayoutGuide(_:)``, in the order added (the view's own safe-area, margins and
    /// readable-content guides are not listed).
    public var layoutGuides: [UILayoutGuide] { _layoutGuides }

    /// Makes this view the guide's owning view, so constraints may place the guide in its coordinates. A guide
    /// owned by another view leaves it first (with its constraints); a view's own guides cannot be added.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.kind == .solved else {
            Diagnostics.report("UIView \(diagnosticName): rejected addLayoutGuide(\(guide.diagnosticName)): a view's own guides cannot be added")
            return
        }
        if guide.owningView === self { return }
        guide.owningView?.removeLayoutGuide(guide)
        _layoutGuides.append(guide)
        guide.owningView = self
        setNeedsLayout()
    }

    /// Removes a guide added with ``addLayoutGuide(_:)``, deactivating the constraints that refer to it, as UIKit
    /// does.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self, _layoutGuides.contains(where: { $0 === guide }) else { return }
        NSLayoutConstraint.deactivate(guide.involvingConstraints)
        _layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
        setNeedsLayout()
    }

    /// The view's own guide of `kind`, made on first use and the same object afterwards.
    package func ownGuide(_ kind: UILayoutGuide.Kind, _ identifier: String) -> UILayoutGuide {
        if let guide = _ownGuides.first(where: { $0.kind == kind }) { return guide }
        let guide = UILayoutGuide(kind: kind, owningView: self, identifier: identifier)
        _ownGuides.append(guide)
        return guide
    }
}
