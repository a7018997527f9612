import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A view leaving its window ends its animations as UIKit does: removed from its layers, block completions
/// run with `finished == false`, and nothing keeps the view alive.
@MainActor
@Suite("Views leaving their window")
struct LeavingWindowTests {
    @Test func removedMidAnimationCompletesUnfinishedAndIsFreed() {
        let (display, window) = makeWindow()
        var results: [Bool] = []
        weak var weakView: UIView?
        do {
            let view = addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window)
            let child = addView(CGRect(x: 5, y: 5, width: 10, height: 10), to: view)
            weakView = view
            display.advance(by: 0)
            UIView.animate(withDuration: 1, animations: {
                view.center.x = 300
                child.alpha = 0
            }, completion: { finished in
                results.append(finished)
                _ = view.frame   // the completion captures the view, as app code does
            })
            display.advance(by: 0.3)
            #expect(results.isEmpty)
            view.removeFromSuperview()
            #expect(view.layer.animationKeys() == nil)
            #expect(child.layer.animationKeys() == nil)
        }
        display.advance(by: 1.0 / 60)
        #expect(results == [false])
        display.advance(by: 1)
        #expect(results == [false])   // once
        #expect(weakView == nil)
    }

    @Test func movedToAViewOutsideAnyWindowAlsoEndsItsAnimations() {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window)
        display.advance(by: 0)
        var results: [Bool] = []
        UIView.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: { results.append($0) })
        display.advance(by: 0.2)
        let detached = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        detached.addSubview(view)
        #expect(view.layer.animationKeys() == nil)
        display.advance(by: 1.0 / 60)
        #expect(results == [false])
    }

    @Test func movingWithinTheWindowKeepsTheAnimation() {
        let (display, window) = makeWindow()
        let holder = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let view = addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window)
        display.advance(by: 0)
        var results: [Bool] = []
        UIView.animate(withDuration: 0.5, animations: { view.center.y = 150 }, completion: { results.append($0) })
        display.advance(by: 0.1)
        holder.addSubview(view)
        #expect(view.layer.animationKeys() != nil)
        display.advance(by: 0.5)
        #expect(results == [true])
    }
}
