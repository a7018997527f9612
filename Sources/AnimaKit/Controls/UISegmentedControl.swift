import Foundation
import AnimaCore
import AnimaGraphics

/// A horizontal row of segments, one of which is selected (UIKit's `UISegmentedControl`, iOS 13 look).
///
/// Segments show a title (`String` items) or an image (`UIImage` items). The selected segment sits on a
/// white rounded pill that slides to a newly tapped segment. Lifting a finger on another enabled segment
/// selects it and sends `.valueChanged`; setting ``selectedSegmentIndex`` in code sends nothing.
/// ```swift
/// let curves = UISegmentedControl(items: ["easeInOut", "easeIn", "easeOut", "linear"])
/// curves.selectedSegmentIndex = 0
/// curves.addAction(UIAction { action in
///     quiz.curveIndex = (action.sender as! UISegmentedControl).selectedSegmentIndex
/// }, for: .valueChanged)
/// ```
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// The value of ``selectedSegmentIndex`` when no segment is selected.
    public static let noSegment = -1

    /// One segment's content and settings.
    @MainActor private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        var width: CGFloat = 0
        var action: UIAction?
        let label = UILabel()
        let imageView = UIView()
    }

    private static let height: CGFloat = 32
    private static let pillInset: CGFloat = 2
    private static let titlePadding: CGFloat = 14

    private var segments: [Segment] = []
    private var separators: [UIView] = []
    private let pill = UIView()
    private var _selectedSegmentIndex = UISegmentedControl.noSegment
    private var pressedSegment: Int?
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// A control with one segment per item: a `String` (title) or a ``UIImage``. Other items are reported
    /// and become empty segments. Nothing is selected.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        configureSegmentedControl()
        for item in items ?? [] {
            switch item {
            case let title as String: appendSegment(title: title, image: nil)
            case let title as Substring: appendSegment(title: String(title), image: nil)
            case let image as UIImage: appendSegment(title: nil, image: image)
            default:
                Diagnostics.report("\(diagnosticName): item \(item) of type \(type(of: item)) is neither a String nor a UIImage; the segment is empty")
                appendSegment(title: nil, image: nil)
            }
        }
        bounds.size = intrinsicContentSize
    }

    /// An empty control with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureSegmentedControl()
    }

    /// Makes an empty control (not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureSegmentedControl()
    }

    private func configureSegmentedControl() {
        backgroundColor = UIColor(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.12)
        layer.cornerRadius = 8.9
        pill.isUserInteractionEnabled = false
        pill.backgroundColor = .white
        pill.layer.cornerRadius = 6.9
        pill.layer.shadowColor = UIColor.black.cgColor
        pill.layer.shadowOpacity = 0.12
        pill.layer.shadowRadius = 4
        pill.layer.shadowOffset = CGSize(width: 0, height: 3)
        pill.layer.borderWidth = 0.5
        pill.layer.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
        pill.isHidden = true
        addSubview(pill)
    }

    package override var primaryEvent: Event { .valueChanged }
    package override var keepsSingleTaps: Bool { true }

    // MARK: Segments

    /// The number of segments.
    public var numberOfSegments: Int { segments.count }

    /// The selected segment's index, or ``noSegment`` (default). Out-of-range values are reported and ignored.
    /// Setting it sends no action and moves the selection without animation (unless inside an animation block).
    open var selectedSegmentIndex: Int {
        get { _selectedSegmentIndex }
        set {
            guard newValue == UISegmentedControl.noSegment || segments.indices.contains(newValue) else {
                Diagnostics.report("\(diagnosticName): rejected selectedSegmentIndex \(newValue) (\(segments.count) segments); kept \(_selectedSegmentIndex)")
                return
            }
            guard newValue != _selectedSegmentIndex else { return }
            _selectedSegmentIndex = newValue
            segmentsDidChange(resize: false)
        }
    }

    /// Whether segments only flash when tapped instead of staying selected (default false).
    open var isMomentary = false { didSet { segmentsDidChange(resize: false) } }

    /// Whether segments are as wide as their content (true) or share the width equally (false, default).
    open var apportionsSegmentWidthsByContent = false { didSet { segmentsDidChange(resize: true) } }

    /// The colour of the selected segment's pill (nil: white).
    open var selectedSegmentTintColor: UIColor? { didSet { pill.backgroundColor = selectedSegmentTintColor ?? .white } }

    /// Inserts a segment titled `title` at `segment` (clamped to 0…numberOfSegments).
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment, animated: animated)
    }

    /// Inserts a segment showing `image` at `segment` (clamped).
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment, animated: animated)
    }

    /// Inserts a segment at `segment` that shows `action`'s title and runs `action` when the user selects it.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title, action: action), at: segment, animated: animated)
    }

    /// The action of the segment at `segment` (nil when it has none).
    open func actionForSegment(at segment: Int) -> UIAction? {
        segments.indices.contains(segment) ? segments[segment].action : nil
    }

    /// Removes the segment at `segment` (out-of-range indexes are reported and ignored).
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else {
            Diagnostics.report("\(diagnosticName): removeSegment(at: \(segment)): index out of range (\(segments.count) segments); ignored")
            return
        }
        let removed = segments.remove(at: segment)
        removed.label.removeFromSuperview()
        removed.imageView.removeFromSuperview()
        if _selectedSegmentIndex == segment {
            _selectedSegmentIndex = UISegmentedControl.noSegment
        } else if _selectedSegmentIndex > segment {
            _selectedSegmentIndex -= 1
        }
        segmentsDidChange(resize: true, animated: animated)
    }

    /// Removes every segment.
    open func removeAllSegments() {
        for segment in segments {
            segment.label.removeFromSuperview()
            segment.imageView.removeFromSuperview()
        }
        segments = []
        _selectedSegmentIndex = UISegmentedControl.noSegment
        segmentsDidChange(resize: true)
    }

    /// Sets the title of the segment at `segment`.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard check(segment, "setTitle(_:forSegmentAt:)") else { return }
        segments[segment].title = title
        segments[segment].image = nil
        segmentsDidChange(resize: true)
    }

    /// The title of the segment at `segment` (nil for image segments or bad indexes).
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets the image of the segment at `segment`.
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard check(segment, "setImage(_:forSegmentAt:)") else { return }
        segments[segment].image = image
        segments[segment].title = nil
        segmentsDidChange(resize: true)
    }

    /// The image of the segment at `segment`.
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Enables or disables one segment (a disabled segment cannot be selected by touch).
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard check(segment, "setEnabled(_:forSegmentAt:)") else { return }
        segments[segment].isEnabled = enabled
        segmentsDidChange(resize: false)
    }

    /// Whether the segment at `segment` is enabled.
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Fixes the width of one segment (0: automatic).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard check(segment, "setWidth(_:forSegmentAt:)") else { return }
        guard width.isFinite, width >= 0 else {
            Diagnostics.report("\(diagnosticName): rejected width \(width) for segment \(segment); kept \(segments[segment].width)")
            return
        }
        segments[segment].width = width
        segmentsDidChange(resize: true)
    }

    /// The fixed width of the segment at `segment` (0: automatic).
    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    /// Sets the title font (`.font`) and colour (`.foregroundColor`) for `state` (`.normal` or `.selected`).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        titleAttributes[state.rawValue] = attributes
        segmentsDidChange(resize: true)
    }

    /// The title attributes set for `state`.
    open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    private func check(_ segment: Int, _ call: String) -> Bool {
        guard segments.indices.contains(segment) else {
            Diagnostics.report("\(diagnosticName): \(call): segment \(segment) out of range (\(segments.count) segments); ignored")
            return false
        }
        return true
    }

    private func appendSegment(title: String?, image: UIImage?) {
        insert(Segment(title: title, image: image), at: segments.count, animated: false)
    }

    private func insert(_ segment: Segment, at index: Int, animated: Bool) {
        let i = max(0, min(index, segments.count))
        segment.label.isUserInteractionEnabled = false
        segment.label.textAlignment = .center
        segment.label.lineBreakMode = .byTruncatingTail
        segment.imageView.isUserInteractionEnabled = false
        segment.imageView.layer.contentsGravity = .center
        addSubview(segment.imageView)
        addSubview(segment.label)
        segments.insert(segment, at: i)
        if _selectedSegmentIndex >= i { _selectedSegmentIndex += 1 }
        segmentsDidChange(resize: true, animated: animated)
    }

    private func segmentsDidChange(resize: Bool, animated: Bool = false) {
        while separators.count < max(0, segments.count - 1) {
            let separator = UIView()
            separator.isUserInteractionEnabled = false
            separator.backgroundColor = UIColor(red: 0.56, green: 0.56, blue: 0.58, alpha: 0.3)
            insertSubview(separator, belowSubview: pill)
            separators.append(separator)
        }
        while separators.count > max(0, segments.count - 1) { separators.removeLast().removeFromSuperview() }
        updateContents()
        if resize { invalidateIntrinsicContentSize() }
        setNeedsLayout()
        if animated, window != nil {
            UIView.animate(withDuration: 0.25) { self.layoutIfNeeded() }
        }
    }

    // MARK: Look

    private var showsSelection: Bool { !isMomentary && segments.indices.contains(_selectedSegmentIndex) }

    private func font(selected: Bool) -> UIFont {
        let attributes = titleAttributes[(selected ? State.selected : State.normal).rawValue]
        if let font = attributes?[.font] as? UIFont { return font }
        if selected, let font = titleAttributes[State.normal.rawValue]?[.font] as? UIFont { return font }
        return .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
    }

    private func textColor(selected: Bool) -> UIColor {
        let attributes = titleAttributes[(selected ? State.selected : State.normal).rawValue]
        if let color = attributes?[.foregroundColor] as? UIColor { return color }
        if selected, let color = titleAttributes[State.normal.rawValue]?[.foregroundColor] as? UIColor { return color }
        return .label
    }

    private func updateContents() {
        for (i, segment) in segments.enumerated() {
            let selected = showsSelection && i == _selectedSegmentIndex
            segment.label.text = segment.title
            segment.label.font = font(selected: selected)
            var color = textColor(selected: selected)
            if !segment.isEnabled || !isEnabled { color = color.withAlphaComponent(color.alphaComponent * 0.3) }
            if pressedSegment == i, !selected { color = color.withAlphaComponent(color.alphaComponent * 0.5) }
            segment.label.textColor = color
            segment.imageView.layer.contents = segment.image?.cgImage
            segment.imageView.layer.contentsScale = segment.image?.scale ?? 1
            segment.imageView.alpha = segment.isEnabled && isEnabled ? 1 : 0.3
        }
        pill.isHidden = !showsSelection
        pill.alpha = isEnabled ? 1 : 0.6
    }

    open override func stateDidChange() { updateContents() }

    // MARK: Layout

    private func contentWidth(of segment: Segment) -> CGFloat {
        if let image = segment.image { return image.size.width }
        let measure = UILabel()
        measure.font = font(selected: true)
        measure.text = segment.title
        return measure.sizeThatFits(.zero).width
    }

    /// The width each segment gets in `totalWidth`.
    private func segmentWidths(in totalWidth: CGFloat) -> [CGFloat] {
        guard !segments.isEmpty else { return [] }
        let fixed = segments.map(\.width)
        let automatic = fixed.indices.filter { fixed[$0] == 0 }
        let remaining = max(0, totalWidth - fixed.reduce(0, +))
        var widths = fixed
        if apportionsSegmentWidthsByContent {
            let natural = automatic.map { contentWidth(of: segments[$0]) + 2 * UISegmentedControl.titlePadding }
            let sum = natural.reduce(0, +)
            for (k, i) in automatic.enumerated() {
                widths[i] = sum > 0 ? remaining * natural[k] / sum : remaining / CGFloat(automatic.count)
            }
        } else {
            for i in automatic { widths[i] = remaining / CGFloat(automatic.count) }
        }
        return widths
    }

    /// Segments side by side, each as wide as the widest title plus padding (or its content when
    /// ``apportionsSegmentWidthsByContent``), 32 points tall.
    open override var intrinsicContentSize: CGSize {
        let natural = segments.map { $0.width > 0 ? $0.width : contentWidth(of: $0) + 2 * UISegmentedControl.titlePadding }
        let width = apportionsSegmentWidthsByContent ? natural.reduce(0, +) : (natural.max() ?? 0) * CGFloat(segments.count)
        return CGSize(width: width.rounded(.up), height: UISegmentedControl.height)
    }

    /// The natural size (see ``intrinsicContentSize``).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private func segmentFrames() -> [CGRect] {
        var x = bounds.minX
        return segmentWidths(in: bounds.width).map { width in
            defer { x += width }
            return CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
        }
    }

    /// The index of the segment under `point` (in the control's coordinates), clamped to the ends.
    private func segmentIndex(at point: CGPoint) -> Int? {
        let frames = segmentFrames()
        guard !frames.isEmpty else { return nil }
        return frames.firstIndex { point.x < $0.maxX } ?? frames.count - 1
    }

    /// Places titles, images, separators and the selection pill.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let frames = segmentFrames()
        for (segment, frame) in zip(segments, frames) {
            let content = frame.insetBy(dx: 6, dy: 0)
            let size = segment.label.sizeThatFits(CGSize(width: content.width, height: 0))
            segment.label.frame = CGRect(x: content.minX, y: (frame.midY - size.height / 2).rounded(),
                                         width: content.width, height: size.height)
            let imageSize = segment.image?.size ?? .zero
            segment.imageView.frame = CGRect(x: (frame.midX - imageSize.width / 2).rounded(),
                                             y: (frame.midY - imageSize.height / 2).rounded(),
                                             width: imageSize.width, height: imageSize.height)
        }
        let separatorHeight = max(0, bounds.height - 16)
        for (i, separator) in separators.enumerated() where i + 1 < frames.count {
            separator.frame = CGRect(x: frames[i].maxX - 0.5, y: bounds.midY - separatorHeight / 2, width: 1, height: separatorHeight)
            // Separators next to the selected segment disappear under the pill.
            separator.alpha = showsSelection && (i == _selectedSegmentIndex || i + 1 == _selectedSegmentIndex) ? 0 : 1
        }
        if showsSelection {
            pill.frame = frames[_selectedSegmentIndex].insetBy(dx: UISegmentedControl.pillInset, dy: UISegmentedControl.pillInset)
        }
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressedSegment = segmentIndex(at: touch.location(in: self))
        updateContents()
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let index = isTouchInside ? segmentIndex(at: touch.location(in: self)) : nil
        if index != pressedSegment {
            pressedSegment = index
            updateContents()
        }
        return true
    }

    /// Selects the segment under the finger (when inside and enabled), sliding the pill there, and sends
    /// `.valueChanged` when the selection changed (always, for a momentary control).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let index = touch.flatMap { isTouchInside ? segmentIndex(at: $0.location(in: self)) : nil }
        pressedSegment = nil
        guard let index, segments[index].isEnabled, index != _selectedSegmentIndex || isMomentary else {
            updateContents()
            return
        }
        let wasShowing = showsSelection
        _selectedSegmentIndex = index
        updateContents()
        setNeedsLayout()
        if wasShowing, window != nil {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { self.layoutIfNeeded() })
        }
        sendInteractionActions(for: .valueChanged, with: event)
        if let action = segments[index].action { sendAction(action) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        pressedSegment = nil
        updateContents()
    }
}
