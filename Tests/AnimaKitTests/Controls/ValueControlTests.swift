import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UISlider, UISwitch, UISegmentedControl")
struct ValueControlTests {
    // MARK: UISlider

    @Test func sliderValuesAreClampedAndBadValuesRejected() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        slider.tag = 3301
        slider.minimumValue = -1
        slider.maximumValue = 1
        slider.value = 5
        #expect(slider.value == 1)
        slider.value = .nan
        #expect(slider.value == 1)
        #expect(diagnosed("UISlider tag 3301", "rejected value nan"))
        slider.maximumValue = -2   // lowering the maximum below the minimum moves both, and the value
        #expect(slider.minimumValue == -2 && slider.value == -2)
        slider.minimumValue = .infinity
        #expect(slider.minimumValue == -2)
    }

    @Test func draggingTheThumbFollowsTheFingerAndSendsValueChanged() {
        let (display, window) = makeWindow()
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))   // travel 200 points
        slider.value = 0.5
        window.addSubview(slider)
        display.advance(by: 0)
        let log = EventLog(slider)
        var values: [Float] = []
        slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
        let thumb = CGPoint(x: 20 + 100 + 14, y: 115)
        drag(display, from: thumb, through: [CGPoint(x: thumb.x + 20, y: 115), CGPoint(x: thumb.x + 50, y: 160),
                                             CGPoint(x: thumb.x + 400, y: 115)])
        #expect(values.map { ($0 * 1000).rounded() / 1000 } == [0.6, 0.75, 1])
        #expect(log.withoutDrags == ["down", "value", "primary", "value", "primary", "value", "primary", "exit", "upOutside"])
        #expect(isClose(slider.subviews[2].frame.maxX, 228))   // the thumb at the track's right end
    }

    @Test func aSliderWhoseRangeOverflowsFloatStillPlacesAndDragsItsThumb() {
        let (display, window) = makeWindow()
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))   // travel 200 points
        slider.minimumValue = -3e38
        slider.maximumValue = 3e38   // the span, 6e38, is beyond Float.greatestFiniteMagnitude
        slider.value = 3e38
        window.addSubview(slider)
        display.advance(by: 0)
        #expect(isClose(slider.subviews[2].frame.maxX, 228))   // the thumb at the track's right end
        // Touching the thumb hit-tests its rectangle: it must not be NaN.
        drag(display, from: CGPoint(x: 20 + 200 + 14, y: 115), through: [CGPoint(x: 20 + 100 + 14, y: 115)])
        #expect(slider.value.isFinite && abs(slider.value) < 1e37)   // back to the middle
        #expect(isClose(slider.subviews[2].frame.midX, 100 + 14))   // in the slider: half of the 200-point travel
    }

    @Test func aNonContinuousSliderSendsOnceWhenTheFingerLifts() {
        let (display, window) = makeWindow()
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        slider.isContinuous = false
        window.addSubview(slider)
        display.advance(by: 0)
        var values: [Float] = []
        slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
        drag(display, from: CGPoint(x: 34, y: 115), through: [CGPoint(x: 54, y: 115), CGPoint(x: 74, y: 115)])
        #expect(values == [0.2])
    }

    @Test func touchesOnTheTrackAwayFromTheThumbDoNothing() {
        let (display, window) = makeWindow()
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        window.addSubview(slider)
        display.advance(by: 0)
        var changes = 0
        slider.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        drag(display, from: CGPoint(x: 200, y: 115), through: [CGPoint(x: 150, y: 115)])
        #expect(changes == 0 && slider.value == 0)
    }

    @Test func setValueAnimatedSlidesTheThumbWithoutSendingActions() {
        let (display, window) = makeWindow()
        let slider = UISlider(frame: CGRect(x: 0, y: 100, width: 228, height: 31))
        window.addSubview(slider)
        display.advance(by: 0)
        var changes = 0
        slider.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        slider.setValue(1, animated: true)
        display.advance(by: 0.15)
        let thumb = slider.subviews[2]
        let midway = shown(thumb).position.x
        #expect(midway > 20 && midway < 200)
        display.advance(by: 0.3)
        #expect(isClose(shown(thumb).position.x, 214))
        #expect(changes == 0)
    }

    // MARK: UISwitch

    @Test func aTapTogglesTheSwitchAndSendsValueChanged() {
        let (display, window) = makeWindow()
        let toggle = UISwitch(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        #expect(toggle.bounds.size == CGSize(width: 51, height: 31))
        window.addSubview(toggle)
        let log = EventLog(toggle)
        var states: [Bool] = []
        toggle.addAction(UIAction { _ in states.append(toggle.isOn) }, for: .valueChanged)
        tap(display, at: CGPoint(x: 70, y: 60))
        tap(display, at: CGPoint(x: 70, y: 60))
        display.advance(by: 1)
        #expect(states == [true, false])
        #expect(log.names.filter { $0 != "repeat" } == ["down", "value", "primary", "upInside", "down", "value", "primary", "upInside"])
        toggle.setOn(true, animated: false)
        toggle.isOn = false
        #expect(states.count == 2)   // code does not send actions
    }

    @Test func draggingTheSwitchThumbSetsTheSideItEndsOn() {
        let (display, window) = makeWindow()
        let toggle = UISwitch(frame: CGRect(x: 50, y: 50, width: 0, height: 0))
        window.addSubview(toggle)
        var changes = 0
        toggle.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        drag(display, from: CGPoint(x: 60, y: 65), through: [CGPoint(x: 80, y: 65), CGPoint(x: 95, y: 65)])
        #expect(toggle.isOn && changes == 1)
        drag(display, from: CGPoint(x: 90, y: 65), through: [CGPoint(x: 100, y: 65)])   // already on: no change
        #expect(toggle.isOn && changes == 1)
        display.advance(by: 1)
        #expect(isClose(toggle.subviews[1].frame.maxX, 49))   // thumb at the right
    }

    @Test func setOnAnimatedSlidesTheThumb() {
        let (display, window) = makeWindow()
        let toggle = UISwitch(frame: CGRect(x: 0, y: 0, width: 0, height: 0))
        window.addSubview(toggle)
        display.advance(by: 0)
        toggle.setOn(true, animated: true)
        display.advance(by: 0.1)
        let x = shown(toggle.subviews[1]).position.x
        #expect(x > 15.5 && x < 35.5)
        display.advance(by: 0.3)
        #expect(isClose(shown(toggle.subviews[1]).position.x, 35.5))
    }

    // MARK: UISegmentedControl

    @Test func tappingASegmentSelectsItOnce() {
        let (display, window) = makeWindow()
        let control = UISegmentedControl(items: ["easeInOut", "easeIn", "easeOut", "linear"])
        control.frame = CGRect(x: 0, y: 0, width: 400, height: 32)
        window.addSubview(control)
        #expect(control.numberOfSegments == 4 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        var picked: [Int] = []
        control.addAction(UIAction { _ in picked.append(control.selectedSegmentIndex) }, for: .valueChanged)
        tap(display, at: CGPoint(x: 250, y: 16))
        tap(display, at: CGPoint(x: 260, y: 16))   // the selected segment again: nothing
        tap(display, at: CGPoint(x: 20, y: 16))
        #expect(picked == [2, 0])
        #expect(control.titleForSegment(at: 3) == "linear")
    }

    @Test func disabledSegmentsMomentaryControlsAndBadIndexes() {
        let (display, window) = makeWindow()
        let control = UISegmentedControl(items: ["A", "B", "C"])
        control.tag = 7710
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        window.addSubview(control)
        var picked: [Int] = []
        control.addAction(UIAction { _ in picked.append(control.selectedSegmentIndex) }, for: .valueChanged)
        control.setEnabled(false, forSegmentAt: 1)
        tap(display, at: CGPoint(x: 150, y: 16))
        #expect(picked.isEmpty)
        control.isMomentary = true
        tap(display, at: CGPoint(x: 250, y: 16))
        tap(display, at: CGPoint(x: 250, y: 16))
        #expect(picked == [2, 2])   // momentary: every tap reports
        control.selectedSegmentIndex = 9
        #expect(control.selectedSegmentIndex == 2)
        #expect(diagnosed("UISegmentedControl tag 7710", "rejected selectedSegmentIndex 9"))
        control.removeSegment(at: 5, animated: false)
        #expect(control.numberOfSegments == 3)
    }

    @Test func insertingAndRemovingSegmentsKeepsTheSelectionOnItsSegment() {
        let control = UISegmentedControl(items: ["A", "B"])
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "B")
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 1, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(control.intrinsicContentSize.height == 32)
        let wide = UISegmentedControl(items: ["short", "a much longer title"])
        #expect(wide.intrinsicContentSize.width > control.intrinsicContentSize.width * 2)
    }

    @Test func aSegmentActionRunsWhenItsSegmentIsPicked() {
        let (display, window) = makeWindow()
        let control = UISegmentedControl(frame: CGRect(x: 0, y: 0, width: 200, height: 32))
        var ran: [String] = []
        control.insertSegment(action: UIAction(title: "one") { _ in ran.append("one") }, at: 0, animated: false)
        control.insertSegment(action: UIAction(title: "two") { _ in ran.append("two") }, at: 1, animated: false)
        window.addSubview(control)
        tap(display, at: CGPoint(x: 150, y: 16))
        #expect(ran == ["two"])
        #expect(control.actionForSegment(at: 0)?.title == "one")
    }
}
