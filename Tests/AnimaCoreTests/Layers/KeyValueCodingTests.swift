import Foundation
import Testing
@testable import AnimaCore
import AnimaGraphics

/// Key-value coding on layers and animations, as Apple's code uses it: transform parts and struct fields by
/// key path, properties by name, and any other key kept as a value.
@MainActor
@Suite("Key-value coding")
struct KeyValueCodingTests {
    @Test("key paths set and read parts of a property, and the whole property's action runs")
    func keyPathsSetPartsThroughTheAction() throws {
        let (display, layer) = makeScene("kvc-parts", at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(50, forKeyPath: "position.x")
        layer.setValue(CGFloat(40), forKeyPath: "bounds.size.width")
        layer.setValue(Float.pi / 2, forKeyPath: "transform.rotation.z")
        CATransaction.commit()
        #expect(layer.position == CGPoint(x: 50, y: 50) && layer.bounds.size == CGSize(width: 40, height: 100))
        #expect(isClose(layer.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), within: 1e-6))
        #expect(isClose(try #require(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat), .pi / 2, within: 1e-6))
        #expect(layer.value(forKeyPath: "position.y") as? CGFloat == 50)
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 50, y: 50))

        // With actions enabled, a part goes through the whole property's action: an implicit "transform" animation.
        display.advance(by: 0.1)
        layer.setValue(2, forKeyPath: "transform.scale")
        #expect(layer.animationKeys()?.contains("transform") == true)
        display.advance(by: 0.1)
        let presented = try #require(layer.presentation()).transform
        #expect(!isClose(presented, layer.transform, within: 1e-3))
        #expect(isClose(try #require(layer.value(forKeyPath: "transform.scale") as? CGFloat), 2, within: 1e-9))
    }

    @Test("properties by name, and other keys kept as values the presentation copy shares")
    func propertiesByNameAndCustomKeys() throws {
        let (display, layer) = makeScene("kvc-names", at: 1)
        layer.setValue(0.5, forKey: "opacity")
        layer.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "backgroundColor")
        layer.setValue("renamed", forKey: "name")
        layer.setValue(CALayerContentsGravity.center, forKey: "contentsGravity")
        layer.setValue(2, forKey: "speed")
        #expect(layer.opacity == 0.5 && layer.backgroundColor?.red == 1 && layer.name == "renamed")
        #expect(layer.contentsGravity == .center && layer.speed == 2)
        #expect(layer.value(forKey: "name") as? String == "renamed" && layer.value(forKey: "speed") as? Float == 2)

        #expect(layer.value(forKey: "role") == nil)
        layer.setValue("card", forKey: "role")
        layer.setValue(7, forKeyPath: "index")
        display.advance(by: 0.1)
        #expect(layer.value(forKey: "role") as? String == "card" && layer.value(forKeyPath: "index") as? Int == 7)
        #expect(try #require(layer.presentation()).value(forKey: "role") as? String == "card")
        layer.setValue(nil, forKey: "role")
        #expect(layer.value(forKey: "role") == nil)
        // An unset property's key gives its default, as `defaultValue(forKey:)` does.
        #expect(CALayer().value(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
    }

    @Test("a value of the wrong type or not finite is rejected with a diagnostic, the model unchanged")
    func badValuesAreRejected() throws {
        let (_, layer) = makeScene("kvc-bad", at: 1)
        let before = diagnosticCount("kvc-bad")
        layer.setValue("left", forKeyPath: "position.x")
        layer.setValue(Double.nan, forKey: "opacity")
        layer.setValue(CGSize(width: 1, height: 1), forKey: "position")
        layer.setValue(3, forKey: "name")
        layer.setValue("fast", forKey: "speed")
        layer.setValue(CALayer(), forKey: "superlayer")
        #expect(layer.position == CGPoint(x: 50, y: 50) && layer.opacity == 1 && layer.name == "kvc-bad" && layer.speed == 1)
        #expect(diagnosticCount("kvc-bad") == before + 6)
        #expect(Diagnostics.messages(containing: "'kvc-bad': rejected position.x = left").count == 1)
    }

    @Test("an animation's kept values travel with the copy a layer stores, to its delegate")
    func animationValuesReachTheDelegate() throws {
        final class Names: CAAnimationDelegate {
            var stopped: [String] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stopped.append(anim.value(forKey: "animationID") as? String ?? "?")
            }
        }
        let (display, layer) = makeScene("kvc-animation", at: 1)
        let names = Names()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.setValue(0, forKey: "fromValue")
        fade.setValue(1, forKey: "toValue")
        fade.setValue(0.5, forKey: "duration")
        fade.setValue("fadeIn", forKey: "animationID")
        fade.delegate = names
        #expect(fade.duration == 0.5 && fade.value(forKey: "keyPath") as? String == "opacity")
        layer.add(fade, forKey: "fade")
        fade.setValue("changed after adding", forKey: "animationID")   // the stored copy keeps its own
        #expect(layer.animation(forKey: "fade")?.value(forKey: "animationID") as? String == "fadeIn")
        display.advance(by: 0)
        display.advance(by: 0.6)
        #expect(names.stopped == ["fadeIn"])

        let before = diagnosticCount("rejected duration")
        fade.setValue("long", forKey: "duration")
        fade.setValue(-1, forKey: "duration")
        #expect(fade.duration == 0.5 && diagnosticCount("rejected duration") == before + 2)
        #expect(CABasicAnimation().value(forKey: "speed") as? Float == 1)
    }
}
