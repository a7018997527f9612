import Foundation
import AnimaCore
import AnimaGraphics

/// Turns the active constraints on one view into its size and centre, axis by axis.
///
/// Each constraint places one view: its first item when that view is placed by constraints (it has
/// `translatesAutoresizingMaskIntoConstraints == false` and a superview), otherwise its second item; the other
/// item is read as it is. Per axis, the required-or-highest-priority equalities decide: a size (a width/height constraint; or two
/// different edges; else the intrinsic size; else the current size) and then a position (the first edge or
/// centre equality; else the current position). `≥`/`≤` constraints clamp the result. Leftover equalities
/// that disagree by more than half a point are reported once per view, like UIKit's "Unable to
/// simultaneously satisfy constraints".
@MainActor
enum ConstraintSolver {
    enum Axis { case horizontal, vertical }
    /// What a term fixes on its axis.
    enum Role { case minEdge, center, maxEdge, size }

    struct Term {
        var role: Role
        var value: CGFloat
        var relation: NSLayoutConstraint.Relation
        var priority: UILayoutPriority
        var order: Int
    }

    /// The solved size and centre of `view` in `container`'s coordinates (its superview's).
    static func solve(_ view: UIView, in container: UIView) -> (size: CGSize, center: CGPoint) {
        var horizontal: [Term] = [], vertical: [Term] = []
        for (order, constraint) in view.involvingConstraints.enumerated() where constraint.isActive {
            guard let (axis, term) = orient(constraint, for: view, in: container, order: order) else { continue }
            if axis == .horizontal { horizontal.append(term) } else { vertical.append(term) }
        }
        let size = view.bounds.size, center = view.center
        let intrinsic = view.intrinsicContentSize
        let x = solveAxis(horizontal, currentMin: center.x - size.width / 2, currentSize: size.width,
                          intrinsic: intrinsic.width, view: view, axisName: "horizontal")
        let y = solveAxis(vertical, currentMin: center.y - size.height / 2, currentSize: size.height,
                          intrinsic: intrinsic.height, view: view, axisName: "vertical")
        return (CGSize(width: x.size, height: y.size), CGPoint(x: x.min + x.size / 2, y: y.min + y.size / 2))
    }

    private static func classify(_ attribute: NSLayoutConstraint.Attribute) -> (Axis, Role)? {
        switch attribute {
        case .left, .leading: return (.horizontal, .minEdge)
        case .right, .trailing: return (.horizontal, .maxEdge)
        case .centerX: return (.horizontal, .center)
        case .width: return (.horizontal, .size)
        case .top: return (.vertical, .minEdge)
        case .bottom: return (.vertical, .maxEdge)
        case .centerY: return (.vertical, .center)
        case .height: return (.vertical, .size)
        case .firstBaseline, .lastBaseline, .notAnAttribute: return nil
        }
    }

    /// The rectangle of `item` in `container`'s coordinates (untransformed for direct subviews).
    private static func rect(of item: UIView, in container: UIView) -> CGRect {
        if item === container { return container.bounds }
        if item.superview === container {
            let s = item.bounds.size, c = item.center
            return CGRect(x: c.x - s.width / 2, y: c.y - s.height / 2, width: s.width, height: s.height)
        }
        return item.convert(item.bounds, to: container)
    }

    private static func value(of attribute: NSLayoutConstraint.Attribute, of item: UIView, in container: UIView) -> CGFloat {
        let r = rect(of: item, in: container)
        switch attribute {
        case .left, .leading: return r.minX
        case .right, .trailing: return r.maxX
        case .centerX: return r.midX
        case .width: return item.bounds.width
        case .top: return r.minY
        case .bottom: return r.maxY
        case .centerY: return r.midY
        case .height: return item.bounds.height
        case .firstBaseline, .lastBaseline, .notAnAttribute: return 0
        }
    }

    /// Whether the solver places `view` (so constraints may move it).
    private static func isPlaced(_ view: UIView?) -> Bool {
        guard let view else { return false }
        return !view.translatesAutoresizingMaskIntoConstraints && view.superview != nil
    }

    /// The view a constraint places: its first item when the solver places that view, else its second.
    /// (A constraint between two placed views moves the first: write constraints subject first.)
    static func placedView(of c: NSLayoutConstraint) -> UIView? {
        if isPlaced(c.firstView) { return c.firstView }
        if isPlaced(c.secondView) { return c.secondView }
        return nil
    }

    /// The constraint rewritten as "view.attribute (relation) value".
    private static func orient(_ c: NSLayoutConstraint, for view: UIView, in container: UIView, order: Int) -> (Axis, Term)? {
        guard placedView(of: c) === view else { return nil }
        let viewIsFirst = c.firstItem === view
        let ownAttribute = viewIsFirst ? c.firstAttribute : c.secondAttribute
        guard let (axis, role) = classify(ownAttribute) else {
            view.reportConstraintIssueOnce("\(c): attribute \(ownAttribute) is not supported; ignored")
            return nil
        }
        if let otherAttribute = viewIsFirst ? (c.secondItem == nil ? nil : c.secondAttribute) : c.firstAttribute {
            // Positions relate along one axis; sizes may relate across axes (aspect ratios).
            guard let (otherAxis, otherRole) = classify(otherAttribute), (otherRole == .size) == (role == .size),
                  role == .size || otherAxis == axis else {
                view.reportConstraintIssueOnce("\(c): relates \(c.firstAttribute) to \(c.secondAttribute), which do not match; ignored")
                return nil
            }
        }
        var relation = c.relation
        let rhs: CGFloat
        if viewIsFirst {
            if let other = c.secondView {
                rhs = c.multiplier * value(of: c.secondAttribute, of: other, in: container) + c.constant
            } else if c.secondItem == nil {
                guard role == .size else {
                    view.reportConstraintIssueOnce("\(c): a position needs a second item; ignored")
                    return nil
                }
                rhs = c.constant
            } else {
                return nil
            }
        } else {
            guard let other = c.firstView else { return nil }
            // other.a1 (rel) m × view.a2 + k  ⇔  view.a2 (flipped rel) (other.a1 − k) / m
            rhs = (value(of: c.firstAttribute, of: other, in: container) - c.constant) / c.multiplier
            relation = flipped(relation)
            if c.multiplier < 0 { relation = flipped(relation) }
        }
        guard rhs.isFinite else { return nil }
        return (axis, Term(role: role, value: rhs, relation: relation, priority: c.priority, order: order))
    }

