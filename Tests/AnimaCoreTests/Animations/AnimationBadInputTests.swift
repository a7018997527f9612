import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Bad input on animations: rejected with a diagnostic, the animation or layer left as it was.
@MainActor
@Suite("Animation bad input")
struct AnimationBadInputTests {
    @Test(arguments: [Double.nan, -1, .infinity])
    func badDurationKeepsThePreviousValue(bad: Double) {
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 2
        let fragment = "CABasicAnimation: rejected duration = \(bad.diagnosticDescription)"
        let before = diagnosticCount(fragment)
        a.duration = bad
        #expect(a.duration == 2)
        #expect(diagnosticCount(fragment) > before)
    }

    @Test func nanSpeedAndOtherTimingValues() {
        let a = CABasicAnimation(keyPath: "opacity")
        let before = diagnosticCount("CABasicAnimation: rejected speed = NaN")
        a.speed = .nan
        #expect(a.speed == 1)
        #expect(diagnosticCount("CABasicAnimation: rejected speed = NaN") > before)
        a.timeOffset = .nan
        a.beginTime = .infinity
        a.repeatCount = .nan
        a.repeatDuration = -3
        #expect(a.timeOffset == 0 && a.beginTime == 0 && a.repeatCount == 0 && a.repeatDuration == 0)
    }

    @Test func unknownKeyPath() {
        let (display, layer) = makeScene("bad-keypath", at: 1)
        layer.add(basic("positon", from: 0, to: 1), forKey: "typo")
        layer.add(basic("position.z", from: 0, to: 1), forKey: "no-z")
        layer.add(CABasicAnimation(), forKey: "no-path")
        #expect(diagnosticCount("'bad-keypath': rejected CABasicAnimation for key 'typo': unknown key path 'positon'") == 1)
        #expect(diagnosticCount("'bad-keypath': rejected CABasicAnimation for key 'no-z': unknown key path 'position.z'") == 1)
        #expect(diagnosticCount("'bad-keypath': rejected CABasicAnimation for key 'no-path'") == 1)
        #expect(layer.animationKeys() == nil)
        display.advance(by: 0.5)
        #expect(layer.presentation()?.position == CGPoint(x: 50, y: 50))
    }

    @Test func wrongValueType() {
        let (display, layer) = makeScene("bad-type", at: 1)
        let existing = basic("opacity", from: 1, to: 0)
        layer.add(existing, forKey: "fade")
        // A String as toValue for position, a CGPoint for a number, a number for a point.
        layer.add(basic("position", to: "hello"), forKey: "fade")
        layer.add(basic("opacity", from: CGPoint(x: 1, y: 1)), forKey: "o")
        layer.add(basic("position", by: 5), forKey: "p")
        #expect(diagnosticCount("'bad-type': rejected CABasicAnimation on 'position': toValue hello") == 1)
        #expect(diagnosticCount("'bad-type': rejected CABasicAnimation on 'opacity': fromValue") == 1)
        #expect(diagnosticCount("'bad-type': rejected CABasicAnimation on 'position': byValue 5") == 1)
        // The rejected add under "fade" did not replace the valid one.
        #expect(layer.animationKeys() == ["fade"])
        #expect((layer.animation(forKey: "fade") as? CABasicAnimation)?.keyPath == "opacity")
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(layer.presentation().map { isClose($0.opacity, 0.5) } == true)
    }

    @Test func nonFiniteAnimationValue() {
        let (_, layer) = makeScene("bad-value", at: 1)
        layer.add(basic("position.x", from: 0, to: Double.nan), forKey: "nan")
        layer.add(basic("position", to: CGPoint(x: CGFloat.infinity, y: 0)), forKey: "inf")
        #expect(diagnosticCount("'bad-value': rejected CABasicAnimation on 'position.x': toValue nan") == 1)
        #expect(diagnosticCount("'bad-value': rejected CABasicAnimation on 'position': toValue") == 1)
        #expect(layer.animationKeys() == nil)
    }

    @Test func badTransactionDuration() {
        _ = HeadlessDisplay(width: 10, height: 10)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        let before = diagnosticCount("CATransaction: rejected animationDuration NaN")
        CATransaction.setAnimationDuration(.nan)
        CATransaction.setAnimationDuration(-2)
        #expect(diagnosticCount("CATransaction: rejected animationDuration NaN") > before)
        #expect(CATransaction.animationDuration() == 1)
        CATransaction.commit()
    }


    /// Numbers that are finite but extreme must not reach an integer conversion that traps: 10³⁰ repeats, ended by
    /// a speed of 10³⁸, fill forwards and hold the end value.
    @Test func endOfAnAstronomicalRepeatCountHoldsTheEndValue() {
        let (display, layer) = makeScene("vast-repeat", at: 1)
        let fade = basic("opacity", from: 0, to: 0.5)
        fade.repeatCount = 1e30
        fade.speed = 1e38
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        layer.add(fade, forKey: "fade")
        display.advance(by: 0.5)
        #expect(layer.presentation()?.opacity == 0.5)
    }

