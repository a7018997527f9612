import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

/// One row of a `UITableView`: a content view with UIKit's standard labels and image, an accessory, a separator
/// line, and the grey of a selected or touched row.
///
/// ```swift
/// let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
/// cell.textLabel?.text = names[indexPath.row]
/// cell.accessoryType = .disclosureIndicator
/// ```
/// The table makes a registered class's cells with ``init(reuseIdentifier:)``, which calls `init(style: .default,
/// reuseIdentifier:)` — the override of it in your subclass, as UIKit does. A subclass that overrides
/// `init(style:reuseIdentifier:)` and `init?(coder:)`, as UIKit's templates write them, inherits it.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The standard layouts of a cell's labels.
    public enum CellStyle: Int, Sendable {
        /// A title on the left (and an image before it).
        case `default` = 0
        /// A title on the left and a grey detail on the right.
        case value1
        /// A blue detail right-aligned in a column, then the title (Contacts' layout).
        case value2
        /// A title with a smaller grey subtitle under it.
        case subtitle
    }

    /// The mark on the right of a row.
    public enum AccessoryType: Int, Sendable {
        case none = 0, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// How a selected row shows.
    public enum SelectionStyle: Int, Sendable {
        case none = 0, blue, gray, `default`
    }

    /// Where a separator stops (UIKit's `UITableViewCell.SeparatorStyle`, set on the table).
    public enum SeparatorStyle: Int, Sendable {
        case none = 0, singleLine, singleLineEtched
    }

    /// The identifier the cell is reused under.
    public let reuseIdentifier: String?
    /// The style given at creation.
    public let style: CellStyle
    /// The view to add custom content to; the labels and image live in it.
    public let contentView = UIView()
    /// The view behind the content while the row is selected or touched (light grey unless replaced).
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); installBackgrounds() }
    }
    /// The view behind everything.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); installBackgrounds() }
    }
    /// The mark on the right.
    open var accessoryType: AccessoryType = .none { didSet { accessory.kind = accessoryType; setNeedsLayout() } }
    /// A view shown instead of ``accessoryType``'s mark.
    open var accessoryView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let accessoryView { addSubview(accessoryView) }; setNeedsLayout() }
    }
    /// How the selection shows (`.none` shows nothing).
    open var selectionStyle: SelectionStyle = .default { didSet { updateSelectionLook(animated: false) } }
    /// Space before and after the separator under the row (set by the table from its `separatorInset`).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    private var _textLabel: UILabel?
    private var _detailTextLabel: UILabel?
    private var _imageView: UIImageView?
    private let accessory = AccessoryMark()
    let separatorLine = UIView()
    private var _isSelected = false
    private var _isHighlighted = false

    /// A cell in `style`, reused under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        configureCell()
    }

    /// A `.default` cell reused under `reuseIdentifier`: what `dequeueReusableCell` makes of a registered class
    /// (through the class's own `init(style:reuseIdentifier:)`).
    public required convenience init(reuseIdentifier: String) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    /// A `.default` cell with no identifier.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Cells are not archived here: a `.default` cell with no identifier.
    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        configureCell()
    }

    private func configureCell() {
        backgroundColor = .white
        clipsToBounds = true
        contentView.backgroundColor = nil
        addSubview(contentView)
        accessory.isUserInteractionEnabled = false
        addSubview(accessory)
        separatorLine.backgroundColor = UIColor(white: 0.78, alpha: 1)
        addSubview(separatorLine)
        let background = UIView()
        background.backgroundColor = UIColor(white: 0.85, alpha: 1)
        selectedBackgroundView = background
    }

    /// The title label (made on first use).
    open var textLabel: UILabel? {
        if let _textLabel { return _textLabel }
        let label = UILabel()
        label.font = .systemFont(ofSize: style == .subtitle ? 17 : (style == .value2 ? 15 : 17))
        contentView.addSubview(label)
        _textLabel = label
        setNeedsLayout()
        return label
    }

    /// The detail label: nil for `.default` cells.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let _detailTextLabel { return _detailTextLabel }
        let label = UILabel()
        switch style {
        case .value1: label.font = .systemFont(ofSize: 17); label.textColor = .systemGray; label.textAlignment = .right
        case .value2: label.font = .systemFont(ofSize: 15, weight: .semibold); label.textColor = .systemBlue; label.textAlignment = .right
        default: label.font = .systemFont(ofSize: 12); label.textColor = .systemGray
        }
        contentView.addSubview(label)
        _detailTextLabel = label
        setNeedsLayout()
        return label
    }

    /// The image before the title (made on first use).
    open var imageView: UIImageView? {
        if let _imageView { return _imageView }
        let view = UIImageView()
        view.contentMode = .center
        contentView.addSubview(view)
        _imageView = view
        setNeedsLayout()
        return view
    }

    // MARK: Selection

    /// Whether the row is selected.
    open var isSelected: Bool {
        get { _isSelected }
        set { setSelected(newValue, animated: false) }
    }

    /// Whether a finger is down on the row.
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set { setHighlighted(newValue, animated: false) }
    }

    /// Selects or deselects the row; `animated` fades the selected background over 0.3 s.
    open func setSelected(_ selected: Bool, animated: Bool) {
        _isSelected = selected
        updateSelectionLook(animated: animated)
    }

    /// Highlights the row (while a finger is down on it); `animated` fades the selected background.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        _isHighlighted = highlighted
        updateSelectionLook(animated: animated)
    }

    /// The length of an animated selection change: our reading (UIKit documents none).
    static let selectionFadeDuration: TimeInterval = 0.3

    private func updateSelectionLook(animated: Bool) {
        guard let selectedBackgroundView else { return }
        let shown: CGFloat = (_isSelected || _isHighlighted) && selectionStyle != .none ? 1 : 0
        guard selectedBackgroundView.alpha != shown else { return }
        if animated, window != nil {
            UIView.animate(withDuration: Self.selectionFadeDuration) { selectedBackgroundView.alpha = shown }
        } else {
            UIView.performWithoutAnimation { selectedBackgroundView.alpha = shown }
        }
    }

    /// Called before the table hands the cell out again: resets the selection (override to reset your content,
    /// calling `super`).
    open func prepareForReuse() {
        _isSelected = false
        _isHighlighted = false
        UIView.performWithoutAnimation {
            updateSelectionLook(animated: false)
            alpha = 1
            transform = .identity
        }
    }

    private func installBackgrounds() {
        if let backgroundView { insertSubview(backgroundView, at: 0) }
        if let selectedBackgroundView {
            if let backgroundView { insertSubview(selectedBackgroundView, aboveSubview: backgroundView) }
            else { insertSubview(selectedBackgroundView, at: 0) }
            selectedBackgroundView.alpha = (_isSelected || _isHighlighted) && selectionStyle != .none ? 1 : 0
        }
        setNeedsLayout()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        let accessoryWidth: CGFloat
        if let accessoryView {
            let size = accessoryView.bounds.size
            accessoryView.frame = CGRect(x: bounds.width - 16 - size.width, y: (bounds.height - size.height) / 2,
                                         width: size.width, height: size.height)
            accessoryWidth = size.width + 16
            accessory.isHidden = true
        } else if accessoryType != .none {
            accessory.isHidden = false
            accessory.frame = CGRect(x: bounds.width - 16 - 14, y: (bounds.height - 14) / 2, width: 14, height: 14)
            accessoryWidth = 14 + 16
        } else {
            accessory.isHidden = true
            accessoryWidth = 0
        }
        contentView.frame = CGRect(x: 0, y: 0, width: bounds.width - accessoryWidth, height: bounds.height)
        let hairline = 1 / max(contentScaleFactor, 1)
        separatorLine.frame = CGRect(x: separatorInset.left, y: bounds.height - hairline,
                                     width: max(0, bounds.width - separatorInset.left - separatorInset.right), height: hairline)
        layoutStandardContent()
    }

    private func layoutStandardContent() {
        let content = contentView.bounds
        var x: CGFloat = 16
        if let imageView = _imageView, let image = imageView.image {
            let side = min(image.size.height, content.height)
            imageView.frame = CGRect(x: x, y: (content.height - side) / 2, width: image.size.width, height: side)
            x = imageView.frame.maxX + 16
        }
        let right = content.width - 16
        switch style {
        case .subtitle:
            let title = _textLabel?.intrinsicContentSize.height ?? 0
            let detail = _detailTextLabel?.intrinsicContentSize.height ?? 0
            let top = (content.height - title - detail) / 2
            _textLabel?.frame = CGRect(x: x, y: top, width: right - x, height: title)
            _detailTextLabel?.frame = CGRect(x: x, y: top + title, width: right - x, height: detail)
        case .value1:
            let detailWidth = min(_detailTextLabel?.intrinsicContentSize.width ?? 0, (right - x) / 2)
            _detailTextLabel?.frame = CGRect(x: right - detailWidth, y: 0, width: detailWidth, height: content.height)
            _textLabel?.frame = CGRect(x: x, y: 0, width: right - x - detailWidth - 8, height: content.height)
        case .value2:
            let column: CGFloat = 84
            _detailTextLabel?.frame = CGRect(x: x, y: 0, width: column - x, height: content.height)
            _textLabel?.frame = CGRect(x: column + 6, y: 0, width: right - column - 6, height: content.height)
        case .default:
            _textLabel?.frame = CGRect(x: x, y: 0, width: right - x, height: content.height)
        }
    }
}

