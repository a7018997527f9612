import Foundation
import AnimaCore
import AnimaGraphics

/// An alert or an action sheet, presented modally: a title, a message and buttons (`UIAlertAction`s).
///
/// ```swift
/// let alert = UIAlertController(title: "Discard changes?", message: "Your edits will be lost.", preferredStyle: .alert)
/// alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
/// alert.addAction(UIAlertAction(title: "Discard", style: .destructive) { _ in editor.revert() })
/// present(alert, animated: true)
/// ```
///
/// How it shows (our reading of iOS 13 and later; UIKit documents none of these figures):
/// ```
///  alert                                   action sheet
///  ┌──────── 270 pt ────────┐              ┌───── container width − 16 (≤ 400) ─────┐
///  │   Title (17 semibold)  │              │   title, message (13, grey)            │
///  │   message (13)         │              ├────────────────────────────────────────┤
///  ├───────────┬────────────┤ 44 pt        │   action (20)                   57 pt  │
///  │  Cancel   │  Discard   │              ├────────────────────────────────────────┤
///  └───────────┴────────────┘              │   action                               │
///  two actions side by side when both      └────────────────────────────────────────┘  8 pt
///  titles fit (cancel on the left);        ┌────────────────────────────────────────┐
///  otherwise stacked, cancel last          │   Cancel (bold)                        │
///                                          └────────────────────────────────────────┘  8 pt from the bottom
/// ```
/// An alert appears over a dimmed screen, fading in from 1.2 × its size on a critically damped 0.4 s spring, and
/// fades out over 0.25 s. An action sheet slides up from the bottom on the same spring and slides back down; a tap
/// on the dimmed area outside it chooses its cancel action, if it has one (an alert ignores such taps). Choosing
/// an action dismisses the controller and then runs the action's handler. No text fields: this port has no
/// `UITextField`.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// How the controller shows.
    public enum Style: Int, Sendable {
        /// A sheet of buttons that slides up from the bottom of the screen.
        case actionSheet = 0
        /// A box in the middle of the screen.
        case alert
    }

    /// The style given at creation.
    public let preferredStyle: Style
    /// The text under the title.
    open var message: String? { didSet { contentDidChange() } }
    /// The actions, in the order they were added.
    public private(set) var actions: [UIAlertAction] = []

    /// The action drawn bold (alerts only); it must already have been added — setting another is Apple's documented
    /// programmer error.
    open var preferredAction: UIAlertAction? {
        didSet {
            if let preferredAction, !actions.contains(where: { $0 === preferredAction }) {
                let message = "UIAlertController: the preferred action \"\(preferredAction.title ?? "")\" must be added with addAction(_:) first"
                Diagnostics.report(message)
                fatalError(message)
            }
            contentDidChange()
        }
    }

    /// An alert or action sheet with the given texts; add actions before presenting it.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init(nibName: nil, bundle: nil)
        self.title = title
        modalPresentationStyle = .overFullScreen
    }

    /// Controllers are not archived here: an empty alert, so subclasses written for UIKit compile unchanged.
    public required init?(coder: NSCoder) {
        self.preferredStyle = .alert
        super.init(coder: coder)
        modalPresentationStyle = .overFullScreen
    }

    /// Adds a button. A second `.cancel` action is Apple's documented programmer error.
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            let message = "UIAlertController can only have one action with a style of UIAlertActionStyleCancel (adding \"\(action.title ?? "")\")"
            Diagnostics.report(message)
            fatalError(message)
        }
        action.controller = self
        actions.append(action)
        contentDidChange()
    }

    // MARK: Views

    /// The dimmed backdrop over the presenter, full size.
    let dimmingView = AlertDimmingView()
    /// What moves in and out: the alert box, or the sheet's groups.
    let panel = UIView()
    /// The buttons, in display order.
    private(set) var actionRows: [AlertActionRow] = []

    open override func loadView() {
        let root = UIView()
        root.backgroundColor = nil
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.2)
        dimmingView.addAction(UIAction { [weak self] _ in self?.dimmingTapped() }, for: .touchUpInside)
        panel.backgroundColor = nil
        root.addSubview(dimmingView)
        root.addSubview(panel)
        view = root
        rebuildPanel()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutPanel()
    }

    private func contentDidChange() {
        guard isViewLoaded else { return }
        rebuildPanel()
        view.setNeedsLayout()
    }

    func actionDidChange(_ action: UIAlertAction) {
        for row in actionRows where row.action === action { row.update(emphasised: isEmphasised(action)) }
    }

    /// The group boxes of the panel (an alert has one; a sheet a second for its cancel action).
    private var groups: [UIView] = []
    private var titleLabel: UILabel?
    private var messageLabel: UILabel?
    private var separators: [UIView] = []

    private var isSheet: Bool { preferredStyle == .actionSheet }

    private func isEmphasised(_ action: UIAlertAction) -> Bool {
        if isSheet { return action.style == .cancel }
        if let preferredAction { return action === preferredAction }
        return action.style == .cancel
    }

    /// The actions in display order: an alert's cancel action comes last when stacked and first when side by side
    /// (it is then on the left); a sheet's goes to its own group.
    private var orderedActions: [UIAlertAction] {
        let others = actions.filter { $0.style != .cancel }
        let cancel = actions.filter { $0.style == .cancel }
        if !isSheet && sideBySide { return cancel + others }
        return others + cancel
    }

    private var sideBySide: Bool {
        guard !isSheet, actions.count == 2 else { return false }
        let half = Metrics.alertWidth / 2 - 2 * Metrics.rowPadding
        return actions.allSatisfy { action in
            let font = UIFont.systemFont(ofSize: Metrics.alertActionSize, weight: .semibold)
            return AlertActionRow.titleWidth(action.title ?? "", font: font) <= half
        }
    }

    private func rebuildPanel() {
        for view in panel.subviews { view.removeFromSuperview() }
        groups = []
        separators = []
        actionRows = []
        let main = AlertGroupView(cornerRadius: isSheet ? Metrics.sheetCornerRadius : Metrics.alertCornerRadius)
        panel.addSubview(main)
        groups.append(main)
        titleLabel = makeHeaderLabel(title, bold: true)
        messageLabel = makeHeaderLabel(message, bold: false)
        for label in [titleLabel, messageLabel].compactMap({ $0 }) { main.addSubview(label) }
        for action in orderedActions {
            let row = AlertActionRow(action: action, fontSize: isSheet ? Metrics.sheetActionSize : Metrics.alertActionSize)
            row.update(emphasised: isEmphasised(action))
            row.addAction(UIAction { [weak self, weak action] _ in
                guard let self, let action else { return }
                self.choose(action)
            }, for: .touchUpInside)
            actionRows.append(row)
            if isSheet && action.style == .cancel {
                let cancelGroup = AlertGroupView(cornerRadius: Metrics.sheetCornerRadius)
                panel.addSubview(cancelGroup)
                groups.append(cancelGroup)
                cancelGroup.addSubview(row)
            } else {
                let separator = UIView()
                separator.backgroundColor = Metrics.separatorColor
                separators.append(separator)
                main.addSubview(separator)
                main.addSubview(row)
            }
        }
    }

    private func makeHeaderLabel(_ text: String?, bold: Bool) -> UILabel? {
        guard let text, !text.isEmpty else { return nil }
        let label = UILabel()
        label.text = text
        label.numberOfLines = 0
        label.textAlignment = .center
        if isSheet {
            label.font = .systemFont(ofSize: Metrics.sheetHeaderSize, weight: bold ? .semibold : .regular)
            label.textColor = .systemGray
        } else {
            label.font = .systemFont(ofSize: bold ? Metrics.alertTitleSize : Metrics.alertMessageSize,
                                     weight: bold ? .semibold : .regular)
            label.textColor = .black
        }
        return label
    }

    /// Lays the panel out in the root view's bounds (the presentation container's).
    private func layoutPanel() {
        let bounds = view.bounds
        dimmingView.frame = bounds
        let width = isSheet ? min(bounds.width - 2 * Metrics.sheetMargin, Metrics.sheetMaxWidth) : Metrics.alertWidth
        let hairline = 1 / max(view.contentScaleFactor, 1)
        let rowHeight = isSheet ? Metrics.sheetRowHeight : Metrics.alertRowHeight
        // The header.
        var y: CGFloat = 0
        let labels = [titleLabel, messageLabel].compactMap { $0 }
        if !labels.isEmpty {
            y = isSheet ? Metrics.sheetHeaderInset : Metrics.alertHeaderInset
            for (index, label) in labels.enumerated() {
                if index > 0 { y += Metrics.headerSpacing }
                let size = label.sizeThatFits(CGSize(width: width - 2 * Metrics.headerSideInset, height: .greatestFiniteMagnitude))
                label.frame = CGRect(x: Metrics.headerSideInset, y: y, width: width - 2 * Metrics.headerSideInset, height: ceil(size.height))
                y += ceil(size.height)
            }
            y += isSheet ? Metrics.sheetHeaderInset : Metrics.alertHeaderInset
        }
        // The rows of the main group.
        let mainRows = actionRows.filter { !(isSheet && $0.action.style == .cancel) }
        if sideBySide {
            let half = width / 2
            for (index, row) in mainRows.enumerated() {
                separators[index].frame = index == 0
                    ? CGRect(x: 0, y: y, width: width, height: hairline)
                    : CGRect(x: half, y: y, width: hairline, height: rowHeight)
                row.frame = CGRect(x: CGFloat(index) * half, y: y, width: half, height: rowHeight)
            }
            y += mainRows.isEmpty ? 0 : rowHeight
        } else {
            for (index, row) in mainRows.enumerated() {
                // No line above the first row of a group with no header.
                separators[index].isHidden = index == 0 && labels.isEmpty
                separators[index].frame = CGRect(x: 0, y: y, width: width, height: hairline)
                row.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
                y += rowHeight
            }
        }
        let mainHeight = y
        // Placement.
        if isSheet {
            var bottom = bounds.height - Metrics.sheetMargin
            var frames: [CGRect] = []
            if groups.count > 1, let cancelRow = actionRows.first(where: { $0.action.style == .cancel }) {
                cancelRow.frame = CGRect(x: 0, y: 0, width: width, height: rowHeight)
                frames.append(CGRect(x: 0, y: bottom - rowHeight, width: width, height: rowHeight))
                bottom -= rowHeight + Metrics.sheetMargin
            }
            frames.insert(CGRect(x: 0, y: bottom - mainHeight, width: width, height: mainHeight), at: 0)
            let top = frames[0].minY
            panel.bounds = CGRect(x: 0, y: 0, width: width, height: bounds.height - Metrics.sheetMargin - top)
            panel.center = CGPoint(x: bounds.midX, y: top + panel.bounds.height / 2)
            for (group, frame) in zip(groups, frames) { group.frame = frame.offsetBy(dx: 0, dy: -top) }
            groups[0].isHidden = mainHeight == 0
        } else {
            panel.bounds = CGRect(x: 0, y: 0, width: width, height: mainHeight)
            panel.center = CGPoint(x: bounds.midX, y: bounds.midY)
            groups[0].frame = panel.bounds
        }
    }

    // MARK: Choosing

    /// Dismisses the alert and, once it has gone, runs the action's handler.
    private func choose(_ action: UIAlertAction) {
        guard action.isEnabled, presentingViewController != nil, activeTransition == nil else { return }
        dismiss(animated: true) { action.handler?(action) }
    }

    private func dimmingTapped() {
        guard isSheet, let cancel = actions.first(where: { $0.style == .cancel }) else { return }
        choose(cancel)
    }

    /// Sizes and colours (our reading of iOS's alerts; see the type's documentation).
    enum Metrics {
        static let alertWidth: CGFloat = 270
        static let alertCornerRadius: CGFloat = 14
        static let alertRowHeight: CGFloat = 44
        static let alertTitleSize: CGFloat = 17
        static let alertMessageSize: CGFloat = 13
        static let alertActionSize: CGFloat = 17
        static let alertHeaderInset: CGFloat = 19
        static let sheetMargin: CGFloat = 8
        static let sheetMaxWidth: CGFloat = 400
        static let sheetCornerRadius: CGFloat = 13
        static let sheetRowHeight: CGFloat = 57
        static let sheetHeaderSize: CGFloat = 13
        static let sheetActionSize: CGFloat = 20
        static let sheetHeaderInset: CGFloat = 14
        static let headerSideInset: CGFloat = 16
        static let headerSpacing: CGFloat = 2
        static let rowPadding: CGFloat = 8
        static let separatorColor = UIColor(white: 0.78, alpha: 1)
    }
}

