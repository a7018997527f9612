import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Sends a finger down at `from`, moves through `path`, and lifts at the last point (or `from`), one frame each.
@MainActor
func drag(_ display: HeadlessDisplay, from: CGPoint, through path: [CGPoint] = [], id: Int = 0,
          frame: TimeInterval = 1.0 / 60) {
    display.send(pointer(.began, from.x, from.y, id: id, in: display))
    display.advance(by: frame)
    for p in path {
        display.send(pointer(.moved, p.x, p.y, id: id, in: display))
        display.advance(by: frame)
    }
    let end = path.last ?? from
    display.send(pointer(.ended, end.x, end.y, id: id, in: display))
    display.advance(by: frame)
}

/// A tap at `point` (down and up in one place).
@MainActor
func tap(_ display: HeadlessDisplay, at point: CGPoint, id: Int = 0) { drag(display, from: point, id: id) }

/// Whether a diagnostic naming `subject` (e.g. "UISlider tag 3301") also says `fragment`.
func diagnosed(_ subject: String, _ fragment: String) -> Bool {
    Diagnostics.messages(containing: subject).contains { $0.contains(fragment) }
}

/// Records the control events a control sends, by name.
@MainActor
final class EventLog {
    var names: [String] = []
    private static let named: [(UIControl.Event, String)] = [
        (.touchDown, "down"), (.touchDownRepeat, "repeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.valueChanged, "value"), (.primaryActionTriggered, "primary"),
    ]

    init(_ control: UIControl) {
        for (event, name) in EventLog.named {
            control.addAction(UIAction { [unowned self] _ in self.names.append(name) }, for: event)
        }
    }

    /// The names without the drag events (which depend on how many moves were sent).
    var withoutDrags: [String] { names.filter { !$0.hasPrefix("drag") } }
}

/// A target for the typed target–action forms.
@MainActor
final class Controller {
    var taps: [String] = []
    func tapped(_ sender: UIButton) { taps.append("button \(sender.tag)") }
    func tappedAny(_ sender: UIControl) { taps.append("control \(sender.tag)") }
    func tappedWithEvent(_ sender: UIButton, _ event: UIEvent?) { taps.append("event \(event != nil)") }
    func ping() { taps.append("ping") }
}

@MainActor
@Suite("UIControl")
struct ControlTests {
    @Test func stateCombinesEnabledHighlightedAndSelected() {
        let control = UIControl(frame: .zero)
        #expect(control.state == .normal)
        control.isHighlighted = true
        control.isSelected = true
        #expect(control.state == [.highlighted, .selected])
        control.isEnabled = false
        #expect(control.state.contains(.disabled))
        #expect(UIControl.Event.touchUpInside.rawValue == 64 && UIControl.Event.valueChanged.rawValue == 4096)
        #expect(UIControl.Event.allTouchEvents.contains(.touchCancel))
    }

    @Test func actionsRunForTheirEventsInTheOrderAdded() {
        let control = UIControl(frame: .zero)
        var log: [String] = []
        control.addAction(UIAction { _ in log.append("a") }, for: .touchUpInside)
        control.addAction(UIAction { _ in log.append("b") }, for: [.touchUpInside, .valueChanged])
        control.addAction(UIAction { _ in log.append("c") }, for: .valueChanged)
        control.sendActions(for: .touchUpInside)
        #expect(log == ["a", "b"])
        log = []
        control.sendActions(for: .valueChanged)
        #expect(log == ["b", "c"])
        #expect(control.allControlEvents == [.touchUpInside, .valueChanged])
    }

