import Foundation
import AnimaCore
import AnimaGraphics

/// A control for picking a value from a continuous range by dragging a thumb along a track (UIKit's `UISlider`).
///
/// The track left of the thumb is drawn in ``minimumTrackTintColor`` (the tint colour by default), the rest
/// in ``maximumTrackTintColor``; the thumb is a white disc with a soft shadow. Dragging the thumb changes
/// ``value`` by the finger's movement and sends `.valueChanged` (at every change while ``isContinuous``,
/// otherwise once when the finger lifts). Touches on the track away from the thumb do nothing, as in UIKit.
/// ```swift
/// let slider = UISlider(frame: CGRect(x: 20, y: 400, width: 280, height: 31))
/// slider.minimumValue = -1
/// slider.maximumValue = 1
/// slider.value = 1
/// slider.addAction(UIAction { action in
///     gravity.magnitude = CGFloat((action.sender as! UISlider).value)
/// }, for: .valueChanged)
/// ```
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The thumb's diameter in points.
    package static let thumbDiameter: CGFloat = 28
    /// The track's thickness in points.
    package static let trackHeight: CGFloat = 4
    /// How far outside the thumb a touch still grabs it.
    private static let thumbTouchMargin: CGFloat = 10

    private var _value: Float = 0
    private var _minimumValue: Float = 0
    private var _maximumValue: Float = 1
    private let minimumTrack = UIView()
    private let maximumTrack = UIView()
    private let thumb = UIView()
    private var dragStart: (x: CGFloat, value: Float)?
    private var valueAtTouchDown: Float = 0

    /// The value (default 0), always within ``minimumValue``…``maximumValue``; values outside are clamped,
    /// NaN and infinities are rejected with a diagnostic. Setting it does not send `.valueChanged`.
    open var value: Float {
        get { _value }
        set { setValue(newValue, animated: false) }
    }

    /// The lower end of the range (default 0). Raising it above ``maximumValue`` raises that too.
    open var minimumValue: Float {
        get { _minimumValue }
        set {
            guard newValue.isFinite else { return rejectValue("minimumValue", newValue) }
            _minimumValue = newValue
            if _maximumValue < newValue { _maximumValue = newValue }
            rangeDidChange()
        }
    }

    /// The upper end of the range (default 1). Lowering it below ``minimumValue`` lowers that too.
    open var maximumValue: Float {
        get { _maximumValue }
        set {
            guard newValue.isFinite else { return rejectValue("maximumValue", newValue) }
            _maximumValue = newValue
            if _minimumValue > newValue { _minimumValue = newValue }
            rangeDidChange()
        }
    }

    /// Whether `.valueChanged` is sent during a drag (true, default) or only when the finger lifts.
    open var isContinuous = true

    /// The colour of the track left of the thumb (nil: the tint colour).
    open var minimumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The colour of the track right of the thumb (nil: a light grey).
    open var maximumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? { didSet { updateColors() } }

    /// A slider with the given frame (31 points is the natural height).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureSlider()
    }

    /// Makes a slider with a zero frame (sliders are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureSlider()
    }

    private func configureSlider() {
        for part in [maximumTrack, minimumTrack, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        minimumTrack.layer.cornerRadius = UISlider.trackHeight / 2
        maximumTrack.layer.cornerRadius = UISlider.trackHeight / 2
        thumb.layer.cornerRadius = UISlider.thumbDiameter / 2
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.25
        thumb.layer.shadowRadius = 2.5
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = UIColor(white: 0, alpha: 0.06).cgColor
        updateColors()
    }

    package override var primaryEvent: Event { .valueChanged }

    /// Refuses other views' pans while the thumb is being dragged, so a slider inside a panned view works.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self, gestureRecognizer is UIPanGestureRecognizer, isTracking { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    private func rejectValue(_ name: String, _ value: Float) {
        Diagnostics.report("\(diagnosticName): rejected \(name) \(value) (not finite); kept the previous value")
    }

    private func rangeDidChange() {
        _value = min(max(_value, _minimumValue), _maximumValue)
        setNeedsLayout()
    }

    /// Sets ``value`` (clamped to the range), moving the thumb in a 0.3-second animation when `animated`.
    /// Sends no action.
    open func setValue(_ value: Float, animated: Bool) {
        guard value.isFinite else { return rejectValue("value", value) }
        let clamped = min(max(value, _minimumValue), _maximumValue)
        guard clamped != _value else { return }
        _value = clamped
        setNeedsLayout()
        if animated, window != nil {
            UIView.animate(withDuration: 0.3, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { self.layoutIfNeeded() })
        }
    }

    // MARK: Geometry

    /// The rectangle the track is drawn in: the full width, `trackHeight` tall, centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: (bounds.midY - UISlider.trackHeight / 2).rounded(),
               width: bounds.width, height: UISlider.trackHeight)
    }

    /// The thumb's rectangle for `value`: it travels so that it stays inside the track's ends.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let d = UISlider.thumbDiameter
        // In Double: the span of two finite Floats can overflow Float (−3e38…3e38), which would make the
        // fraction NaN and the thumb's frame unusable for hit testing.
        let range = Double(_maximumValue) - Double(_minimumValue)
        let fraction = range > 0 ? CGFloat(min(1, max(0, (Double(value) - Double(_minimumValue)) / range))) : 0
        let travel = max(0, rect.width - d)
        return CGRect(x: (rect.minX + travel * fraction).rounded(), y: (bounds.midY - d / 2).rounded(), width: d, height: d)
    }

    /// Natural size: no natural width, 31 points tall.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

    /// The current width and the natural height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: 31) }

    /// Places the track halves and the thumb for the current value.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: _value)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(0, thumbFrame.midX - track.minX), height: track.height)
        maximumTrack.frame = CGRect(x: thumbFrame.midX, y: track.minY, width: max(0, track.maxX - thumbFrame.midX), height: track.height)
        thumb.frame = thumbFrame
    }

    // MARK: Look

    private func updateColors() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? UIColor(red: 0.89, green: 0.89, blue: 0.9, alpha: 1)
        thumb.backgroundColor = thumbTintColor ?? .white
        let dimmed: CGFloat = isEnabled ? 1 : 0.5
        for part in [minimumTrack, maximumTrack, thumb] { part.alpha = dimmed }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    open override func stateDidChange() { updateColors() }

    // MARK: Tracking

    /// Grabs the thumb when the touch is on it (or within 10 points of it).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: _value)
        guard thumbFrame.insetBy(dx: -UISlider.thumbTouchMargin, dy: -UISlider.thumbTouchMargin).contains(p) else {
            isHighlighted = false
            return false
        }
        dragStart = (p.x, _value)
        valueAtTouchDown = _value
        return true
    }

    /// Moves the thumb with the finger and sends `.valueChanged` while ``isContinuous``.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        isHighlighted = true   // the thumb stays grabbed wherever the finger goes
        return follow(touch, with: event)
    }

    /// Takes the lift-off point, then sends the drag's `.valueChanged` when not continuous.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { _ = follow(touch, with: event) }
        dragStart = nil
        if !isContinuous, _value != valueAtTouchDown { sendInteractionActions(for: .valueChanged, with: event) }
    }

    /// Sets the value from the finger's travel since it grabbed the thumb.
    private func follow(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let start = dragStart else { return false }
        let travel = max(1, trackRect(forBounds: bounds).width - UISlider.thumbDiameter)
        // In Double, like the thumb's position: the span of the range may not fit a Float.
        let span = Double(_maximumValue) - Double(_minimumValue)
        let target = Double(start.value) + Double((touch.location(in: self).x - start.x) / travel) * span
        let old = _value
        setValue(Float(min(max(target, Double(_minimumValue)), Double(_maximumValue))), animated: false)
        layoutIfNeeded()
        if isContinuous, _value != old { sendInteractionActions(for: .valueChanged, with: event) }
        return true
    }

    open override func cancelTracking(with event: UIEvent?) {
        dragStart = nil
        if !isContinuous, _value != valueAtTouchDown { sendInteractionActions(for: .valueChanged, with: event) }
    }
}
