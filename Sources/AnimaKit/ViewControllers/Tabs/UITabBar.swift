import Foundation
import AnimaCore
import AnimaGraphics

/// What a tab bar shows for one controller (UIKit's `UITabBarItem`): a title, an image (a template, drawn in the
/// bar's tint when selected) and a badge.
@preconcurrency @MainActor
open class UITabBarItem {
    /// UIKit's system items (their titles; there are no system icons here).
    public enum SystemItem: Int, Sendable {
        case more = 0, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed

        var title: String {
            switch self {
            case .more: "More"
            case .favorites: "Favorites"
            case .featured: "Featured"
            case .topRated: "Top Rated"
            case .recents: "Recents"
            case .contacts: "Contacts"
            case .history: "History"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .downloads: "Downloads"
            case .mostRecent: "Most Recent"
            case .mostViewed: "Most Viewed"
            }
        }
    }

    /// The title under the image.
    open var title: String? { didSet { onChange?() } }
    /// The image (drawn as a template).
    open var image: UIImage? { didSet { onChange?() } }
    /// The image shown while selected (the image when nil).
    open var selectedImage: UIImage? { didSet { onChange?() } }
    /// The text of the red badge (nil: no badge).
    open var badgeValue: String? { didSet { onChange?() } }
    /// The badge's colour (red by default).
    open var badgeColor: UIColor? { didSet { onChange?() } }
    /// A number of your own.
    open var tag = 0
    /// Whether the item can be chosen.
    open var isEnabled = true { didSet { onChange?() } }
    package var onChange: (() -> Void)?

    /// An item with a title and images.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// An item with a title, an image and a tag.
    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// One of UIKit's system items (its title).
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        title = systemItem.title
        self.tag = tag
    }

    /// An empty item.
    public init() {}
}

/// What a tab bar tells (UIKit's `UITabBarDelegate`).
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    /// The user chose `item`.
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

/// A row of tab buttons along the bottom, 49 points tall (UIKit's `UITabBar`): each item's image and title, the
/// selected one in the bar's tint colour, the others grey; badges in red capsules at the image's top right.
@preconcurrency @MainActor
open class UITabBar: UIView {
    /// The bar's height in points.
    public static let height: CGFloat = 49

    /// The items, left to right.
    open var items: [UITabBarItem]? { didSet { rebuild() } }
    /// The item drawn selected.
    open var selectedItem: UITabBarItem? { didSet { restyle() } }
    /// The object told when the user chooses an item.
    open weak var delegate: UITabBarDelegate?
    /// The colour of unselected items (grey by default).
    open var unselectedItemTintColor: UIColor? { didSet { restyle() } }

    private var buttons: [TabButton] = []

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
        let hairline = UIView()
        hairline.backgroundColor = UIColor(white: 0.75, alpha: 1)
        hairline.autoresizingMask = [.flexibleWidth]
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 0.5)
        addSubview(hairline)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        restyle()
    }

    /// The buttons, left to right (for the controller's tests and hit testing).
    var itemButtons: [UIControl] { buttons }

    private func rebuild() {
        for button in buttons { button.removeFromSuperview() }
        buttons = (items ?? []).map { item in
            let button = TabButton(item: item)
            button.addAction(UIAction { [weak self, weak item] _ in
                guard let self, let item, item.isEnabled else { return }
                self.delegate?.tabBar(self, didSelect: item)
            }, for: .touchUpInside)
            item.onChange = { [weak self] in self?.restyle() }
            addSubview(button)
            return button
        }
        if let selectedItem, !(items ?? []).contains(where: { $0 === selectedItem }) { self.selectedItem = nil }
        restyle()
        setNeedsLayout()
    }

    private func restyle() {
        for button in buttons {
            let selected = button.item === selectedItem
            button.show(selected: selected, color: selected ? tintColor : (unselectedItemTintColor ?? .systemGray))
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !buttons.isEmpty else { return }
        let width = bounds.width / CGFloat(buttons.count)
        for (index, button) in buttons.enumerated() {
            button.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: min(bounds.height, Self.height))
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }
}

/// One tab: the item's image above its title, and its badge.
final class TabButton: UIControl {
    let item: UITabBarItem
    private let imageView = UIImageView()
    private let titleLabel = UILabel()
    private let badge = UILabel()
    private var isShownSelected = false

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        imageView.contentMode = .center
        titleLabel.font = .systemFont(ofSize: 10, weight: .medium)
        titleLabel.textAlignment = .center
        badge.font = .systemFont(ofSize: 13)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.layer.cornerRadius = 9
        badge.layer.masksToBounds = true
        for view in [imageView, titleLabel, badge] {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
    }

    required init?(coder: NSCoder) { nil }

    func show(selected: Bool, color: UIColor) {
        isShownSelected = selected
        imageView.image = (selected ? item.selectedImage ?? item.image : item.image)?.withRenderingMode(.alwaysTemplate)
        imageView.tintColor = item.isEnabled ? color : UIColor.systemGray.withAlphaComponent(0.4)
        titleLabel.text = item.title
        titleLabel.textColor = imageView.tintColor
        badge.text = item.badgeValue.map { $0.isEmpty ? "" : $0 }
        badge.backgroundColor = item.badgeColor ?? .systemRed
        badge.isHidden = item.badgeValue == nil
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let imageSize = item.image?.size ?? .zero
        let imageHeight = min(imageSize.height, 30)
        let titleHeight: CGFloat = item.title == nil ? 0 : 12
        let top = (bounds.height - imageHeight - titleHeight - 2) / 2
        imageView.frame = CGRect(x: (bounds.width - 30) / 2, y: top, width: 30, height: imageHeight)
        titleLabel.frame = CGRect(x: 2, y: top + imageHeight + 2, width: bounds.width - 4, height: titleHeight)
        let badgeWidth = max(18, (badge.intrinsicContentSize.width) + 10)
        // At the image's top right; with no image, above the title's right end.
        let titleHalf = min(titleLabel.intrinsicContentSize.width, bounds.width - 4) / 2
        let x = imageHeight > 0 ? bounds.midX + 6 : bounds.midX + titleHalf - 4
        let y = imageHeight > 0 ? top - 4 : top - 14
        badge.frame = CGRect(x: x, y: max(2, y), width: (badge.text ?? "").isEmpty ? 10 : badgeWidth,
                             height: (badge.text ?? "").isEmpty ? 10 : 18)
        badge.layer.cornerRadius = badge.frame.height / 2
    }
}
