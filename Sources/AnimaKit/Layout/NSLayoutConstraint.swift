import Foundation
import AnimaCore
import AnimaGraphics

/// How strongly a constraint should hold (UIKit's `UILayoutPriority`, 1…1000).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
}

/// A linear relation between the edges, centres or sizes of two views or layout guides (UIKit's `NSLayoutConstraint`):
/// `firstItem.firstAttribute = multiplier × secondItem.secondAttribute + constant`.
///
/// Anima solves them in `layoutSubviews()` of the view that places the constrained item (a view's superview, a
/// guide's owning view), all of that view's subviews and guides together: required constraints hold, optional
/// ones come as close as they can in priority order, intrinsic sizes hold at their hugging and compression
/// resistance priorities, and what is left open keeps its current value. Baseline attributes are not built.
/// Changing ``constant`` marks the layout dirty, so `layoutIfNeeded()` inside an animation block animates the
/// new frames.
/// ```swift
/// label.translatesAutoresizingMaskIntoConstraints = false
/// let centerX = label.centerXAnchor.constraint(equalTo: view.centerXAnchor)
/// NSLayoutConstraint.activate([centerX, label.topAnchor.constraint(equalTo: view.topAnchor, constant: 40)])
/// centerX.constant = 100
/// UIView.animate(withDuration: 0.5) { view.layoutIfNeeded() }
/// ```
@preconcurrency @MainActor
open class NSLayoutConstraint: CustomStringConvertible {
    /// The part of an item a constraint refers to.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12
        case notAnAttribute = 0
    }

    /// How the two sides compare.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The constrained item (a view); not retained.
    public private(set) weak var firstItem: AnyObject?
    /// Its attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The item it is related to (nil for a constant size); not retained.
    public private(set) weak var secondItem: AnyObject?
    /// Its attribute (`.notAnAttribute` when there is no second item).
    public let secondAttribute: Attribute
    /// The factor applied to the second item's attribute.
    public let multiplier: CGFloat
    /// A name for debugging.
    public var identifier: String?
    /// How strongly the constraint holds (required by default), from 0 to ``UILayoutPriority/required`` (1000).
    /// Cannot change from required to optional while active, as in UIKit; such a change, or a priority outside
    /// that range (NaN included), is reported and ignored.
    public var priority: UILayoutPriority = .required {
        didSet {
            guard (0...UILayoutPriority.required.rawValue).contains(priority.rawValue) else {
                Diagnostics.report("NSLayoutConstraint \(self): rejected priority \(Double(priority.rawValue).diagnosticDescription) "
                    + "(priorities run from 0 to UILayoutPriority.required, 1000); kept \(oldValue.rawValue)")
                priority = oldValue
                return
            }
            if isActive && (oldValue == .required) != (priority == .required) {
                Diagnostics.report("NSLayoutConstraint \(self): rejected changing priority between required and optional while active")
                priority = oldValue
                return
            }
            markLayoutDirty()
        }
    }

    /// The value added to the right-hand side. Changing it lays out the affected views again.
    public var constant: CGFloat {
        didSet {
            guard constant.isFinite else {
                Diagnostics.report("NSLayoutConstraint \(self): rejected constant \(Double(constant).diagnosticDescription) (not finite); kept \(oldValue)")
                constant = oldValue
                return
            }
            if constant != oldValue { markLayoutDirty() }
        }
    }

    /// Whether the constraint takes part in layout. Activating adds it to the nearest common ancestor of its
    /// items; items without a common ancestor are reported and the constraint stays inactive.
    public var isActive: Bool {
        get { owner != nil }
        set {
            if newValue { activate() } else { deactivate() }
        }
    }

    /// The view holding the constraint while it is active.
    package private(set) weak var owner: UIView?

    /// The general form: `item.attr1 (relation) multiplier × toItem.attr2 + constant`.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        if multiplier.isFinite && multiplier != 0 {
            self.multiplier = multiplier
        } else {
            Diagnostics.report("NSLayoutConstraint: rejected multiplier \(Double(multiplier).diagnosticDescription); using 1")
            self.multiplier = 1
        }
        if c.isFinite {
            constant = c
        } else {
            Diagnostics.report("NSLayoutConstraint: rejected constant \(Double(c).diagnosticDescription); using 0")
            constant = 0
        }
    }

    /// Activates every constraint in the array.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates every constraint in the array.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// The first item as a view or layout guide (nil once released, or for anything else).
    package var firstLayoutItem: LayoutItem? { firstItem as? LayoutItem }
    /// The second item as a view or layout guide.
    package var secondLayoutItem: LayoutItem? { secondItem as? LayoutItem }

    private func activate() {
        guard owner == nil else { return }
        guard let first = firstLayoutItem else {
            Diagnostics.report("NSLayoutConstraint \(self): cannot activate: the first item is not a view or layout guide (or was released)")
            return
        }
        let second = secondLayoutItem
        if second == nil, secondItem != nil {
            Diagnostics.report("NSLayoutConstraint \(self): cannot activate: the second item is not a view or layout guide")
            return
        }
        // UIKit raises for a guide that belongs to no view; here it is reported like items without a common ancestor.
        for item in [first, second].compactMap({ $0 }) where item.hierarchyView == nil {
            Diagnostics.report("NSLayoutConstraint \(self): cannot activate: \(item.diagnosticName) has not been added to a view "
                + "(addLayoutGuide(_:) comes before constraints on a guide); it stays inactive")
            return
        }
        guard let firstView = first.hierarchyView else { return }
        var holder: UIView? = firstView
        if let second, let secondView = second.hierarchyView {
            holder = UIView.nearestCommonAncestor(firstView, secondView)
            if holder == nil {
                Diagnostics.report("NSLayoutConstraint \(self): cannot activate: \(first.diagnosticName) and \(second.diagnosticName) have no common ancestor; it stays inactive")
                return
            }
        }
        guard let holder else { return }
        owner = holder
        holder.constraints.append(self)
        first.involvingConstraints.append(self)
        if let second, second !== first { second.involvingConstraints.append(self) }
        markLayoutDirty()
    }

    private func deactivate() {
        guard let holder = owner else { return }
        markLayoutDirty()
        holder.constraints.removeAll { $0 === self }
        firstLayoutItem?.involvingConstraints.removeAll { $0 === self }
        secondLayoutItem?.involvingConstraints.removeAll { $0 === self }
        owner = nil
    }

    /// Asks the views that place both items to lay out again.
    private func markLayoutDirty() {
        guard isActive else { return }
        for item in [firstLayoutItem, secondLayoutItem].compactMap({ $0 }) {
            item.layoutContainer?.setNeedsLayout()
        }
    }

    public nonisolated var description: String {
        let rel = relation == .equal ? "==" : (relation == .lessThanOrEqual ? "<=" : ">=")
        let rhs = secondAttribute == .notAnAttribute ? "constant" : "\(multiplier) × \(secondAttribute)"
        return "<NSLayoutConstraint \(firstAttribute) \(rel) \(rhs) + constant>"
    }
}

extension UIView {
    /// The nearest view that is `a`, `b`, or an ancestor of both.
    static func nearestCommonAncestor(_ a: UIView, _ b: UIView) -> UIView? {
        var current: UIView? = a
        while let c = current {
            if b.isDescendant(of: c) { return c }
            current = c.superview
        }
        return nil
    }

    /// Adds a constraint to this view (activates it; the view should be the items' common ancestor).
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }

    /// Adds several constraints.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }

    /// Removes (deactivates) a constraint held by this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.owner === self { constraint.isActive = false }
    }

    /// Removes several constraints.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(removeConstraint) }
}
