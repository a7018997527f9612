import Foundation
import AnimaCore
import AnimaGraphics

/// Turns the active constraints on one view's subviews and layout guides into their frames, all at once.
///
/// An item is placed by constraints when it is a subview with `translatesAutoresizingMaskIntoConstraints == false`
/// or a layout guide of your own; each such item has four unknowns in the container's coordinates (its minimum
/// x and y, its width and height). A constraint belongs to the container of its first item when that item is
/// placed, else of its second; items not placed here (the container itself, views that translate their autoresizing
/// masks, views elsewhere in the hierarchy, the margins and safe-area guides) enter as the values they have now.
///
/// Rows, strongest first: the constraints at their priorities; each view's intrinsic size as compression resistance
/// (`size ≥ intrinsic`, 750 by default) and content hugging (`size ≤ intrinsic`, 250); then, below everything, the
/// current size (priority −1) and then the current position (−2), which decide what the constraints leave open. A
/// ``PriorityLinearSystem`` solves them together, so spacer guides between views of natural widths share the room
/// left. A required constraint that still misses by more than half a point is reported once per view, like
/// UIKit's "Unable to simultaneously satisfy constraints".
@MainActor
enum ConstraintSolver {
    /// Lays out the items of `container` that constraints place.
    static func place(_ items: [LayoutItem], in container: UIView) {
        var unknowns: [ObjectIdentifier: Int] = [:]   // item → first of its four unknowns (lookups only)
        for (i, item) in items.enumerated() { unknowns[ObjectIdentifier(item)] = 4 * i }
        var system = PriorityLinearSystem(unknownCount: 4 * items.count)
        var required: [(row: Int, constraint: NSLayoutConstraint, placed: LayoutItem)] = []
        var seen = Set<ObjectIdentifier>()
        for item in items {
            for c in item.involvingConstraints where c.isActive && seen.insert(ObjectIdentifier(c)).inserted {
                guard let placed = placedItem(of: c), placed.layoutContainer === container,
                      let row = add(c, placed: placed, to: &system, unknowns: unknowns, container: container) else { continue }
                if c.priority == .required { required.append((row, c, placed)) }
            }
        }
        for (i, item) in items.enumerated() {
            guard let view = item as? UIView else { continue }
            let natural = view.intrinsicContentSize
            for (axis, length) in [(NSLayoutConstraint.Axis.horizontal, natural.width), (.vertical, natural.height)]
            where length >= 0 && length.isFinite {
                let size = 4 * i + (axis == .horizontal ? 1 : 3)
                system.add([(size, 1)], .greaterThanOrEqual, length, priority: view.contentCompressionResistancePriority(for: axis).rawValue)
                system.add([(size, 1)], .lessThanOrEqual, length, priority: view.contentHuggingPriority(for: axis).rawValue)
            }
        }
        let current = items.map { currentFrame(of: $0, in: container) }
        for (i, frame) in current.enumerated() {
            system.add([(4 * i + 1, 1)], .equal, frame.width, priority: -1)
            system.add([(4 * i + 3, 1)], .equal, frame.height, priority: -1)
        }
        for (i, frame) in current.enumerated() {
            system.add([(4 * i, 1)], .equal, frame.minX, priority: -2)
            system.add([(4 * i + 2, 1)], .equal, frame.minY, priority: -2)
        }
        let values = system.solve()
        for (row, c, placed) in required where !system.holds(row, for: values, slack: 0.5) {
            let miss = system.residual(of: row, for: values)
            report("unable to simultaneously satisfy the \(axisName(c.firstAttribute)) constraints (\(c) misses by "
                   + "\(miss) points); the higher-priority ones win", for: placed, in: container)
        }
        for (i, item) in items.enumerated() {
            apply(values[(4 * i)..<(4 * i + 4)].map { CGFloat($0) }, to: item, in: container)
        }
    }

    // MARK: Constraints as rows

    /// Whether the solver places `item` (so constraints may move it).
    private static func isPlaced(_ item: LayoutItem?) -> Bool {
        if let view = item as? UIView { return !view.translatesAutoresizingMaskIntoConstraints && view.superview != nil }
        if let guide = item as? UILayoutGuide { return guide.kind == .solved && guide.owningView != nil }
        return false
    }