/// The drawn accessory marks: a chevron, a checkmark, or an info circle.
final class AccessoryMark: UIView {
    var kind: UITableViewCell.AccessoryType = .none { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        let path = UIBezierPath()
        path.lineWidth = 2
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        let b = bounds
        switch kind {
        case .none:
            return
        case .disclosureIndicator:
            UIColor.systemGray3.setStroke()
            path.move(to: CGPoint(x: b.midX - 2.5, y: b.minY + 2))
            path.addLine(to: CGPoint(x: b.midX + 2.5, y: b.midY))
            path.addLine(to: CGPoint(x: b.midX - 2.5, y: b.maxY - 2))
        case .checkmark:
            tintColor.setStroke()
            path.move(to: CGPoint(x: b.minX + 1, y: b.midY))
            path.addLine(to: CGPoint(x: b.minX + 5, y: b.maxY - 2))
            path.addLine(to: CGPoint(x: b.maxX - 1, y: b.minY + 2))
        case .detailButton, .detailDisclosureButton:
            tintColor.setStroke()
            let circle = UIBezierPath(ovalIn: b.insetBy(dx: 1, dy: 1))
            circle.lineWidth = 1.5
            circle.stroke()
            path.move(to: CGPoint(x: b.midX, y: b.midY - 1))
            path.addLine(to: CGPoint(x: b.midX, y: b.maxY - 4))
            path.move(to: CGPoint(x: b.midX, y: b.minY + 4))
            path.addLine(to: CGPoint(x: b.midX, y: b.minY + 4.5))
        }
        path.stroke()
    }
}
