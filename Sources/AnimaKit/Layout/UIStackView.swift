import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

extension NSLayoutConstraint {
    /// A layout axis (a stack view's, or the axis of a content priority).
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}

/// A row or column of views (UIKit's `UIStackView`): it places its ``arrangedSubviews`` one after another along
/// its ``axis``, sized by ``distribution`` and placed across by ``alignment``, and lays them out again when one is
/// added, removed, hidden or shown — inside an animation block, with animation:
///
/// ```swift
/// let stack = UIStackView(arrangedSubviews: [title, details, footer])
/// stack.axis = .vertical
/// stack.spacing = 8
/// UIView.animate(withDuration: 0.3) { details.isHidden = true }   // the others close the gap
/// ```
///
/// ```
/// axis .horizontal, spacing s          alignment .center
/// ┌────────────────────────────────┐   ┌───────────────────┐
/// │[ a ]s[  b  ]s[c]               │   │      [a]          │   a view's length along the axis:
/// └────────────────────────────────┘   │ [ b ] … across    │   an equal width/height constraint of its own,
///   .fill: the space left goes to the  │      [c]          │   else its intrinsic size, else 0
///   view hugging least (ties: first)   └───────────────────┘
/// ```
///
/// Each arranged view's length along the axis is its own width or height constraint (an active `==` constraint
/// with no second item), else its ``UIView/intrinsicContentSize``, else 0 — a plain view with neither is as
/// ambiguous here as under Auto Layout, and collapses. `.fill` gives the space left over to the view with the lowest
/// content hugging priority and takes space that is missing from the one with the lowest compression resistance,
/// ties going to the first in ``arrangedSubviews`` (Apple: "based on their index"; which end is our reading).
/// A hidden arranged view takes no space and no spacing: its frame has zero length along the axis where it would
/// start; hidden inside an animation block, it stays shown until the block's animations end, as it closes.
/// `.firstBaseline` and `.lastBaseline` line up the views' first or last baselines in a horizontal stack (a label's
/// text, the bottom edge of a view without text); in a vertical stack, where UIKit gives them no meaning, they
/// align leading and trailing edges.
open class UIStackView: UIView {
    /// How the arranged views share the length along the axis.
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How the arranged views are placed across the axis.
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// Passed to ``setCustomSpacing(_:after:)``: the stack view's ``spacing`` after that view again.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// The system spacing (8 points here).
    public static let spacingUseSystem = -CGFloat.greatestFiniteMagnitude

