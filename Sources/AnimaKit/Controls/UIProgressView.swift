import Foundation
import AnimaCore
import AnimaGraphics

/// A bar that fills from the leading edge as a task progresses (UIKit's `UIProgressView`).
///
/// The track spans the view's bounds; the filled part covers ``progress`` of its width, in
/// ``progressTintColor`` (the tint colour by default) over ``trackTintColor``. The natural height is 4 points
/// (``intrinsicContentSize``; `init(progressViewStyle:)` makes a view that tall). `.default` rounds both ends,
/// `.bar` draws square ends over a clear track, as for a bar under a navigation bar.
/// ```swift
/// let bar = UIProgressView(progressViewStyle: .default)
/// bar.frame.size.width = 240
/// bar.setProgress(0.6, animated: true)     // the fill grows over 0.25 s
/// ```
/// Not built: `observedProgress` (Foundation's `Progress` has no key-value observing on Linux).
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// How the bar is drawn.
    public enum Style: Int, Sendable {
        /// Rounded ends on a grey track.
        case `default`
        /// Square ends on a clear track.
        case bar
    }

    /// The natural height of the bar, in points.
    public static let barHeight: CGFloat = 4
    /// How long `setProgress(_:animated: true)` takes to move the fill (our reading; UIKit does not say).
    public static let animationDuration: TimeInterval = 0.25

    private var _progress: Float = 0
    private let track = UIView()
    private let fill = UIView()

    /// The style (default `.default`).
    open var progressViewStyle: Style = .default { didSet { updateLook() } }

    /// How much of the task is done, 0…1 (default 0): values outside are clamped; NaN is rejected with a
    /// diagnostic and the previous value kept.
    open var progress: Float {
        get { _progress }
        set { setProgress(newValue, animated: false) }
    }

    /// The colour of the filled part (nil: the tint colour).
    open var progressTintColor: UIColor? { didSet { updateLook() } }
    /// The colour of the track (nil: a translucent grey for `.default`, clear for `.bar`).
    open var trackTintColor: UIColor? { didSet { updateLook() } }
    /// An image stretched over the filled part instead of its colour.
    open var progressImage: UIImage? { didSet { updateLook() } }
    /// An image stretched over the track instead of its colour.
    open var trackImage: UIImage? { didSet { updateLook() } }

    /// A progress view of `style`, as wide as it will be laid out and ``barHeight`` tall.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: UIProgressView.barHeight))
        progressViewStyle = style
    }

    /// A progress view filling `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureBar()
    }

    /// Makes a progress view with a zero frame (progress views are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureBar()
    }

    private func configureBar() {
        for part in [track, fill] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        updateLook()
    }

    /// Sets ``progress`` (clamped to 0…1), growing or shrinking the fill over ``animationDuration`` when
    /// `animated` and the view is in a window.
    open func setProgress(_ progress: Float, animated: Bool) {
        guard !progress.isNaN else {
            Diagnostics.report("\(diagnosticName): rejected progress \(progress) (not a number); kept \(_progress)")
            return
        }
        let clamped = min(max(progress, 0), 1)
        guard clamped != _progress else { return }
        _progress = clamped
        setNeedsLayout()
        if animated, window != nil {
            UIView.animate(withDuration: UIProgressView.animationDuration, delay: 0,
                           options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { self.layoutIfNeeded() })
        }
    }

    /// As wide as offered, ``barHeight`` tall.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: UIProgressView.barHeight) }
    /// No width of its own, ``barHeight`` tall.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIProgressView.barHeight) }

    /// The track over the bounds; the fill over ``progress`` of it from the leading (left) edge.
    open override func layoutSubviews() {
        super.layoutSubviews()
        track.frame = bounds
        fill.frame = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(_progress), height: bounds.height)
        let radius = progressViewStyle == .default ? bounds.height / 2 : 0
        track.layer.cornerRadius = radius
        fill.layer.cornerRadius = radius
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateLook()
    }

    private func updateLook() {
        show(trackImage, or: trackTintColor ?? (progressViewStyle == .default ? UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2) : .clear), on: track)
        show(progressImage, or: progressTintColor ?? tintColor, on: fill)
        setNeedsLayout()
    }

    private func show(_ image: UIImage?, or color: UIColor, on part: UIView) {
        if let image = image?.cgImage {
            part.layer.contents = image
            part.layer.contentsGravity = .resize
            part.backgroundColor = nil
        } else {
            part.layer.contents = nil
            part.backgroundColor = color
        }
    }
}
