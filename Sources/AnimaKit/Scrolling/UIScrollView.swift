import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

/// A view whose content is larger than its bounds and moves under a pan, zooms under a pinch and shows where it
/// is with scroll indicators (UIKit's `UIScrollView`).
///
/// ``contentOffset`` is the bounds' origin. A pan drags the content; lifting the finger with some
/// speed decelerates it at ``decelerationRate`` (a ``DecayAnimation`` per axis, sampled in frame time)
/// until it stops or reaches an edge of the content. With ``bounces`` (the default) content dragged past an edge
/// follows the finger with growing resistance (``RubberBand``) and springs back when released, and a fling reaching
/// an edge goes past it and back (``ScrollAxisMotion``); without, it stops dead at the edge. With
/// ``isPagingEnabled`` a release comes to rest on a multiple of the view's size: the next page in the direction of
/// a flick, else the nearest. A new touch stops a deceleration, bounce or page snap where it is. The delegate hears the usual callbacks, including
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` (velocity in points per
/// millisecond, as UIKit gives it), whose target it may move: the fling is re-aimed to land there.
/// Zooming (``zoomScale``, a pinch, `zoom(to:animated:)`) is in `UIScrollView+Zooming.swift`, the scroll
/// indicators in `UIScrollView+Indicators.swift`; animated scrolls and zooms are ``ScrollAnimation``s.
/// ```swift
/// let scroll = UIScrollView(frame: window.bounds)
/// scroll.contentSize = CGSize(width: 2000, height: 300)
/// scroll.decelerationRate = .fast
/// ```
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How quickly a flung scroll view slows down: the fraction of the velocity kept per millisecond
    /// (UIKit's `UIScrollView.DecelerationRate`).
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per millisecond: long, gliding flings (the default).
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per millisecond: short flings that stop quickly.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The size of the scrollable content (default zero). NaN and infinite sizes are rejected with a diagnostic.
    open var contentSize: CGSize = .zero {
        didSet {
            if !(contentSize.width.isFinite && contentSize.height.isFinite) {
                reject("contentSize", "\(contentSize)")
                contentSize = oldValue
            }
            updateScrollIndicators()
        }
    }
    /// Extra scrollable space around the content. NaN and infinite insets are rejected with a diagnostic.
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            if !contentInset.isFinite {
                reject("contentInset", "\(contentInset)")
                contentInset = oldValue
            }
            updateScrollIndicators()
            if contentInset != oldValue {
                adjustedContentInsetDidChange()
                delegate?.scrollViewDidChangeAdjustedContentInset(self)
            }
        }
    }
    /// The insets scrolling uses: ``contentInset`` plus the part of the safe area
    /// ``contentInsetAdjustmentBehavior`` takes in. The safe area is empty here (a desktop window has no unsafe
    /// area), so for every behaviour they are ``contentInset``, as on an iPhone without a notch under no bars.
    /// While its ``refreshControl`` is refreshing, the top inset also keeps the control's height open above the
    /// content.
    public var adjustedContentInset: UIEdgeInsets {
        guard refreshControl?.isRefreshing == true else { return contentInset }
        var inset = contentInset
        inset.top += UIRefreshControl.height
        return inset
    }
    /// Called when ``adjustedContentInset`` changed (after ``contentInset`` did), before the delegate's
    /// `scrollViewDidChangeAdjustedContentInset(_:)`; the default does nothing.
    open func adjustedContentInsetDidChange() {}
    /// How the safe area adds to ``contentInset`` in ``adjustedContentInset`` (default `.automatic`). Every
    /// behaviour gives the same insets here: a desktop window has no unsafe area (``UIView/safeAreaInsets`` is zero).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// Whether the scroll indicators' insets follow the safe area as the content's do (default true; kept: the
    /// safe area is empty).
    open var automaticallyAdjustsScrollIndicatorInsets = true

    /// How a scroll view's content insets take in the safe area (UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// The scrollable axes, and both axes for a scroll view in a navigation controller's view (the default).
        case automatic
        /// Only the axes the content scrolls along.
        case scrollableAxes
        /// Never: ``adjustedContentInset`` is ``contentInset``.
        case never
        /// Always both axes.
        case always
    }
    /// Whether panning scrolls (true).
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// The deceleration after a fling (default `.normal`).
    open var decelerationRate: DecelerationRate = .normal
    /// Whether content goes past its edges under a drag or a fling and springs back (true).
    open var bounces = true
    /// Whether the content bounces vertically even when it fits the view's height (false).
    open var alwaysBounceVertical = false
    /// Whether the content bounces horizontally even when it fits the view's width (false).
    open var alwaysBounceHorizontal = false
    /// Whether a release comes to rest on a multiple of the view's size (false).
    open var isPagingEnabled = false
    /// The object told about scrolling.
    open weak var delegate: UIScrollViewDelegate?
    /// The pan that scrolls the view.
    public let panGestureRecognizer: UIPanGestureRecognizer

    /// Whether a finger is dragging the content.
    public private(set) var isDragging = false
    /// Whether the content is moving on after the finger lifted.
    public var isDecelerating: Bool { fling.isRunning }
    /// Whether a finger is down on the content (dragging or not yet).
    public var isTracking: Bool { panGestureRecognizer.numberOfTouches > 0 }

    let fling = FlingAnimator()
    private var dragStartOffset: CGPoint = .zero
    /// Animated scrolls and zooms.
    let scrollAnimation = ScrollAnimationPlayer()
    /// The zoom limits, scale and pinch (`UIScrollView+Zooming.swift`).
    var zoomState = ZoomState()
    /// The scroll indicators (`UIScrollView+Indicators.swift`).
    var indicatorState = ScrollIndicatorState()

    /// A scroll view with the given frame; it clips its content.
    public override init(frame: CGRect) {
        panGestureRecognizer = ScrollPanGestureRecognizer()
        super.init(frame: frame)
        configureScrollView()
    }

    /// Makes a scroll view with a zero frame (not archived here).
    public required init?(coder: NSCoder) {
        panGestureRecognizer = ScrollPanGestureRecognizer()
        super.init(coder: coder)
        configureScrollView()
    }

    private func configureScrollView() {
        clipsToBounds = true
        panGestureRecognizer.addTarget(self, action: UIScrollView.handlePan)
        addGestureRecognizer(panGestureRecognizer)
    }

    /// Lays out the subviews, then puts the scroll indicators where the new bounds put them.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let refreshControl {
            refreshControl.frame = CGRect(x: 0, y: -contentInset.top - UIRefreshControl.height,
                                          width: bounds.width, height: UIRefreshControl.height)
        }
        updateScrollIndicators()
    }

    /// Pull to refresh: the control above the content (behind it), told of every pull past the top.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            if let oldValue, oldValue.superview === self { oldValue.removeFromSuperview() }
            oldValue?.scrollView = nil
            if let refreshControl {
                refreshControl.scrollView = self
                insertSubview(refreshControl, at: 0)
            }
            setNeedsLayout()
            if oldValue?.isRefreshing == true || refreshControl?.isRefreshing == true { refreshInsetDidChange() }
        }
    }

    /// The refresh control started or ended a refresh: the top of the range moved. A drag under way goes on from
    /// where the content is shown (as when a finger catches it mid-bounce).
    func refreshInsetDidChange() {
        if isDragging {
            let t = panGestureRecognizer.translation(in: self)
            let dragged = draggedOffset(showing: contentOffset)
            dragStartOffset = CGPoint(x: dragged.x + t.x, y: dragged.y + t.y)
        }
        updateScrollIndicators()
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    // MARK: Offset

    /// The point of the content shown at the view's top-left corner (the bounds' origin).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return reject("contentOffset", "\(newValue)") }
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            updateScrollIndicators()
            if let refreshControl {
                refreshControl.scrollViewDidPull(max(0, -adjustedContentInset.top - newValue.y), dragging: isDragging)
            }
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// The offsets the content can be scrolled between: from `−inset` to `contentSize − bounds.size + inset`,
    /// pinned to the start on an axis where the content fits.
    public var contentOffsetRange: CGRect { offsetRange(contentSize: contentSize) }

    /// The offset range for content of `size` (``contentOffsetRange`` at another zoom scale).
    func offsetRange(contentSize size: CGSize) -> CGRect {
        let inset = adjustedContentInset
        let minX = -inset.left, minY = -inset.top
        let maxX = max(minX, size.width + inset.right - bounds.width)
        let maxY = max(minY, size.height + inset.bottom - bounds.height)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    func clamped(_ offset: CGPoint, to range: CGRect? = nil) -> CGPoint {
        let range = range ?? contentOffsetRange
        return CGPoint(x: min(max(offset.x, range.minX), range.maxX), y: min(max(offset.y, range.minY), range.maxY))
    }

    /// Scrolls to `contentOffset`; when `animated`, over the frames of a ``ScrollAnimation`` (0.3 s, ease in and
    /// out), telling the delegate `scrollViewDidScroll(_:)` at every frame and then
    /// `scrollViewDidEndScrollingAnimation(_:)` — not when the offset is already there, nor when a touch or another
    /// scroll interrupts it (as UIKit).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        fling.cancel()
        if scrollAnimation.animation?.zooms != true { scrollAnimation.cancel() }
        guard animated, window != nil, contentOffset != self.contentOffset else {
            self.contentOffset = contentOffset
            return
        }
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else { return reject("contentOffset", "\(contentOffset)") }
        play(ScrollAnimation(from: self.contentOffset, scale: zoomScale, to: contentOffset, scale: zoomScale)) { [weak self] finished in
            guard let self, finished else { return }
            self.delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    /// Scrolls the least so that `rect` (in content coordinates) is visible.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Panning and deceleration

    /// Stops a deceleration or an animated scroll where it is (a finger touched down); an animated zoom goes on.
    package func stopDecelerating() {
        fling.cancel()
        if scrollAnimation.animation?.zooms == false { scrollAnimation.cancel() }
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopDecelerating()
            isDragging = true
            dragStartOffset = draggedOffset(showing: contentOffset)   // caught mid-bounce: where the finger would be
            zoomState.pinchedThisDrag = isZooming
            zoomState.rebasesPan = isZooming
            delegate?.scrollViewWillBeginDragging(self)
            follow(pan)
            scrollActivityChanged()
        case .changed:
            follow(pan)
        case .ended where zoomState.pinchedThisDrag:
            // The fingers lifted from a pinch: no fling; the content springs back into range if the pinch left it out.
            isDragging = false
            if !isScrolling, contentOffset != clamped(contentOffset) {
                run(settle(from: contentOffset, velocity: .zero, to: clamped(contentOffset)))
            }
            delegate?.scrollViewDidEndDragging(self, willDecelerate: isScrolling)
            scrollActivityChanged()
        case .ended:
            follow(pan)
            release(velocity: pan.velocity(in: self))
            scrollActivityChanged()
        case .cancelled:
            isDragging = false
            let beyond = contentOffset != clamped(contentOffset) && !zoomState.pinchedThisDrag
            delegate?.scrollViewDidEndDragging(self, willDecelerate: beyond)
            if beyond { run(settle(from: contentOffset, velocity: .zero, to: clamped(contentOffset))) }
            scrollActivityChanged()
        default:
            break
        }
    }

    private func follow(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: self)
        defer { zoomState.lastTranslation = t }
        guard !isZooming, scrollAnimation.animation?.zooms != true else { return }   // the pinch or a zoom places the content
        if zoomState.rebasesPan {
            // One finger drags on after a pinch (or through its bounce): from where it left the content. The
            // translation is read at moves only: while a finger lifts it is between two centroids.
            let shown = draggedOffset(showing: contentOffset), last = zoomState.lastTranslation
            dragStartOffset = CGPoint(x: shown.x + last.x, y: shown.y + last.y)
            zoomState.rebasesPan = false
            zoomState.pinchedThisDrag = false   // its release may fling
        }
        contentOffset = shownOffset(dragged: CGPoint(x: dragStartOffset.x - t.x, y: dragStartOffset.y - t.y))
    }

    /// Whether each axis bounces: ``bounces``, and content larger than the view on it or `alwaysBounce…`.
    private func bouncingAxes(_ range: CGRect) -> (x: Bool, y: Bool) {
        (bounces && (range.width > 0 || alwaysBounceHorizontal), bounces && (range.height > 0 || alwaysBounceVertical))
    }

    /// Where content dragged to `offset` is shown: clamped to the range, or on a bouncing axis rubber-banded past it.
    private func shownOffset(dragged offset: CGPoint) -> CGPoint {
        let range = contentOffsetRange, axes = bouncingAxes(range)
        func axis(_ v: CGFloat, _ low: CGFloat, _ high: CGFloat, _ size: CGFloat, _ bounces: Bool) -> CGFloat {
            guard bounces else { return min(max(v, low), high) }
            if v < low { return low - RubberBand.shown(overshoot: low - v, dimension: size) }
            if v > high { return high + RubberBand.shown(overshoot: v - high, dimension: size) }
            return v
        }
        return CGPoint(x: axis(offset.x, range.minX, range.maxX, bounds.width, axes.x),
                       y: axis(offset.y, range.minY, range.maxY, bounds.height, axes.y))
    }

    /// The dragged offset that shows `offset` (the inverse of ``shownOffset(dragged:)`` past the edges).
    private func draggedOffset(showing offset: CGPoint) -> CGPoint {
        let range = contentOffsetRange
        func axis(_ v: CGFloat, _ low: CGFloat, _ high: CGFloat, _ size: CGFloat) -> CGFloat {
            if v < low { return low - RubberBand.overshoot(showing: low - v, dimension: size) }
            if v > high { return high + RubberBand.overshoot(showing: v - high, dimension: size) }
            return v
        }
        return CGPoint(x: axis(offset.x, range.minX, range.maxX, bounds.width),
                       y: axis(offset.y, range.minY, range.maxY, bounds.height))
    }

    /// The page a release at `offset` with `velocity` (of the content, points per second) comes to rest on: the next
    /// in the direction of a flick (over 50 points per second — our reading), else the nearest.
    private func pageTarget(_ offset: CGFloat, velocity: CGFloat, page: CGFloat, low: CGFloat, high: CGFloat) -> CGFloat {
        guard page > 0 else { return min(max(offset, low), high) }
        let position = offset / page
        let index = velocity > 50 ? position.rounded(.down) + 1 : velocity < -50 ? position.rounded(.up) - 1 : position.rounded()
        return min(max(index * page, low), high)
    }

    func settle(from start: CGPoint, velocity: CGPoint, to target: CGPoint) -> (ScrollAxisMotion, ScrollAxisMotion) {
        (.settling(from: start.x, velocity: velocity.x, to: target.x), .settling(from: start.y, velocity: velocity.y, to: target.y))
    }

    /// Runs the motions on the display's frames; the delegate hears when they come to rest.
    func run(_ motions: (ScrollAxisMotion, ScrollAxisMotion)) {
        scrollAnimation.cancel()
        fling.run(motions.0, motions.1, update: { [weak self] position, _ in
            self?.contentOffset = position
        }, completion: { [weak self] finished in
            guard let self else { return }
            if finished { self.delegate?.scrollViewDidEndDecelerating(self) }
            self.scrollActivityChanged()
        })
        scrollActivityChanged()
    }

    /// Plays `animation` (an animated scroll or zoom) on the display's frames; `completion` hears whether it got there.
    final func play(_ animation: ScrollAnimation, completion: @escaping @MainActor (_ finished: Bool) -> Void) {
        fling.cancel()
        scrollAnimation.play(animation, apply: { [weak self] offset, scale in
            guard let self else { return }
            if animation.zooms, let view = self.zoomView {
                self.applyZoom(scale: scale, offset: offset, to: view)
            } else {
                self.contentOffset = offset
            }
        }, completion: { [weak self] finished in
            completion(finished)
            self?.scrollActivityChanged()
        })
        scrollActivityChanged()
    }

    /// Starts the motion for a finger that lifted at `fingerVelocity` (points per second): a deceleration (with a
    /// bounce at an edge), a spring back from beyond an edge, or a page snap.
    private func release(velocity fingerVelocity: CGPoint) {
        let range = contentOffsetRange, axes = bouncingAxes(range)
        // The content moves against the finger; an axis with nothing to scroll (and no bounce) does not move.
        let velocity = CGPoint(x: range.width > 0 || axes.x ? -fingerVelocity.x : 0,
                               y: range.height > 0 || axes.y ? -fingerVelocity.y : 0)
        let start = contentOffset
        var motions: (ScrollAxisMotion, ScrollAxisMotion)
        if isPagingEnabled {
            let target = CGPoint(
                x: pageTarget(start.x, velocity: velocity.x, page: bounds.width, low: range.minX, high: range.maxX),
                y: pageTarget(start.y, velocity: velocity.y, page: bounds.height, low: range.minY, high: range.maxY))
            motions = settle(from: start, velocity: velocity, to: target)
        } else {
            motions = (.decelerating(from: start.x, velocity: velocity.x, rate: decelerationRate,
                                     within: FlingAnimator.range(range.minX, range.maxX), bounces: axes.x),
                       .decelerating(from: start.y, velocity: velocity.y, rate: decelerationRate,
                                     within: FlingAnimator.range(range.minY, range.maxY), bounces: axes.y))
        }
        let projected = CGPoint(x: motions.0.rest, y: motions.1.rest)
        var target = projected
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        if target != projected {
            target = clamped(target)
            if isPagingEnabled || start != clamped(start) {
                motions = settle(from: start, velocity: velocity, to: target)
            } else {
                // Re-aim the fling so it comes to rest exactly on the delegate's target.
                let aimed = CGPoint(
                    x: DecayAnimation.initialVelocity(toTravel: target.x - start.x, decelerationRate: decelerationRate),
                    y: DecayAnimation.initialVelocity(toTravel: target.y - start.y, decelerationRate: decelerationRate))
                motions = (ScrollAxisMotion(decay: DecayAnimation(initialValue: start.x, initialVelocity: aimed.x,
                                                                  decelerationRate: decelerationRate)),
                           ScrollAxisMotion(decay: DecayAnimation(initialValue: start.y, initialVelocity: aimed.y,
                                                                  decelerationRate: decelerationRate)))
            }
        }
        isDragging = false
        let moves = motions.0.duration > 0 || motions.1.duration > 0
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        guard moves else { return }
        delegate?.scrollViewWillBeginDecelerating(self)
        fling.decelerationRate = decelerationRate
        run(motions)
    }
}