    /// The views the stack view places, in order (each is also a subview).
    public private(set) var arrangedSubviews: [UIView] = []
    /// Along which axis the views follow one another (`.horizontal` by default).
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementDidChange() } }
    open var distribution: Distribution = .fill { didSet { arrangementDidChange() } }
    open var alignment: Alignment = .fill { didSet { arrangementDidChange() } }
    /// The gap between neighbouring arranged views (for `.equalSpacing` and `.equalCentering`, the least gap).
    open var spacing: CGFloat = 0 {
        didSet {
            guard spacing.isFinite else {
                Diagnostics.report("UIStackView \(diagnosticName): rejected spacing = \(spacing) (not finite); keeping \(oldValue)")
                spacing = oldValue
                return
            }
            arrangementDidChange()
        }
    }
    /// Whether the views are arranged within the ``UIView/layoutMarginsGuide`` rather than the bounds (false).
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementDidChange() } }
    /// Whether, in a vertical stack, the spacing runs from each view's last baseline to the next one's first (a
    /// view without text counts from its bottom edge); in a horizontal stack it changes nothing, as in UIKit.
    open var isBaselineRelativeArrangement = false { didSet { arrangementDidChange() } }
    /// Gaps after particular views, instead of ``spacing``.
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Makes an empty stack view with a zero frame (stack views are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A stack view of `views`, in order.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    // MARK: The arranged views

    /// Adds `view` at the end of the arranged views (and as the last subview, if it is not one).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` among the arranged views at `index` (clamped to the list), adding it as a subview if needed.
    open func insertArrangedSubview(_ view: UIView, at index: Int) {
        guard view !== self else {
            Diagnostics.report("UIStackView \(diagnosticName): rejected arranging itself")
            return
        }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        view.translatesAutoresizingMaskIntoConstraints = false
        arrangementDidChange()
    }

    /// Stops arranging `view`; it stays a subview (remove it from its superview to take it out of the stack view).
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange()
    }

    /// Sets the gap after `view` (``spacingUseDefault``: back to ``spacing``).
    open func setCustomSpacing(_ spacing: CGFloat, after view: UIView) {
        if spacing == Self.spacingUseDefault {
            customSpacings[ObjectIdentifier(view)] = nil
        } else if spacing == Self.spacingUseSystem {
            customSpacings[ObjectIdentifier(view)] = 8
        } else if spacing.isFinite {
            customSpacings[ObjectIdentifier(view)] = spacing
        } else {
            Diagnostics.report("UIStackView \(diagnosticName): rejected custom spacing \(spacing) after \(view.diagnosticName) (not finite)")
            return
        }
        arrangementDidChange()
    }

    /// The gap after `view` (``spacingUseDefault`` when it has none of its own).
    open func customSpacing(after view: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(view)] ?? Self.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// An arranged view was hidden or shown (from ``UIView/isHidden``): lay out again, at once inside an animation
    /// block so the new frames animate, and keep a view being hidden shown until the block's animations end.
    func arrangedSubview(_ view: UIView, didChangeHiddenTo hidden: Bool) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangementDidChange()
        guard let settings = UIViewAnimationContext.enclosingSettings else { return }
        layoutIfNeeded()
        if hidden {
            let shown = CABasicAnimation(keyPath: "hidden")
            shown.fromValue = false
            shown.toValue = false
            shown.duration = settings.delay + settings.duration
            view.layer.add(shown, forKey: "UIStackView.hiding")
        } else {
            view.layer.removeAnimation(forKey: "UIStackView.hiding")
        }
    }

    private func arrangementDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: Layout

    open override var intrinsicContentSize: CGSize {
        let visible = arrangedSubviews.filter { !$0.isHidden }
        let m = arrangementMargins
        guard !visible.isEmpty else { return CGSize(width: m.left + m.right, height: m.top + m.bottom) }
        let along = visible.reduce(0) { $0 + naturalLength(of: $1, along: axis) } + gaps(between: visible).reduce(0, +)
        var across = visible.map { naturalLength(of: $0, along: crossAxis) }.max() ?? 0
        if alignsBaselines {
            // As tall as the deepest baseline above it and the longest part below one.
            across = (visible.map(baselineDepth).max() ?? 0)
                + (visible.map { naturalLength(of: $0, along: crossAxis) - baselineDepth(of: $0) }.max() ?? 0)
        }
        let size = axis == .horizontal ? CGSize(width: along, height: across) : CGSize(width: across, height: along)
        return CGSize(width: size.width + m.left + m.right, height: size.height + m.top + m.bottom)
    }

    open override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        if isLayoutMarginsRelativeArrangement { arrangementDidChange() }
    }

    /// The insets the views are arranged within: the layout margins, or none.
    private var arrangementMargins: UIEdgeInsets {
        isLayoutMarginsRelativeArrangement ? layoutMargins : UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()   // subviews that are not arranged keep their own constraints
        let visible = arrangedSubviews.filter { !$0.isHidden }
        let area = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide.layoutFrame : bounds
        let box = CGRect(origin: area.origin, size: CGSize(width: max(area.width, 0), height: max(area.height, 0)))
        let available = length(of: box.size, along: axis), across = length(of: box.size, along: crossAxis)
        let lengths = StackArrangement.lengths(
            natural: visible.map { naturalLength(of: $0, along: axis) }, gaps: gaps(between: visible),
            available: available, distribution: distribution,
            hugging: visible.map { $0.contentHuggingPriority(for: axis) },
            resistance: visible.map { $0.contentCompressionResistancePriority(for: axis) })
        let starts = StackArrangement.starts(lengths: lengths, gaps: gaps(between: visible), available: available,
                                             distribution: distribution)
        let origin = length(of: box.origin, along: axis), crossOrigin = length(of: box.origin, along: crossAxis)
        let baseline = alignsBaselines ? visible.map(baselineDepth).max() ?? 0 : 0
        var next = 0, end: CGFloat = 0
        for view in arrangedSubviews {
            let start: CGFloat, extent: CGFloat
            if view.isHidden {
                start = end; extent = 0                       // where it would start, closed
            } else {
                start = starts[next]; extent = lengths[next]
                end = start + extent
                next += 1
            }
            let (crossStart, crossExtent) = place(view, across: across, baseline: baseline)
            view.frame = axis == .horizontal
                ? CGRect(x: origin + start, y: crossOrigin + crossStart, width: extent, height: crossExtent)
                : CGRect(x: crossOrigin + crossStart, y: origin + start, width: crossExtent, height: extent)
        }
    }

    private var crossAxis: NSLayoutConstraint.Axis { axis == .horizontal ? .vertical : .horizontal }

    /// The gaps after each of `views` but the last (custom spacing, else ``spacing``); baseline to baseline when
    /// ``isBaselineRelativeArrangement`` (less the text below the one's last baseline and above the next's first,
    /// at their natural heights).
    private func gaps(between views: [UIView]) -> [CGFloat] {
        let gaps = views.dropLast().map { customSpacings[ObjectIdentifier($0)] ?? spacing }
        guard isBaselineRelativeArrangement, axis == .vertical else { return gaps }
        return gaps.indices.map { i in
            let above = views[i], below = views[i + 1]
            let (k, offset) = above.baselinePlacement(last: true), height = naturalLength(of: above, along: .vertical)
            let (k2, offset2) = below.baselinePlacement(last: false)
            let belowBaseline = height - (k * height + offset)
            let aboveBaseline = k2 * naturalLength(of: below, along: .vertical) + offset2
            return gaps[i] - belowBaseline - aboveBaseline
        }
    }

    /// Where `view` goes across the axis, and its length there; `baseline` is how far down the baselines line up
    /// (``alignsBaselines``).
    private func place(_ view: UIView, across: CGFloat, baseline: CGFloat) -> (start: CGFloat, length: CGFloat) {
        if alignment == .fill { return (0, across) }
        let natural = naturalLength(of: view, along: crossAxis)
        if alignsBaselines { return (baseline - baselineDepth(of: view), natural) }
        switch alignment {
        case .fill, .leading, .firstBaseline: return (0, natural)
        case .center: return ((across - natural) / 2, natural)
        case .trailing, .lastBaseline: return (across - natural, natural)
        }
    }

    /// Whether the views line up by their baselines: a baseline alignment of a horizontal stack.
    private var alignsBaselines: Bool {
        axis == .horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
    }

    /// How far below its top `view`'s aligned baseline lies at its natural height.
    private func baselineDepth(of view: UIView) -> CGFloat {
        let (k, offset) = view.baselinePlacement(last: alignment == .lastBaseline)
        return k * naturalLength(of: view, along: .vertical) + offset
    }

    /// A view's own length along `axis`: its `==` size constraint with no second item, else its intrinsic size,
    /// else 0.
    private func naturalLength(of view: UIView, along axis: NSLayoutConstraint.Axis) -> CGFloat {
        let attribute: NSLayoutConstraint.Attribute = axis == .horizontal ? .width : .height
        if let own = view.involvingConstraints.last(where: {
            $0.isActive && $0.firstItem === view && $0.secondItem == nil && $0.firstAttribute == attribute
                && $0.relation == .equal
        }) {
            return max(own.constant, 0)
        }
        let intrinsic = length(of: view.intrinsicContentSize, along: axis)
        return intrinsic == UIView.noIntrinsicMetric || !intrinsic.isFinite ? 0 : max(intrinsic, 0)
    }

    private func length(of size: CGSize, along axis: NSLayoutConstraint.Axis) -> CGFloat {
        axis == .horizontal ? size.width : size.height
    }

    private func length(of point: CGPoint, along axis: NSLayoutConstraint.Axis) -> CGFloat {
        axis == .horizontal ? point.x : point.y
    }
}

