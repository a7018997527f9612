import Foundation
import AnimaCore
import AnimaGraphics

/// A pair of − and + buttons that step a value (UIKit's `UIStepper`), 94 × 32 points.
///
/// ```swift
/// let stepper = UIStepper()
/// stepper.maximumValue = 10
/// stepper.addAction(UIAction { _ in label.text = "\(Int(stepper.value))" }, for: .valueChanged)
/// ```
/// A touch on a half steps the value once (clamped to the range, or wrapped with `wraps`) and sends `.valueChanged`.
/// With `autorepeat`, holding it steps again after 0.5 s and then every 0.1 s (every 0.05 s after 2.5 s held) — our
/// reading of UIKit — on the display's frames, so it needs the stepper in a window. A half that cannot step (the
/// value at its end, no wrapping) is shown grey and ignores touches.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    /// The stepper's size in points.
    public static let stepperSize = CGSize(width: 94, height: 32)

    /// The value, always within `minimumValue…maximumValue` (a non-finite one is rejected with a diagnostic).
    open var value: Double {
        get { _value }
        set {
            guard newValue.isFinite else { return reject("value", newValue) }
            _value = min(max(newValue, minimumValue), maximumValue)
            updateLook()
        }
    }
    /// The lowest value (0). Setting it at or above `maximumValue` is UIKit's programmer error.
    open var minimumValue: Double = 0 {
        didSet { checkRange(); value = _value }
    }
    /// The highest value (100). Setting it at or below `minimumValue` is UIKit's programmer error.
    open var maximumValue: Double = 100 {
        didSet { checkRange(); value = _value }
    }
    /// How much a touch changes the value (1). Zero or less is UIKit's programmer error.
    open var stepValue: Double = 1 {
        didSet {
            guard stepValue.isFinite, stepValue > 0 else {
                let message = "UIStepper: stepValue must be greater than 0 (was \(stepValue))"
                Diagnostics.report(message)
                fatalError(message)
            }
        }
    }
    /// Whether stepping past an end comes back in at the other.
    open var wraps = false { didSet { updateLook() } }
    /// Whether holding a half keeps stepping.
    open var autorepeat = true
    /// Whether each repeated step sends `.valueChanged` (else one is sent when the touch ends).
    open var isContinuous = true

    private var _value: Double = 0
    private let background = UIView()
    private let divider = UIView()
    private let minus = UILabel()
    private let plus = UILabel()
    /// The half being held: +1 or −1, and when the touch began (frame time) and the last repeat.
    private var holding: (direction: Double, start: CFTimeInterval?, last: CFTimeInterval?)?
    private var repeatLink: CADisplayLink?
    private var changedWhileHeld = false

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.stepperSize))
        configureStepper()
    }

    /// A stepper at the origin.
    public convenience init() { self.init(frame: .zero) }

    /// Makes a stepper (steppers are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureStepper()
    }

    private func configureStepper() {
        background.backgroundColor = UIColor(white: 0.46, alpha: 0.12)
        background.layer.cornerRadius = 8
        background.isUserInteractionEnabled = false
        divider.backgroundColor = UIColor(white: 0.46, alpha: 0.3)
        divider.isUserInteractionEnabled = false
        for (label, text) in [(minus, "−"), (plus, "+")] {
            label.text = text
            label.font = .systemFont(ofSize: 24, weight: .light)
            label.textAlignment = .center
            label.isUserInteractionEnabled = false
        }
        for view in [background, divider, minus, plus] { addSubview(view) }
        updateLook()
    }

    open override var intrinsicContentSize: CGSize { Self.stepperSize }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.stepperSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        let half = bounds.width / 2
        minus.frame = CGRect(x: 0, y: 0, width: half, height: bounds.height)
        plus.frame = CGRect(x: half, y: 0, width: half, height: bounds.height)
        divider.frame = CGRect(x: half - 0.5, y: 8, width: 1, height: max(0, bounds.height - 16))
    }

    open override func stateDidChange() { updateLook() }
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateLook()
    }

    /// Whether the half stepping by `direction` can step now.
    private func canStep(_ direction: Double) -> Bool {
        wraps || (direction > 0 ? _value < maximumValue : _value > minimumValue)
    }

    private func updateLook() {
        for (label, direction) in [(minus, -1.0), (plus, 1.0)] {
            let enabled = isEnabled && canStep(direction)
            let held = holding?.direction == direction && isHighlighted
            label.textColor = enabled ? (held ? UIColor.black.withAlphaComponent(0.3) : .black) : UIColor.systemGray.withAlphaComponent(0.5)
        }
    }

    /// Steps once by `direction`; true when the value changed.
    @discardableResult
    private func step(_ direction: Double) -> Bool {
        let old = _value
        var next = _value + direction * stepValue
        if next > maximumValue { next = wraps ? minimumValue : maximumValue }
        if next < minimumValue { next = wraps ? maximumValue : minimumValue }
        _value = next
        updateLook()
        return _value != old
    }

    // MARK: Touches

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction: Double = touch.location(in: self).x < bounds.midX ? -1 : 1
        guard canStep(direction) else { return false }
        holding = (direction, nil, nil)
        changedWhileHeld = false
        if step(direction) { sendActions(for: .valueChanged) }
        if autorepeat, window != nil {
            let link = CADisplayLink { [weak self] link in self?.repeatStep(at: link.timestamp) }
            link.add(to: .main, forMode: .common)
            repeatLink = link
        }
        updateLook()
        return true
    }

    private func repeatStep(at time: CFTimeInterval) {
        guard var held = holding else { return }
        guard let start = held.start else {
            held.start = time
            holding = held
            return
        }
        let elapsed = time - start
        guard elapsed >= 0.5, isHighlighted else { return }
        let interval = elapsed >= 2.5 ? 0.05 : 0.1
        if let last = held.last, time - last < interval - 1e-9 { return }
        held.last = time
        holding = held
        if step(held.direction) {
            if isContinuous { sendActions(for: .valueChanged) } else { changedWhileHeld = true }
        }
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        finishHolding()
    }

    open override func cancelTracking(with event: UIEvent?) {
        finishHolding()
    }

    private func finishHolding() {
        repeatLink?.invalidate()
        repeatLink = nil
        holding = nil
        if changedWhileHeld { sendActions(for: .valueChanged) }
        changedWhileHeld = false
        updateLook()
    }

    private func checkRange() {
        guard minimumValue.isFinite, maximumValue.isFinite, minimumValue < maximumValue else {
            let message = "UIStepper: minimumValue (\(minimumValue)) must be less than maximumValue (\(maximumValue))"
            Diagnostics.report(message)
            fatalError(message)
        }
    }

    private func reject(_ key: String, _ value: Double) {
        Diagnostics.report("UIStepper tag \(tag): rejected \(key) = \(value) (not a finite number); it stays \(_value)")
    }
}
