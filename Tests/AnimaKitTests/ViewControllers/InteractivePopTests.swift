import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// The left-edge pan pops interactively: it follows the finger, and lets go before half way cancels.
@MainActor
@Suite("UINavigationController: interactive pop")
struct InteractivePopTests {
    /// Drags from the left edge to `x` in steps of 20 points, one frame each, pausing `hold` seconds before
    /// letting go (unless `release` is false).
    func drag(_ display: HeadlessDisplay, to x: CGFloat, hold: TimeInterval, release: Bool = true) {
        display.send(.pointer(PointerEvent(phase: .began, location: CGPoint(x: 5, y: 150), timestamp: display.time)))
        display.advance(by: 1.0 / 60)
        var position: CGFloat = 5
        while position < x {
            position = min(x, position + 20)
            display.send(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: position, y: 150), timestamp: display.time)))
            display.advance(by: 1.0 / 60)
        }
        display.advance(by: hold)
        display.send(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: position, y: 150), timestamp: display.time)))
        display.advance(by: 1.0 / 60)
        if release {
            display.send(.pointer(PointerEvent(phase: .ended, location: CGPoint(x: position, y: 150), timestamp: display.time)))
            display.advance(by: 1.0 / 60)
        }
    }

    @Test func aPanStoppedBeforeHalfWayCancelsAndEveryoneIsPutBack() throws {
        let log = CallbackLog()
        let (display, _, navigation, root) = makeNavigation(log: log)
        let b = RecordingController("b", log: log)
        navigation.pushViewController(b, animated: false)
        display.advance(by: 0)
        _ = log.take()
        let coordinatorCancelled = Box<Bool?>(nil)
        drag(display, to: 125, hold: 0.3, release: false)
        let shown = try #require(b.view.layer.presentation()).transform.m41
        #expect(abs(shown - 120) < 12, "the top view follows the finger: \(shown)")
        #expect(log.take() == ["b: willMove(toParent: nil)", "b: viewWillDisappear(true)", "a: viewWillAppear(true)"])
        navigation.transitionCoordinator?.animate(alongsideTransition: nil) { coordinatorCancelled.value = $0.isCancelled }
        display.send(.pointer(PointerEvent(phase: .ended, location: CGPoint(x: 125, y: 150), timestamp: display.time)))
        display.advance(by: 1)
        #expect(coordinatorCancelled.value == true)
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b && b.parent === navigation)
        #expect(b.view.superview === navigation.contentView && root.view.superview == nil)
        #expect(b.view.transform == .identity && navigation.navigationBar.shownTitle == "b")
    }

    @Test func cancelledPopCallbacksFollowUIKit() {
        let log = CallbackLog()
        let (display, _, navigation, _) = makeNavigation(log: log)
        navigation.pushViewController(RecordingController("b", log: log), animated: false)
        display.advance(by: 0)
        _ = log.take()
        drag(display, to: 85, hold: 0.3)
        display.advance(by: 1)
        #expect(log.take() == ["b: willMove(toParent: nil)", "b: viewWillDisappear(true)", "a: viewWillAppear(true)",
                               "a: viewWillDisappear(true)", "b: viewWillAppear(true)",
                               "b: viewDidAppear(true)", "a: viewDidDisappear(true)", "b: didMove(toParent: UINavigationController)"])
    }

    @Test func aPanPastHalfWayFinishesThePop() {
        let log = CallbackLog()
        let (display, _, navigation, root) = makeNavigation(log: log)
        let b = RecordingController("b", log: log)
        navigation.pushViewController(b, animated: false)
        display.advance(by: 0)
        _ = log.take()
        drag(display, to: 265, hold: 0.3)
        display.advance(by: 1)
        #expect(navigation.viewControllers.count == 1 && b.parent == nil)
        #expect(log.entries.suffix(3) == ["b: viewDidDisappear(true)", "a: viewDidAppear(true)", "b: didMove(toParent: nil)"])
        #expect(root.view.superview === navigation.contentView && root.view.transform == .identity)
    }

    @Test func aPanAwayFromTheEdgeDoesNotPop() {
        let log = CallbackLog()
        let (display, _, navigation, _) = makeNavigation(log: log)
        navigation.pushViewController(RecordingController("b", log: log), animated: false)
        display.send(.pointer(PointerEvent(phase: .began, location: CGPoint(x: 100, y: 150), timestamp: display.time)))
        display.advance(by: 1.0 / 60)
        display.send(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: 300, y: 150), timestamp: display.time)))
        display.advance(by: 1.0 / 60)
        display.send(.pointer(PointerEvent(phase: .ended, location: CGPoint(x: 300, y: 150), timestamp: display.time)))
        display.advance(by: 1)
        #expect(navigation.viewControllers.count == 2)
    }
}
