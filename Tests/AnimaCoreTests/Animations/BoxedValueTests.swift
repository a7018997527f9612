import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Values boxed in `NSValue`, as Apple's code writes keyframes and key-value coding: they animate and set as the
/// plain structs do; a box of the wrong kind is rejected like any wrong value.
@MainActor
@Suite("NSValue boxes")
struct BoxedValueTests {
    func scene(_ name: String) -> (HeadlessDisplay, CALayer) {
        let display = HeadlessDisplay(width: 200, height: 200)
        let layer = CALayer()
        layer.name = name
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        return (display, layer)
    }

    @Test func boxedTransformsRoundTrip() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 0, 0, 1)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        #expect(NSValue(point: CGPoint(x: 1, y: 2)).caTransform3DValue == CATransform3DIdentity, "not a transform")
    }

    /// Keyframes of boxed points (linear, two segments) and a boxed rect by key path land where plain values would.
    @Test func keyframesOfBoxedPointsAnimate() throws {
        let (display, layer) = scene("boxed-keyframes")
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [NSValue(point: CGPoint(x: 0, y: 0)), NSValue(point: CGPoint(x: 100, y: 0)),
                       NSValue(point: CGPoint(x: 100, y: 50))]
        move.duration = 1
        layer.add(move, forKey: "move")
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = NSValue(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        grow.toValue = NSValue(rect: CGRect(x: 0, y: 0, width: 60, height: 40))
        grow.duration = 1
        layer.add(grow, forKey: "grow")
        display.advance(by: 0)
        display.advance(by: 0.75)
        let presented = try #require(layer.presentation())
        #expect(abs(presented.position.x - 100) < 1e-9 && abs(presented.position.y - 25) < 1e-9, "\(presented.position)")
        #expect(abs(presented.bounds.width - 50) < 1e-9 && abs(presented.bounds.height - 35) < 1e-9, "\(presented.bounds)")
    }

    @Test func keyValueCodingTakesBoxes() {
        let (_, layer) = scene("boxed-kvc")
        CATransaction.setDisableActions(true)
        layer.setValue(NSValue(point: CGPoint(x: 30, y: 40)), forKey: "position")
        layer.setValue(NSValue(size: CGSize(width: 8, height: 9)), forKeyPath: "bounds.size")
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKey: "transform")
        layer.setValue(NSNumber(value: 0.5), forKey: "opacity")   // a number is an NSValue too, and still a number
        #expect(layer.position == CGPoint(x: 30, y: 40))
        #expect(layer.bounds.size == CGSize(width: 8, height: 9))
        #expect(layer.transform == CATransform3DMakeScale(2, 2, 1))
        #expect(layer.opacity == 0.5)
    }

    @Test func aBoxOfTheWrongKindIsRejected() {
        let (_, layer) = scene("boxed-wrong")
        let before = diagnosticCount("CALayer 'boxed-wrong': rejected position")
        layer.setValue(NSValue(caTransform3D: CATransform3DIdentity), forKey: "position")
        layer.setValue(NSValue(range: NSRange(location: 1, length: 2)), forKey: "position")
        #expect(diagnosticCount("CALayer 'boxed-wrong': rejected position") == before + 2)
        #expect(layer.position == CGPoint(x: 10, y: 10))
    }
}
