import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// The spring maths (§2.5, TV40–TV44) checked against the analytic solutions written out here, and
/// `CASpringAnimation` on a headless display.
@MainActor
@Suite("Springs")
struct SpringAnimationTests {
    // Independent analytic solutions (x(0) = 1, x'(0) = −v0), progress = 1 − x.
    func underdamped(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
        let w0 = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot())
        let wd = w0 * (1 - z * z).squareRoot()
        return 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v0) / wd * sin(wd * t))
    }

    func critical(w0: Double, v0: Double, t: Double) -> Double {
        1 - (1 + (w0 - v0) * t) * exp(-w0 * t)
    }

    func overdamped(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
        let w0 = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot())
        let w2 = w0 * (z * z - 1).squareRoot()
        return 1 - exp(-z * w0 * t) * (cosh(w2 * t) + (z * w0 - v0) / w2 * sinh(w2 * t))
    }

    // MARK: SpringSolver

    @Test func defaultSpringMatchesTV40() {
        let s = SpringSolver()
        #expect(isClose(s.naturalFrequency, 10) && isClose(s.dampingRatio, 0.5))
        #expect(isClose(s.value(at: 0.1), 0.340300, within: 1e-6))
        #expect(isClose(s.value(at: 0.25), 1.023360, within: 1e-6))
        #expect(isClose(s.value(at: 0.5), 1.074591, within: 1e-6))
        #expect(isClose(s.value(at: 1.0), 1.002170, within: 1e-6))
        #expect(s.value(at: 0) == 0 && s.value(at: -1) == 0)
    }

    @Test func underdampedMatchesFormulaAtSampleTimes() {
        let s = SpringSolver(mass: 2, stiffness: 300, damping: 12, initialVelocity: 3)
        for t in stride(from: 0.0, through: 3, by: 0.07) {
            #expect(isClose(s.value(at: t), underdamped(m: 2, k: 300, c: 12, v0: 3, t: t), within: 1e-12))
        }
    }

    @Test func criticalMatchesFormula() {
        // k = 100, m = 1 → ω0 = 10; c = 20 → ζ = 1.
        let s = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: -4)
        for t in stride(from: 0.0, through: 2, by: 0.05) {
            #expect(isClose(s.value(at: t), critical(w0: 10, v0: -4, t: t), within: 1e-12))
        }
    }

    @Test func overdampedOnlyWithAllowsOverdamping() {
        // c = 50 → ζ = 2.5.
        let over = SpringSolver(mass: 1, stiffness: 100, damping: 50, allowsOverdamping: true)
        let clamped = SpringSolver(mass: 1, stiffness: 100, damping: 50, allowsOverdamping: false)
        for t in stride(from: 0.05, through: 4, by: 0.15) {
            #expect(isClose(over.value(at: t), overdamped(m: 1, k: 100, c: 50, v0: 0, t: t), within: 1e-12))
            #expect(isClose(clamped.value(at: t), critical(w0: 10, v0: 0, t: t), within: 1e-12))
        }
        // Over-damping creeps: slower than critical at every sample.
        #expect(over.value(at: 0.3) < clamped.value(at: 0.3))
        // Far out, the stable form stays finite and at the target.
        #expect(isClose(over.value(at: 1e4), 1))
    }

    @Test func velocityIsTheDerivative() {
        for s in [SpringSolver(initialVelocity: 2), SpringSolver(damping: 20, initialVelocity: -3),
                  SpringSolver(damping: 45, initialVelocity: 1, allowsOverdamping: true)] {
            #expect(isClose(s.velocity(at: 0), s.initialVelocity, within: 1e-12))
            for t in [0.03, 0.2, 0.61, 1.3] {
                let h = 1e-6
                let numeric = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
                #expect(isClose(s.velocity(at: t), numeric, within: 1e-5))
            }
        }
    }

    @Test func settlingDurationTV41AndDampedRegimes() {
        #expect(isClose(SpringSolver().settlingDuration, 1.4727, within: 1e-4))
        // Critical and over-damped: multiples of 0.1 s, first step within ε for good.
        for s in [SpringSolver(damping: 20), SpringSolver(damping: 50, allowsOverdamping: true)] {
            let ts = s.settlingDuration
            #expect(isClose((ts * 10).rounded(), ts * 10, within: 1e-9))
            #expect(abs(1 - s.value(at: ts)) < 0.001)
            #expect(abs(1 - s.value(at: ts - 0.1)) >= 0.001)
        }
        #expect(SpringSolver(damping: 0).settlingDuration == .infinity)
    }

    @Test func conversionsTV42TV43TV44() {
        let p = SpringSolver(perceptualDuration: 0.5, bounce: 0)
        #expect(isClose(p.stiffness, 157.9137, within: 1e-4) && isClose(p.damping, 25.1327, within: 1e-4))
        #expect(isClose(p.dampingRatio, 1, within: 1e-12) && isClose(p.response, 0.5, within: 1e-12))
        #expect(isClose(SpringSolver(perceptualDuration: 0.5, bounce: 0.3).damping, 17.5929, within: 1e-4))
        let bouncy = SpringSolver(perceptualDuration: 0.5, bounce: -0.5)
        #expect(isClose(bouncy.dampingRatio, 2, within: 1e-12) && isClose(bouncy.bounce, -0.5, within: 1e-12))
        // UISpringTimingParameters() spring: m 3, k 1000, c 500.
        let ui = SpringSolver(mass: 3, stiffness: 1000, damping: 500)
        #expect(isClose(ui.dampingRatio, 4.5644, within: 1e-4) && isClose(ui.response, 0.34414, within: 1e-5))
        let r = SpringSolver(dampingRatio: 0.8, response: 0.5)
        #expect(r.mass == 1 && isClose(r.damping, 20.1062, within: 1e-4) && isClose(r.dampingRatio, 0.8, within: 1e-12))
    }

    @Test func badSolverInputIsReportedAndReplaced() {
        let before = diagnosticCount("SpringSolver: rejected mass")
        let s = SpringSolver(mass: -2, stiffness: .nan, damping: -1, initialVelocity: .infinity)
        #expect(diagnosticCount("SpringSolver: rejected mass") == before + 1)
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0)
        #expect(SpringSolver(dampingRatio: .nan, response: -1).dampingRatio == 1)
        #expect(SpringSolver(perceptualDuration: 0.5, bounce: -1).bounce == 0)
        #expect(s.value(at: .nan) == 0 && s.value(at: .infinity) == 1)
    }

    // MARK: CASpringAnimation properties

    @Test func defaultsAndSetterValidation() {
        let a = CASpringAnimation(keyPath: "position.x")
        #expect(a.mass == 1 && a.stiffness == 100 && a.damping == 10 && a.initialVelocity == 0 && !a.allowsOverdamping)
        #expect(isClose(Double(a.settlingDuration), 1.4727, within: 1e-4))
        let before = diagnosticCount("CASpringAnimation: rejected")
        a.mass = 0
        a.stiffness = -5
        a.damping = .nan
        a.initialVelocity = .infinity
        #expect(diagnosticCount("CASpringAnimation: rejected") == before + 4)
        #expect(a.mass == 1 && a.stiffness == 100 && a.damping == 10 && a.initialVelocity == 0)
        a.speed = 2
        #expect(isClose(a.settlingDuration, 1.4727 / 2, within: 1e-4))
        a.speed = 0
        #expect(a.settlingDuration == CFTimeInterval(Float.greatestFiniteMagnitude))
    }

    @Test func perceptualInitializer() {
        let a = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(a.mass == 1 && a.allowsOverdamping)
        #expect(isClose(Double(a.stiffness), 157.9137, within: 1e-4) && isClose(Double(a.damping), 17.5929, within: 1e-4))
        #expect(isClose(a.perceptualDuration, 0.5, within: 1e-9) && isClose(Double(a.bounce), 0.3, within: 1e-9))
        #expect(a.duration == a.settlingDuration && a.duration > 0.5)
        let copy = a.copy() as! CASpringAnimation
        #expect(copy.stiffness == a.stiffness && copy.damping == a.damping && copy.allowsOverdamping)
    }

    // MARK: On a layer

    @Test func springDrivesPositionWithoutStretchingToDuration() throws {
        let (display, layer) = makeScene("spring-x", at: 1)
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 0.8                                      // cuts the spring off before it settles
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)   // ignored by springs
        layer.add(a, forKey: "spring")
        display.advance(by: 0)
        for e in [0.1, 0.25, 0.5] {
            display.advance(to: 1 + e)
            let x = Double(try #require(layer.presentation()).position.x)
            #expect(isClose(x, 100 * underdamped(m: 1, k: 100, c: 10, v0: 0, t: e), within: 1e-6))
        }
        display.advance(to: 1.9)   // past the duration: removed, the model shows
        #expect(layer.animation(forKey: "spring") == nil)
        #expect(try #require(layer.presentation()).position.x == 50)
    }

    @Test func springWorksOnEveryValueType() throws {
        let (display, layer) = makeScene("spring-types", at: 1)
        func spring(_ keyPath: String, _ from: Any, _ to: Any) -> CASpringAnimation {
            let a = CASpringAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.duration = 2
            return a
        }
        layer.add(spring("position", CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 200)), forKey: "p")
        layer.add(spring("bounds", CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: 110, height: 60)), forKey: "b")
        layer.add(spring("backgroundColor", CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 0.5, green: 1, blue: 0, alpha: 1)), forKey: "c")
        layer.add(spring("transform.scale", 1, 2), forKey: "s")
        layer.add(spring("opacity", 0, 1), forKey: "o")
        display.advance(by: 0)
        display.advance(by: 0.5)
        let p = underdamped(m: 1, k: 100, c: 10, v0: 0, t: 0.5)   // ≈ 1.0746 (overshooting)
        let pres = try #require(layer.presentation())
        #expect(isClose(Double(pres.position.x), 100 * p, within: 1e-6) && isClose(Double(pres.position.y), 200 * p, within: 1e-6))
        #expect(isClose(Double(pres.bounds.width), 10 + 100 * p, within: 1e-6) && isClose(Double(pres.bounds.height), 10 + 50 * p, within: 1e-6))
        let c = try #require(pres.backgroundColor)
        #expect(isClose(Double(c.red), 0.5 * p, within: 1e-6) && isClose(Double(c.green), p, within: 1e-6))
        #expect(isClose(Double(pres.transform.m11), 1 + p, within: 1e-6))
        #expect(isClose(Double(pres.opacity), p, within: 1e-6))
    }

    @Test func additiveSpringsSumOnTheModelValue() throws {
        // UIKit-style interruption: the model jumps to 300, additive springs animate the offset to 0.
        let (display, layer) = makeScene("spring-add", at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 300, y: 50)
        CATransaction.commit()
        let first = CASpringAnimation(keyPath: "position.x")
        first.fromValue = -250
        first.toValue = 0
        first.isAdditive = true
        first.duration = 3
        let second = CASpringAnimation(keyPath: "position.x")
        second.fromValue = -40
        second.toValue = 0
        second.isAdditive = true
        second.damping = 20
        second.duration = 3
        layer.add(first, forKey: nil)
        layer.add(second, forKey: nil)
        display.advance(by: 0)
        display.advance(by: 0.3)
        let expected = 300 - 250 * (1 - underdamped(m: 1, k: 100, c: 10, v0: 0, t: 0.3))
            - 40 * (1 - critical(w0: 10, v0: 0, t: 0.3))
        #expect(isClose(Double(try #require(layer.presentation()).position.x), expected, within: 1e-6))
    }

    @Test func cumulativeSpringsStackTheirRepeats() throws {
        let (display, layer) = makeScene("spring-cumulative", at: 1)
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 10
        a.duration = 1
        a.repeatCount = 3
        a.isCumulative = true
        layer.add(a, forKey: "c")
        display.advance(by: 0)
        display.advance(by: 2.25)   // third iteration (k = 2), 0.25 s into it
        let x = Double(try #require(layer.presentation()).position.x)
        #expect(isClose(x, 2 * 10 + 10 * underdamped(m: 1, k: 100, c: 10, v0: 0, t: 0.25), within: 1e-6))
    }

    @Test func initialVelocityPushesTowardsTheTarget() throws {
        let (display, layer) = makeScene("spring-v0", at: 1)
        let a = CASpringAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.initialVelocity = 5
        a.duration = 2
        layer.add(a, forKey: "v")
        display.advance(by: 0)
        display.advance(by: 0.05)
        let o = Double(try #require(layer.presentation()).opacity)
        #expect(isClose(o, underdamped(m: 1, k: 100, c: 10, v0: 5, t: 0.05), within: 1e-6))
        #expect(o > underdamped(m: 1, k: 100, c: 10, v0: 0, t: 0.05))
    }
}
