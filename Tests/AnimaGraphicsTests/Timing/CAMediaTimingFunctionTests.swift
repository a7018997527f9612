import Foundation
import Testing
import AnimaGraphics

@Suite("CAMediaTimingFunction")
struct CAMediaTimingFunctionTests {
    static let names: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    /// Reference evaluation for checks: bisection on x(t) to 1e-15 in t (x is monotonic for x controls in 0…1).
    static func reference(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double) -> Double {
        func bez(_ a: Double, _ b: Double, _ t: Double) -> Double {
            3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bez(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
        }
        return bez(c1y, c2y, (lo + hi) / 2)
    }

    // MARK: Named functions (§3 table)

    @Test(arguments: [
        (CAMediaTimingFunctionName.linear, (Float(0), Float(0), Float(1), Float(1))),
        (.easeIn, (0.42, 0, 1, 1)),
        (.easeOut, (0, 0, 0.58, 1)),
        (.easeInEaseOut, (0.42, 0, 0.58, 1)),
        (.default, (0.25, 0.1, 0.25, 1)),
    ])
    func namedControlPoints(name: CAMediaTimingFunctionName, points: (Float, Float, Float, Float)) {
        let f = CAMediaTimingFunction(name: name)
        #expect(f.c1 == (points.0, points.1))
        #expect(f.c2 == (points.2, points.3))
        #expect(f.name == name)
        #expect(f == CAMediaTimingFunction(controlPoints: points.0, points.1, points.2, points.3))
    }

    @Test func nameRawValuesAreAppleStrings() {
        #expect(Self.names.map(\.rawValue) == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
        // An unknown name falls back to linear.
        let f = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bogus"))
        #expect(f.c1 == (0, 0) && f.c2 == (1, 1))
    }

    // MARK: Test vectors TV24–TV29

    // Control points are stored as Float (as in Core Animation): Float(0.42) + Float(0.58) = 1 − 3e-8, so
    // the symmetries below hold to about 1e-7, not to Double precision.

    @Test func easeInEaseOutIsSymmetricTV24() {
        #expect(isClose(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(at: 0.5), 0.5, within: 1e-7))
    }

    @Test(arguments: [
        // TV25–TV28 (six significant digits in the reference).
        (CAMediaTimingFunctionName.easeInEaseOut, 0.25, 0.129162),
        (.easeInEaseOut, 0.75, 0.870838),
        (.easeIn, 0.5, 0.315357),
        (.easeOut, 0.5, 0.684643),
        (.default, 0.5, 0.802403),
        (.default, 0.25, 0.408511),
        // TV29.
        (.linear, 0.25, 0.25),
    ])
    func referenceVectors(name: CAMediaTimingFunctionName, x: Double, expected: Double) {
        #expect(isClose(CAMediaTimingFunction(name: name).evaluate(at: x), expected, within: 1e-6))
    }

    @Test func easeOutMirrorsEaseInTV27() {
        // easeOut's controls are easeIn's rotated by 180° about (½, ½), so easeOut(x) = 1 − easeIn(1 − x).
        let easeIn = CAMediaTimingFunction(name: .easeIn), easeOut = CAMediaTimingFunction(name: .easeOut)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(isClose(easeOut.evaluate(at: x), 1 - easeIn.evaluate(at: 1 - x), within: 1e-7))
        }
    }