/// The dimmed backdrop: a control so that a tap on it can choose a sheet's cancel action.
final class AlertDimmingView: UIControl {}

/// A rounded, light group of an alert (the whole alert, or one of a sheet's groups).
final class AlertGroupView: UIView {
    init(cornerRadius: CGFloat) {
        super.init(frame: .zero)
        backgroundColor = UIColor(white: 0.97, alpha: 1)
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = true
    }

    required init?(coder: NSCoder) { nil }
}

/// One action's button: its title centred, grey while a finger is down on it.
final class AlertActionRow: UIControl {
    let action: UIAlertAction
    private let label = UILabel()
    private let fontSize: CGFloat
    private var emphasised = false

    init(action: UIAlertAction, fontSize: CGFloat) {
        self.action = action
        self.fontSize = fontSize
        super.init(frame: .zero)
        label.text = action.title
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    static func titleWidth(_ title: String, font: UIFont) -> CGFloat {
        let label = UILabel()
        label.font = font
        label.text = title
        return label.intrinsicContentSize.width
    }

    /// The title's font (semibold when the action is emphasised).
    var titleFont: UIFont { label.font }

    func update(emphasised: Bool) {
        self.emphasised = emphasised
        isEnabled = action.isEnabled
        label.font = .systemFont(ofSize: fontSize, weight: emphasised ? .semibold : .regular)
        stateDidChange()
    }

    override func stateDidChange() {
        backgroundColor = isHighlighted ? UIColor(white: 0.85, alpha: 1) : nil
        label.textColor = !action.isEnabled ? .systemGray
            : action.style == .destructive ? .systemRed : tintColor
    }

    override func tintColorDidChange() { stateDidChange() }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: UIAlertController.Metrics.rowPadding, dy: 0)
    }
}
