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

    /// The flip options turn the view over (Core Animation's `"oglFlip"` from the named side, checked against the
    /// projection in AnimaCore's `TransitionTurnTests`); the curls, which have no page curl here, fade.
    @Test func flipOptionsPlayAFlipFromTheirSide() throws {
        let expected: [(UIView.AnimationOptions, String, CATransitionSubtype?)] = [
            (.transitionFlipFromLeft, "oglFlip", .fromLeft), (.transitionFlipFromRight, "oglFlip", .fromRight),
            (.transitionFlipFromTop, "oglFlip", .fromTop), (.transitionFlipFromBottom, "oglFlip", .fromBottom),
            (.transitionCurlUp, "fade", nil), (.transitionCurlDown, "fade", nil), (.transitionCrossDissolve, "fade", nil),
        ]
        for (option, type, subtype) in expected {
            let (display, _, view) = makeAnimatableView()
            display.advance(by: 0)
            UIView.transition(with: view, duration: 1, options: option, animations: { view.backgroundColor = .red })
            let transition = try #require(view.layer.animation(forKey: "transition") as? CATransition)
            #expect(transition.type.rawValue == type && transition.subtype == subtype, "\(option)")
        }
    }

    /// A card flipped from the left, drawn a quarter and three quarters of the way: its left edge nearer (taller)
    /// while the front shows, the back (red) shown in the second half with its right edge nearer. Pictures in
    /// `.build/anima-kit/flip-*.png`.
    @Test func aFlippedCardIsDrawnInPerspective() throws {
        let (display, window) = makeWindow(width: 240, height: 160)
        window.backgroundColor = .white
        let card = addView(CGRect(x: 40, y: 30, width: 160, height: 100), to: window)
        card.backgroundColor = .systemBlue
        let label = UILabel(frame: CGRect(x: 10, y: 35, width: 140, height: 30))
        label.text = "Front"
        card.addSubview(label)
        display.advance(by: 0)
        UIView.transition(with: card, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: {
            card.backgroundColor = .systemRed
            label.text = "Back"
        })
        display.advance(by: 0)
        // Left and right edge heights of the card, from the pixels: the rows whose pixel a little inside each edge
        // is not white.
        func edgeHeights(_ image: CGImage, left: Int, right: Int) -> (Int, Int) {
            func height(_ x: Int) -> Int {
                (0..<image.height).filter { y in
                    guard let p = image.pixel(x: x, y: y) else { return false }
                    return p.red < 240 || p.green < 240 || p.blue < 240
                }.count
            }
            return (height(left), height(right))
        }
        display.advance(by: 0.25)
        let quarter = try display.snapshot()
        try keepPicture(quarter, "flip-quarter.png")
        // At an eighth of a turn the card (half width 80) spans 120 − 56.6·1.060 … 120 + 56.6·0.946, x 60 … 173.5.
        let (l1, r1) = edgeHeights(quarter, left: 64, right: 170)
        #expect(l1 > 101 && r1 < 99, "front: left edge \(l1) rows, right \(r1)")
        display.advance(by: 0.5)
        let threeQuarters = try display.snapshot()
        try keepPicture(threeQuarters, "flip-three-quarters.png")
        let (l2, r2) = edgeHeights(threeQuarters, left: 70, right: 176)   // its mirror image, x 66.5 … 180
        #expect(l2 < 99 && r2 > 101, "back: left edge \(l2) rows, right \(r2)")
        let middle = try #require(threeQuarters.pixel(x: 120, y: 50))
        #expect(middle.red > 200 && middle.blue < 120, "the back is red: \(middle)")
    }
}