    @Test func anActionWithTheSameIdentifierReplacesTheOldOneAndCanBeRemoved() {
        let control = UIControl(frame: .zero)
        var log: [String] = []
        let id = UIAction.Identifier("drop")
        control.addAction(UIAction(identifier: id) { _ in log.append("old") }, for: .touchUpInside)
        control.addAction(UIAction(identifier: id) { _ in log.append("new") }, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(log == ["new"])
        control.removeAction(identifiedBy: id, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(log == ["new"])
        #expect(control.allControlEvents.isEmpty)
    }

    @Test func theSenderIsTheControlWhileTheHandlerRuns() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        var seen: [Float] = []
        let action = UIAction { action in seen.append((action.sender as? UISlider)?.value ?? -1) }
        slider.addAction(action, for: .valueChanged)
        slider.value = 0.25
        slider.sendActions(for: .valueChanged)
        #expect(seen == [0.25])
        #expect(action.sender == nil)
    }

    @Test func targetActionCallsMethodReferencesAndHoldsTheTargetWeakly() {
        let button = UIButton(type: .system)
        button.tag = 7
        var controller: Controller? = Controller()
        weak let weakController = controller
        button.addTarget(controller!, action: Controller.tapped, for: .touchUpInside)
        button.addTarget(controller!, action: Controller.tappedAny, for: .touchUpInside)
        button.addTarget(controller!, action: Controller.tappedWithEvent, for: .touchUpInside)
        button.addTarget(controller!, action: Controller.ping, for: .valueChanged)
        button.sendActions(for: [.touchUpInside, .valueChanged])
        #expect(controller?.taps == ["button 7", "control 7", "event false", "ping"])
        #expect(button.allTargets.count == 1)
        button.removeTarget(controller, for: .valueChanged)
        button.sendActions(for: .valueChanged)
        #expect(controller?.taps.count == 4)
        controller = nil
        #expect(weakController == nil)   // not retained by the button
        button.sendActions(for: .touchUpInside)   // a released target is skipped
        #expect(button.allTargets.isEmpty)
    }

    @Test func aTapInsideSendsDownUpInsideAndThePrimaryAction() {
        let (display, window) = makeWindow()
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 80, height: 40))
        window.addSubview(button)
        let log = EventLog(button)
        var highlightedWhileDown = false
        button.addAction(UIAction { action in highlightedWhileDown = (action.sender as? UIButton)?.isHighlighted ?? false },
                         for: .touchDown)
        tap(display, at: CGPoint(x: 120, y: 110))
        #expect(log.names == ["down", "upInside", "primary"])
        #expect(highlightedWhileDown)
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test func draggingOutAndLiftingOutsideSendsExitAndUpOutside() {
        let (display, window) = makeWindow()
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        window.addSubview(control)
        let log = EventLog(control)
        var highlights: [Bool] = []
        control.addAction(UIAction { _ in highlights.append(control.isHighlighted) }, for: [.touchDragInside, .touchDragOutside])
        // 60 points outside is still inside (UIKit's 70-point margin); 100 points outside is not.
        drag(display, from: CGPoint(x: 120, y: 120), through: [CGPoint(x: 200, y: 120), CGPoint(x: 260, y: 120)])
        #expect(log.names == ["down", "dragInside", "exit", "dragOutside", "upOutside"])
        #expect(highlights == [true, false])
        drag(display, from: CGPoint(x: 120, y: 120), through: [CGPoint(x: 260, y: 120), CGPoint(x: 130, y: 130)])
        #expect(Array(log.names.suffix(6)) == ["down", "exit", "dragOutside", "enter", "dragInside", "upInside"])
    }

    @Test func disabledControlsAreSkippedByHitTestingAndSendNothing() {
        let (display, window) = makeWindow()
        let behind = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(behind)
        let button = UIButton(frame: CGRect(x: 50, y: 50, width: 80, height: 40))
        behind.addSubview(button)
        let log = EventLog(button)
        button.isEnabled = false
        tap(display, at: CGPoint(x: 60, y: 60))
        #expect(log.names.isEmpty)
        #expect(behind.events == ["began 60,60", "ended 60,60"])
    }

    @Test func disablingWhileTrackingCancels() {
        let (display, window) = makeWindow()
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        let log = EventLog(control)
        display.send(pointer(.began, 10, 10, in: display))
        display.advance(by: 0)
        control.isEnabled = false
        display.send(pointer(.ended, 10, 10, in: display))
        display.advance(by: 0)
        #expect(log.names == ["down", "cancel"])
        #expect(!control.isHighlighted)
    }

    @Test func aSecondQuickTapSendsTouchDownRepeat() {
        let (display, window) = makeWindow()
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        let log = EventLog(control)
        tap(display, at: CGPoint(x: 10, y: 10))
        tap(display, at: CGPoint(x: 12, y: 10))
        #expect(log.names == ["down", "upInside", "down", "repeat", "upInside"])   // a plain control has no primary action
    }

    @Test func aControlThatLeavesTheWindowWhileTrackedHearsOneCancel() {
        let (display, window) = makeWindow()
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        control.tag = 4410
        window.addSubview(control)
        let log = EventLog(control)
        display.send(pointer(.began, 10, 10, in: display))
        display.advance(by: 0)
        control.removeFromSuperview()
        display.send(pointer(.moved, 20, 10, in: display))
        display.send(pointer(.ended, 20, 10, in: display))
        display.advance(by: 0)
        #expect(log.names == ["down", "cancel"])
        #expect(diagnosticCount("UIControl tag 4410") >= 1)
    }
}
