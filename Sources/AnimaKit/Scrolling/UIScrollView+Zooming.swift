import Foundation
import AnimaCore
import AnimaGraphics

/// A scroll view's zoom limits and scale, and what its pinch needs between events.
struct ZoomState {
    var minimum: CGFloat = 1
    var maximum: CGFloat = 1
    var scale: CGFloat = 1
    var bounces = true
    var isZooming = false
    var isBouncing = false
    /// The zoom scale when the pinch began.
    var pinchStartScale: CGFloat = 1
    /// The point of the zoom view (in its bounds coordinates) that stays under the fingers.
    var anchor: CGPoint = .zero
    /// Where the fingers last were, relative to the scroll view's top-left corner (not its content).
    var focus: CGPoint = .zero
    /// The current drag was part of a pinch: its end settles the content, not a fling.
    var pinchedThisDrag = false
    /// A finger that drags on after a pinch starts the drag again from where the pinch left the content…
    var rebasesPan = false
    /// …and the drag's translation at the last move before.
    var lastTranslation: CGPoint = .zero
    var pinch: ScrollPinchGestureRecognizer?
}

/// Zooming (UIKit's): the delegate's `viewForZooming(in:)` names the view to scale (a subview); zooming sets that view's
/// `transform` to a scale of ``zoomScale`` — keeping its frame's origin where it was — and ``contentSize`` to its
/// scaled frame size, so the content scrolls over the zoomed view.
///
/// A pinch keeps the point of the content that was under the fingers when it began under them (moving both fingers
/// moves the content too). Past ``minimumZoomScale`` or ``maximumZoomScale`` it rubber-bands when ``bouncesZoom``
/// (in zoom octaves, with the drag's coefficient 0.55, never beyond half the minimum or twice the maximum — our
/// reading) and, released, animates back to the limit; without, it stops at the limit. Scales go through the
/// delegate: `scrollViewWillBeginZooming(_:with:)` at a pinch's start and before an animated zoom,
/// `scrollViewDidZoom(_:)` at every change, `scrollViewDidEndZooming(_:with:atScale:)` when a pinch ends (after its
/// bounce) or an animated zoom finishes. Reads no clock: animated zooms are ``ScrollAnimation``s on the frames.
/// ```swift
/// scroll.minimumZoomScale = 0.5
/// scroll.maximumZoomScale = 4
/// scroll.zoomScale = 2          // photo.transform is a scale of 2; contentSize is photo.frame.size
/// ```
extension UIScrollView {
    /// The factor a pinch may go past a zoom limit, at most, when ``bouncesZoom``.
    static let zoomRubberBandLimit: CGFloat = 2

    /// The smallest scale the content can be zoomed to (1). NaN, infinite, zero and negative values are rejected
    /// with a diagnostic. Setting it does not change ``zoomScale`` (as UIKit: set the scale after the limits).
    public var minimumZoomScale: CGFloat {
        get { zoomState.minimum }
        set { setZoomLimit(\.minimum, to: newValue, "minimumZoomScale") }
    }

    /// The largest scale the content can be zoomed to (1). NaN, infinite, zero and negative values are rejected
    /// with a diagnostic. Setting it does not change ``zoomScale``.
    ///
    /// A minimum above the maximum is kept (code often raises the minimum first); until the maximum is raised,
    /// zooming reports it and stays at the minimum.
    public var maximumZoomScale: CGFloat {
        get { zoomState.maximum }
        set { setZoomLimit(\.maximum, to: newValue, "maximumZoomScale") }
    }

