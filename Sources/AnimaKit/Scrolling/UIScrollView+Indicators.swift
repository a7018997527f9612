import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

/// A scroll view's indicator settings and bars.
struct ScrollIndicatorState {
    var showsVertical = true
    var showsHorizontal = true
    var style: UIScrollView.IndicatorStyle = .default
    var verticalInsets: UIEdgeInsets = .zero
    var horizontalInsets: UIEdgeInsets = .zero
    /// The bars, made when first shown.
    var vertical: CALayer?
    var horizontal: CALayer?
    /// Whether the bars are up (not fading or faded).
    var isShowing = false
}

/// Scroll indicators (UIKit's): thin rounded bars along the trailing and bottom edges that show which part of the
/// content is in view.
///
/// ```
///  ┌──────────────────────┐  ─┬─ 3 pt (+ inset.top) from the edge to the track
///  │                   ▐  │   │  a bar's length: the visible fraction of the content × the track,
///  │                   ▐  │   │  at least 36 pt; moves along the track with the offset; past an
///  │                      │   │  edge, shorter by the overshoot (down to a dot) and pinned to that end
///  │                      │  ─┴─ 3 pt (+ the other bar's width and gap, when both show)
///  │  ▬▬▬▬▬▬▬▬            │  3 pt wide (2.5 pt for .black and .white), 3 pt from the edge
///  └──────────────────────┘
/// ```
/// A bar shows on an axis the content can scroll along, when its `shows…` property is true: while a finger drags,
/// a fling decelerates or bounces, a pinch zooms or a scroll or zoom animates, and for `flashScrollIndicators()`;
/// 0.5 s after the last of those stops they fade out over 0.3 s (a Core Animation fade on the frames' time, no
/// timer). The constants are our reading of UIKit's, which it does not document.
///
/// The bars are sublayers of the scroll view's layer placed in content coordinates (so they stay put on screen),
/// raised above the subviews whenever they move — not subviews, as UIKit's are: `subviews` holds only your views.
/// ```swift
/// scroll.indicatorStyle = .white                 // over dark content
/// scroll.verticalScrollIndicatorInsets.top = 44  // below a bar laid over the content
/// scroll.flashScrollIndicators()
/// ```
extension UIScrollView {
    /// The look of the scroll indicators (UIKit's `UIScrollView.IndicatorStyle`).
    public enum IndicatorStyle: Int, Sendable {
        /// Black with a white border, 3 pt wide: good against any content.
        case `default`
        /// Black, 2.5 pt wide: good against light content.
        case black
        /// White, 2.5 pt wide: good against dark content.
        case white
    }

    /// How far a bar's outer side is from the view's edge, and its ends from the ends of the view, in points.
    static let indicatorEdgeGap: CGFloat = 3
    /// The shortest a bar gets while the content is within its range, in points.
    static let indicatorMinimumLength: CGFloat = 36
    /// How long the bars stay after scrolling stops, and how long they take to fade, in seconds.
    static let indicatorFadeDelay: TimeInterval = 0.5
    static let indicatorFadeDuration: TimeInterval = 0.3

    /// Whether the vertical indicator shows while scrolling (true).
    public var showsVerticalScrollIndicator: Bool {
        get { indicatorState.showsVertical }
        set { indicatorState.showsVertical = newValue; updateScrollIndicators() }
    }

    /// Whether the horizontal indicator shows while scrolling (true).
    public var showsHorizontalScrollIndicator: Bool {
        get { indicatorState.showsHorizontal }
        set { indicatorState.showsHorizontal = newValue; updateScrollIndicators() }
    }

    /// The indicators' look (`.default`).
    public var indicatorStyle: IndicatorStyle {
        get { indicatorState.style }
        set { indicatorState.style = newValue; updateScrollIndicators() }
    }

    /// How far the vertical indicator's track is inset from the view's edges (zero). Non-finite insets are rejected.
    public var verticalScrollIndicatorInsets: UIEdgeInsets {
        get { indicatorState.verticalInsets }
        set { setIndicatorInsets(\.verticalInsets, to: newValue, "verticalScrollIndicatorInsets") }
    }

