import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A window the app lets go while fingers are still down on it is freed with its views, recognizers and touches:
/// nothing keeps a touch in flight alive but the window that delivers it.
@MainActor
@Suite("Window teardown with touches in flight")
struct WindowTeardownTests {
    private final class Refs {
        weak var window: UIWindow?
        weak var view: UIView?
        weak var recognizer: UIGestureRecognizer?
        weak var touch: UITouch?
    }

    /// Two fingers down on a view with `recognizer`, moved, never lifted; the window is dropped at the end.
    private func fingersLeftDown(_ recognizer: UIGestureRecognizer, on display: HeadlessDisplay, noting refs: Refs) {
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(view)
        view.addGestureRecognizer(recognizer)
        display.advance(by: 0)
        display.send(pointer(.began, 150, 150, id: 1, in: display))
        display.send(pointer(.began, 250, 150, id: 2, in: display))
        display.advance(by: 1.0 / 60)
        display.send(pointer(.moved, 140, 150, id: 1, in: display))
        display.send(pointer(.moved, 260, 150, id: 2, in: display))
        display.advance(by: 1.0 / 60)
        refs.window = window
        refs.view = view
        refs.recognizer = recognizer
        refs.touch = recognizer.trackedTouches.first
        #expect(refs.touch != nil)
    }

    @Test("a window dropped with fingers down frees its view, its recognizers and their touches",
          arguments: ["pinch", "pan", "tap"])
    func droppedWindowFreesEverything(_ kind: String) {
        let display = HeadlessDisplay(width: 400, height: 300)
        let refs = Refs()
        do {
            let recognizer: UIGestureRecognizer = switch kind {
            case "pinch": UIPinchGestureRecognizer()
            case "pan": UIPanGestureRecognizer()
            default: UITapGestureRecognizer()
            }
            fingersLeftDown(recognizer, on: display, noting: refs)
        }
        display.advance(by: 1.0 / 60)
        #expect(refs.window == nil)
        #expect(refs.view == nil)
        #expect(refs.recognizer == nil)
        #expect(refs.touch == nil)
        // The display goes on: a new finger on it finds no window and nothing crashes.
        display.send(pointer(.began, 10, 10, id: 3, in: display))
        display.send(pointer(.ended, 10, 10, id: 3, in: display))
        display.advance(by: 1.0 / 60)
    }
}
