import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Apple's "custom animatable property" recipe with the property kept by key-value coding (Apple's is
/// `@NSManaged var progress: CGFloat`): the class redraws for the key, and `draw(in:)` reads the presented value.
private final class ProgressLayer: CALayer {
    /// The progress each drawing saw, in order.
    var drawn: [CGFloat] = []

    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        // A presentation copy draws while the property animates: it tells its model what it drew.
        let model = model()
        model.drawn.append(progress)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// A layer whose override of `action(forKey:)` animates its custom property from the value shown, as Apple's
/// recipe for implicit animation of a custom property does.
private final class ImplicitProgressLayer: CALayer {
    var progress: Double {
        get { value(forKey: "progress") as? Double ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? 0.0 : super.defaultValue(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.value(forKey: event) ?? progress   // the old value: not yet set
        animation.duration = 1
        return animation
    }
}

/// Replaces the layer's animations with `animation`, in a transaction committed now (so it starts at the
/// display's current time).
@MainActor
private func addNow(_ animation: CAAnimation, to layer: CALayer, forKey key: String) {
    CATransaction.begin()
    layer.removeAllAnimations()
    layer.add(animation, forKey: key)
    CATransaction.commit()
}

@MainActor
@Suite("Custom animatable properties")
struct CustomPropertyTests {
    /// An animation of a key the layer's class adds runs through the frames: `presentation()` answers the value
    /// at the frame's time (linear: the fraction of the duration), `draw(in:)` redraws from it every frame, and
    /// once the animation is over the model's value shows and the model's drawing is kept.
    @Test func aCustomPropertyAnimatesInPresentationAndRedraws() throws {
        let display = HeadlessDisplay(width: 200, height: 100)
        let layer = ProgressLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        layer.progress = 0.25
        layer.setNeedsDisplay()
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        #expect(layer.drawn == [0.25])

        addNow(basic("progress", from: 0, to: 1, duration: 1), to: layer, forKey: "fill")
        #expect(layer.animationKeys() == ["fill"])
        display.advance(by: 0.25)
        #expect(isClose(try #require(layer.presentation()).progress, 0.25, within: 1e-9))
        display.advance(by: 0.25)
        let half = try #require(layer.presentation())
        #expect(isClose(half.progress, 0.5, within: 1e-9))
        #expect(half.value(forKey: "progress") is CGFloat, "read back as the model's type")
        #expect(layer.progress == 0.25, "the model keeps its value")
        // Redrawn each frame from the presented value (frames of 1/60 s between the two reads).
        #expect(layer.drawn.count >= 30)
        #expect(isClose(try #require(layer.drawn.last), 0.5, within: 1e-9))
        #expect(zip(layer.drawn.dropFirst(), layer.drawn.dropFirst(2)).allSatisfy { $0 < $1 }, "\(layer.drawn)")

        display.advance(by: 0.75)
        #expect(layer.animationKeys() == nil)
        #expect(try #require(layer.presentation()).progress == 0.25)
        let draws = layer.drawn.count
        display.advance(by: 0.5)
        #expect(layer.drawn.count == draws, "the model's drawing shows again; nothing is drawn per frame")
    }

    /// `byValue` alone and `fromValue` alone read the model's value underneath; an additive animation adds to it.
    @Test func partialValuesReadTheModelUnderneath() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        layer.setValue(10.0, forKey: "level")
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        addNow(basic("level", by: 4, duration: 1), to: layer, forKey: "by")
        display.advance(by: 0.5)
        #expect(try #require(layer.presentation()).value(forKey: "level") as? Double == 12)
        addNow(basic("level", from: 0, duration: 1), to: layer, forKey: "from")
        display.advance(by: 0.25)
        #expect(try #require(layer.presentation()).value(forKey: "level") as? Double == 2.5)
        let additive = basic("level", from: 0, to: 2, duration: 1)
        additive.isAdditive = true
        addNow(additive, to: layer, forKey: "additive")
        display.advance(by: 0.5)
        #expect(try #require(layer.presentation()).value(forKey: "level") as? Double == 11)
    }

    /// Points, colours and transforms animate too, by keyframes and in groups.
    @Test func otherKindsByKeyframesAndInGroups() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        layer.setValue(CGPoint(x: 0, y: 0), forKey: "focus")
        layer.setValue(CGColor(red: 0, green: 0, blue: 0, alpha: 1), forKey: "tint")
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        let focus = CAKeyframeAnimation(keyPath: "focus")
        focus.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 20)]
        focus.duration = 1
        let tint = basic("tint", from: CGColor(red: 0, green: 0, blue: 0, alpha: 1), to: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let group = CAAnimationGroup()
        group.animations = [focus, tint]
        group.duration = 1
        addNow(group, to: layer, forKey: "group")
        display.advance(by: 0.5)
        let shown = try #require(layer.presentation())
        #expect(isClose(try #require(shown.value(forKey: "focus") as? CGPoint), CGPoint(x: 10, y: 20), within: 1e-9))
        let color = try #require(shown.value(forKey: "tint") as? CGColor)
        #expect(isClose(color.red, 0.5, within: 1e-6) && color.green == 0)
        #expect(layer.value(forKey: "focus") as? CGPoint == .zero, "the model keeps its value")
    }