    /// How far the horizontal indicator's track is inset from the view's edges (zero). Non-finite insets are rejected.
    public var horizontalScrollIndicatorInsets: UIEdgeInsets {
        get { indicatorState.horizontalInsets }
        set { setIndicatorInsets(\.horizontalInsets, to: newValue, "horizontalScrollIndicatorInsets") }
    }

    /// Both indicators' insets (reads the vertical one's), as UIKit before iOS 13 had them.
    @available(iOS, deprecated: 13.0, message: "Use verticalScrollIndicatorInsets and horizontalScrollIndicatorInsets")
    public var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            guard newValue.isFinite else { return reject("scrollIndicatorInsets", "\(newValue)") }
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }

    private func setIndicatorInsets(_ insets: WritableKeyPath<ScrollIndicatorState, UIEdgeInsets>, to value: UIEdgeInsets,
                                    _ key: String) {
        guard value.isFinite else { return reject(key, "\(value)") }
        indicatorState[keyPath: insets] = value
        updateScrollIndicators()
    }

    /// Shows the indicators of the axes the content can scroll along for a moment (then they fade as after a
    /// scroll). Call it when the scroll view comes to the front.
    public func flashScrollIndicators() {
        showScrollIndicators()
        if !isScrolling { fadeScrollIndicators() }
    }

    /// The bars (a test hook): nil until first shown.
    package var scrollIndicatorLayers: (vertical: CALayer?, horizontal: CALayer?) {
        (indicatorState.vertical, indicatorState.horizontal)
    }

    // MARK: Showing and fading

    /// Whether something is moving the content: a drag, a deceleration or bounce, a pinch, an animated scroll or zoom.
    var isScrolling: Bool { isDragging || isDecelerating || isZooming || scrollAnimation.isRunning }

    /// Something started or stopped moving the content: the bars show while it moves and fade once it has stopped.
    func scrollActivityChanged() {
        if isScrolling { showScrollIndicators() } else { fadeScrollIndicators() }
    }

    private func showScrollIndicators() {
        guard !indicatorState.isShowing else { return updateScrollIndicators() }
        indicatorState.isShowing = true
        if indicatorState.vertical == nil { indicatorState.vertical = Self.makeIndicator() }
        if indicatorState.horizontal == nil { indicatorState.horizontal = Self.makeIndicator() }
        for bar in [indicatorState.vertical, indicatorState.horizontal].compactMap({ $0 }) {
            bar.removeAnimation(forKey: "fade")
        }
        updateScrollIndicators()
    }

    private func fadeScrollIndicators() {
        guard indicatorState.isShowing else { return }
        indicatorState.isShowing = false
        for bar in [indicatorState.vertical, indicatorState.horizontal].compactMap({ $0 }) where bar.opacity > 0 {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = Float(1)
            fade.toValue = Float(0)
            fade.beginTime = bar.convertTime(CACurrentMediaTime(), from: nil) + Self.indicatorFadeDelay
            fade.duration = Self.indicatorFadeDuration
            fade.fillMode = .backwards
            bar.opacity = 0
            bar.add(fade, forKey: "fade")
        }
    }

    private static func makeIndicator() -> CALayer {
        let bar = CALayer()
        bar.name = "scroll indicator"
        // The bars follow the offset frame by frame: no implicit animations.
        bar.actions = ["position": NSNull(), "bounds": NSNull(), "opacity": NSNull(), "backgroundColor": NSNull(),
                       "borderColor": NSNull(), "borderWidth": NSNull(), "cornerRadius": NSNull()]
        bar.opacity = 0
        return bar
    }

    // MARK: Geometry

    /// Puts the bars where the offset, content size, bounds, insets and style say, on top of the subviews.
    func updateScrollIndicators() {
        guard let vertical = indicatorState.vertical, let horizontal = indicatorState.horizontal else { return }
        let range = contentOffsetRange
        let showsV = showsVerticalScrollIndicator && range.height > 0
        let showsH = showsHorizontalScrollIndicator && range.width > 0
        let style = indicatorStyle
        let width: CGFloat = style == .default ? 3 : 2.5
        let gap = Self.indicatorEdgeGap
        let reserve = gap + width   // where both bars show, each track stops short of the other bar
        if showsV {
            let i = verticalScrollIndicatorInsets
            let bar = Self.indicatorSpan(between: i.top, and: i.bottom + (showsH ? reserve : 0), of: bounds.height, thickness: width,
                                         offset: contentOffset.y - range.minY, range: range.height)
            place(vertical, CGRect(x: bounds.width - i.right - gap - width, y: bar.start, width: width, height: bar.length), style)
        }
        if showsH {
            let i = horizontalScrollIndicatorInsets
            let bar = Self.indicatorSpan(between: i.left, and: i.right + (showsV ? reserve : 0), of: bounds.width, thickness: width,
                                         offset: contentOffset.x - range.minX, range: range.width)
            place(horizontal, CGRect(x: bar.start, y: bounds.height - i.bottom - gap - width, width: bar.length, height: width), style)
        }
        for (bar, shows) in [(vertical, showsV), (horizontal, showsH)] {
            if !shows { bar.removeAnimation(forKey: "fade") }
            if !shows || indicatorState.isShowing { bar.opacity = shows ? 1 : 0 }   // a fading bar fades on
        }
        let sublayers = layer.sublayers ?? []
        if (showsV || showsH) && !(sublayers.count >= 2 && sublayers[sublayers.count - 2] === vertical && sublayers.last === horizontal) {
            layer.addSublayer(vertical)
            layer.addSublayer(horizontal)
        }
    }

    /// Puts `bar` at `frame` (relative to the view's top-left corner) in content coordinates, in `style`.
    private func place(_ bar: CALayer, _ frame: CGRect, _ style: IndicatorStyle) {
        bar.frame = frame.offsetBy(dx: bounds.minX, dy: bounds.minY)
        bar.cornerRadius = min(frame.width, frame.height) / 2
        bar.backgroundColor = (style == .white ? UIColor(white: 1, alpha: 0.5) : UIColor(white: 0, alpha: style == .black ? 0.5 : 0.35)).cgColor
        bar.borderWidth = style == .default ? 0.5 : 0
        bar.borderColor = UIColor(white: 1, alpha: 0.5).cgColor
    }

    /// Where a bar lies along a side `visible` points long, inset by `lead` and `trail` (and the edge gap) at its
    /// ends: its start (from the side's start) and length.
    static func indicatorSpan(between lead: CGFloat, and trail: CGFloat, of visible: CGFloat, thickness: CGFloat,
                              offset: CGFloat, range: CGFloat) -> (start: CGFloat, length: CGFloat) {
        let trackStart = lead + indicatorEdgeGap
        let bar = indicatorSpan(track: visible - trail - indicatorEdgeGap - trackStart, thickness: thickness,
                                visible: visible, offset: offset, range: range)
        return (trackStart + bar.start, bar.length)
    }

    /// Where a bar lies along its track (both in points from the track's start): `track · visible / (visible + range)`
    /// long but at least ``indicatorMinimumLength`` (and at most the track), moved along in proportion to `offset`
    /// (from the start of the offset range, `range` long); past either end, shorter by the overshoot, down to
    /// `thickness`, and pinned to that end.
    static func indicatorSpan(track: CGFloat, thickness: CGFloat, visible: CGFloat, offset: CGFloat,
                              range: CGFloat) -> (start: CGFloat, length: CGFloat) {
        let track = max(track, thickness)
        let length = min(track, max(indicatorMinimumLength, track * visible / (visible + range)))
        if offset < 0 { return (0, max(thickness, length + offset)) }
        if offset > range {
            let shrunk = max(thickness, length - (offset - range))
            return (track - shrunk, shrunk)
        }
        return ((track - length) * offset / range, length)
    }
}

extension UIEdgeInsets {
    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}
