import Foundation
import AnimaCore
import AnimaGraphics

/// The base class of buttons, sliders, switches and segmented controls (UIKit's `UIControl`): a state
/// (enabled, highlighted, selected), touch tracking, and actions sent for control events.
///
/// Actions are ``UIAction`` closures or target–action pairs whose action is a method reference (Linux has
/// no selectors): `addTarget(self, action: ViewController.tapped, for: .touchUpInside)` calls
/// `tapped(_ sender:)` on `self`, which is held weakly as in UIKit.
/// ```swift
/// let button = UIButton(type: .system)
/// button.setTitle("Drop", for: .normal)
/// button.addAction(UIAction { _ in animator.addBehavior(gravity) }, for: .touchUpInside)
/// ```
@preconcurrency @MainActor
open class UIControl: UIView {
    /// The states a control can be in (UIKit's `UIControl.State`); `.normal` is the empty set.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The events a control sends actions for (UIKit's `UIControl.Event`, with UIKit's raw values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A finger went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated finger-down (tap count above 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The finger moved while inside the control's bounds (plus a margin).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The finger moved while outside.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The finger moved from outside to inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The finger moved from inside to outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The finger lifted inside: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The finger lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled the touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (slider, switch, segmented control).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action: a button's tap, a value control's change.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How content sits horizontally in a control.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center, left, right, fill, leading, trailing
    }

    /// How content sits vertically in a control.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center, top, bottom, fill
    }

    /// One registered action: a `UIAction` or a weakly held target with its method.
    private struct Registration {
        enum Kind {
            case action(UIAction)
            case target(weak: WeakTarget, call: @MainActor (UIControl, UIEvent?) -> Void)
        }
        var kind: Kind
        var events: Event
    }

    /// A weak reference to a target (UIKit does not retain targets).
    final class WeakTarget {
        weak var object: AnyObject?
        init(_ object: AnyObject?) { self.object = object }
    }

    private var registrations: [Registration] = []
    private var _isEnabled = true
    private var _isSelected = false
    private var _isHighlighted = false

    /// Whether the control responds to touches (true by default). A disabled control draws dimmed and is
    /// skipped by hit testing, so touches reach the views behind it.
    open var isEnabled: Bool {
        get { _isEnabled }
        set {
            guard newValue != _isEnabled else { return }
            _isEnabled = newValue
            if !newValue, isTracking { cancelTouchTracking(with: nil) }
            stateDidChange()
        }
    }

    /// Whether the control is selected (a button shows its `.selected` title).
    open var isSelected: Bool {
        get { _isSelected }
        set {
            guard newValue != _isSelected else { return }
            _isSelected = newValue
            stateDidChange()
        }
    }

    /// Whether the control is highlighted: set while a finger is down inside it.
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set {
            guard newValue != _isHighlighted else { return }
            _isHighlighted = newValue
            stateDidChange()
        }
    }

    /// The control's state, from ``isEnabled``, ``isHighlighted`` and ``isSelected``.
    open var state: State {
        var state: State = []
        if _isHighlighted { state.insert(.highlighted) }
        if !_isEnabled { state.insert(.disabled) }
        if _isSelected { state.insert(.selected) }
        return state
    }

    /// How content is placed horizontally (default `.center`).
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    /// How content is placed vertically (default `.center`).
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }

    /// Whether the control is tracking a touch.
    public package(set) var isTracking = false
    /// Whether the tracked touch is inside the control (its bounds grown by a 70-point margin, as in UIKit).
    public package(set) var isTouchInside = false
    /// The touch being tracked.
    package weak var trackedTouch: UITouch?

    /// A control with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    /// Makes an empty control (controls are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
    }

    /// Called after ``isEnabled``, ``isSelected`` or ``isHighlighted`` changes; subclasses update their look.
    open func stateDidChange() {}

    // MARK: Actions

    /// Runs `action` whenever one of `controlEvents` happens. An action with the same identifier as one
    /// already added replaces it (its events are merged).
    /// ```swift
    /// slider.addAction(UIAction { action in
    ///     gravity.gravityDirection.dy = CGFloat((action.sender as! UISlider).value)
    /// }, for: .valueChanged)
    /// ```
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = registrations.firstIndex(where: {
            if case .action(let existing) = $0.kind { return existing.identifier == action.identifier }
            return false
        }) {
            registrations[index].kind = .action(action)
            registrations[index].events.formUnion(controlEvents)
            return
        }
        registrations.append(Registration(kind: .action(action), events: controlEvents))
    }

    /// Stops running `action` for `controlEvents`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops running the action with `actionIdentifier` for `controlEvents`.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        removeRegistrations(for: controlEvents) {
            if case .action(let existing) = $0 { return existing.identifier == actionIdentifier }
            return false
        }
    }

    /// Removes every target–action pair of `target` (nil: of every target) for `controlEvents`.
    public func removeTarget(_ target: AnyObject?, for controlEvents: Event) {
        removeRegistrations(for: controlEvents) {
            guard case .target(let weak, _) = $0 else { return false }
            return target == nil || weak.object === target
        }
    }

    private func removeRegistrations(for events: Event, where matches: (Registration.Kind) -> Bool) {
        for i in registrations.indices where matches(registrations[i].kind) {
            registrations[i].events.subtract(events)
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// Registers a call for `controlEvents` on `target` (held weakly); used by the typed `addTarget` forms.
    package final func addTargetCall(_ target: AnyObject, for controlEvents: Event,
                               call: @escaping @MainActor (AnyObject, UIControl, UIEvent?) -> Void) {
        let weak = WeakTarget(target)
        registrations.append(Registration(kind: .target(weak: weak, call: { control, event in
            guard let object = weak.object else { return }
            call(object, control, event)
        }), events: controlEvents))
    }

    /// The events that have at least one action or target.
    public var allControlEvents: Event {
        registrations.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// The targets with live target–action pairs, in the order they were added.
    public var allTargets: [AnyObject] {
        var result: [AnyObject] = []
        for registration in registrations {
            if case .target(let weak, _) = registration.kind, let object = weak.object,
               !result.contains(where: { $0 === object }) {
                result.append(object)
            }
        }
        return result
    }

    /// Sends the actions registered for any of `controlEvents`, in the order they were added.
    ///
    /// Actions added or removed by a running action take effect from the next call.
    public func sendActions(for controlEvents: Event) { sendActions(for: controlEvents, with: nil) }

    /// Runs `action` with this control as its sender.
    public func sendAction(_ action: UIAction) { action.perform(sender: self) }

    package func sendActions(for controlEvents: Event, with event: UIEvent?) {
        for registration in registrations where !registration.events.isDisjoint(with: controlEvents) {
            switch registration.kind {
            case .action(let action): action.perform(sender: self)
            case .target(_, let call): call(self, event)
            }
        }
    }

    /// The event sent alongside `.primaryActionTriggered` when the user (not code) triggers the control's
    /// main action: `.touchUpInside` for buttons, `.valueChanged` for value controls, none for a plain control.
    package var primaryEvent: Event { [] }

    /// Sends `controlEvents` for a user interaction, adding `.primaryActionTriggered` when they include the
    /// control's ``primaryEvent``.
    package func sendInteractionActions(for controlEvents: Event, with event: UIEvent?) {
        sendActions(for: controlEvents, with: event)
        if !primaryEvent.isEmpty, controlEvents.contains(primaryEvent) { sendActions(for: .primaryActionTriggered, with: event) }
    }

    // MARK: Tracking (override points)

    /// A touch went down in the control; return whether to keep tracking it (the default: true).
    ///
    /// The control is highlighted and sends `.touchDown` whatever this returns.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch moved; return whether to keep tracking it (the default: true).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch lifted (called before `.touchUpInside`/`.touchUpOutside` are sent).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// Tracking was cancelled (a gesture recognizer took the touch, the control was disabled, or the
    /// system cancelled the touch).
    open func cancelTracking(with event: UIEvent?) {}

    // MARK: Touches

    /// Starts tracking the first touch (one touch at a time, as in UIKit).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.min(by: { $0.pointerID < $1.pointerID }) else { return }
        beginTouchTracking(touch, with: event)
    }

    /// Follows the tracked touch, sending drag events.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        continueTouchTracking(touch, with: event)
    }

    /// Ends tracking, sending `.touchUpInside` or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        endTouchTracking(touch, with: event)
    }

    /// Cancels tracking, sending `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        cancelTouchTracking(with: event)
    }

    // MARK: Gestures

    /// Whether the control keeps single taps from other views' tap recognizers (buttons, switches and
    /// segmented controls do, as in UIKit).
    package var keepsSingleTaps: Bool { false }

    /// Refuses a single-finger single-tap recognizer of another view when the control keeps its taps, so
    /// a button inside a view with a tap recognizer still gets its `.touchUpInside`.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if keepsSingleTaps, gestureRecognizer.view !== self, let tap = gestureRecognizer as? UITapGestureRecognizer,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Hit testing

    /// Disabled controls are not hit: touches go to the views behind them, as in UIKit.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isEnabled else { return nil }
        return super.hitTest(point, with: event)
    }
}