    /// How much the content is scaled (1). Setting it zooms at once — keeping the content point at the middle of
    /// the view there as far as the content allows (UIKit's practice) — within the zoom limits; without a zoom view
    /// (`viewForZooming(in:)` is nil) it stays 1. NaN, infinite, zero and negative scales are rejected.
    public var zoomScale: CGFloat {
        get { zoomState.scale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Whether a pinch past a zoom limit rubber-bands and springs back (true), rather than stopping at the limit.
    public var bouncesZoom: Bool {
        get { zoomState.bounces }
        set { zoomState.bounces = newValue }
    }

    /// Whether the fingers are pinching the content.
    public var isZooming: Bool { zoomState.isZooming }

    /// Whether the content is animating back to a zoom limit after a pinch went past it.
    public var isZoomBouncing: Bool { zoomState.isBouncing }

    /// The pinch that zooms — nil while the zoom limits are equal (the scroll view cannot zoom), as UIKit.
    public var pinchGestureRecognizer: UIPinchGestureRecognizer? { zoomState.pinch }

    /// Zooms to `scale` (clamped to the zoom limits) about the middle of the view; when `animated`, over the
    /// frames of a ``ScrollAnimation``, between `scrollViewWillBeginZooming(_:with:)` and
    /// `scrollViewDidEndZooming(_:with:atScale:)`.
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard isValidZoomScale(scale, "zoomScale", kept: zoomScale), let view = zoomView else { return }
        let target = clampedZoomScale(scale)
        let middle = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let anchor = zoomPoint(at: CGPoint(x: contentOffset.x + middle.x, y: contentOffset.y + middle.y), in: view)
        zoom(view, to: target, keeping: anchor, at: middle, animated: animated)
    }

    /// Zooms so that `rect` (in the zoom view's coordinates) fills as much of the view as fits, centred — the scale
    /// is the smaller of the view's width over the rect's and its height over the rect's, within the zoom limits —
    /// as far as the content allows. A rect with NaN or infinite edges is rejected with a diagnostic.
    public func zoom(to rect: CGRect, animated: Bool) {
        guard rect.isFiniteRect else { return reject("zoom(to:) rect", "\(rect)") }
        guard let view = zoomView else { return }
        let r = rect.standardized
        let fit = min(r.width > 0 ? bounds.width / r.width : .infinity, r.height > 0 ? bounds.height / r.height : .infinity)
        zoom(view, to: clampedZoomScale(fit), keeping: CGPoint(x: r.midX, y: r.midY),
             at: CGPoint(x: bounds.width / 2, y: bounds.height / 2), animated: animated)
    }

    // MARK: Geometry

    /// The delegate's view for zooming.
    var zoomView: UIView? { delegate?.viewForZooming(in: self) }

    /// The point of `view` (its bounds coordinates) shown at `point` of the content.
    func zoomPoint(at point: CGPoint, in view: UIView) -> CGPoint {
        let frame = view.frame, s = zoomScale
        return CGPoint(x: view.bounds.minX + (point.x - frame.minX) / s, y: view.bounds.minY + (point.y - frame.minY) / s)
    }

    /// The content offset that shows `anchor` of `view` (its bounds coordinates) at `spot` of the scroll view (from
    /// its top-left corner) when zoomed to `scale`.
    private func offset(showing anchor: CGPoint, of view: UIView, at spot: CGPoint, scale: CGFloat) -> CGPoint {
        let origin = view.frame.origin
        return CGPoint(x: origin.x + (anchor.x - view.bounds.minX) * scale - spot.x,
                       y: origin.y + (anchor.y - view.bounds.minY) * scale - spot.y)
    }

    /// The offset range once zoomed to `scale`.
    private func offsetRange(zoomedTo scale: CGFloat, _ view: UIView) -> CGRect {
        offsetRange(contentSize: CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale))
    }

    /// Zooms `view` to `scale`, with the content at `offset`: the transform, the content size (the scaled frame's),
    /// the offset, then `scrollViewDidZoom(_:)`.
    func applyZoom(scale: CGFloat, offset: CGPoint, to view: UIView) {
        let origin = view.frame.origin
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let moved = view.frame.origin
        view.center = CGPoint(x: view.center.x + origin.x - moved.x, y: view.center.y + origin.y - moved.y)
        zoomState.scale = scale
        contentSize = view.frame.size
        contentOffset = offset
        delegate?.scrollViewDidZoom(self)
    }

    private func zoom(_ view: UIView, to scale: CGFloat, keeping anchor: CGPoint, at spot: CGPoint, animated: Bool) {
        let offset = clamped(offset(showing: anchor, of: view, at: spot, scale: scale), to: offsetRange(zoomedTo: scale, view))
        fling.cancel()
        guard animated, window != nil, scale != zoomScale || offset != contentOffset else {
            scrollAnimation.cancel()
            return applyZoom(scale: scale, offset: offset, to: view)
        }
        delegate?.scrollViewWillBeginZooming(self, with: view)
        play(ScrollAnimation(from: contentOffset, scale: zoomScale, to: offset, scale: scale)) { [weak self] finished in
            guard let self, finished else { return }
            self.delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
        }
    }

    // MARK: Limits

    private func isValidZoomScale(_ value: CGFloat, _ key: String, kept: CGFloat) -> Bool {
        guard value.isFinite, value > 0 else {
            Diagnostics.report("UIView \(diagnosticName): rejected \(key) = \(Double(value).diagnosticDescription) (must be positive and finite); kept \(kept)")
            return false
        }
        return true
    }

    /// `scale` within the zoom limits (pinned at the minimum, with a diagnostic, while it is above the maximum).
    func clampedZoomScale(_ scale: CGFloat) -> CGFloat {
        let (low, high) = zoomLimits
        return min(max(scale, low), high)
    }

