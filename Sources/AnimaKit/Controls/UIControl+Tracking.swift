import Foundation
import AnimaCore
import AnimaGraphics

/// How far outside its bounds a tracked touch still counts as inside a control (UIKit's margin).
private let touchInsideMargin: CGFloat = 70

extension UIControl {
    /// Whether `touch` is inside the control for tracking: the bounds grown by a 70-point margin.
    package func isTouchInsideForTracking(_ touch: UITouch) -> Bool {
        let p = touch.location(in: self)
        return bounds.insetBy(dx: -touchInsideMargin, dy: -touchInsideMargin).contains(p)
    }

    package func beginTouchTracking(_ touch: UITouch, with event: UIEvent?) {
        guard isEnabled, trackedTouch == nil else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        var events: Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendInteractionActions(for: events, with: event)
    }

    package func continueTouchTracking(_ touch: UITouch, with event: UIEvent?) {
        guard touch === trackedTouch else { return }
        let wasInside = isTouchInside
        isTouchInside = isTouchInsideForTracking(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        if isTouchInside != wasInside {
            sendInteractionActions(for: isTouchInside ? .touchDragEnter : .touchDragExit, with: event)
        }
        sendInteractionActions(for: isTouchInside ? .touchDragInside : .touchDragOutside, with: event)
    }

    package func endTouchTracking(_ touch: UITouch, with event: UIEvent?) {
        guard touch === trackedTouch else { return }
        isTouchInside = isTouchInsideForTracking(touch)
        let wasTracking = isTracking
        isTracking = false
        isHighlighted = false
        trackedTouch = nil
        if wasTracking { endTracking(touch, with: event) }
        sendInteractionActions(for: isTouchInside ? .touchUpInside : .touchUpOutside, with: event)
    }

    package func cancelTouchTracking(with event: UIEvent?) {
        guard trackedTouch != nil else { return }
        let wasTracking = isTracking
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        trackedTouch = nil
        if wasTracking { cancelTracking(with: event) }
        sendInteractionActions(for: .touchCancel, with: event)
    }
}