    @Test func easeInEaseOutIsPointSymmetric() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(isClose(f.evaluate(at: x) + f.evaluate(at: 1 - x), 1, within: 1e-7))
        }
    }

    @Test(arguments: names)
    func lastControlPointIsOneOneTV29(name: CAMediaTimingFunctionName) {
        var values: [Float] = [-1, -1]
        CAMediaTimingFunction(name: name).getControlPoint(at: 3, values: &values)
        #expect(values == [1, 1])
    }

    // MARK: Control points

    @Test func getControlPointWritesEachIndex() {
        let f = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var values: [Float] = [9, 9]
        f.getControlPoint(at: 0, values: &values)
        #expect(values == [0, 0])
        f.getControlPoint(at: 1, values: &values)
        #expect(values == [0.1, 0.2])
        f.getControlPoint(at: 2, values: &values)
        #expect(values == [0.3, 0.4])
        f.getControlPoint(at: 3, values: &values)
        #expect(values == [1, 1])
    }

    @Test func controlPointsAreStoredAsFloat() {
        let f = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        #expect(f.controlPoint(at: 1).x == Float(0.1))
        // Out-of-range indices read as the origin.
        #expect(f.controlPoint(at: 7) == (0, 0) && f.controlPoint(at: -1) == (0, 0))
    }

    @Test func controlPointXIsClampedButYIsKept() {
        // y outside 0…1 makes overshoot curves; x outside 0…1 would make the curve not a function of x.
        let f = CAMediaTimingFunction(controlPoints: -0.5, -0.3, 1.7, 1.4)
        #expect(f.c1 == (0, -0.3) && f.c2 == (1, 1.4))
    }

    @Test func nonFiniteControlPointsBecomeZero() {
        let f = CAMediaTimingFunction(controlPoints: .nan, .infinity, 0.5, -.infinity)
        #expect(f.c1 == (0, 0) && f.c2 == (0.5, 0))
    }

    // MARK: Evaluation

    @Test(arguments: names)
    func endpointsAreFixed(name: CAMediaTimingFunctionName) {
        let f = CAMediaTimingFunction(name: name)
        #expect(f.evaluate(at: 0) == 0)
        #expect(f.evaluate(at: 1) == 1)
    }

    @Test(arguments: names)
    func outputsAreMonotonic(name: CAMediaTimingFunctionName) {
        // Every predefined curve has y controls in 0…1, so y rises with x.
        let f = CAMediaTimingFunction(name: name)
        var previous = 0.0
        for i in 1...1000 {
            let y = f.evaluate(at: Double(i) / 1000)
            #expect(y >= previous)
            previous = y
        }
        #expect(previous == 1)
    }

    @Test(arguments: names)
    func namedCurvesMatchAnIndependentSolver(name: CAMediaTimingFunctionName) {
        let f = CAMediaTimingFunction(name: name)
        let (c1, c2) = (f.c1, f.c2)
        for i in 0...100 {
            let x = Double(i) / 100
            let expected = Self.reference(Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), x)
            #expect(isClose(f.evaluate(at: x), expected, within: 1e-6))
        }
    }

    @Test(arguments: [(-0.5, 0.0), (-1e9, 0.0), (1.5, 1.0), (1e9, 1.0), (Double.infinity, 1.0), (-Double.infinity, 0.0)])
    func outOfRangeInputsAreClamped(x: Double, expected: Double) {
        #expect(CAMediaTimingFunction(name: .easeIn).evaluate(at: x) == expected)
    }

    @Test func nanInputGivesZero() {
        #expect(CAMediaTimingFunction(name: .default).evaluate(at: .nan) == 0)
    }

    @Test func linearIsTheIdentity() {
        let f = CAMediaTimingFunction(name: .linear)
        for x in stride(from: 0.0, through: 1.0, by: 0.1) { #expect(f.evaluate(at: x) == x) }
        // Any controls on the diagonal give the identity curve too.
        let diagonal = CAMediaTimingFunction(controlPoints: 0.3, 0.3, 0.8, 0.8)
        #expect(isClose(diagonal.evaluate(at: 0.37), 0.37, within: 1e-12))
    }

    // MARK: Steep custom curves (x′(t) ≈ 0 somewhere)

    @Test(arguments: [1e-9, 1e-6, 1e-3, 0.01, 0.1, 0.5, 0.9, 0.999])
    func controlPoints0101(x: Double) {
        // c1 = (0, 1), c2 = (0, 1): x(t) = t³, y(t) = 1 − (1 − t)³ (x′(0) = 0).
        // So t = ∛x and y = 1 − (1 − ∛x)³.
        let f = CAMediaTimingFunction(controlPoints: 0, 1, 0, 1)
        let t = cbrt(x)
        #expect(isClose(f.evaluate(at: x), 1 - pow(1 - t, 3), within: 1e-6))
    }

    @Test(arguments: [1e-3, 0.1, 0.5, 0.9, 0.999, 1 - 1e-6, 1 - 1e-9])
    func controlPoints1010(x: Double) {
        // c1 = (1, 0), c2 = (1, 0): x(t) = 1 − (1 − t)³, y(t) = t³ (x′(1) = 0).
        // So t = 1 − ∛(1 − x) and y = t³.
        let f = CAMediaTimingFunction(controlPoints: 1, 0, 1, 0)
        let t = 1 - cbrt(1 - x)
        #expect(isClose(f.evaluate(at: x), t * t * t, within: 1e-6))
    }

    @Test(arguments: [1e-9, 1e-6, 0.01, 0.3, 0.5, 0.7, 0.99, 1 - 1e-6, 1 - 1e-9])
    func smoothstepInXHasFlatEnds(x: Double) {
        // c1 = (0, 0.25), c2 = (1, 0.75) (exact in Float): x(t) = 3t² − 2t³, so x′ = 0 at both ends.
        // Inverse of smoothstep: t = ½ − sin(asin(1 − 2x)/3); y(t) = 0.75t(1 − t)² + 2.25t²(1 − t) + t³.
        let f = CAMediaTimingFunction(controlPoints: 0, 0.25, 1, 0.75)
        let t = 0.5 - sin(asin(1 - 2 * x) / 3)
        let y = 0.75 * t * (1 - t) * (1 - t) + 2.25 * t * t * (1 - t) + t * t * t
        #expect(isClose(f.evaluate(at: x), y, within: 1e-6))
    }

    @Test(arguments: [0.1, 0.3, 0.5 - 1e-9, 0.5, 0.5 + 1e-12, 0.7, 0.9])
    func stepLikeCurveWithFlatMiddle(x: Double) {
        // c1 = (1, 0), c2 = (0, 1): x(t) = 4t³ − 6t² + 3t = ½ + (2t − 1)³/2, flat at t = ½;
        // so t = (1 + ∛(2x − 1))/2 and y(t) = 3t² − 2t³.
        let f = CAMediaTimingFunction(controlPoints: 1, 0, 0, 1)
        let t = (1 + cbrt(2 * x - 1)) / 2
        #expect(isClose(f.evaluate(at: x), 3 * t * t - 2 * t * t * t, within: 1e-6))
    }

    @Test func overshootingCurveLeavesTheUnitRange() {
        // "Back" easing: y controls outside 0…1 overshoot; y(t) for c1y = −0.5 dips below 0 early on.
        let f = CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        #expect(f.evaluate(at: 0.1) < 0)
        #expect(f.evaluate(at: 0.9) > 1)
        #expect(isClose(f.evaluate(at: 0.5), 0.5, within: 1e-9))   // point symmetric about (½, ½)
    }

    // MARK: Identity

    @Test func equalityIgnoresTheName() {
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
        #expect(CAMediaTimingFunction(name: .easeIn).hashValue == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1).hashValue)
    }

    @Test func descriptionShowsNameOrControlPoints() {
        #expect(CAMediaTimingFunction(name: .easeOut).description == "CAMediaTimingFunction(easeOut)")
        #expect(CAMediaTimingFunction(controlPoints: 0.5, 0, 1, 1).description == "CAMediaTimingFunction(0.5, 0.0, 1.0, 1.0)")
    }
}
