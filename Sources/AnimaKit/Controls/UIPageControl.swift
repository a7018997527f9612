import Foundation
import AnimaCore
import AnimaGraphics

/// A row of dots, one per page, the current one brighter (UIKit's `UIPageControl`), usually under a paging
/// `UIScrollView`.
///
/// Lifting a finger on the control to the right of the current page's dot moves to the next page, to the left
/// to the previous one, and sends `.valueChanged`; setting ``currentPage`` in code sends nothing. The dots are
/// 7 points wide, 16 points apart, centred in the bounds (our reading of UIKit's classic look).
/// ```swift
/// let dots = UIPageControl()
/// dots.numberOfPages = 3
/// dots.addAction(UIAction { _ in
///     scroll.setContentOffset(CGPoint(x: CGFloat(dots.currentPage) * scroll.bounds.width, y: 0), animated: true)
/// }, for: .valueChanged)
/// // in scrollViewDidScroll(_:): dots.currentPage = Int((scroll.contentOffset.x / scroll.bounds.width).rounded())
/// ```
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// A dot's diameter, in points.
    public static let dotDiameter: CGFloat = 7
    /// From one dot's centre to the next, in points.
    public static let dotPitch: CGFloat = 16
    /// The control's natural height, in points.
    public static let height: CGFloat = 37

    private var dots: [UIView] = []
    private var _numberOfPages = 0
    private var _currentPage = 0
    private var hiddenForSinglePage = false

    /// How many dots (default 0); a negative count is rejected with a diagnostic. ``currentPage`` stays below it.
    open var numberOfPages: Int {
        get { _numberOfPages }
        set {
            guard newValue >= 0 else {
                Diagnostics.report("\(diagnosticName): rejected numberOfPages \(newValue) (negative); kept \(_numberOfPages)")
                return
            }
            _numberOfPages = newValue
            _currentPage = max(0, min(_currentPage, newValue - 1))
            rebuildDots()
        }
    }

    /// The page whose dot is bright (default 0), clamped to 0…``numberOfPages`` − 1. Sends no action.
    open var currentPage: Int {
        get { _currentPage }
        set {
            _currentPage = max(0, min(newValue, _numberOfPages - 1))
            updateColors()
        }
    }

    /// Whether a control with one page (or none) is hidden (default false).
    open var hidesForSinglePage = false { didSet { updateVisibility() } }
    /// The other dots' colour (nil: white at 30 %).
    open var pageIndicatorTintColor: UIColor? { didSet { updateColors() } }
    /// The current dot's colour (nil: white).
    open var currentPageIndicatorTintColor: UIColor? { didSet { updateColors() } }

    /// A page control filling `frame`, with no pages.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Makes a page control with a zero frame (page controls are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The size the dots of `pageCount` pages take: their row and the natural height.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let n = CGFloat(max(0, pageCount))
        return CGSize(width: n == 0 ? 0 : (n - 1) * UIPageControl.dotPitch + UIPageControl.dotDiameter + 2 * UIPageControl.dotPitch,
                      height: UIPageControl.height)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: _numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: _numberOfPages) }

    package override var primaryEvent: Event { .valueChanged }
    package override var keepsSingleTaps: Bool { true }

    /// The dots in a row centred in the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let d = UIPageControl.dotDiameter, pitch = UIPageControl.dotPitch
        let rowWidth = CGFloat(max(0, dots.count - 1)) * pitch + d
        let x0 = bounds.midX - rowWidth / 2, y = bounds.midY - d / 2
        for (i, dot) in dots.enumerated() {
            dot.frame = CGRect(x: x0 + CGFloat(i) * pitch, y: y, width: d, height: d)
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    /// Moves one page towards the side of the current dot the finger lifted on, and sends `.valueChanged`
    /// when the page changed.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, _numberOfPages > 1, _currentPage < dots.count else { return }
        let x = touch.location(in: self).x, current = dots[_currentPage].frame.midX
        let page = x > current ? min(_currentPage + 1, _numberOfPages - 1) : (x < current ? max(_currentPage - 1, 0) : _currentPage)
        guard page != _currentPage else { return }
        _currentPage = page
        updateColors()
        sendInteractionActions(for: .valueChanged, with: event)
    }

    /// The most dots drawn: a count past it (a bad value, or pages by the thousand) draws the first this many
    /// and says so, instead of making a view per page.
    public static let maximumDrawnDots = 256

    private func rebuildDots() {
        let drawn = min(_numberOfPages, UIPageControl.maximumDrawnDots)
        if drawn < _numberOfPages {
            Diagnostics.report("\(diagnosticName): numberOfPages \(_numberOfPages) is more than the \(UIPageControl.maximumDrawnDots) dots drawn; the first \(drawn) are shown")
        }
        while dots.count > drawn { dots.removeLast().removeFromSuperview() }
        while dots.count < drawn {
            let dot = UIView()
            dot.isUserInteractionEnabled = false
            dot.layer.cornerRadius = UIPageControl.dotDiameter / 2
            addSubview(dot)
            dots.append(dot)
        }
        updateColors()
        updateVisibility()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func updateColors() {
        let other = pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3)
        let current = currentPageIndicatorTintColor ?? .white
        for (i, dot) in dots.enumerated() { dot.backgroundColor = i == _currentPage ? current : other }
    }

    /// Hides the control for one page or none while ``hidesForSinglePage``, and shows it again when that no
    /// longer holds (only if it was hidden for that reason).
    private func updateVisibility() {
        let hide = hidesForSinglePage && _numberOfPages <= 1
        if hide != hiddenForSinglePage {
            hiddenForSinglePage = hide
            isHidden = hide
        }
    }
}
