import Foundation
import AnimaCore
import AnimaGraphics

/// A spinner that shows that a task is in progress (UIKit's `UIActivityIndicatorView`).
///
/// Eight spokes round the middle of the view, the leading one opaque and each one after it fainter, stepping
/// clockwise an eighth of a turn every eighth of a second while animating. The step is a layer animation
/// (a discrete `transform.rotation.z` keyframe animation on a `CAReplicatorLayer` of the spokes, repeating for
/// ever), so a spinning indicator costs the main thread nothing per frame.
/// ```
///        ╷          spoke 0: opaque        one step: the replicator turns 45°,
///    ╲       ╱      spokes 1…7: fainter,   8 steps a second, discrete
///  ─     ·     ─    counter-clockwise
///    ╱       ╲      behind it
///        ╵
/// ```
/// As in UIKit: ``hidesWhenStopped`` (default true) hides a stopped indicator, so a new one is hidden until
/// ``startAnimating()``; a spinning indicator taken out of its window loses its animation with the window's other
/// views and spins again when it is back in one.
/// ```swift
/// let spinner = UIActivityIndicatorView(style: .large)
/// spinner.center = view.center
/// view.addSubview(spinner)
/// spinner.startAnimating()
/// ```
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The indicator's size and default colour. The raw values are UIKit's.
    public enum Style: Int, Sendable {
        /// 37 points, white (deprecated in UIKit for `.large` with a colour).
        case whiteLarge = 0
        /// 20 points, white (deprecated in UIKit for `.medium` with a colour).
        case white = 1
        /// 20 points, grey (deprecated in UIKit for `.medium`).
        case gray = 2
        /// 20 points, in the secondary label colour.
        case medium = 100
        /// 37 points, in the secondary label colour.
        case large = 101

        /// The indicator's side, in points.
        public var side: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }

        fileprivate var defaultColor: UIColor {
            switch self {
            case .white, .whiteLarge: .white
            case .gray: .gray
            case .medium, .large: .secondaryLabel
            }
        }
    }

    /// How many spokes the spinner has, and so how many steps a turn takes.
    public static let spokeCount = 8
    /// How long one turn takes, in seconds (one step is an eighth of it).
    public static let turnDuration: CFTimeInterval = 1
    /// The key of the spinning animation on the spokes' layer.
    public static let spinAnimationKey = "anima.activityIndicator.spin"

    private let spokes = CAReplicatorLayer()
    private let spoke = CALayer()
    private var _isAnimating = false
    private var _color: UIColor?

    /// The size and default colour (default `.medium`). Setting it resizes the spokes, not the view.
    open var style: Style = .medium { didSet { updateSpokes() } }

    /// The spokes' colour (nil, the default, is the style's colour).
    open var color: UIColor! {
        get { _color ?? style.defaultColor }
        set { _color = newValue; updateSpokes() }
    }

    /// Whether the indicator is hidden while stopped (default true).
    open var hidesWhenStopped = true {
        didSet { if !_isAnimating { isHidden = hidesWhenStopped } }
    }

    /// Whether the indicator is spinning.
    open var isAnimating: Bool { _isAnimating }

    /// An indicator of `style`, its frame the style's size.
    public init(style: Style) {
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        self.style = style
        configureIndicator()
    }

    /// A `.medium` indicator filling `frame` (the spokes keep the style's size, centred).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureIndicator()
    }

    /// Makes a `.medium` indicator with a zero frame (indicators are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureIndicator()
    }

    private func configureIndicator() {
        isUserInteractionEnabled = false
        spokes.instanceCount = Self.spokeCount
        spokes.addSublayer(spoke)
        layer.addSublayer(spokes)
        isHidden = hidesWhenStopped
        updateSpokes()
    }

    /// Shows the indicator and starts it spinning (nothing when it already spins).
    open func startAnimating() {
        guard !_isAnimating else { return }
        _isAnimating = true
        isHidden = false
        addSpin()
    }

    /// Stops the spinning, hiding the indicator when ``hidesWhenStopped``.
    open func stopAnimating() {
        guard _isAnimating else { return }
        _isAnimating = false
        spokes.removeAnimation(forKey: Self.spinAnimationKey)
        if hidesWhenStopped { isHidden = true }
    }

    /// A spinning indicator back in a window spins again (leaving the window ended its animation).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if _isAnimating, window != nil, spokes.animation(forKey: Self.spinAnimationKey) == nil { addSpin() }
    }

    /// The style's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: style.side, height: style.side) }
    /// The style's size.
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }

    /// Keeps the spokes in the middle of the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spokes.position = CGPoint(x: bounds.midX, y: bounds.midY)
        CATransaction.commit()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateSpokes()
    }

    /// One spoke pointing up from the middle, the replicator turning each copy an eighth further back and
    /// fading it, so the trail runs counter-clockwise behind the leading spoke.
    private func updateSpokes() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let side = style.side
        let width = (side * 0.09).rounded(.up), length = side * 0.28, inner = side * 0.22
        spokes.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        spokes.position = CGPoint(x: bounds.midX, y: bounds.midY)
        spokes.instanceTransform = CATransform3DMakeRotation(-2 * .pi / CGFloat(Self.spokeCount), 0, 0, 1)
        spokes.instanceAlphaOffset = -0.7 / Float(Self.spokeCount - 1)
        spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
        spoke.position = CGPoint(x: side / 2, y: side / 2 - inner - length / 2)
        spoke.cornerRadius = width / 2
        spoke.backgroundColor = color.cgColor
        CATransaction.commit()
    }

    private func addSpin() {
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        let steps = Self.spokeCount
        spin.values = (0..<steps).map { CGFloat($0) * 2 * .pi / CGFloat(steps) }
        spin.keyTimes = (0...steps).map { NSNumber(value: Double($0) / Double(steps)) }
        spin.calculationMode = .discrete
        spin.duration = Self.turnDuration
        spin.repeatCount = .infinity
        spin.isRemovedOnCompletion = false
        spokes.add(spin, forKey: Self.spinAnimationKey)
    }
}
