import Foundation
import AnimaCore
import AnimaGraphics

/// An on/off control (UIKit's `UISwitch`): a 51 × 31 rounded track, green when on, with a white thumb.
///
/// A tap toggles it; dragging the thumb to one side and lifting sets it to that side. Either sends
/// `.valueChanged` when ``isOn`` changed. The switch keeps its 51 × 31 size: ``sizeThatFits(_:)`` and
/// ``intrinsicContentSize`` return it and the parts are drawn at that size from the top-left.
/// ```swift
/// let toggle = UISwitch()
/// toggle.setOn(true, animated: false)
/// toggle.addAction(UIAction { action in
///     print((action.sender as! UISwitch).isOn)
/// }, for: .valueChanged)
/// ```
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// The switch's fixed size.
    public static let switchSize = CGSize(width: 51, height: 31)
    private static let thumbInset: CGFloat = 2
    /// How far the finger must move before a touch is a drag rather than a tap.
    private static let dragThreshold: CGFloat = 4

    private var _isOn = false
    private let track = UIView()
    private let thumb = UIView()
    private var touchDownX: CGFloat = 0
    private var isDragging = false
    private var dragWantsOn = false

    /// Whether the switch is on (default false). Setting it sends no action.
    open var isOn: Bool {
        get { _isOn }
        set { setOn(newValue, animated: false) }
    }

    /// The track's colour when on (nil: system green).
    open var onTintColor: UIColor? { didSet { updateLook() } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? { didSet { updateLook() } }

    /// A switch at `frame`'s origin; its size is always 51 × 31.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.switchSize))
        configureSwitch()
    }

    /// Makes a switch (switches are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bounds = CGRect(origin: .zero, size: UISwitch.switchSize)
        configureSwitch()
    }

    private func configureSwitch() {
        for part in [track, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        track.layer.cornerRadius = UISwitch.switchSize.height / 2
        let d = UISwitch.switchSize.height - 2 * UISwitch.thumbInset
        thumb.layer.cornerRadius = d / 2
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.22
        thumb.layer.shadowRadius = 2.5
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
        updateLook()
    }

    package override var primaryEvent: Event { .valueChanged }
    package override var keepsSingleTaps: Bool { true }

    /// Turns the switch on or off, sliding the thumb and fading the track colour over 0.25 s when
    /// `animated`. Sends no action.
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != _isOn else { return }
        _isOn = on
        setNeedsLayout()
        if animated, window != nil {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: {
                self.updateLook()
                self.layoutIfNeeded()
            })
        } else {
            updateLook()
        }
    }

    /// Always 51 × 31.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.switchSize }
    /// Always 51 × 31.
    open override var intrinsicContentSize: CGSize { UISwitch.switchSize }

    /// Places the track and the thumb (left when off, right when on, following the finger while dragged).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let size = UISwitch.switchSize
        track.frame = CGRect(origin: .zero, size: size)
        let d = size.height - 2 * UISwitch.thumbInset
        let showsOn = isDragging ? dragWantsOn : _isOn
        let x = showsOn ? size.width - UISwitch.thumbInset - d : UISwitch.thumbInset
        // A pressed thumb widens toward the middle, as UIKit's does.
        let stretch: CGFloat = isHighlighted ? 7 : 0
        thumb.frame = CGRect(x: showsOn ? x - stretch : x, y: UISwitch.thumbInset, width: d + stretch, height: d)
    }

    private func updateLook() {
        let showsOn = isDragging ? dragWantsOn : _isOn
        track.backgroundColor = showsOn ? (onTintColor ?? .systemGreen) : UIColor(red: 0.91, green: 0.91, blue: 0.92, alpha: 1)
        thumb.backgroundColor = thumbTintColor ?? .white
        let dimmed: CGFloat = isEnabled ? 1 : 0.5
        track.alpha = dimmed
        thumb.alpha = dimmed
    }

    open override func stateDidChange() {
        updateLook()
        setNeedsLayout()
        if window != nil {
            UIView.animate(withDuration: 0.2, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { self.layoutIfNeeded() })
        }
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchDownX = touch.location(in: self).x
        isDragging = false
        dragWantsOn = _isOn
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        if !isDragging, abs(x - touchDownX) >= UISwitch.dragThreshold { isDragging = true }
        if isDragging {
            let wantsOn = x > UISwitch.switchSize.width / 2
            if wantsOn != dragWantsOn {
                dragWantsOn = wantsOn
                stateDidChange()
            }
        }
        return true
    }

    /// A tap inside toggles; a drag sets the side the thumb was dragged to. Sends `.valueChanged` on change.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let dragged = isDragging
        isDragging = false
        let target: Bool
        if dragged {
            target = dragWantsOn
        } else if isTouchInside {
            target = !_isOn
        } else {
            target = _isOn
        }
        if target != _isOn {
            setOn(target, animated: true)
            sendInteractionActions(for: .valueChanged, with: event)
        } else {
            stateDidChange()
        }
    }

    open override func cancelTracking(with event: UIEvent?) {
        isDragging = false
        stateDidChange()
    }
}
