import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("View transitions")
struct TransitionTests {
    @Test func transitionWithAViewAppliesTheChangesAndFadesTheNewContentIn() {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.transition(with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            view.backgroundColor = .red
            view.center.x = 200
        }) { done.value.append($0) }
        #expect(view.layer.animation(forKey: "position") == nil)   // changes inside do not animate one by one
        #expect(view.layer.animation(forKey: "transition") != nil)
        display.advance(by: 0)
        #expect(shown(view).opacity == 0 && shown(view).position.x == 200)
        display.advance(to: 0.5)
        #expect(isClose(CGFloat(shown(view).opacity), 0.5, within: 1e-6))
        display.advance(to: 1.1)
        #expect(shown(view).opacity == 1)
        #expect(done.value == [true])
    }

    @Test func transitionWithoutAKindOrWithBadInputAppliesAtOnce() {
        let (display, _, view) = makeAnimatableView()
        let done = Box<[Bool]>([])
        UIView.transition(with: view, duration: 1, options: [], animations: { view.alpha = 0.5 }) { done.value.append($0) }
        let before = diagnosticCount("UIView.transition(with:): rejected duration")
        UIView.transition(with: view, duration: -2, options: .transitionFlipFromLeft, animations: { view.alpha = 0.25 }) { done.value.append($0) }
        #expect(diagnosticCount("UIView.transition(with:): rejected duration") == before + 1)
        #expect(view.layer.animationKeys() == nil)
        display.advance(by: 0)
        #expect(done.value == [true, true])
    }

    @Test func transitionFromOneViewToAnother() {
        let (display, window) = makeWindow()
        let a = addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window, tag: 1)
        addView(CGRect(x: 60, y: 0, width: 50, height: 50), to: window, tag: 2)
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        b.tag = 3
        display.advance(by: 0)
        let done = Box<[Bool]>([])
        UIView.transition(from: a, to: b, duration: 0.5, options: .transitionCrossDissolve) { done.value.append($0) }
        #expect(window.subviews.map(\.tag) == [3, 2] && a.superview == nil)
        display.advance(to: 0.6)
        #expect(done.value == [true])
        let c = addView(.zero, to: window, tag: 4)
        c.isHidden = true
        UIView.transition(from: b, to: c, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews])
        #expect(b.isHidden && !c.isHidden && b.superview === window)
    }
}
