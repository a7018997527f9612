import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// `presentation()` and `model()` (§5.1), and property defaults (§5.3).
@MainActor
@Suite("Presentation and model")
struct PresentationTests {
    @Test func presentationIsNilUntilCommitted() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        #expect(layer.presentation() == nil)
        display.rootLayer.addSublayer(layer)
        #expect(layer.presentation() == nil)
        display.advance(by: 0)
        let p = try #require(layer.presentation())
        #expect(p !== layer)
    }

    @Test func modelOfPresentationIsTheLayer() throws {
        let (_, layer) = makeScene("model-roundtrip")
        let p = try #require(layer.presentation())
        #expect(p.model() === layer)
        #expect(layer.model() === layer)
        #expect(p.presentation() === p)
    }

    @Test func presentationTreeMirrorsModelTree() throws {
        let (display, parent) = makeScene("presentation-tree", at: 1)
        let child = CALayer()
        child.name = "presentation-tree-child"
        parent.addSublayer(child)
        display.advance(by: 0)
        let p = try #require(parent.presentation())
        let subs = try #require(p.sublayers)
        #expect(subs.count == 1)
        #expect(subs[0] !== child && subs[0].model() === child)
        #expect(try #require(child.presentation()).superlayer?.model() === parent)
    }

    @Test func presentationIsASnapshotAndModelIsUntouched() throws {
        let (display, layer) = makeScene("presentation-snapshot", at: 1)
        layer.add(basic("opacity", from: 1, to: 0), forKey: "fade")
        display.advance(by: 0)
        display.advance(by: 0.25)
        let early = try #require(layer.presentation())
        display.advance(by: 0.5)
        #expect(isClose(early.opacity, 0.75))   // a copy: it does not follow later frames
        #expect(isClose(try #require(layer.presentation()).opacity, 0.25))
        #expect(layer.opacity == 1)             // the model never animates
    }

    @Test func defaultsMatchCoreAnimation() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = CALayer()
        #expect(l.bounds == .zero && l.position == .zero && l.zPosition == 0)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5) && l.anchorPointZ == 0)
        #expect(l.transform == CATransform3DIdentity && l.sublayerTransform == CATransform3DIdentity)
        #expect(l.opacity == 1 && !l.isHidden && !l.masksToBounds && l.isDoubleSided)
        #expect(l.backgroundColor == nil && l.borderColor == .black && l.borderWidth == 0 && l.cornerRadius == 0)
        #expect(l.shadowColor == .black && l.shadowOpacity == 0 && l.shadowRadius == 3)
        #expect(l.shadowOffset == CGSize(width: 0, height: -3))
        #expect(l.contentsScale == 1 && l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.speed == 1 && l.beginTime == 0 && l.timeOffset == 0)
        #expect(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat == 3)
        #expect(CALayer.defaultValue(forKey: "nonsense") == nil)
    }

    @Test func animationDefaults() {
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.timingFunction == nil && a.delegate == nil && a.isRemovedOnCompletion)
        #expect(a.beginTime == 0 && a.duration == 0 && a.speed == 1 && a.timeOffset == 0)
        #expect(a.repeatCount == 0 && a.repeatDuration == 0 && !a.autoreverses && a.fillMode == .removed)
        #expect(!a.isAdditive && !a.isCumulative && a.valueFunction == nil)
    }

    @Test func stringConstantsTV70() {
        // TV70's constants as they exist in Swift (Apple's Swift API spells them as raw values).
        #expect(CAMediaTimingFillMode.both.rawValue == "both")
        #expect(CAMediaTimingFillMode.removed.rawValue == "removed")
        #expect(CAMediaTimingFillMode.forwards.rawValue == "forwards")
        #expect(CAMediaTimingFillMode.backwards.rawValue == "backwards")
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAValueFunctionName.rotateZ.rawValue == "rotateZ")
        #expect(kCATransactionAnimationDuration == "animationDuration")
        #expect(kCATransactionDisableActions == "disableActions")
        #expect(kCATransactionAnimationTimingFunction == "animationTimingFunction")
        #expect(kCATransactionCompletionBlock == "completionBlock")
    }
}