    /// The override of `action(forKey:)` is asked when the property is set (seeing the old value), and its
    /// animation runs; `actions` with an animation without a key path animates the key from the value shown.
    @Test func settingTheKeyRunsItsAction() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = ImplicitProgressLayer()
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        CATransaction.begin()
        layer.progress = 1
        CATransaction.commit()
        #expect(layer.animationKeys() == ["progress"])
        display.advance(by: 0.5)
        #expect(isClose(try #require(layer.presentation()).progress, 0.5, within: 1e-9))
        display.advance(by: 1)

        let plain = CALayer()
        plain.setValue(CGFloat(0), forKey: "level")
        plain.actions = ["level": CABasicAnimation()]
        display.rootLayer.addSublayer(plain)
        display.advance(by: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        plain.setValue(CGFloat(8), forKey: "level")
        CATransaction.commit()
        display.advance(by: 0.5)
        #expect(try #require(plain.presentation()).value(forKey: "level") as? CGFloat == 2)
        display.advance(by: 2)
        // Disabled actions: the value shows at once.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        plain.setValue(CGFloat(4), forKey: "level")
        CATransaction.commit()
        display.advance(by: 0)
        #expect(plain.animation(forKey: "level") == nil)
        #expect(try #require(plain.presentation()).value(forKey: "level") as? CGFloat == 4)
    }

    /// A key that names nothing the layer knows (no value, no redraw) is still an unknown key path, and a value
    /// no animation can blend (a string) is no custom property.
    @Test func unknownKeysAreStillRejected() {
        let (display, layer) = makeScene("custom-unknown")
        layer.add(basic("progres", from: 0, to: 1), forKey: "typo")
        #expect(diagnosticCount("'custom-unknown': rejected CABasicAnimation for key 'typo': unknown key path 'progres'") == 1)
        layer.setValue("card", forKey: "role")
        layer.add(basic("role", from: 0, to: 1), forKey: "role")
        #expect(diagnosticCount("'custom-unknown': rejected CABasicAnimation for key 'role': unknown key path 'role'") == 1)
        layer.setValue(1.0, forKey: "level")
        layer.add(basic("level", from: "a", to: 1), forKey: "wrong-type")
        #expect(diagnosticCount("'custom-unknown': rejected CABasicAnimation on 'level': fromValue a is not a finite number value") == 1)
        #expect(layer.animationKeys() == nil)
        display.advance(by: 0.5)
        #expect(layer.presentation()?.value(forKey: "level") as? Double == 1)
    }
}