    /// The item whose container solves a constraint: its first item when the solver places it, else its second.
    static func placedItem(of c: NSLayoutConstraint) -> LayoutItem? {
        if isPlaced(c.firstLayoutItem) { return c.firstLayoutItem }
        if isPlaced(c.secondLayoutItem) { return c.secondLayoutItem }
        return nil
    }

    private enum Axis { case horizontal, vertical }

    private static func axis(of attribute: NSLayoutConstraint.Attribute) -> (axis: Axis, isSize: Bool)? {
        switch attribute {
        case .left, .leading, .right, .trailing, .centerX: return (.horizontal, false)
        case .width: return (.horizontal, true)
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: return (.vertical, false)
        case .height: return (.vertical, true)
        case .notAnAttribute: return nil
        }
    }

    private static func axisName(_ attribute: NSLayoutConstraint.Attribute) -> String {
        axis(of: attribute)?.axis == .vertical ? "vertical" : "horizontal"
    }

    /// Adds `first.a1 − multiplier × second.a2 (relation) constant`; nil (reported when it is a mistake) when the
    /// constraint cannot be a row.
    private static func add(_ c: NSLayoutConstraint, placed: LayoutItem, to system: inout PriorityLinearSystem,
                            unknowns: [ObjectIdentifier: Int], container: UIView) -> Int? {
        guard let first = c.firstLayoutItem else { return nil }   // released
        guard let firstAxis = axis(of: c.firstAttribute) else {
            report("\(c): attribute \(c.firstAttribute) is not supported; ignored", for: placed, in: container)
            return nil
        }
        var terms: [(unknown: Int, coefficient: Double)] = []
        var constant = Double(c.constant)
        func enter(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, times factor: Double) {
            if let base = unknowns[ObjectIdentifier(item)] {
                if let (k, offset) = baselinePlacement(attribute, of: item) {
                    // top + k × height + offset: the offset is measured now, from the view's text.
                    terms += [(base + 2, factor), (base + 3, factor * Double(k))]
                    constant -= factor * Double(offset)
                    return
                }
                terms += expression(attribute, base: base).map { ($0.unknown, factor * $0.coefficient) }
            } else {
                constant -= factor * Double(value(of: attribute, of: item, in: container))
            }
        }
        enter(first, c.firstAttribute, times: 1)
        if let second = c.secondLayoutItem {
            // Positions relate along one axis; sizes may relate across axes (aspect ratios).
            guard let secondAxis = axis(of: c.secondAttribute), secondAxis.isSize == firstAxis.isSize,
                  firstAxis.isSize || secondAxis.axis == firstAxis.axis else {
                report("\(c): relates \(c.firstAttribute) to \(c.secondAttribute), which do not match; ignored", for: placed, in: container)
                return nil
            }
            enter(second, c.secondAttribute, times: -Double(c.multiplier))
        } else if c.secondItem != nil {
            return nil   // released
        } else if !firstAxis.isSize {
            report("\(c): a position needs a second item; ignored", for: placed, in: container)
            return nil
        }
        guard constant.isFinite else { return nil }
        return system.add(terms, c.relation, constant, priority: c.priority.rawValue)
    }

    /// An attribute of a placed item in terms of its unknowns (min x, width, min y, height from `base`).
    private static func expression(_ attribute: NSLayoutConstraint.Attribute, base: Int) -> [(unknown: Int, coefficient: Double)] {
        switch attribute {
        case .left, .leading: return [(base, 1)]
        case .right, .trailing: return [(base, 1), (base + 1, 1)]
        case .centerX: return [(base, 1), (base + 1, 0.5)]
        case .width: return [(base + 1, 1)]
        case .top: return [(base + 2, 1)]
        case .bottom: return [(base + 2, 1), (base + 3, 1)]
        case .centerY: return [(base + 2, 1), (base + 3, 0.5)]
        case .height: return [(base + 3, 1)]
        case .firstBaseline, .lastBaseline, .notAnAttribute: return []   // baselines: ``baselinePlacement(_:of:)``
        }
    }

    /// A baseline attribute's place in `item`'s height (``UIView/baselinePlacement(last:)``); a guide's baselines
    /// are its bottom edge. Nil for other attributes.
    private static func baselinePlacement(_ attribute: NSLayoutConstraint.Attribute,
                                          of item: LayoutItem) -> (heightFactor: CGFloat, offset: CGFloat)? {
        guard attribute == .firstBaseline || attribute == .lastBaseline else { return nil }
        return (item as? UIView)?.baselinePlacement(last: attribute == .lastBaseline) ?? (1, 0)
    }

