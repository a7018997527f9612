import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIStepper")
struct StepperTests {
    private func makeStepper() -> (HeadlessDisplay, UIStepper, EventCounter) {
        let (display, window) = makeWindow(width: 200, height: 100)
        keptTestWindows.append(window)
        let stepper = UIStepper(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        window.addSubview(stepper)
        let counter = EventCounter()
        stepper.addAction(UIAction { _ in counter.values.append(stepper.value) }, for: .valueChanged)
        display.advance(by: 0)
        return (display, stepper, counter)
    }

    @MainActor final class EventCounter { var values: [Double] = [] }

    private let minusPoint = CGPoint(x: 20 + 23, y: 36), plusPoint = CGPoint(x: 20 + 70, y: 36)

    @Test func tapsStepWithinTheRangeAndTheEndsStop() throws {
        let (display, stepper, counter) = makeStepper()
        #expect(stepper.frame.size == UIStepper.stepperSize)
        stepper.maximumValue = 2
        tap(display, at: plusPoint)
        tap(display, at: plusPoint)
        tap(display, at: plusPoint)   // at the maximum: the + half ignores it
        #expect(stepper.value == 2 && counter.values == [1, 2])
        tap(display, at: minusPoint)
        #expect(stepper.value == 1 && counter.values == [1, 2, 1])
        stepper.value = 0
        display.advance(by: 1.0 / 60)
        try keepPicture(display.snapshot(), "stepper.png")   // at the minimum: the − half grey
        stepper.value = 50
        #expect(stepper.value == 2, "clamped to the range")
        stepper.value = .nan
        #expect(stepper.value == 2 && Diagnostics.messages(containing: "UIStepper").contains { $0.contains("nan") })
    }

    @Test func wrappingComesBackInAtTheOtherEnd() {
        let (display, stepper, counter) = makeStepper()
        stepper.maximumValue = 1
        stepper.wraps = true
        tap(display, at: plusPoint)
        tap(display, at: plusPoint)
        tap(display, at: minusPoint)
        #expect(counter.values == [1, 0, 1])
    }

    @Test func holdingRepeatsAfterHalfASecondThenTenTimesASecond() {
        let (display, stepper, counter) = makeStepper()
        display.send(pointer(.began, plusPoint.x, plusPoint.y, in: display))
        display.advance(by: 1.0 / 60)
        #expect(stepper.value == 1, "the first step comes at touch down")
        for _ in 0..<59 { display.advance(by: 1.0 / 60) }   // one second held
        // Repeats at 0.5, 0.6, … 1.0 s: six more.
        #expect(stepper.value >= 6 && stepper.value <= 8, "\(stepper.value)")
        display.send(pointer(.ended, plusPoint.x, plusPoint.y, in: display))
        let held = stepper.value
        for _ in 0..<30 { display.advance(by: 1.0 / 60) }
        #expect(stepper.value == held && counter.values.count == Int(held), "one event per step, none after release")
    }

    @Test func aStepOfZeroTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIStepper().stepValue = 0 }
        }
    }
}