/// The arithmetic of a stack view's axis, apart from views: lengths from natural lengths, then starts.
enum StackArrangement {
    /// Each view's length along the axis.
    static func lengths(natural: [CGFloat], gaps: [CGFloat], available: CGFloat, distribution: UIStackView.Distribution,
                        hugging: [UILayoutPriority], resistance: [UILayoutPriority]) -> [CGFloat] {
        let n = natural.count
        guard n > 0 else { return [] }
        let room = available - gaps.reduce(0, +)
        switch distribution {
        case .fillEqually:
            return Array(repeating: max(room / CGFloat(n), 0), count: n)
        case .fillProportionally:
            let total = natural.reduce(0, +)
            guard total > 0 else { return Array(repeating: max(room / CGFloat(n), 0), count: n) }
            return natural.map { max($0 * room / total, 0) }
        case .fill:
            return fitted(natural, into: room, hugging: hugging, resistance: resistance, stretches: true)
        case .equalSpacing, .equalCentering:
            return fitted(natural, into: room, hugging: hugging, resistance: resistance, stretches: false)
        }
    }

    /// `natural` made to fit `room`: space missing is taken from the lowest compression resistance first (ties: the
    /// first view), down to zero each; space left over goes to the lowest hugging priority (ties: the first view) when
    /// `stretches`.
    private static func fitted(_ natural: [CGFloat], into room: CGFloat, hugging: [UILayoutPriority],
                               resistance: [UILayoutPriority], stretches: Bool) -> [CGFloat] {
        var lengths = natural
        var extra = room - natural.reduce(0, +)
        if extra > 0, stretches {
            let index = hugging.indices.min { hugging[$0] < hugging[$1] }!
            lengths[index] += extra
        } else if extra < 0 {
            for index in resistance.indices.sorted(by: { resistance[$0] < resistance[$1] }) where extra < 0 {
                let taken = min(lengths[index], -extra)
                lengths[index] -= taken
                extra += taken
            }
        }
        return lengths
    }

    /// Where each view starts along the axis.
    static func starts(lengths: [CGFloat], gaps: [CGFloat], available: CGFloat,
                       distribution: UIStackView.Distribution) -> [CGFloat] {
        let n = lengths.count
        guard n > 0 else { return [] }
        var gaps = gaps
        let free = available - lengths.reduce(0, +)
        if n > 1, distribution == .equalSpacing {
            let even = free / CGFloat(n - 1)
            gaps = gaps.map { max($0, even) }
        } else if n > 1, distribution == .equalCentering {
            // Centres equally apart from the first view's to the last's, as long as no gap gets below its spacing.
            let span = available - lengths[0] / 2 - lengths[n - 1] / 2
            let step = span / CGFloat(n - 1)
            let proposed = (1..<n).map { step - lengths[$0 - 1] / 2 - lengths[$0] / 2 }
            if zip(proposed, gaps).allSatisfy({ $0 >= $1 }) { gaps = proposed }
        }
        var starts: [CGFloat] = []
        var position: CGFloat = 0
        for i in 0..<n {
            starts.append(position)
            position += lengths[i] + (i < n - 1 ? gaps[i] : 0)
        }
        return starts
    }
}
