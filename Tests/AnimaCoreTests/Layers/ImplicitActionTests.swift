import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// An action that records the events it ran for.
@MainActor
final class RecordingAction: CAAction {
    var events: [String] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { events.append(event) }
}

/// A layer delegate that answers the action search from a table (nil: continue the search).
@MainActor
final class ActionDelegate: CALayerDelegate {
    var answers: [String: CAAction] = [:]
    var asked: [String] = []
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        asked.append(event)
        return answers[event]
    }
}

/// A layer class with a default action for `opacity`.
final class DefaultActionLayer: CALayer {
    static let opacityAction = RecordingAction()
    override class func defaultAction(forKey event: String) -> CAAction? {
        event == "opacity" ? opacityAction : nil
    }
}

/// Implicit animations (§5.2): when they are made, what they look like, and the action search.
@MainActor
@Suite("Implicit actions")
struct ImplicitActionTests {
    @Test func committedLayerAnimatesPositionImplicitly() throws {
        let (display, layer) = makeScene("implicit-position", at: 1)
        layer.position = CGPoint(x: 150, y: 50)
        #expect(layer.position == CGPoint(x: 150, y: 50))   // the model changes at once
        let anim = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(anim.keyPath == "position")
        #expect(anim.duration == 0.25)
        #expect(anim.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(anim.fromValue as? CGPoint == CGPoint(x: 50, y: 50))
        display.advance(by: 0)        // commit at T = 1
        display.advance(to: 1.125)    // p = 0.5 → default(0.5) ≈ 0.802403 (TV28) → 50 + 100·0.802403
        let x = try #require(layer.presentation()).position.x
        #expect(isClose(x, 130.2403, within: 1e-3))
        display.advance(to: 1.3)
        #expect(try #require(layer.presentation()).position.x == 150)
        #expect(layer.animationKeys() == nil)   // removed on completion
    }

    @Test func implicitAnimationStartsFromThePresentedValue() throws {
        // A second change mid-flight starts from where the first one is presented.
        let (display, layer) = makeScene("implicit-retarget", at: 1)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setAnimationDuration(1)
        layer.opacity = 0
        CATransaction.commit()
        display.advance(to: 1.5)   // opacity 1 → 0 at 0.5 → 0.5
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setAnimationDuration(1)
        layer.opacity = 1
        CATransaction.commit()
        let second = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(isClose(second.fromValue as? CGFloat ?? -1, 0.5, within: 1e-6))
    }

    @Test func twoChangesInOneTransactionAnimateFromTheTransactionStart() throws {
        // §5.1: the old presentation value is the value at the start of the transaction, so
        // setting x then y animates the whole way from (50, 50), not from (150, 50).
        let (display, layer) = makeScene("implicit-twice", at: 1)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position.x = 150
        layer.position.y = 250
        CATransaction.commit()
        let anim = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(anim.fromValue as? CGPoint == CGPoint(x: 50, y: 50))
        display.advance(to: 1.125)   // p = 0.5 of 0.25 s → (100, 150)
        #expect(isClose(try #require(layer.presentation()).position, CGPoint(x: 100, y: 150)))
    }

    @Test func transactionDurationAppliesToImplicitAnimations() {
        let (_, layer) = makeScene("implicit-duration", at: 1)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.commit()
        #expect(layer.animation(forKey: "bounds")?.duration == 2)
    }

    @Test func uncommittedLayerDoesNotAnimate() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        layer.name = "implicit-uncommitted"
        display.rootLayer.addSublayer(layer)
        layer.position = CGPoint(x: 30, y: 30)
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation() == nil)
        display.advance(by: 0.1)
        #expect(try #require(layer.presentation()).position == CGPoint(x: 30, y: 30))
    }

    @Test func settingTheSameValueMakesNoAnimation() {
        let (_, layer) = makeScene("implicit-same", at: 1)
        layer.position = CGPoint(x: 50, y: 50)
        #expect(layer.animationKeys() == nil)
    }

    @Test func nonInterpolableKeysDoNotAnimateImplicitly() {
        let (_, layer) = makeScene("implicit-bool", at: 1)
        layer.isHidden = true
        layer.masksToBounds = true
        #expect(layer.animationKeys() == nil)
    }

    // MARK: Search order: delegate, actions, style["actions"], defaultAction

    @Test func delegateActionComesFirst() {
        let (_, layer) = makeScene("search-delegate", at: 1)
        let delegate = ActionDelegate()
        let fromDelegate = RecordingAction(), fromActions = RecordingAction()
        delegate.answers["position"] = fromDelegate
        layer.delegate = delegate
        layer.actions = ["position": fromActions]
        layer.position = CGPoint(x: 10, y: 10)
        #expect(fromDelegate.events == ["position"])
        #expect(fromActions.events.isEmpty)
        #expect(layer.animationKeys() == nil)   // a custom action replaces the implicit animation
        #expect(layer.action(forKey: "position") === fromDelegate)
    }

    @Test func actionsDictionaryAfterDelegateNil() {
        let (_, layer) = makeScene("search-actions", at: 1)
        let delegate = ActionDelegate()   // answers nil
        let fromActions = RecordingAction(), fromStyle = RecordingAction()
        layer.delegate = delegate
        layer.actions = ["position": fromActions]
        layer.style = ["actions": ["position": fromStyle] as [String: CAAction]]
        layer.position = CGPoint(x: 10, y: 10)
        #expect(delegate.asked == ["position"])
        #expect(fromActions.events == ["position"])
        #expect(fromStyle.events.isEmpty)
    }

    @Test func styleActionsAfterActions() {
        let (_, layer) = makeScene("search-style", at: 1)
        let fromStyle = RecordingAction()
        layer.actions = ["opacity": RecordingAction()]   // another key: does not match
        layer.style = ["actions": ["position": fromStyle] as [String: CAAction]]
        layer.position = CGPoint(x: 10, y: 10)
        #expect(fromStyle.events == ["position"])
    }

    @Test func defaultActionLast() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = DefaultActionLayer()
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        let before = DefaultActionLayer.opacityAction.events.count
        layer.opacity = 0.5
        #expect(DefaultActionLayer.opacityAction.events.count == before + 1)
        #expect(layer.action(forKey: "opacity") === DefaultActionLayer.opacityAction)
        #expect(CALayer.defaultAction(forKey: "position") == nil)
    }

    @Test func nullFromDelegateStopsTheSearch() {
        let (display, layer) = makeScene("search-null-delegate", at: 1)
        let delegate = ActionDelegate()
        delegate.answers["position"] = NSNull()
        let fromActions = RecordingAction()
        layer.delegate = delegate
        layer.actions = ["position": fromActions]
        layer.position = CGPoint(x: 10, y: 10)
        #expect(fromActions.events.isEmpty)
        #expect(layer.animationKeys() == nil)          // no implicit animation either (a view's layer)
        #expect(layer.action(forKey: "position") == nil)
        display.advance(by: 0.01)
        #expect(layer.presentation()?.position == CGPoint(x: 10, y: 10))
    }

    @Test func nullInActionsStopsTheSearch() {
        let (_, layer) = makeScene("search-null-actions", at: 1)
        let fromStyle = RecordingAction()
        layer.actions = ["position": NSNull()]
        layer.style = ["actions": ["position": fromStyle] as [String: CAAction]]
        layer.position = CGPoint(x: 10, y: 10)
        #expect(fromStyle.events.isEmpty)
        #expect(layer.animationKeys() == nil)
    }
}