    private var zoomLimits: (low: CGFloat, high: CGFloat) {
        let (low, high) = (zoomState.minimum, zoomState.maximum)
        guard low <= high else {
            Diagnostics.report("UIView \(diagnosticName): minimumZoomScale \(low) is above maximumZoomScale \(high); zooming stays at \(low)")
            return (low, low)
        }
        return (low, high)
    }

    /// The scale a pinch asking for `raw` shows: within the limits as asked; past one, rubber-banded in zoom octaves
    /// (`limit · e^(±RubberBand(|ln(raw / limit)|, ln 2))`) when ``bouncesZoom``, else the limit.
    func rubberBandedZoomScale(_ raw: CGFloat) -> CGFloat {
        let (low, high) = zoomLimits
        guard bouncesZoom, raw > high || raw < low else { return min(max(raw, low), high) }
        let octave = log(Self.zoomRubberBandLimit)
        if raw > high { return high * exp(RubberBand.shown(overshoot: log(raw / high), dimension: octave)) }
        return low / exp(RubberBand.shown(overshoot: log(low / raw), dimension: octave))
    }

    private func setZoomLimit(_ limit: WritableKeyPath<ZoomState, CGFloat>, to value: CGFloat, _ key: String) {
        guard isValidZoomScale(value, key, kept: zoomState[keyPath: limit]) else { return }
        zoomState[keyPath: limit] = value
        updatePinchGestureRecognizer()
    }

    /// Adds the pinch when the limits come to differ, removes it when they become equal.
    private func updatePinchGestureRecognizer() {
        let zooms = zoomState.minimum != zoomState.maximum
        if zooms, zoomState.pinch == nil {
            let pinch = ScrollPinchGestureRecognizer()
            pinch.addTarget(self, action: UIScrollView.handlePinch)
            addGestureRecognizer(pinch)
            zoomState.pinch = pinch
        } else if !zooms, let pinch = zoomState.pinch {
            removeGestureRecognizer(pinch)
            zoomState.pinch = nil
        }
    }

    // MARK: Pinching

    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        switch pinch.state {
        case .began:
            guard let view = zoomView else { return }
            fling.cancel()
            scrollAnimation.cancel()
            zoomState.isZooming = true
            zoomState.pinchedThisDrag = true
            zoomState.rebasesPan = true
            zoomState.pinchStartScale = zoomScale
            zoomState.anchor = zoomPoint(at: pinch.location(in: self), in: view)
            delegate?.scrollViewWillBeginZooming(self, with: view)
            scrollActivityChanged()
            follow(pinch, view)
        case .changed:
            guard isZooming, let view = zoomView else { return }
            follow(pinch, view)
        case .ended, .cancelled:
            guard isZooming else { return }
            zoomState.isZooming = false
            if let view = zoomView { settleZoom(view) }
            scrollActivityChanged()
        default:
            break
        }
    }

    /// Zooms to the pinch's scale with the anchor under the fingers.
    private func follow(_ pinch: UIPinchGestureRecognizer, _ view: UIView) {
        let scale = rubberBandedZoomScale(zoomState.pinchStartScale * pinch.scale)
        let fingers = pinch.location(in: self)
        zoomState.focus = CGPoint(x: fingers.x - contentOffset.x, y: fingers.y - contentOffset.y)
        applyZoom(scale: scale, offset: offset(showing: zoomState.anchor, of: view, at: zoomState.focus, scale: scale), to: view)
    }

    /// The pinch ended: back within the zoom limits (about the same point under where the fingers were) and the
    /// offset range, animated; or, within them, the offset springs back into range like a released drag (when no
    /// finger drags on).
    private func settleZoom(_ view: UIView) {
        let scale = clampedZoomScale(zoomScale)
        guard scale != zoomScale else {
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
            // Out of range with a finger still dragging: its release springs it back.
            if !isDragging, contentOffset != clamped(contentOffset) {
                run(settle(from: contentOffset, velocity: .zero, to: clamped(contentOffset)))
            }
            return
        }
        let target = clamped(offset(showing: zoomState.anchor, of: view, at: zoomState.focus, scale: scale),
                             to: offsetRange(zoomedTo: scale, view))
        zoomState.isBouncing = true
        play(ScrollAnimation(from: contentOffset, scale: zoomScale, to: target, scale: scale)) { [weak self] finished in
            guard let self else { return }
            self.zoomState.isBouncing = false
            if finished { self.delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale) }
        }
    }
}

/// The scroll view's pinch: it goes on alongside its scroll view's pan.
@MainActor
final class ScrollPinchGestureRecognizer: UIPinchGestureRecognizer {
    required init() { super.init() }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventingGestureRecognizer is ScrollPanGestureRecognizer && preventingGestureRecognizer.view === view
            ? false : super.canBePrevented(by: preventingGestureRecognizer)
    }
}