    /// A layer evaluated as a whole state (its animations change a colour, a line width, a corner radius) tests what
    /// its animations wrote, and only that: cumulative animations by 10³⁰⁸ overflow in their second iteration, and
    /// both the boxed path (`lineWidth`) and the scalar one (`cornerRadius`) show the committed value again, reported
    /// once; the colour animated beside them, finite, is presented as it is.
    @Test func overflowOnAWholeStateLayerShowsTheCommittedValue() {
        let display = HeadlessDisplay(width: 10, height: 10)
        let layer = CAShapeLayer()
        layer.name = "whole-overflow"
        layer.lineWidth = 3
        layer.cornerRadius = 2
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        for key in ["lineWidth", "cornerRadius"] {
            let grow = basic(key, by: 1e308, duration: 0.5)
            grow.isCumulative = true
            grow.repeatCount = .infinity
            layer.add(grow, forKey: key)
        }
        layer.add(basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                        to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 4), forKey: "colour")
        display.advance(by: 1.25)   // the third iteration: 2 × 10³⁰⁸ and more
        let shown = layer.presentation()
        #expect(shown?.lineWidth == 3)
        #expect(shown?.cornerRadius == 2)
        let red = shown?.backgroundColor.map { Double($0.red) }   // the model has none: nil if it were put back
        #expect(red.map { $0 > 0.6 && $0 < 1 } == true, "\(String(describing: red))")
        #expect(diagnosticCount("CALayer 'whole-overflow': animations of") >= 1)
        display.advance(by: 0.5)
        #expect(diagnosticCount("CALayer 'whole-overflow': animations of cornerRadius, lineWidth overflowed") == 1)
    }

    /// A property's bit is its place among all properties, each its own.
    @Test func propertyBitsAreDistinct() {
        #expect(LayerProperty.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        #expect(LayerProperty.allCases.count < 64)
        // A set of bits lists its members in that order, each once.
        let set = LayerProperty.customValues.bit | LayerProperty.path.bit | LayerProperty.bounds.bit | LayerProperty.lineWidth.bit
        #expect(Array(LayerProperty.members(of: set)) == [.bounds, .path, .lineWidth, .customValues])
        #expect(Array(LayerProperty.members(of: 0)).isEmpty)
    }

    /// A cumulative transform raises its end value to the iteration count: 2⁴⁰ iterations of a quarter turn (a
    /// 2⁻⁴⁰ s animation, a second in) are computed by squaring, not by 2⁴⁰ products per frame.
    @Test func cumulativeTransformAfterAVastNumberOfIterations() {
        let (display, layer) = makeScene("vast-cumulative")
        let turn = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), duration: 0x1p-40)
        turn.isCumulative = true
        turn.repeatCount = .infinity
        turn.beginTime = 0x1p-50       // a begin time of its own (0 would mean "the commit's time")
        layer.add(turn, forKey: "turn")
        display.advance(to: 1 + 0x1p-42 + 0x1p-50)   // iteration 2⁴⁰, a quarter of the way: 2⁴⁰ quarter turns (whole
        let t = layer.presentation()?.transform     // turns) plus a sixteenth of a turn
        let expected = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        #expect(t.map { isClose($0, expected, within: 1e-3) } == true)
    }

    /// A layer time past the doubles (10²⁹⁰ s at a layer speed of 10³⁸ is ∞) met by a paused animation (∞ × 0 is
    /// NaN) has no place in an iteration: the animation presents its start, as a paused one at time 0 does.
    @Test func pausedAnimationOnAnEndlessLayerTimePresentsItsStart() {
        let (display, layer) = makeScene("endless-layer-time", at: 1)
        layer.speed = 1e38
        let fade = basic("opacity", from: 0.25, to: 0.75)
        fade.speed = 0
        fade.beginTime = 1
        layer.add(fade, forKey: "fade")
        display.advance(by: 1e290)
        #expect(layer.presentation()?.opacity == 0.25)
    }


    /// `cubicPaced` keyframes between values near the largest doubles (reached from `UIView.animateKeyframes` in
    /// paced mode): the curve's length overflows to ∞, so no fraction of it can be found. Locating falls back to
    /// the curve's parameter instead of converting a NaN position to an index.
    @Test func pacingACurveWhoseLengthOverflows() {
        let table = ArcLengthTable(segments: 2, samplesPerSegment: 4) { segment, u in
            [segment == 0 ? u * 1e308 : 1e308 - 2 * u * 1e308]     // 0 → 10³⁰⁸ → −10³⁰⁸: 3 × 10³⁰⁸ long
        }
        #expect(table.total == .infinity)
        let place = table.locate(fraction: 0.5)
        #expect(place.segment == 0 && place.u == 0.5)
        let finite = ArcLengthTable(segments: 2, samplesPerSegment: 4) { segment, u in [Double(segment) + u] }
        #expect(finite.locate(fraction: 0.75).segment == 1)
    }
}
