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

    @Test("maskedCorners and compositingFilter by name: Apple's raw corner bits as a number, a filter's name")
    func maskedCornersAndCompositingFilterByName() throws {
        let (_, layer) = makeScene("kvc-corners", at: 1)
        layer.setValue(3, forKey: "maskedCorners")                   // kCALayerMinXMinYCorner | kCALayerMaxXMinYCorner
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect((layer.value(forKey: "maskedCorners") as? NSNumber)?.intValue == 3)
        layer.setValue(CACornerMask.layerMaxXMaxYCorner, forKey: "maskedCorners")
        #expect(layer.maskedCorners == .layerMaxXMaxYCorner)
        let before = diagnosticCount("kvc-corners")
        layer.setValue(-1, forKey: "maskedCorners")
        layer.setValue("top", forKey: "maskedCorners")
        #expect(layer.maskedCorners == .layerMaxXMaxYCorner && diagnosticCount("kvc-corners") == before + 2)
        layer.setValue("multiplyBlendMode", forKey: "compositingFilter")
        #expect(layer.compositingFilter as? String == "multiplyBlendMode")
        #expect(layer.value(forKey: "compositingFilter") as? String == "multiplyBlendMode")
    }

    @Test("edgeAntialiasingMask by name: Apple's raw edge bits; filters kept but not applied, as on iOS")
    func edgeMaskAndFiltersByName() throws {
        let (display, layer) = makeScene("kvc-edges", at: 1)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        layer.setValue(9, forKey: "edgeAntialiasingMask")             // kCALayerLeftEdge | kCALayerTopEdge
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerTopEdge])
        #expect((layer.value(forKey: "edgeAntialiasingMask") as? NSNumber)?.intValue == 9)
        let before = diagnosticCount("kvc-edges")
        layer.setValue(1.5, forKey: "edgeAntialiasingMask")
        layer.setValue(Double(UInt64.max), forKey: "edgeAntialiasingMask")
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerTopEdge] && diagnosticCount("kvc-edges") == before + 2)
        display.advance(by: 0.1)
        #expect(try #require(layer.presentation()).edgeAntialiasingMask == [.layerLeftEdge, .layerTopEdge])

        layer.filters = ["CIGaussianBlur"]
        #expect(diagnosticCount("'kvc-edges': filters (1 filter) kept but not applied") == 1)
        #expect(layer.filters?.first as? String == "CIGaussianBlur")
        #expect((layer.value(forKey: "filters") as? [Any])?.count == 1)
        layer.backgroundFilters = []
        #expect(layer.backgroundFilters?.isEmpty == true && diagnosticCount("'kvc-edges': backgroundFilters") == 0)
        layer.filters = nil
        #expect(layer.filters == nil)
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

    @Test("a subclass's own properties by key: constants by value or raw string, numbers lists, redraws")
    func subclassPropertiesByKey() throws {
        let display = HeadlessDisplay(width: 200, height: 100)
        let text = CATextLayer(), shape = CAShapeLayer(), gradient = CAGradientLayer()
        text.name = "kvc-text"; shape.name = "kvc-shape"
        for layer in [text, shape, gradient] as [CALayer] {
            layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 40)
            display.rootLayer.addSublayer(layer)
        }
        display.advance(by: 0)
        let version = text.contentsVersion
        text.setValue("Hello", forKey: "string")
        text.setValue(true, forKey: "wrapped")
        text.setValue("center", forKey: "alignmentMode")
        text.setValue(CATextLayerTruncationMode.end, forKey: "truncationMode")
        #expect(text.string as? String == "Hello" && text.isWrapped && text.alignmentMode == .center && text.truncationMode == .end)
        #expect(text.value(forKey: "string") as? String == "Hello" && text.value(forKey: "isWrapped") as? Bool == true)
        #expect(text.value(forKey: "alignmentMode") as? CATextLayerAlignmentMode == .center)
        display.advance(by: 1.0 / 60)
        #expect(text.contentsVersion > version)   // the text was set through its setter, which redraws

        shape.setValue("even-odd", forKey: "fillRule")
        shape.setValue(CAShapeLayerLineCap.round, forKey: "lineCap")
        shape.setValue("bevel", forKey: "lineJoin")
        shape.setValue([4, 2.5], forKey: "lineDashPattern")
        #expect(shape.fillRule == .evenOdd && shape.lineCap == .round && shape.lineJoin == .bevel)
        #expect(shape.lineDashPattern?.map(\.doubleValue) == [4, 2.5])
        #expect((shape.value(forKey: "lineDashPattern") as? [NSNumber])?.count == 2)
        shape.setValue(nil, forKey: "lineDashPattern")
        #expect(shape.lineDashPattern == nil && shape.value(forKey: "lineDashPattern") == nil)
        gradient.setValue("radial", forKey: "type")
        #expect(gradient.type == .radial && gradient.value(forKey: "type") as? CAGradientLayerType == .radial)

        // A plain layer does not have them: the key is kept as a value of its own.
        let plain = CALayer()
        plain.setValue("even-odd", forKey: "fillRule")
        #expect(plain.value(forKey: "fillRule") as? String == "even-odd")

        // Wrong types are rejected, naming the layer, key and value; the setter's own checks still apply.
        let before = diagnosticCount("'kvc-shape': rejected") + diagnosticCount("'kvc-text': rejected")
        shape.setValue(3, forKey: "fillRule")
        shape.setValue(["a", "b"], forKey: "lineDashPattern")
        shape.setValue([-1, 2], forKey: "lineDashPattern")   // numbers, but the property rejects a negative length
        text.setValue("yes", forKey: "wrapped")
        text.setValue(42, forKey: "string")                  // CATextLayer takes strings and attributed strings
        #expect(shape.fillRule == .evenOdd && shape.lineDashPattern == nil && text.isWrapped && text.string as? String == "Hello")
        #expect(diagnosticCount("'kvc-shape': rejected") + diagnosticCount("'kvc-text': rejected") == before + 5)
        #expect(Diagnostics.messages(containing: "'kvc-shape': rejected fillRule = 3: expected a CAShapeLayerFillRule").count == 1)
    }

    @Test("a layer's own timing, delegate and hierarchy by key")
    func layerTimingAndHierarchyByKey() throws {
        let (display, layer) = makeScene("kvc-layer-timing", at: 1)
        layer.setValue(2, forKey: "duration")
        layer.setValue(1.5, forKey: "repeatCount")
        layer.setValue(true, forKey: "autoreverses")
        layer.setValue("both", forKey: "fillMode")
        #expect(layer.duration == 2 && layer.repeatCount == 1.5 && layer.autoreverses && layer.fillMode == .both)
        #expect(layer.value(forKey: "fillMode") as? CAMediaTimingFillMode == .both)

        let child = CALayer(), mask = CALayer()
        layer.setValue([child], forKey: "sublayers")
        layer.setValue(mask, forKey: "mask")
        #expect(child.superlayer === layer && layer.mask === mask)
        #expect((layer.value(forKey: "sublayers") as? [CALayer])?.first === child && child.value(forKey: "superlayer") as? CALayer === layer)
        // The hierarchy's own checks apply: a layer cannot become its own sublayer's sublayer.
        child.setValue([layer], forKey: "sublayers")
        #expect(layer.superlayer === display.rootLayer && child.sublayers == nil)

        let none = NullActions()
        layer.setValue(["opacity": none], forKey: "actions")
        layer.setValue(0.5, forKey: "opacity")
        #expect(layer.animationKeys() == nil)   // the "opacity" action found in `actions` ran: it adds nothing
        #expect(layer.value(forKey: "actions") is [String: CAAction])
    }

    @Test("animation subclasses by key behave as when set by property")
    func animationSubclassesByKey() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        path.addLine(to: CGPoint(x: 400, y: 0))   // segments of unequal length: paced differs from linear
        let byProperty = CAKeyframeAnimation(keyPath: "position")
        byProperty.path = path
        byProperty.calculationMode = .paced
        byProperty.rotationMode = .rotateAuto
        byProperty.duration = 2
        let byKey = CAKeyframeAnimation()
        byKey.setValue("position", forKey: "keyPath")
        byKey.setValue(path, forKey: "path")
        byKey.setValue("paced", forKey: "calculationMode")
        byKey.setValue("auto", forKey: "rotationMode")
        byKey.setValue(2, forKey: "duration")
        #expect(byKey.calculationMode == .paced && byKey.rotationMode == .rotateAuto)
        #expect(byKey.value(forKey: "rotationMode") as? CAAnimationRotationMode == .rotateAuto)

        let springByProperty = CASpringAnimation(keyPath: "position.x")
        springByProperty.fromValue = 0; springByProperty.toValue = 100
        springByProperty.stiffness = 200; springByProperty.damping = 12; springByProperty.duration = 2
        let springByKey = CASpringAnimation(keyPath: "position.x")
        for (key, value) in [("fromValue", 0), ("toValue", 100), ("stiffness", 200), ("damping", 12), ("duration", 2)] as [(String, Any)] {
            springByKey.setValue(value, forKey: key)
        }
        #expect(springByKey.value(forKey: "settlingDuration") as? CFTimeInterval == springByProperty.settlingDuration)
        let before = diagnosticCount("rejected settlingDuration")
        springByKey.setValue(1, forKey: "settlingDuration")
        #expect(diagnosticCount("rejected settlingDuration = 1: read-only") == before + 1)

        // Both pairs present the same values, frame for frame.
        let (display, a) = makeScene("kvc-by-property", at: 1)
        let b = CALayer()
        b.bounds = a.bounds; b.position = a.position
        display.rootLayer.addSublayer(b)
        display.advance(by: 0)
        a.add(byProperty, forKey: "fly"); b.add(byKey, forKey: "fly")
        a.add(springByProperty, forKey: "spring"); b.add(springByKey, forKey: "spring")
        for _ in 0..<5 {
            display.advance(by: 0.3)
            let pa = try #require(a.presentation()), pb = try #require(b.presentation())
            #expect(pa.position == pb.position && pa.transform == pb.transform)
            #expect(pa.position != a.position)
        }

        let group = CAAnimationGroup()
        group.setValue([byProperty], forKey: "animations")
        #expect(group.animations?.count == 1)
        let transition = CATransition()
        transition.setValue("push", forKey: "type")
        transition.setValue(CATransitionSubtype.fromRight, forKey: "subtype")
        transition.setValue(0.25, forKey: "startProgress")
        #expect(transition.type == .push && transition.subtype == .fromRight && transition.startProgress == 0.25)
        transition.setValue(nil, forKey: "subtype")
        #expect(transition.subtype == nil)
    }
}

/// An action that does nothing (what a layer's `actions` entry runs instead of the default animation).
private final class NullActions: CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
