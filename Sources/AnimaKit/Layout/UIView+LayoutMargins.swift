import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

extension UIView {
    /// The area inside the view's ``layoutMargins`` as a guide for constraints: the same object each time, and its
    /// anchors follow the margins when they change (the view lays out again).
    /// ```swift
    /// label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).isActive = true
    /// ```
    public var layoutMarginsGuide: UILayoutGuide { ownGuide(.layoutMargins, "UIViewLayoutMarginsGuide") }

    /// The part of the margins guide wide enough to read a column of text: the margins guide's height, centred
    /// across it, and at most 672 points wide (Apple's rules: never beyond the margins guide,
    /// centred in it, no wider than the readable width of the current text size).
    public var readableContentGuide: UILayoutGuide { ownGuide(.readableContent, "UIViewReadableContentGuide") }

    /// The widest a readable-content guide gets: 672 points, the width UIKit is reported to use at the default
    /// (Large) text size on an iPad. UNCONFIRMED: Apple does not document the number (its rules are those
    /// above); with no dynamic type here, it does not grow with the text size.
    package static let readableContentWidth: CGFloat = 672

    /// The readable part of a margins rectangle (see ``readableContentGuide``).
    static func readableFrame(within margins: CGRect) -> CGRect {
        let width = min(margins.width, readableContentWidth)
        return CGRect(x: margins.midX - width / 2, y: margins.minY, width: width, height: margins.height)
    }

    /// The margins in effect: the ones set, grown where the view inherits its superview's
    /// (``preservesSuperviewLayoutMargins``) by the least that keeps content inside the superview's margins too.
    package var effectiveLayoutMargins: UIEdgeInsets {
        var margins = explicitLayoutMargins
        guard _preservesSuperviewLayoutMargins, let superview else { return margins }
        let inherited = convert(superview.bounds.inset(by: superview.layoutMargins), from: superview)
        let own = bounds
        margins.left = max(margins.left, inherited.minX - own.minX)
        margins.top = max(margins.top, inherited.minY - own.minY)
        margins.right = max(margins.right, own.maxX - inherited.maxX)
        margins.bottom = max(margins.bottom, own.maxY - inherited.maxY)
        return margins
    }

    /// Sets the margins asked for, or reports `property` and keeps them when an inset is not finite.
    package func setExplicitLayoutMargins(_ margins: UIEdgeInsets, property: String) {
        guard [margins.top, margins.left, margins.bottom, margins.right].allSatisfy(\.isFinite) else {
            return reject(property, "\(margins)")
        }
        changingLayoutMargins { explicitLayoutMargins = margins }
    }

    /// Runs `change`, then calls ``layoutMarginsDidChange()`` and asks for layout on this view and on each
    /// descendant inheriting its margins whose margins in effect it changed.
    package func changingLayoutMargins(_ change: () -> Void) {
        var affected: [UIView] = [self]
        var next = 0
        while next < affected.count {
            affected += affected[next]._subviews.filter(\._preservesSuperviewLayoutMargins)
            next += 1
        }
        let before = affected.map(\.effectiveLayoutMargins)
        change()
        for (view, old) in zip(affected, before) where view.effectiveLayoutMargins != old {
            view.layoutMarginsDidChange()
            view.setNeedsLayout()
        }
    }
}
