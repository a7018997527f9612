import Foundation
import Testing
import AnimaCore
import AnimaGraphics

// Shared helpers for the AnimaCore tests. Comparisons return Bool so `#expect` shows operands.

/// Whether `a` and `b` differ by at most `tolerance`.
func isClose(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, within tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether `a` and `b` differ by at most `tolerance`.
func isClose(_ a: Float, _ b: Float, within tolerance: Float = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// Whether both coordinates are within `tolerance`.
func isClose(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether origin and size are within `tolerance`.
func isClose(_ a: CGRect, _ b: CGRect, within tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.origin, b.origin, within: tolerance)
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// Whether all sixteen entries are within `tolerance`.
func isClose(_ a: CATransform3D, _ b: CATransform3D, within tolerance: CGFloat = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
}

/// How many recorded diagnostics contain `fragment` (Diagnostics is process-wide: tests look for
/// text naming their own layer, or compare counts before and after).
func diagnosticCount(_ fragment: String) -> Int { Diagnostics.messages(containing: fragment).count }

/// Records a delegate's start and stop calls with the media time each was delivered at.
@MainActor
final class AnimationRecorder: CAAnimationDelegate {
    var starts: [CFTimeInterval] = []
    var stops: [(finished: Bool, time: CFTimeInterval)] = []

    func animationDidStart(_ anim: CAAnimation) { starts.append(CACurrentMediaTime()) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append((flag, CACurrentMediaTime())) }
}

/// A mutable box for closures (display links, completion blocks).
@MainActor
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A 400 × 300 headless display with one committed layer called `name`:
/// bounds 100 × 100, position (50, 50) (so frame (0, 0, 100, 100)), at media time `time`.
@MainActor
func makeScene(_ name: String, at time: CFTimeInterval = 0) -> (display: HeadlessDisplay, layer: CALayer) {
    let display = HeadlessDisplay(width: 400, height: 300)
    if time > 0 { display.advance(to: time) }
    let layer = CALayer()
    layer.name = name
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.position = CGPoint(x: 50, y: 50)
    display.rootLayer.addSublayer(layer)
    display.advance(by: 0)   // commits the implicit transaction at `time`
    return (display, layer)
}

/// A linear basic animation of `keyPath` from `from` to `to` over `duration` seconds.
@MainActor
func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: CFTimeInterval = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    return a
}
