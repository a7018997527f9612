import Foundation
import AnimaCore
import AnimaGraphics

/// Pull to refresh (UIKit's `UIRefreshControl`): set it as a scroll view's ``UIScrollView/refreshControl`` and
/// listen for `.valueChanged`.
///
/// The control sits above the content. Pulling the content down shows its spinner, fading in with the pull; a pull
/// past ``triggerDistance`` while the finger is down starts refreshing: the spinner spins, `.valueChanged` is sent,
/// and the scroll view keeps the control's ``height`` open above the content (its ``UIScrollView/adjustedContentInset``
/// grows by it), so the content settles below the spinner when the finger lifts. ``endRefreshing()`` closes it again,
/// scrolling the content back up over 0.3 s.
/// ```
///  pull ───▶ 80 pt: refreshing ───▶ lift: rests 60 pt down ───▶ endRefreshing(): back to the top
/// ```
/// ```swift
/// let refresh = UIRefreshControl()
/// refresh.addAction(UIAction { _ in
///     reload { refresh.endRefreshing() }
/// }, for: .valueChanged)
/// scrollView.refreshControl = refresh
/// ```
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// How tall the control is, and so how far the content rests below the top while refreshing (our reading).
    public static let height: CGFloat = 60
    /// How far the content must be pulled down past its top, as shown, to start refreshing (our reading).
    public static let triggerDistance: CGFloat = 80

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    private var _isRefreshing = false
    /// The scroll view whose ``UIScrollView/refreshControl`` this is.
    weak var scrollView: UIScrollView?

    /// Whether a refresh is under way (started by a pull or ``beginRefreshing()``).
    open var isRefreshing: Bool { _isRefreshing }

    /// A title shown under the spinner.
    open var attributedTitle: NSAttributedString? {
        didSet {
            titleLabel.attributedText = attributedTitle
            setNeedsLayout()
        }
    }

    /// A refresh control; the scroll view it is given to sizes and places it.
    public init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 0, height: UIRefreshControl.height))
        configureRefreshControl()
    }

    /// A refresh control (the frame is the scroll view's to set).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureRefreshControl()
    }

    /// Makes a refresh control (refresh controls are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureRefreshControl()
    }

    private func configureRefreshControl() {
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        titleLabel.textAlignment = .center
        titleLabel.font = UIFont.systemFont(ofSize: 12)
        for part in [spinner, titleLabel] as [UIView] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        tintColorDidChange()
    }

    /// Starts a refresh from code: the spinner spins and the scroll view keeps room for it above the content.
    /// Sends no action, as in UIKit, and does not scroll.
    open func beginRefreshing() {
        guard !_isRefreshing else { return }
        setRefreshing(true)
    }

    /// Ends the refresh: the spinner stops and fades, and the content scrolls back up over the room it had.
    open func endRefreshing() {
        guard _isRefreshing else { return }
        setRefreshing(false)
        guard let scrollView, !scrollView.isDragging else { return }
        let resting = scrollView.clamped(scrollView.contentOffset)
        if resting != scrollView.contentOffset { scrollView.setContentOffset(resting, animated: true) }
    }

    private func setRefreshing(_ refreshing: Bool) {
        _isRefreshing = refreshing
        if refreshing {
            spinner.alpha = 1
            spinner.startAnimating()
        } else {
            spinner.stopAnimating()
            if window != nil {
                UIView.animate(withDuration: 0.3) { self.spinner.alpha = 0 }
            } else {
                spinner.alpha = 0
            }
        }
        scrollView?.refreshInsetDidChange()
    }

    /// The scroll view's content moved: `pull` is how far it shows pulled down past its top (0 when not).
    func scrollViewDidPull(_ pull: CGFloat, dragging: Bool) {
        guard !_isRefreshing else { return }
        spinner.alpha = min(1, max(0, pull / UIRefreshControl.triggerDistance))
        if dragging, pull >= UIRefreshControl.triggerDistance {
            setRefreshing(true)
            sendActions(for: .valueChanged)
        }
    }

    /// The spinner in the middle of the control (raised when there is a title, which goes under it).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let hasTitle = !(attributedTitle?.string.isEmpty ?? true)
        spinner.center = CGPoint(x: bounds.midX, y: bounds.midY - (hasTitle ? 9 : 0))
        titleLabel.frame = CGRect(x: 0, y: bounds.midY + 6, width: bounds.width, height: 16)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = _tintColor ?? .secondaryLabel
    }
}
