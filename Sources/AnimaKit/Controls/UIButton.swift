import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

/// A control that runs an action when tapped (UIKit's `UIButton`), with a title and title colour per state.
///
/// A `.system` button draws its title in the tint colour, fades it while a finger is on it, and greys it
/// when disabled; a `.custom` button (`UIButton(frame:)`) draws white titles and leaves the look to you
/// (background colour, corner radius). A tap sends `.touchUpInside` and `.primaryActionTriggered`.
/// ```swift
/// let button = UIButton(type: .system)
/// button.setTitle("Next Question", for: .normal)
/// button.addAction(UIAction { _ in quiz.showNextQuestion() }, for: .touchUpInside)
/// button.sizeToFit()
/// ```
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// The kinds of button (UIKit's `UIButton.ButtonType`); the icon types draw like `.system` here.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, plain, close
        /// The old name of `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// The button's type, fixed at creation.
    public let buttonType: ButtonType
    private var titles = PerState<String>()
    private var attributedTitles = PerState<NSAttributedString>()
    private var titleColors = PerState<UIColor>()
    private var images = PerState<UIImage>()
    private var backgroundImages = PerState<UIImage>()
    private let label = UILabel()
    private var imageViewStorage: UIImageView?
    private var backgroundImageView: UIImageView?

    /// The insets around the title (default zero: UIKit's 6-point top and bottom padding applies).
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { contentDidChange() } }
    /// Extra insets applied to the title's rectangle.
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Extra insets applied to the image's rectangle.
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Whether a `.custom` button darkens its image while a finger is on it (to 70 % brightness here).
    open var adjustsImageWhenHighlighted = true { didSet { updateTitle() } }
    /// Whether a `.custom` button fades its image while disabled (to 35 % here, as its default title).
    open var adjustsImageWhenDisabled = true { didSet { updateTitle() } }

    /// A button of `buttonType` with a zero frame (UIKit's `UIButton(type:)`).
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        configureButton()
    }

    /// A `.custom` button with the given frame.
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        configureButton()
    }

    /// A `.custom` button that runs `primaryAction` when tapped and shows its title.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        adopt(primaryAction)
    }

    /// A button of `buttonType` that runs `primaryAction` when tapped and shows its title.
    /// ```swift
    /// let drop = UIButton(type: .system, primaryAction: UIAction(title: "Drop") { _ in startDropping() })
    /// ```
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        adopt(primaryAction)
    }

    /// Makes an empty `.custom` button (buttons are not archived here).
    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
        configureButton()
    }

    private func configureButton() {
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle
        addSubview(label)
        updateTitle()
    }

    private func adopt(_ action: UIAction?) {
        guard let action else { return }
        if !action.title.isEmpty { setTitle(action.title, for: .normal) }
        addAction(action, for: .primaryActionTriggered)
    }

    package override var primaryEvent: Event { .touchUpInside }
    package override var keepsSingleTaps: Bool { true }

    // MARK: Titles per state

    /// Sets the title shown in `state` (nil removes it; `.normal`'s title is shown in states without one).
    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        contentDidChange()
    }

    /// The title set for `state`, or the `.normal` title when `state` has none.
    open func title(for state: State) -> String? { titles[state] }

    /// Sets an attributed title for `state`; it takes precedence over the plain title.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state] = title
        contentDidChange()
    }

    /// The attributed title for `state`, or the `.normal` one.
    open func attributedTitle(for state: State) -> NSAttributedString? {
        attributedTitles[state]
    }

    /// Sets the title colour used in `state` (nil removes it).
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state] = color
        updateTitle()
    }

    /// The title colour for `state`: the one set for it, else the `.normal` one, else the type's default.
    open func titleColor(for state: State) -> UIColor? {
        if let color = titleColors.exactly(state) { return color }
        if let normal = titleColors.exactly(.normal) {
            // A system button still fades and greys a colour that was only set for `.normal`.
            guard buttonType != .custom else { return normal }
            if state.contains(.disabled) { return normal.withAlphaComponent(normal.alphaComponent * 0.35) }
            if state.contains(.highlighted) { return normal.withAlphaComponent(normal.alphaComponent * 0.2) }
            return normal
        }
        return defaultTitleColor(for: state)
    }

    private func defaultTitleColor(for state: State) -> UIColor {
        if buttonType == .custom { return state.contains(.disabled) ? UIColor(white: 1, alpha: 0.35) : .white }
        if state.contains(.disabled) { return .systemGray }
        if state.contains(.highlighted) { return tintColor.withAlphaComponent(0.2) }
        return tintColor
    }

    // MARK: Images per state

    /// Sets the image shown before the title in `state` (`.normal`'s is shown in states without one). A system
    /// button draws it as a template in its title colour unless the image is `.alwaysOriginal`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state] = image
        contentDidChange()
    }

    /// The image set for `state`, or the `.normal` image.
    open func image(for state: State) -> UIImage? { images[state] }

    /// Sets the image stretched behind the content in `state`.
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state] = image
        contentDidChange()
    }

    /// The background image set for `state`, or the `.normal` one.
    open func backgroundImage(for state: State) -> UIImage? {
        backgroundImages[state]
    }

    /// The image shown now.
    public var currentImage: UIImage? { image(for: state) }
    /// The background image shown now.
    public var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    /// The view that draws the image (made on first use; its image follows the state).
    public var imageView: UIImageView? {
        if let imageViewStorage { return imageViewStorage }
        let view = UIImageView()
        view.drawsAutomaticImagesAsTemplates = buttonType != .custom
        addSubview(view)
        imageViewStorage = view
        updateTitle()
        return view
    }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }
    /// The title colour shown now.
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    /// The attributed title shown now.
    public var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The label that draws the title (its font can be changed; its text and colour follow the state).
    public var titleLabel: UILabel? { label }

    /// The title label: a button's baselines are its title's.
    open override var forFirstBaselineLayout: UIView { label }
    open override var forLastBaselineLayout: UIView { label }

    // MARK: State

    open override func stateDidChange() { updateTitle() }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateTitle()
    }

    private func contentDidChange() {
        updateTitle()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func updateTitle() {
        if let attributed = currentAttributedTitle {
            label.attributedText = attributed
        } else {
            label.text = currentTitle
        }
        label.textColor = currentTitleColor
        label.isHidden = (label.text ?? "").isEmpty
        updateImages()
    }

    private func updateImages() {
        let image = currentImage
        if image != nil || imageViewStorage != nil, let view = imageView {
            if buttonType == .custom {
                let darkened = state.contains(.highlighted) && adjustsImageWhenHighlighted
                view.image = darkened ? image?.darkened() : image
                view.alpha = state.contains(.disabled) && adjustsImageWhenDisabled ? 0.35 : 1
            } else {
                view.tintColor = currentTitleColor
                view.image = image
            }
            view.isHidden = image == nil
        }
        let background = currentBackgroundImage
        if background != nil || backgroundImageView != nil {
            let view = backgroundImageView ?? {
                let view = UIImageView()
                insertSubview(view, at: 0)
                backgroundImageView = view
                return view
            }()
            view.image = background
            view.isHidden = background == nil
        }
    }

    // MARK: Layout

    private var paddedInsets: UIEdgeInsets {
        contentEdgeInsets == .zero ? UIEdgeInsets(top: 6, left: 0, bottom: 6, right: 0) : contentEdgeInsets
    }

    /// The image's and title's sizes side by side plus the content insets (at least the background image's size).
    open override var intrinsicContentSize: CGSize {
        let insets = paddedInsets
        let title = label.isHidden ? .zero : label.sizeThatFits(.zero)
        let image = currentImage?.size ?? .zero
        let height = max(title.height, label.isHidden && image.height > 0 ? 0 : label.font.lineHeight, image.height)
        let background = currentBackgroundImage?.size ?? .zero
        return CGSize(width: max(image.width + title.width + insets.left + insets.right, background.width),
                      height: max(height + insets.top + insets.bottom, background.height))
    }

    /// The intrinsic size (buttons fit their title).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The rectangle the title is drawn in, for `contentRect`: after the image, the two centred together (or as
    /// the content alignment says).
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        let imageWidth = currentImage?.size.width ?? 0
        let fitted = label.sizeThatFits(CGSize(width: max(contentRect.width - imageWidth, 0), height: 0))
        let size = CGSize(width: min(fitted.width, max(contentRect.width - imageWidth, 0)), height: min(fitted.height, contentRect.height))
        var x = contentRect.midX - (size.width + imageWidth) / 2 + imageWidth, y = contentRect.midY - size.height / 2
        var width = size.width, height = size.height
        switch contentHorizontalAlignment {
        case .left, .leading: x = contentRect.minX + imageWidth
        case .right, .trailing: x = contentRect.maxX - size.width
        case .fill: x = contentRect.minX + imageWidth; width = contentRect.width - imageWidth
        case .center: break
        }
        switch contentVerticalAlignment {
        case .top: y = contentRect.minY
        case .bottom: y = contentRect.maxY - size.height
        case .fill: y = contentRect.minY; height = contentRect.height
        case .center: break
        }
        return CGRect(x: x.rounded(), y: y.rounded(), width: width, height: height).inset(by: titleEdgeInsets)
    }

    /// The rectangle the image is drawn in, for `contentRect`: before the title, the two centred together (or as
    /// the content alignment says).
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        guard let image = currentImage?.size else { return .zero }
        let title = label.isHidden ? .zero : label.sizeThatFits(CGSize(width: max(contentRect.width - image.width, 0), height: 0))
        let titleWidth = min(title.width, max(contentRect.width - image.width, 0))
        var x = contentRect.midX - (image.width + titleWidth) / 2, y = contentRect.midY - image.height / 2
        switch contentHorizontalAlignment {
        case .left, .leading, .fill: x = contentRect.minX
        case .right, .trailing: x = contentRect.maxX - titleWidth - image.width
        case .center: break
        }
        switch contentVerticalAlignment {
        case .top: y = contentRect.minY
        case .bottom: y = contentRect.maxY - image.height
        case .fill, .center: break
        }
        return CGRect(x: x.rounded(), y: y.rounded(), width: image.width, height: image.height).inset(by: imageEdgeInsets)
    }

    /// The rectangle the background image is stretched over: the bounds.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The area inside the content insets.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// Places the title label.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let content = contentRect(forBounds: bounds)
        label.frame = titleRect(forContentRect: content)
        imageViewStorage?.frame = imageRect(forContentRect: content)
        backgroundImageView?.frame = backgroundRect(forBounds: bounds)
    }

    /// The title's baseline as a line in the button's height (``UIView/baselinePlacement(last:)``), from where
    /// ``titleRect(forContentRect:)`` puts the title for a button of any height — so Auto Layout can place the
    /// button by its title before the title has been laid out.
    package func titleBaselinePlacement(last: Bool) -> (heightFactor: CGFloat, offset: CGFloat) {
        let content = contentEdgeInsets, title = titleEdgeInsets
        let fitted = label.sizeThatFits(CGSize(width: max(bounds.width - content.left - content.right, 0), height: 0)).height
        let (k, c) = label.textBaselinePlacement(last: last)
        // The label's frame: top = top + a × height + b, height = p × height + q; its baseline = top + k × height + c.
        let (a, b, p, q): (CGFloat, CGFloat, CGFloat, CGFloat)
        switch contentVerticalAlignment {
        case .center: (a, b, p, q) = (0.5, (content.top - content.bottom) / 2 - fitted / 2, 0, fitted)
        case .top: (a, b, p, q) = (0, content.top, 0, fitted)
        case .bottom: (a, b, p, q) = (1, -content.bottom - fitted, 0, fitted)
        case .fill: (a, b, p, q) = (0, content.top, 1, -content.top - content.bottom)
        }
        let top = (a, b + title.top), height = (p, q - title.top - title.bottom)
        return (top.0 + k * height.0, top.1 + k * height.1 + c)
    }
}

/// Values a control keeps per state, `.normal`'s standing in for a state that has none (UIKit's rule for a button's
/// titles, colours and images).
struct PerState<Value> {
    private var values: [UInt: Value] = [:]

    /// The value for `state`, or `.normal`'s; setting nil removes `state`'s own.
    subscript(state: UIControl.State) -> Value? {
        get { values[state.rawValue] ?? values[UIControl.State.normal.rawValue] }
        set { values[state.rawValue] = newValue }
    }

    /// The value set for `state` itself.
    func exactly(_ state: UIControl.State) -> Value? { values[state.rawValue] }
}
