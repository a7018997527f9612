import Foundation
import AnimaCore
import AnimaGraphics

/// What a navigation bar shows for one controller (UIKit's `UINavigationItem`): its title and how the back
/// button to it reads.
@preconcurrency @MainActor
open class UINavigationItem {
    /// The title shown in the bar (nil: the controller's `title`).
    open var title: String? { didSet { onChange?() } }
    /// The back button's title on the screen pushed after this one (nil: this screen's title, else "Back").
    open var backButtonTitle: String? { didSet { onChange?() } }
    /// Whether the bar hides the back button while this item is on top.
    open var hidesBackButton = false { didSet { onChange?() } }
    package var onChange: (() -> Void)?

    /// An item with `title`.
    public init(title: String) { self.title = title }

    /// An item without a title.
    public init() {}
}

/// A minimal navigation bar (UIKit's `UINavigationBar`), 44 points tall: the top item's title centred, and a
/// back button on the left when there is a screen to go back to. A navigation controller owns and updates it;
/// tapping the back button pops the top controller.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// The bar's height in points.
    public static let height: CGFloat = 44

    /// The label showing the top item's title.
    package let titleLabel = UILabel()
    /// The back button ("‹ " and the previous screen's back title).
    public let backButton = UIButton(type: .system)
    package var onBack: () -> Void = {}

    /// A bar with a light background, a hairline at the bottom, a centred bold title and a back button.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureBar()
    }

    /// Makes an empty bar (bars are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureBar()
    }

    private func configureBar() {
        backgroundColor = UIColor(white: 0.97, alpha: 1)
        let hairline = UIView(frame: .zero)
        hairline.backgroundColor = UIColor(white: 0.75, alpha: 1)
        hairline.tag = -1
        addSubview(hairline)
        titleLabel.font = UIFont.boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        backButton.contentHorizontalAlignment = .left
        backButton.isHidden = true
        backButton.addAction(UIAction { [weak self] _ in self?.onBack() }, for: .touchUpInside)
        addSubview(backButton)
    }

    /// The title on show.
    public var shownTitle: String? { titleLabel.text }

    /// Shows `title` and, unless `backTitle` is nil, a back button reading "‹ backTitle".
    package func show(title: String?, backTitle: String?) {
        titleLabel.text = title
        backButton.isHidden = backTitle == nil
        backButton.setTitle(backTitle.map { "‹ " + $0 }, for: .normal)
        setNeedsLayout()
    }

    /// Places the title in the middle third and the back button on the left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width, h = bounds.height
        titleLabel.frame = CGRect(x: w * 0.25, y: 0, width: w * 0.5, height: h)
        backButton.frame = CGRect(x: 8, y: (h - 32) / 2, width: max(0, w * 0.25 - 8), height: 32)
        viewWithTag(-1)?.frame = CGRect(x: 0, y: h - 0.5, width: w, height: 0.5)
    }
}
