import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// CAKeyframeAnimation (§2.4, TV35–TV39): every calculation mode, key times, per-segment timing,
/// Kochanek–Bartels, paths and rotation. Animations are linear, 1 s long, committed at T = 1 and read
/// through `presentation()` at T = 1 + e unless stated.
@MainActor
@Suite("CAKeyframeAnimation")
struct KeyframeAnimationTests {
    func keyframes(_ keyPath: String, _ values: [Any], times: [Double]? = nil,
                   mode: CAAnimationCalculationMode = .linear, duration: CFTimeInterval = 1) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.values = values
        a.keyTimes = times?.map { NSNumber(value: $0) }
        a.calculationMode = mode
        a.duration = duration
        return a
    }

    /// Adds `animation` to a fresh layer at T = 1 and returns the presentation at each elapsed time.
    func present(_ name: String, _ animation: CAAnimation, at elapsed: [Double]) throws -> [CALayer] {
        let (display, layer) = makeScene(name, at: 1)
        layer.add(animation, forKey: "k")
        display.advance(by: 0)
        var result: [CALayer] = []
        for e in elapsed {
            display.advance(to: 1 + e)
            result.append(try #require(layer.presentation()))
        }
        return result
    }

    func xs(_ name: String, _ animation: CAAnimation, at elapsed: [Double]) throws -> [Double] {
        try present(name, animation, at: elapsed).map { Double($0.position.x) }
    }

    // MARK: Reference vectors

    @Test func linearTV35AndTV36() throws {
        #expect(try xs("kf-tv35", keyframes("position.x", [0, 10, 30]), at: [0.75]) == [20])
        let tv36 = try xs("kf-tv36", keyframes("position.x", [0, 10, 30], times: [0, 0.2, 1]), at: [0.2, 0.6])
        #expect(isClose(tv36[0], 10) && isClose(tv36[1], 20))
    }

    @Test func discreteTV37() throws {
        let a = keyframes("position.x", [100, 200, 300], times: [0, 0.25, 0.75, 1], mode: .discrete)
        #expect(try xs("kf-tv37", a, at: [0.1, 0.5, 0.8]) == [100, 200, 300])
        // Without key times each of n values holds for 1/n.
        let b = keyframes("position.x", [100, 200, 300, 400], mode: .discrete)
        #expect(try xs("kf-discrete-even", b, at: [0.2, 0.3, 0.6, 0.9]) == [100, 200, 300, 400])
        // n key times for n values also works: the last value holds from its key time.
        let c = keyframes("position.x", [100, 200, 300], times: [0, 0.1, 0.2], mode: .discrete)
        #expect(try xs("kf-discrete-n", c, at: [0.05, 0.15, 0.5]) == [100, 200, 300])
    }

    @Test func pacedTV38IgnoresKeyTimesAndSegmentTiming() throws {
        let a = keyframes("position.x", [0, 10, 30], times: [0, 0.9, 1], mode: .paced)
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        let x = try xs("kf-tv38", a, at: [1.0 / 6, 1.0 / 3, 0.5, 0.9])
        #expect(isClose(x[0], 5) && isClose(x[1], 10) && isClose(x[2], 15) && isClose(x[3], 27))
    }

    @Test func cubicTangentTV39() {
        let s = KeyframeSpline(points: [[0], [10], [30], [40]], times: [0, 1.0 / 3, 2.0 / 3, 1],
                               tension: [0, 0, 0, 0], continuity: [0, 0, 0, 0], bias: [0, 0, 0, 0])
        #expect(s.outgoingTangent(at: 1) == [15] && s.incomingTangent(at: 1) == [15])
    }

    // MARK: Kochanek–Bartels

    /// Uniform Catmull-Rom on p0…p3 at u in the middle segment, written out independently.
    func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: Double) -> Double {
        0.5 * (2 * p1 + (-p0 + p2) * u + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u + (-p0 + 3 * p1 - 3 * p2 + p3) * u * u * u)
    }

    @Test func cubicWithZeroTCBIsCatmullRom() throws {
        // Points 0, 10, 30, 40 at key times 0, 1/3, 2/3, 1: the middle segment is a Catmull-Rom span.
        let a = keyframes("position", [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 30, y: -20), CGPoint(x: 40, y: 0)],
                          mode: .cubic, duration: 3)
        let samples = [1.2, 1.5, 1.8]
        let layers = try present("kf-catmull", a, at: samples)
        for (layer, e) in zip(layers, samples) {
            let u = e - 1
            #expect(isClose(Double(layer.position.x), catmullRom(0, 10, 30, 40, u), within: 1e-9))
            #expect(isClose(Double(layer.position.y), catmullRom(0, 5, -20, 0, u), within: 1e-9))
        }
        // And it passes through the keyframes.
        let at = try present("kf-catmull-keys", a, at: [1, 2])
        #expect(isClose(at[0].position, CGPoint(x: 10, y: 5)) && isClose(at[1].position, CGPoint(x: 30, y: -20)))
    }

    @Test func tensionContinuityAndBiasShapeTheCurve() throws {
        // Tension 1 flattens the tangents: the middle segment is a smoothstep from 10 to 30.
        let tight = keyframes("position.x", [0, 10, 30, 40], mode: .cubic, duration: 3)
        tight.tensionValues = [1, 1, 1, 1]
        let x = try xs("kf-tension", tight, at: [1.5])[0]
        #expect(isClose(x, 20, within: 1e-9))
        let quarter = try xs("kf-tension-q", tight, at: [1.25])[0]
        let smoothstep: Double = 3 * 0.0625 - 2 * 0.015625   // h01(0.25)
        #expect(isClose(quarter, 10 + 20 * smoothstep, within: 1e-9))
        // Bias 1 uses only the chord before P1 (P1 − P0 = 10) for both tangents.
        let s = KeyframeSpline(points: [[0], [10], [30], [40]], times: [0, 1.0 / 3, 2.0 / 3, 1],
                               tension: [0, 0, 0, 0], continuity: [0, 0, 0, 0], bias: [0, 1, 0, 0])
        #expect(s.outgoingTangent(at: 1) == [10] && s.incomingTangent(at: 1) == [10])
        // Continuity 1 swaps the chords (a corner): outgoing = P1 − P0 = 10, incoming = P2 − P1 = 20.
        let c = KeyframeSpline(points: [[0], [10], [30], [40]], times: [0, 1.0 / 3, 2.0 / 3, 1],
                               tension: [0, 0, 0, 0], continuity: [0, 1, 0, 0], bias: [0, 0, 0, 0])
        #expect(c.outgoingTangent(at: 1) == [10] && c.incomingTangent(at: 1) == [20])
    }

    @Test func cubicPacedMovesAtConstantSpeed() throws {
        let a = keyframes("position", [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 100), CGPoint(x: 200, y: 120), CGPoint(x: 220, y: 0)],
                          mode: .cubicPaced, duration: 2)
        let (display, layer) = makeScene("kf-cubicpaced", at: 1)
        layer.add(a, forKey: "k")
        display.advance(by: 0)
        var points: [CGPoint] = []
        for _ in 0...60 {
            points.append(try #require(layer.presentation()).position)
            display.advance(by: 1.0 / 30)
        }
        let steps = zip(points, points.dropFirst()).map { Double(hypot($1.x - $0.x, $1.y - $0.y)) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(steps.allSatisfy { abs($0 - mean) < 0.01 * mean })
        // The same values in cubic mode speed up and slow down.
        let cubic = keyframes("position", a.values!, mode: .cubic, duration: 2)
        let (d2, l2) = makeScene("kf-cubic-speed", at: 1)
        l2.add(cubic, forKey: "k")
        d2.advance(by: 0)
        var cp: [CGPoint] = []
        for _ in 0...60 {
            cp.append(try #require(l2.presentation()).position)
            d2.advance(by: 1.0 / 30)
        }
        let cs = zip(cp, cp.dropFirst()).map { Double(hypot($1.x - $0.x, $1.y - $0.y)) }
        #expect(cs.max()! > 1.5 * cs.min()!)
    }

    // MARK: Timing functions

    @Test func perSegmentAndOverallTimingFunctions() throws {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let a = keyframes("position.x", [0, 100, 200])
        a.timingFunctions = [easeIn, CAMediaTimingFunction(name: .linear)]
        let x = try xs("kf-segment-tf", a, at: [0.25, 0.75])
        #expect(isClose(x[0], 100 * 0.315357, within: 1e-4) && isClose(x[1], 150, within: 1e-9))
        // The animation's own function eases the overall progress first (0.5 → 0.315357 → segment 0).
        let b = keyframes("position.x", [0, 100, 200])
        b.timingFunction = easeIn
        #expect(isClose(try xs("kf-overall-tf", b, at: [0.5])[0], 200 * 0.315357, within: 1e-4))
    }

    // MARK: Value types, additive, cumulative

    @Test func everyValueType() throws {
        let (display, layer) = makeScene("kf-types", at: 1)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.add(keyframes("backgroundColor", [red, blue, red]), forKey: "c")
        layer.add(keyframes("shadowOffset", [CGSize(width: 0, height: 0), CGSize(width: 10, height: 20), CGSize.zero]), forKey: "s")
        layer.add(keyframes("bounds", [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: 30, height: 50),
                                       CGRect(x: 0, y: 0, width: 10, height: 10)]), forKey: "b")
        layer.add(keyframes("transform", [CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
                                          CATransform3DMakeRotation(.pi, 0, 0, 1)], mode: .cubic), forKey: "t")
        layer.add(keyframes("opacity", [1, 0.2, 1], mode: .cubic), forKey: "o")
        display.advance(by: 0)
        display.advance(by: 0.25)
        let p = try #require(layer.presentation())
        let c = try #require(p.backgroundColor)
        #expect(isClose(Double(c.red), 0.5) && isClose(Double(c.blue), 0.5))
        #expect(isClose(p.shadowOffset.width, 5) && isClose(p.shadowOffset.height, 10))
        #expect(isClose(p.bounds, CGRect(x: 0, y: 0, width: 20, height: 30)))
        // Transforms are splined on their decomposition: a pure rotation about z stays one.
        let angle = atan2(Double(p.transform.m12), Double(p.transform.m11))
        #expect(angle > 0.2 && angle < .pi / 2)
        #expect(isClose(Double(p.transform.m11 * p.transform.m11 + p.transform.m12 * p.transform.m12), 1, within: 1e-9))
        #expect(p.opacity < 1 && p.opacity > 0.2)
        display.advance(by: 0.25)   // p = 0.5: on the middle keyframes exactly
        let mid = try #require(layer.presentation())
        #expect(isClose(mid.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), within: 1e-9))
        #expect(isClose(mid.opacity, 0.2))
        #expect(isClose(mid.shadowOffset.width, 10))
    }

    @Test func additiveKeyframesSumInInsertionOrder() throws {
        let shake = keyframes("position.x", [0, 10, -10, 0], mode: .linear)
        shake.isAdditive = true
        let drift = keyframes("position.x", [0, 100])
        drift.isAdditive = true
        let (display, layer) = makeScene("kf-additive", at: 1)
        layer.add(shake, forKey: "shake")
        layer.add(drift, forKey: "drift")
        display.advance(by: 0)
        display.advance(by: 1.0 / 6)   // shake at p = 1/6 → 5; drift → 16.67; model 50
        #expect(isClose(Double(try #require(layer.presentation()).position.x), 50 + 5 + 100.0 / 6, within: 1e-9))
    }

    @Test func cumulativeAddsTheLastValuePerIteration() throws {
        let a = keyframes("position.x", [0, 4, 10])
        a.isCumulative = true
        a.repeatCount = 3
        #expect(isClose(try xs("kf-cumulative", a, at: [2.75])[0], 2 * 10 + 7))
    }

    // MARK: Paths

    func seedPath(width w: CGFloat, height h: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: w / 2, y: h / 2), control: CGPoint(x: 0, y: h / 2))
        path.addQuadCurve(to: CGPoint(x: w, y: h), control: CGPoint(x: w, y: h / 2))
        path.move(to: CGPoint(x: w, y: h))
        return path
    }

    @Test func pathLinearUsesKeyTimesPacedUsesArcLength() throws {
        // A 100-point line, then a 300-point line.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 300))
        let linear = CAKeyframeAnimation(keyPath: "position")
        linear.path = path
        linear.duration = 1
        let l = try present("kf-path-linear", linear, at: [0.25, 0.5, 0.75])
        #expect(isClose(l[0].position, CGPoint(x: 50, y: 0), within: 1e-6))
        #expect(isClose(l[1].position, CGPoint(x: 100, y: 0), within: 1e-6))
        #expect(isClose(l[2].position, CGPoint(x: 100, y: 150), within: 1e-6))
        let paced = linear.copy() as! CAKeyframeAnimation
        paced.calculationMode = .paced
        let p = try present("kf-path-paced", paced, at: [0.125, 0.5, 0.75])
        #expect(isClose(p[0].position, CGPoint(x: 50, y: 0), within: 1e-6))
        #expect(isClose(p[1].position, CGPoint(x: 100, y: 100), within: 1e-6))
        #expect(isClose(p[2].position, CGPoint(x: 100, y: 200), within: 1e-6))
        // Discrete on a path: the keyframe points.
        let discrete = linear.copy() as! CAKeyframeAnimation
        discrete.calculationMode = .discrete
        let d = try present("kf-path-discrete", discrete, at: [0.1, 0.5, 0.9])
        #expect(d.map(\.position) == [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
    }

    @Test func astronautMovesAtConstantSpeedInPacedMode() throws {
        // Seed 003: the astronaut on two quadratic curves, 2 s, paced.
        let path = seedPath(width: 300, height: 400)
        let fly = CAKeyframeAnimation(keyPath: "position")
        fly.path = path
        fly.duration = 2
        fly.calculationMode = .paced
        let (display, layer) = makeScene("astronaut-paced", at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)   // as for a view's layer outside an animation block
        layer.add(fly, forKey: nil)
        layer.position = path.currentPoint
        CATransaction.commit()
        display.advance(by: 0)
        var points: [CGPoint] = []
        for _ in 0..<120 {
            points.append(try #require(layer.presentation()).position)
            display.advance(by: 1.0 / 60)
        }
        let steps = zip(points, points.dropFirst()).map { Double(hypot($1.x - $0.x, $1.y - $0.y)) }
        let length = Double(path.length(tolerance: 0.01))
        #expect(steps.allSatisfy { abs($0 - length / 120) < 0.01 * length / 120 })
        #expect(isClose(points[0], .zero, within: 1e-9))
        display.advance(to: 3.5)   // finished and removed: the model (the path's end) shows
        #expect(try #require(layer.presentation()).position == CGPoint(x: 300, y: 400))
    }

    @Test func astronautScrubbedWithSpeedZeroAndTimeOffset() throws {
        // The seed's slider: speed 0, timeOffset = value × duration, added with a nil key.
        let path = seedPath(width: 300, height: 400)
        let measure = PathMeasure(path)
        for value in [0.0, 0.25, 0.5, 0.8] {
            let (display, layer) = makeScene("astronaut-scrub-\(value)", at: 1)
            let scrub = CAKeyframeAnimation(keyPath: "position")
            scrub.path = path
            scrub.duration = 2
            scrub.speed = 0
            scrub.timeOffset = 2 * value
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.add(scrub, forKey: nil)
            layer.position = path.currentPoint
            CATransaction.commit()
            display.advance(by: 0)
            display.advance(by: 5)   // time passes; the astronaut stays put
            let expected = measure.position(atDistance: measure.length * CGFloat(value)).point
            #expect(isClose(try #require(layer.presentation()).position, expected, within: 0.01))
        }
        // The second variant: beginTime 1 in the past, kept with a forwards fill.
        let (display, layer) = makeScene("astronaut-fill", at: 10)
        let held = CAKeyframeAnimation(keyPath: "position")
        held.path = path
        held.duration = 2
        held.timeOffset = 2 * 0.25
        held.beginTime = 1
        held.isRemovedOnCompletion = false
        held.fillMode = .forwards
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.add(held, forKey: nil)
        layer.position = path.currentPoint
        CATransaction.commit()
        display.advance(by: 0.5)
        let expected = measure.position(atDistance: measure.length * 0.25).point
        #expect(isClose(try #require(layer.presentation()).position, expected, within: 0.01))
    }

    @Test func pathMovesJumpAndCloseReturns() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.move(to: CGPoint(x: 0, y: 200))
        path.addLine(to: CGPoint(x: 100, y: 200))
        path.closeSubpath()   // back to (0, 200)
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 3
        let l = try present("kf-path-moves", a, at: [0.5, 1.5, 2.5])
        #expect(isClose(l[0].position, CGPoint(x: 50, y: 0), within: 1e-6))
        #expect(isClose(l[1].position, CGPoint(x: 50, y: 200), within: 1e-6))
        #expect(isClose(l[2].position, CGPoint(x: 50, y: 200), within: 1e-6))
    }

    // MARK: Rotation

    @Test func rotationModeTurnsTheLayerAlongTheTangent() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))     // heading +x: angle 0
        path.addLine(to: CGPoint(x: 100, y: 100))   // heading +y (down): angle π/2
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 2
        a.rotationMode = .rotateAuto
        let (display, layer) = makeScene("kf-rotate", at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        CATransaction.commit()
        layer.add(a, forKey: "fly")
        let reverse = a.copy() as! CAKeyframeAnimation
        reverse.rotationMode = .rotateAutoReverse
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(isClose(try #require(layer.presentation()).transform, CATransform3DMakeScale(2, 2, 1), within: 1e-9))
        display.advance(by: 1)
        let down = CATransform3DMakeRotation(.pi / 2, 0, 0, 1) * CATransform3DMakeScale(2, 2, 1)
        #expect(isClose(try #require(layer.presentation()).transform, down, within: 1e-9))

        let (d2, l2) = makeScene("kf-rotate-reverse", at: 1)
        l2.add(reverse, forKey: "fly")
        d2.advance(by: 0)
        d2.advance(by: 1.5)
        #expect(isClose(try #require(l2.presentation()).transform, CATransform3DMakeRotation(.pi * 1.5, 0, 0, 1), within: 1e-9))
    }

    @Test func rotationModeFollowsPointValuesToo() throws {
        let a = keyframes("position", [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 100), CGPoint(x: -100, y: 100)])
        a.rotationMode = .rotateAuto
        let l = try present("kf-rotate-values", a, at: [0.25, 0.75])
        #expect(isClose(l[0].transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), within: 1e-9))
        #expect(isClose(l[1].transform, CATransform3DMakeRotation(.pi, 0, 0, 1), within: 1e-9))
    }

    // MARK: Bad input

    @Test func invalidKeyframesAreRejectedAndTheModelShows() throws {
        func rejected(_ name: String, _ fragment: String, keyPath: String = "position.x",
                      _ make: (CAKeyframeAnimation) -> Void) throws {
            let (display, layer) = makeScene(name, at: 1)
            let a = CAKeyframeAnimation(keyPath: keyPath)
            a.duration = 1
            make(a)
            let before = diagnosticCount("'\(name)'")
            layer.add(a, forKey: "bad")
            #expect(diagnosticCount("'\(name)'") == before + 1)
            #expect(Diagnostics.messages(containing: "'\(name)'").last?.contains(fragment) == true)
            #expect(layer.animation(forKey: "bad") == nil)
            display.advance(by: 0.5)
            #expect(try #require(layer.presentation()).position.x == 50)
        }
        try rejected("kf-bad-count", "keyTimes has 2 entries for 3 keyframes") { $0.values = [0, 1, 2]; $0.keyTimes = [0, 1] }
        try rejected("kf-bad-order", "keyTimes decrease") { $0.values = [0, 1, 2]; $0.keyTimes = [0, 0.7, 0.5] }
        try rejected("kf-bad-range", "outside 0…1") { $0.values = [0, 1, 2]; $0.keyTimes = [0, 0.5, 1.5] }
        try rejected("kf-bad-nan", "NaN") { $0.values = [0, 1, 2]; $0.keyTimes = [0, NSNumber(value: Double.nan), 1] }
        try rejected("kf-bad-empty", "values is empty") { $0.values = [] }
        try rejected("kf-bad-nil", "values is nil") { _ in }
        try rejected("kf-bad-type", "values[1]") { $0.values = [0, "ten", 20] }
        try rejected("kf-bad-value", "values[2]") { $0.values = [0, 10, Double.infinity] }
        try rejected("kf-bad-path", "the path has no segments", keyPath: "position") {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10, y: 10))
            $0.path = p
        }
        try rejected("kf-bad-path-nan", "NaN or infinite point", keyPath: "position") {
            let p = CGMutablePath()
            p.move(to: .zero)
            p.addLine(to: CGPoint(x: CGFloat.nan, y: 10))
            $0.path = p
        }
        try rejected("kf-bad-path-kind", "a path animates point properties") {
            let p = CGMutablePath()
            p.move(to: .zero)
            p.addLine(to: CGPoint(x: 10, y: 10))
            $0.path = p
        }
    }

    @Test func mismatchedTimingArraysAreReportedButRun() throws {
        let a = keyframes("position.x", [0, 100, 200], mode: .cubic)
        a.timingFunctions = [CAMediaTimingFunction(name: .linear)]   // 1 for 2 segments
        a.tensionValues = [0, 5]                                      // short, and out of range
        let before = diagnosticCount("kf-mismatch")
        let x = try xs("kf-mismatch", a, at: [0.5])
        #expect(diagnosticCount("kf-mismatch") == before + 3)
        #expect(isClose(x[0], 100))
    }

    @Test func pathIsCopiedOnAssignmentAndAddCopiesTheAnimation() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 1
        path.addLine(to: CGPoint(x: 100, y: 100))   // later changes to the caller's path do not count
        #expect(a.path?.elements.count == 2)
        let (display, layer) = makeScene("kf-copy", at: 1)
        layer.add(a, forKey: "k")
        a.values = [CGPoint(x: 5, y: 5)]
        a.path = nil                                 // nor do later changes to the animation
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(isClose(try #require(layer.presentation()).position, CGPoint(x: 50, y: 0)))
    }
}