    // MARK: Items as they are

    /// The rectangle of an item in `container`'s coordinates (untransformed for direct subviews).
    private static func rect(of item: LayoutItem, in container: UIView) -> CGRect {
        if let guide = item as? UILayoutGuide {
            guard let owner = guide.owningView else { return guide.layoutFrame }
            return owner === container ? guide.layoutFrame : owner.convert(guide.layoutFrame, to: container)
        }
        guard let view = item as? UIView else { return .zero }
        if view === container { return container.bounds }
        if view.superview === container {
            let s = view.bounds.size, c = view.center
            return CGRect(x: c.x - s.width / 2, y: c.y - s.height / 2, width: s.width, height: s.height)
        }
        return view.convert(view.bounds, to: container)
    }

    private static func value(of attribute: NSLayoutConstraint.Attribute, of item: LayoutItem, in container: UIView) -> CGFloat {
        let r = rect(of: item, in: container)
        let size = (item as? UIView)?.bounds.size ?? r.size
        switch attribute {
        case .left, .leading: return r.minX
        case .right, .trailing: return r.maxX
        case .centerX: return r.midX
        case .width: return size.width
        case .top: return r.minY
        case .bottom: return r.maxY
        case .centerY: return r.midY
        case .height: return size.height
        case .firstBaseline, .lastBaseline:
            let (k, offset) = baselinePlacement(attribute, of: item) ?? (1, 0)
            return r.minY + k * size.height + offset
        case .notAnAttribute: return 0
        }
    }

    private static func currentFrame(of item: LayoutItem, in container: UIView) -> CGRect {
        (item as? UILayoutGuide)?.solvedFrame ?? rect(of: item, in: container)
    }

    /// Gives `item` its solved min x, width, min y and height (a negative size is reported and made 0).
    private static func apply(_ solved: [CGFloat], to item: LayoutItem, in container: UIView) {
        guard solved.allSatisfy(\.isFinite) else { return }
        var size = CGSize(width: solved[1], height: solved[3])
        for (name, length) in [("horizontal", size.width), ("vertical", size.height)] where length < -PriorityLinearSystem.tolerance {
            report("\(name) size solved to \(length); using 0", for: item, in: container)
        }
        size = CGSize(width: max(size.width, 0), height: max(size.height, 0))
        if let guide = item as? UILayoutGuide {
            guide.solvedFrame = CGRect(origin: CGPoint(x: solved[0], y: solved[2]), size: size)
            return
        }
        guard let view = item as? UIView else { return }
        if view.bounds.size != size { view.bounds = CGRect(origin: view.bounds.origin, size: size) }
        let center = CGPoint(x: solved[0] + size.width / 2, y: solved[2] + size.height / 2)
        if view.center != center { view.center = center }
    }

    /// Reports a problem once per view: the placed view's, or for a guide its owning view's.
    private static func report(_ message: String, for item: LayoutItem, in container: UIView) {
        if let view = item as? UIView {
            view.reportConstraintIssueOnce(message)
        } else {
            container.reportConstraintIssueOnce("\(item.diagnosticName): \(message)")
        }
    }
}

extension UIView {
    /// Applies active constraints to the subviews that do not translate autoresizing masks and to the layout
    /// guides added to this view (the default `layoutSubviews()`).
    package func applyConstraintsToSubviews() {
        let constrained = _subviews.filter { view in view.involvingConstraints.contains { $0.isActive } }
        for view in constrained where view.translatesAutoresizingMaskIntoConstraints {
            if view.involvingConstraints.contains(where: { $0.isActive && $0.firstItem === view }) {
                view.reportConstraintIssueOnce("has active constraints but translatesAutoresizingMaskIntoConstraints is true; its frame is left as set")
            }
        }
        var items: [LayoutItem] = constrained.filter { !$0.translatesAutoresizingMaskIntoConstraints }
        items += _layoutGuides.filter { guide in guide.involvingConstraints.contains { $0.isActive } }.map { $0 as LayoutItem }
        guard !items.isEmpty else { return }
        ConstraintSolver.place(items, in: self)
    }

    /// Reports a constraint problem on this view, once per view.
    package func reportConstraintIssueOnce(_ message: String) {
        guard !hasReportedConstraintIssue else { return }
        hasReportedConstraintIssue = true
        Diagnostics.report("UIView \(diagnosticName) constraints: \(message)")
    }
}
