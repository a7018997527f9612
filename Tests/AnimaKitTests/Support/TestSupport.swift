import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

// Shared helpers for the AnimaKit tests. Comparisons return Bool so `#expect` shows operands.

/// Whether `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, within tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether both coordinates are within `tolerance`.
func isClose(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether origin and size are within `tolerance`.
func isClose(_ a: CGRect, _ b: CGRect, within tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.origin, b.origin, within: tolerance)
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// How many recorded diagnostics contain `fragment` (Diagnostics is process-wide: tests look for text
/// naming their own objects, or compare counts before and after).
func diagnosticCount(_ fragment: String) -> Int { Diagnostics.messages(containing: fragment).count }

/// A mutable box for closures (completion blocks, touch recorders).
@MainActor
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A 400 × 300 headless display with a window covering it, committed at time 0.
@MainActor
func makeWindow(width: Int = 400, height: Int = 300) -> (display: HeadlessDisplay, window: UIWindow) {
    let display = HeadlessDisplay(width: width, height: height)
    let window = UIWindow(display: display)
    window.makeKeyAndVisible()
    display.advance(by: 0)
    return (display, window)
}

/// A view with `frame` added to `parent`.
@MainActor
@discardableResult
func addView(_ frame: CGRect, to parent: UIView, tag: Int = 0) -> UIView {
    let view = UIView(frame: frame)
    view.tag = tag
    parent.addSubview(view)
    return view
}

/// A pointer event for `display` at its current time.
@MainActor
func pointer(_ phase: PointerEvent.Phase, _ x: CGFloat, _ y: CGFloat, id: Int = 0, in display: HeadlessDisplay) -> InputEvent {
    .pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), pointerID: id, timestamp: display.time))
}

/// The presented value of `view`'s layer (its model value when it has no presentation yet).
@MainActor
func shown(_ view: UIView) -> CALayer { view.layer.presentation() ?? view.layer }

/// Keeps a picture a test drew, for looking at: `.build/anima-kit/NAME`.
func keepPicture(_ image: CGImage, _ name: String) throws {
    let directory = URL(fileURLWithPath: ".build/anima-kit", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try image.writePNG(to: directory.appendingPathComponent(name))
}
