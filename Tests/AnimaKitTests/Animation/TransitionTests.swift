import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("View transitions")
struct TransitionTests {
    @Test func transitionWithAViewCrossDissolvesFromTheOldLookToTheNew() throws {
        let (display, _, view) = makeAnimatableView()
        view.backgroundColor = .blue
        display.advance(by: 0)
        let done = Box<[Bool]>([])
        UIView.transition(with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            view.backgroundColor = .red
            view.center.x = 200
        }) { done.value.append($0) }
        #expect(view.layer.animation(forKey: "position") == nil)   // changes inside do not animate one by one
        #expect(view.layer.animation(forKey: "transition") is CATransition)
        display.advance(by: 0)
        display.advance(by: 0.5)
        let id = view.layer.layerID
        let old = try #require(display.renderTree.nodes.first { $0.layerID == id | RenderTree.transitionSnapshotIDBit })
        let new = try #require(display.renderTree.nodes.first { $0.layerID == id })
        #expect(old.backgroundColor == RGBA(red: 0, green: 0, blue: 1, alpha: 1) && new.backgroundColor == RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(isClose(CGFloat(old.opacity), 0.5, within: 1e-6) && isClose(CGFloat(new.opacity), 0.5, within: 1e-6))
        display.advance(by: 0.6)
        #expect(done.value == [true])
        #expect(!display.renderTree.nodes.contains { $0.layerID & RenderTree.transitionSnapshotIDBit != 0 })
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
        #expect(window.layer.animation(forKey: "transition") is CATransition)   // the container transitions
        display.advance(by: 0)
        display.advance(by: 0.25)
        #expect(display.renderTree.nodes.contains { $0.layerID == a.layer.layerID | RenderTree.transitionSnapshotIDBit })
        display.advance(to: 0.6)
        #expect(done.value == [true])
        let c = addView(.zero, to: window, tag: 4)
        c.isHidden = true
        UIView.transition(from: b, to: c, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews])
        #expect(b.isHidden && !c.isHidden && b.superview === window)
    }
}