    private static func flipped(_ r: NSLayoutConstraint.Relation) -> NSLayoutConstraint.Relation {
        switch r {
        case .equal: return .equal
        case .lessThanOrEqual: return .greaterThanOrEqual
        case .greaterThanOrEqual: return .lessThanOrEqual
        }
    }

    /// Where an edge or the centre is for a given minimum edge and size.
    private static func position(of role: Role, min: CGFloat, size: CGFloat) -> CGFloat {
        switch role {
        case .minEdge: return min
        case .center: return min + size / 2
        case .maxEdge, .size: return min + size
        }
    }

    private static func solveAxis(_ terms: [Term], currentMin: CGFloat, currentSize: CGFloat, intrinsic: CGFloat,
                                  view: UIView, axisName: String) -> (min: CGFloat, size: CGFloat) {
        let equalities = terms.filter { $0.relation == .equal }
            .sorted { $0.priority != $1.priority ? $0.priority > $1.priority : $0.order < $1.order }
        let positions = equalities.filter { $0.role != .size }
        var used: [Int] = []

        var size: CGFloat
        if let s = equalities.first(where: { $0.role == .size }) {
            size = s.value
            used.append(s.order)
        } else if let a = positions.first, let b = positions.first(where: { $0.role != a.role }) {
            // Two different edges (or an edge and the centre) fix the size.
            let (lo, hi) = a.role == .minEdge || (a.role == .center && b.role == .maxEdge) ? (a, b) : (b, a)
            switch (lo.role, hi.role) {
            case (.minEdge, .maxEdge): size = hi.value - lo.value
            case (.minEdge, .center): size = 2 * (hi.value - lo.value)
            default: size = 2 * (hi.value - lo.value)   // centre to max edge
            }
            used.append(b.order)
        } else {
            size = intrinsic >= 0 ? intrinsic : currentSize
        }
        for t in terms where t.role == .size && t.relation != .equal {
            size = t.relation == .greaterThanOrEqual ? max(size, t.value) : min(size, t.value)
        }
        if size < 0 {
            view.reportConstraintIssueOnce("\(axisName) size solved to \(size); using 0")
            size = 0
        }

        var minEdge = currentMin
        if let p = positions.first {
            minEdge = p.value - (position(of: p.role, min: 0, size: size))
            used.append(p.order)
        }
        for t in terms where t.role != .size && t.relation != .equal {
            let at = position(of: t.role, min: minEdge, size: size)
            if t.relation == .greaterThanOrEqual, at < t.value { minEdge += t.value - at }
            if t.relation == .lessThanOrEqual, at > t.value { minEdge -= at - t.value }
        }
        for t in equalities where !used.contains(t.order) {
            let actual = t.role == .size ? size : position(of: t.role, min: minEdge, size: size)
            if abs(actual - t.value) > 0.5 {
                view.reportConstraintIssueOnce("unable to simultaneously satisfy the \(axisName) constraints (one wants \(t.value), the layout gives \(actual)); the higher-priority ones win")
                break
            }
        }
        return (minEdge, size)
    }
}

extension UIView {
    /// Applies active constraints to the subviews that do not translate autoresizing masks (the default
    /// `layoutSubviews()`): a few passes, so a view constrained to a sibling laid out later settles too.
    package func applyConstraintsToSubviews() {
        let constrained = _subviews.filter { view in view.involvingConstraints.contains { $0.isActive } }
        guard !constrained.isEmpty else { return }
        for view in constrained where view.translatesAutoresizingMaskIntoConstraints {
            if view.involvingConstraints.contains(where: { $0.isActive && $0.firstItem === view }) {
                view.reportConstraintIssueOnce("has active constraints but translatesAutoresizingMaskIntoConstraints is true; its frame is left as set")
            }
        }
        let solvable = constrained.filter { !$0.translatesAutoresizingMaskIntoConstraints }
        for _ in 0..<3 {
            var changed = false
            for view in solvable {
                let solved = ConstraintSolver.solve(view, in: self)
                if view.bounds.size != solved.size {
                    view.bounds = CGRect(origin: view.bounds.origin, size: solved.size)
                    changed = true
                }
                if view.center != solved.center {
                    view.center = solved.center
                    changed = true
                }
            }
            if !changed { break }
        }
    }

    /// Reports a constraint problem on this view, once per view.
    package func reportConstraintIssueOnce(_ message: String) {
        guard !hasReportedConstraintIssue else { return }
        hasReportedConstraintIssue = true
        Diagnostics.report("UIView \(diagnosticName) constraints: \(message)")
    }
}