/// The scroll view's pan: a finger touching down stops a deceleration at once, before any movement; it goes on
/// alongside its scroll view's pinch (two fingers both zoom and move the content).
@MainActor
final class ScrollPanGestureRecognizer: UIPanGestureRecognizer {
    required init() { super.init() }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        (view as? UIScrollView)?.stopDecelerating()
        super.touchesBegan(touches, with: event)
    }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventingGestureRecognizer is ScrollPinchGestureRecognizer && preventingGestureRecognizer.view === view
            ? false : super.canBePrevented(by: preventingGestureRecognizer)
    }
}

/// The object a scroll view tells about scrolling (UIKit's `UIScrollViewDelegate`); every method is optional.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A finger started dragging the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger is lifting at `velocity` (points per millisecond); `targetContentOffset` is where the
    /// deceleration will stop, and may be changed.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The finger lifted; `decelerate` says whether the content moves on.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on after the finger lifted.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The deceleration came to rest (not called when a touch stopped it).
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset(_:animated:)` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view to scale when zooming (nil, the default: the scroll view does not zoom).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// A pinch began, or an animated zoom starts, on `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// The zoom scale changed (at every step of a pinch and every frame of an animated zoom).
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A pinch ended — after its bounce back to a zoom limit, if any — or an animated zoom finished, at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// ``UIScrollView/adjustedContentInset`` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
