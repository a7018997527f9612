import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// `UIView.perform(.delete, on:)` and views animated in the block that added them.
@MainActor
@Suite("System animations")
struct SystemAnimationTests {
    /// The deleted view fades and shrinks in the system's timing, the parallel animation moving in step with it;
    /// at the end it has left its superview, with its alpha and transform back for reuse.
    @Test func deleteFadesShrinksAndRemoves() throws {
        let (display, window) = makeWindow()
        let badge = addView(CGRect(x: 10, y: 10, width: 40, height: 40), to: window)
        badge.alpha = 0.9
        let row = addView(CGRect(x: 0, y: 100, width: 100, height: 20), to: window)
        display.advance(by: 0)
        let done = Box<[Bool]>([])
        UIView.perform(.delete, on: [badge], options: [.curveLinear], animations: { row.center.x = 150 }) {
            done.value.append($0)
        }
        #expect(badge.alpha == 0 && badge.superview === window, "the model changes at once; the view stays meanwhile")
        display.advance(by: 0)
        var last = (alpha: CGFloat(0.9), scale: CGFloat(1))
        for _ in 0..<5 {
            display.advance(by: 0.05)
            let shown = try #require(badge.layer.presentation())
            let alpha = CGFloat(shown.opacity), scale = shown.transform.m11
            #expect(alpha < last.alpha && scale < last.scale && scale > UIView.deletedScale, "\(alpha) \(scale)")
            // Alpha, scale and the row's move share one curve: each has gone the same fraction of its way.
            let fraction = (0.9 - alpha) / 0.9
            #expect(abs((1 - scale) / (1 - UIView.deletedScale) - fraction) < 1e-6)
            let x = try #require(row.layer.presentation()).position.x
            #expect(abs((x - 50) / 100 - fraction) < 1e-6, "row at \(x), badge \(fraction) of the way")
            last = (alpha, scale)
        }
        #expect(done.value.isEmpty)
        display.advance(by: 0.3)
        #expect(done.value == [true])
        #expect(badge.superview == nil && abs(badge.alpha - 0.9) < 1e-6 && badge.transform == .identity)
        #expect(row.center.x == 150 && row.superview === window)
    }

    /// The options' curve is ignored (UIKit's header): a linear curve asked for gives the same frames.
    @Test func deleteKeepsTheSystemCurve() throws {
        func alpha(after seconds: Double, options: UIView.AnimationOptions) throws -> Float {
            let (display, window) = makeWindow()
            let view = addView(CGRect(x: 0, y: 0, width: 10, height: 10), to: window)
            display.advance(by: 0)
            UIView.perform(.delete, on: [view], options: options, animations: nil)
            display.advance(by: 0)
            display.advance(by: seconds)
            return try #require(view.layer.presentation()).opacity
        }
        let system = try alpha(after: 0.1, options: [])
        #expect(try alpha(after: 0.1, options: [.curveLinear]) == system)
        #expect(abs(system - 0.9) > 0.05, "not linear: \(system) after a fifth of the time")
    }

    /// A view added to a window animates in the block that follows (the fade-in of a toast), as in UIKit; a plain
    /// layer added and changed in one transaction still does not (AnimaCore's `uncommittedLayerDoesNotAnimate`).
    @Test func aViewAddedThenAnimatedFadesIn() throws {
        let (display, window) = makeWindow()
        let toast = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
        toast.alpha = 0
        window.addSubview(toast)
        let done = Box<[Bool]>([])
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { toast.alpha = 1 }) {
            done.value.append($0)
        }
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(abs(try #require(toast.layer.presentation()).opacity - 0.5) < 1e-6)
        display.advance(by: 0.6)
        #expect(done.value == [true])
        // A view in no window does not animate: the completion comes at once.
        let loose = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        UIView.animate(withDuration: 1, animations: { loose.alpha = 0 }) { done.value.append($0) }
        #expect(loose.layer.animationKeys() == nil)
        display.advance(by: 0)
        #expect(done.value == [true, true])
    }
}
