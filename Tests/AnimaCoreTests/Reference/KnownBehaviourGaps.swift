import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A layer whose `action(forKey:)` override stops every "position" action (Apple: setters consult the override).
private final class NoPositionActionLayer: CALayer {
    override func action(forKey event: String) -> CAAction? {
        event == "position" ? NSNull() : super.action(forKey: event)
    }
}

/// A layer whose `action(forKey:)` override supplies a 2 s animation for "opacity".
private final class SlowFadeLayer: CALayer {
    override func action(forKey event: String) -> CAAction? {
        guard event == "opacity" else { return super.action(forKey: event) }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 2
        return fade
    }
}

/// Library behaviours that break a rule today, each written as the behaviour the rule asks for, wrapped in
/// `withKnownIssue`: the suite passes while the bug is there, and reports "known issue was not recorded" once
/// it is fixed (then drop the wrapper, and re-enable the matching flag in ``ReferenceExclusions``). Fixed gaps
/// stay here without the wrapper, as regression tests.
@MainActor
@Suite("Known behaviour gaps")
struct KnownBehaviourGaps {
    /// A 400 × 300 display with one committed 100 × 100 layer of type `L` at (50, 50), at media time 1.
    private func scene<L: CALayer>(_ make: () -> L, name: String) -> (HeadlessDisplay, L) {
        let display = HeadlessDisplay(width: 400, height: 300)
        display.advance(to: 1)
        let layer = make()
        layer.name = name
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        display.rootLayer.addSublayer(layer)
        CATransaction.commit()
        display.advance(by: 0)
        return (display, layer)
    }

    // MARK: Issue 20's wrong Apple behaviours

    @Test func actionOverrideReturningNullStopsTheImplicitAnimation() {
        let (_, layer) = scene(NoPositionActionLayer.init, name: "gap-override-null")
        layer.position = CGPoint(x: 150, y: 50)
        #expect(layer.animationKeys() == nil)
    }

    @Test func actionOverrideSuppliesTheAnimation() {
        let (_, layer) = scene(SlowFadeLayer.init, name: "gap-override-fade")
        layer.opacity = 0
        #expect(layer.animation(forKey: "opacity")?.duration == 2)
    }

    @Test func actionWithNilKeyPathAnimatesItsKey() throws {
        let (display, layer) = scene(CALayer.init, name: "gap-nil-keypath")
        let action = CABasicAnimation()   // keyPath nil, as in Apple's CAAction example
        action.fromValue = 0.0
        action.toValue = 10.0
        action.duration = 1
        layer.actions = ["zPosition": action]
        layer.zPosition = 10
        display.advance(by: 0)
        display.advance(by: 0.5)
        let z = try #require(layer.presentation()).zPosition
        #expect(abs(z - 5) < 1e-9)
    }

    @Test func layerMadeBeforeItsDisplayGetsAPresentation() {
        let layer = CALayer()   // before the display exists
        layer.name = "gap-made-early"
        let display = HeadlessDisplay(width: 400, height: 300)
        display.rootLayer.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(layer.presentation() != nil)
        #expect(abs(Double(layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
    }

    // MARK: Found by the reference net (flags in ReferenceExclusions)

    @Test func animatedZPositionReordersSiblings() {
        let (display, parent) = scene(CALayer.init, name: "gap-z-parent")
        let front = CALayer(), back = CALayer()
        front.name = "gap-z-first"
        back.name = "gap-z-second"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        parent.addSublayer(front)
        parent.addSublayer(back)
        CATransaction.commit()
        let raise = CABasicAnimation(keyPath: "zPosition")   // the first sublayer presents zPosition 5
        raise.fromValue = 5.0
        raise.toValue = 5.0
        raise.duration = 10
        front.add(raise, forKey: "raise")
        display.advance(by: 0.1)
        #expect(front.presentation()?.zPosition == 5)
        let order = display.renderTree.nodes.compactMap(\.name).filter { $0.hasPrefix("gap-z-") && $0 != "gap-z-parent" }
        #expect(order == ["gap-z-second", "gap-z-first"])
    }

    @Test func boundsToMinusByStartsAtToMinusBy() throws {
        let (display, layer) = scene(CALayer.init, name: "gap-bounds-to-by")
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.toValue = CGRect(x: 0, y: 0, width: 100, height: 100)
        grow.byValue = CGRect(x: 0, y: 0, width: 20, height: 20)
        grow.duration = 1
        layer.add(grow, forKey: "grow")
        display.advance(by: 0)   // committed now: progress 0 shows toValue − byValue
        let bounds = try #require(layer.presentation()).bounds
        #expect(bounds.size == CGSize(width: 80, height: 80))
    }

    @Test func presentationUsesItsOwnDisplaysTime() throws {
        let (first, layer) = scene(CALayer.init, name: "gap-two-clocks")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        first.advance(by: 0)
        first.advance(by: 0.5)   // the first display shows 0.5
        #expect(abs(Double(try #require(layer.presentation()).opacity) - 0.5) < 1e-6)
        let second = HeadlessDisplay(width: 100, height: 100)   // becomes current, its clock at 0
        second.advance(by: 0.1)
        let opacity = Double(try #require(layer.presentation()).opacity)
        #expect(abs(opacity - 0.5) < 1e-6)
        first.makeCurrent()
    }

    @Test func animationCommittedForAnotherDisplayUsesThatDisplaysTime() throws {
        let late = HeadlessDisplay(width: 100, height: 100)
        late.advance(to: 1)
        let early = HeadlessDisplay(width: 100, height: 100)   // its clock stays near 0
        let layer = CALayer()
        layer.name = "gap-other-display"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        early.rootLayer.addSublayer(layer)
        CATransaction.commit()
        early.advance(by: 0)
        late.makeCurrent()   // another display is current while the animation is added
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        late.advance(by: 0)
        early.advance(by: 0.25)
        let begin = try #require(layer.animation(forKey: "fade")).beginTime
        #expect(begin < 0.5)
        #expect(abs(Double(layer.presentation()?.opacity ?? -1) - (0.25 - begin)) < 1e-6)
    }

    @Test func layerMovedToAnotherDisplayLeavesTheFirst() {
        let first = HeadlessDisplay(width: 100, height: 100)
        let moving = CALayer(), staying = CALayer()
        moving.name = "gap-moving"
        staying.name = "gap-staying"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        first.rootLayer.addSublayer(moving)
        first.rootLayer.addSublayer(staying)
        CATransaction.commit()
        first.advance(by: 1.0 / 60)
        let second = HeadlessDisplay(width: 100, height: 100)   // current from now on
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        second.rootLayer.addSublayer(moving)
        CATransaction.commit()
        second.advance(by: 1.0 / 60)
        first.advance(by: 1.0 / 60)
        #expect(first.rootLayer.sublayers?.map(\.name) == ["gap-staying"])
        #expect(second.renderTree.nodes.compactMap(\.name) == ["root", "gap-moving"])
        #expect(first.renderTree.nodes.compactMap(\.name) == ["root", "gap-staying"])
    }
}
