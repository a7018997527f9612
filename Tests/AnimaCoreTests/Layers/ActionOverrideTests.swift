import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A layer whose `action(forKey:)` override answers from a table, and asks `super` for other keys.
final class OverridingLayer: CALayer {
    /// What the override returns per key: an action, `NSNull()`, or nil for "no action".
    var answers: [String: CAAction?] = [:]
    var asked: [String] = []
    override func action(forKey event: String) -> CAAction? {
        asked.append(event)
        if let answer = answers[event] { return answer }
        return super.action(forKey: event)
    }
}

/// Apple's `CAAction` documentation example, in Swift: an action that adds an animation without a key path
/// under the event's key, so the animation animates that key.
@MainActor
final class FadeAction: CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        let fade = CABasicAnimation()
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        fade.fromValue = 0
        (anObject as? CALayer)?.add(fade, forKey: event)
    }
}

/// The override of `action(forKey:)` is what property changes consult, and an animation without a key path
/// animates the key it is run (added) for (§5.2; issue: "Apple's action rules").
@MainActor
@Suite("Action overrides and key-path-less actions")
struct ActionOverrideTests {
    /// A display at time 1 with `layer` committed in it (frame (0, 0, 100, 100)). The layer is made before
    /// the display, as creation order must not matter.
    private func commit<L: CALayer>(_ layer: L) -> HeadlessDisplay {
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        let display = HeadlessDisplay(width: 400, height: 300)
        display.advance(to: 1)
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        return display
    }

    @Test func overrideReturningNullStopsTheImplicitAnimation() {
        let layer = OverridingLayer()
        let display = commit(layer)
        layer.answers.updateValue(NSNull(), forKey: "position")
        layer.position = CGPoint(x: 300, y: 50)
        #expect(layer.asked.contains("position"))
        #expect(layer.animationKeys() == nil)
        display.advance(by: 0.1)
        #expect(layer.presentation()?.position == CGPoint(x: 300, y: 50))   // jumped
    }

    @Test func overrideReturningNilMeansNoAction() {
        let layer = OverridingLayer()
        let display = commit(layer)
        layer.answers.updateValue(nil, forKey: "opacity")
        layer.opacity = 0.2
        #expect(layer.animationKeys() == nil)
        display.advance(by: 0.1)
        #expect(layer.presentation()?.opacity == 0.2)
    }

    @Test func overrideReturningItsOwnAnimationIsRun() throws {
        let layer = OverridingLayer()
        let display = commit(layer)
        let slow = CABasicAnimation(keyPath: "position")
        slow.duration = 2
        slow.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.answers["position"] = slow
        CATransaction.begin()   // committed now, at time 1 (the implicit transaction would wait for the next frame)
        layer.position = CGPoint(x: 250, y: 50)
        CATransaction.commit()
        let stored = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(stored.duration == 2)
        display.advance(by: 1)   // half way from the old presented value (50) to the model (250)
        #expect(isClose(try #require(layer.presentation()).position.x, 150, within: 1e-6))
    }

    @Test func overrideCallingSuperKeepsTheImplicitAnimation() throws {
        let layer = OverridingLayer()
        let display = commit(layer)
        layer.answers.updateValue(NSNull(), forKey: "position")
        layer.opacity = 0   // not in the table: super makes the implicit animation
        let implicit = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(implicit.fromValue != nil)   // from the presented value before the change
        display.advance(by: 0.125)   // half of the default 0.25 s
        let opacity = try #require(layer.presentation()).opacity
        #expect(opacity > 0.05 && opacity < 0.95)
    }

    @Test func defaultActionForAnAnimatablePropertyIsTheImplicitAnimation() throws {
        let committed = CALayer()
        _ = commit(committed)
        let action = try #require(committed.action(forKey: "opacity") as? CABasicAnimation)
        #expect(action.keyPath == "opacity")
        #expect(committed.action(forKey: "hidden") == nil)        // booleans do not animate implicitly
        #expect(committed.action(forKey: "noSuchKey") == nil)
        #expect(CALayer().action(forKey: "opacity") == nil)       // never committed: no render context yet
    }

    @Test func actionsEntryWithoutKeyPathAnimatesItsKey() throws {
        let layer = CALayer()
        let display = commit(layer)
        let lift = CABasicAnimation()
        lift.fromValue = 0
        lift.toValue = 100
        lift.duration = 1
        lift.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.actions = ["zPosition": lift]
        CATransaction.begin()
        layer.zPosition = 100
        CATransaction.commit()
        let stored = try #require(layer.animation(forKey: "zPosition") as? CABasicAnimation)
        #expect(stored.keyPath == "zPosition")
        #expect(lift.keyPath == nil)   // the caller's object is not changed: the layer stores a copy
        display.advance(by: 0.25)
        #expect(isClose(try #require(layer.presentation()).zPosition, 25, within: 1e-6))
    }

    @Test func documentationStyleActionAnimatesTheEventKey() throws {
        let layer = CALayer()
        let display = commit(layer)
        layer.actions = ["opacity": FadeAction()]
        CATransaction.begin()
        layer.opacity = 0.8
        CATransaction.commit()
        display.advance(by: 0.5)   // linear from 0 towards the model's 0.8
        #expect(isClose(try #require(layer.presentation()).opacity, 0.4, within: 1e-5))
    }

    @Test func addingUnderAPropertyKeyWithoutKeyPathAnimatesThatProperty() throws {
        let layer = CALayer()
        let display = commit(layer)
        let grow = CABasicAnimation()
        grow.fromValue = CGRect(x: 0, y: 0, width: 100, height: 100)
        grow.toValue = CGRect(x: 0, y: 0, width: 300, height: 100)
        grow.duration = 1
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        CATransaction.begin()
        layer.add(grow, forKey: "bounds")
        CATransaction.commit()
        display.advance(by: 0.5)
        #expect(isClose(try #require(layer.presentation()).bounds.width, 200, within: 1e-6))
    }

    @Test func keyPathLessAnimationUnderAnUnknownKeyIsRejected() {
        let layer = CALayer()
        layer.name = "keyless-unknown"
        _ = commit(layer)
        let before = diagnosticCount("'keyless-unknown'")
        layer.add(CABasicAnimation(), forKey: "wiggle")
        #expect(layer.animationKeys() == nil)
        #expect(diagnosticCount("'keyless-unknown'") == before + 1)
    }
}
