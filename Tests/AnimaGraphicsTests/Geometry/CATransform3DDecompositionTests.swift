import Foundation
import Testing
import AnimaGraphics

@Suite("CATransform3D decomposition and interpolation")
struct CATransform3DDecompositionTests {
    static func perspective(_ d: CGFloat) -> CATransform3D {
        var t = CATransform3D.identity
        t.m34 = -1 / d
        return t
    }

    static func skew(xy: CGFloat) -> CATransform3D {
        var t = CATransform3D.identity
        t.m21 = xy   // row-vector convention: x' = x + xy·y
        return t
    }

    static let roundTripCases: [(String, CATransform3D)] = [
        ("identity", .identity),
        ("rotation x", CATransform3DMakeRotation(0.7, 1, 0, 0)),
        ("rotation y", CATransform3DMakeRotation(-1.2, 0, 1, 0)),
        ("rotation z", CATransform3DMakeRotation(2.5, 0, 0, 1)),
        ("rotation arbitrary axis", CATransform3DMakeRotation(1.9, 1, -2, 3)),
        ("rotation 3 about x (x is the largest quaternion part)", CATransform3DMakeRotation(3, 1, 0, 0)),
        ("rotation 3 about y (y is the largest quaternion part)", CATransform3DMakeRotation(3, 0, 1, 0)),
        ("rotation 3 about z (z is the largest quaternion part)", CATransform3DMakeRotation(3, 0.1, 0.2, 1)),
        ("rotation near π", CATransform3DMakeRotation(.pi - 1e-6, 2, 1, -1)),
        ("rotation π about z", CATransform3DMakeRotation(.pi, 0, 0, 1)),
        ("rotation π about a diagonal", CATransform3DMakeRotation(.pi, 1, 1, 0)),
        ("rotation π about an anti-diagonal", CATransform3DMakeRotation(.pi, 1, -1, 0)),
        ("exact half turn about (1, −1, 0)",
         CATransform3D(m11: 0, m12: -1, m13: 0, m14: 0, m21: -1, m22: 0, m23: 0, m24: 0,
                       m31: 0, m32: 0, m33: -1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)),
        ("exact half turn about (0, 1, −1)",
         CATransform3D(m11: -1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: -1, m24: 0,
                       m31: 0, m32: -1, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)),
        ("swap x and y (reflection across y = x)",
         CATransform3DMakeAffineTransform(CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0))),
        ("scale", CATransform3DMakeScale(2, 3, 0.5)),
        ("negative x scale", CATransform3DMakeScale(-1, 1, 1)),
        ("negative scales", CATransform3DMakeScale(-2, 3, -4)),
        ("all negative", CATransform3DMakeScale(-1, -1, -1)),
        ("skew", skew(xy: 0.5)),
        ("translation", CATransform3DMakeTranslation(10, -20, 30)),
        ("perspective", perspective(500)),
        ("everything",
         CATransform3DMakeScale(1.5, -2, 0.75) * skew(xy: -0.3) * CATransform3DMakeRotation(0.9, 3, 1, -2)
            * perspective(800) * CATransform3DMakeTranslation(7, 8, -9)),   // keeps m44 = 1
        ("general 3×3 with skew in all planes",
         CATransform3D(m11: 2, m12: 0.3, m13: -0.1, m14: 0, m21: 0.4, m22: 1.5, m23: 0.2, m24: 0,
                       m31: -0.7, m32: 0.6, m33: 0.9, m34: 0, m41: 1, m42: 2, m43: 3, m44: 1)),
    ]

    @Test(arguments: roundTripCases)
    func decomposeThenRecomposeReturnsTheMatrix(name: String, t: CATransform3D) throws {
        let d = try #require(t.decomposed(), "\(name) should decompose")
        let q = d.quaternion
        #expect(isClose(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w, 1, within: 1e-12), "\(name): unit quaternion")
        #expect(isClose(d.recomposed(), t, within: 1e-9), "\(name)")
    }

    @Test func partsOfASimpleTransformAreReadBack() throws {
        let t = CATransform3DMakeScale(2, 3, 4) * CATransform3DMakeTranslation(5, 6, 7)
        let d = try #require(t.decomposed())
        #expect(d.scale == (2, 3, 4))
        #expect(d.translation == (5, 6, 7))
        #expect(d.skew == (0, 0, 0))
        #expect(d.quaternion == (0, 0, 0, 1))
        #expect(d.perspective == (0, 0, 0, 1))
    }

    @Test func rotationAboutZGivesTheHalfAngleQuaternion() throws {
        // q = (axis·sin(θ/2), cos(θ/2)); θ = π/3 → (0, 0, ½, √3/2).
        let d = try #require(CATransform3DMakeRotation(.pi / 3, 0, 0, 1).decomposed())
        #expect(isClose(d.quaternion.x, 0) && isClose(d.quaternion.y, 0))
        #expect(isClose(d.quaternion.z, 0.5) && isClose(d.quaternion.w, 0.75.squareRoot()))
        #expect(isClose(d.scale.x, 1) && isClose(d.scale.y, 1) && isClose(d.scale.z, 1))
    }

    @Test func skewIsReadBack() throws {
        let d = try #require(Self.skew(xy: 0.5).decomposed())
        #expect(isClose(d.skew.xy, 0.5) && isClose(d.skew.xz, 0) && isClose(d.skew.yz, 0))
    }

    @Test func perspectiveIsReadBack() throws {
        let d = try #require(Self.perspective(500).decomposed())
        #expect(isClose(d.perspective.z, -1.0 / 500) && d.perspective.w == 1)
    }

    @Test func homogeneousScaleIsNormalisedButProjectsTheSame() throws {
        // m44 = 2 halves every point; the decomposition divides it out.
        var t = CATransform3DMakeTranslation(4, 6, 0)
        t.m44 = 2
        let r = try #require(t.decomposed()).recomposed()
        #expect(r.m44 == 1)
        let p = CGPoint(x: 3, y: -1)
        // (3 + 4, −1 + 6) / 2.
        #expect(isClose(r.project(p), CGPoint(x: 3.5, y: 2.5)))
        #expect(isClose(r.project(p), t.project(p)))
    }

    @Test(arguments: [
        CATransform3DMakeScale(0, 1, 1),
        CATransform3DMakeScale(1, 1, 0),
        CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                      m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0),
    ])
    func singularMatricesDoNotDecompose(t: CATransform3D) {
        #expect(t.decomposed() == nil)
    }

    @Test func nonFiniteMatricesDoNotDecompose() {
        var t = CATransform3D.identity
        t.m12 = .nan
        #expect(t.decomposed() == nil)
    }

    // MARK: Interpolation

    @Test func endpointsAreExact() {
        let a = CATransform3DMakeRotation(0.3, 1, 0, 0), b = CATransform3DMakeScale(2, 2, 2)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(b.interpolated(to: a, fraction: 1) == a)
    }

    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func rotationAboutZInterpolatesTheAngle(fraction: Double) {
        // 0 → π/2 about z: the angle moves linearly with the fraction (slerp on one axis).
        let r = CATransform3D.identity.interpolated(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), fraction: fraction)
        #expect(isClose(r, CATransform3DMakeRotation(.pi / 2 * fraction, 0, 0, 1), within: 1e-9))
    }

    @Test func rotationMidpointIsAQuarterPi() {
        let mid = CATransform3D.identity.interpolated(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), fraction: 0.5)
        #expect(isClose(atan2(mid.m12, mid.m11), .pi / 4, within: 1e-9))
    }

    @Test func rotationAboutArbitraryAxisKeepsTheAxis() {
        let mid = CATransform3DMakeRotation(0.2, 1, 2, 2).interpolated(to: CATransform3DMakeRotation(1.4, 1, 2, 2),
                                                                      fraction: 0.5)
        #expect(isClose(mid, CATransform3DMakeRotation(0.8, 1, 2, 2), within: 1e-9))
    }

    @Test func rotationTakesTheShorterArc() {
        // 350° and 10° about z are 20° apart the short way; the midpoint is 0°, not 180°.
        let a = CATransform3DMakeRotation(350 * .pi / 180, 0, 0, 1), b = CATransform3DMakeRotation(10 * .pi / 180, 0, 0, 1)
        #expect(isClose(a.interpolated(to: b, fraction: 0.5), .identity, within: 1e-9))
    }

    @Test func halfTurnAboutATiltedAxisInterpolatesToAQuarterTurn() {
        // Exact entries of the half turn about (1, −1, 0) (R = 2nnᵀ − I); halfway is a quarter turn about it.
        let halfTurn = CATransform3D(m11: 0, m12: -1, m13: 0, m14: 0, m21: -1, m22: 0, m23: 0, m24: 0,
                                     m31: 0, m32: 0, m33: -1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        let mid = CATransform3D.identity.interpolated(to: halfTurn, fraction: 0.5)
        #expect(isClose(mid, CATransform3DMakeRotation(.pi / 2, 1, -1, 0), within: 1e-9))
    }

    @Test func translationHalves() {
        let mid = CATransform3DMakeTranslation(0, 10, -4).interpolated(to: CATransform3DMakeTranslation(20, 30, 4),
                                                                       fraction: 0.5)
        #expect(isClose(mid, CATransform3DMakeTranslation(10, 20, 0)))
    }

    @Test(arguments: [(0.25, 1.25), (0.5, 1.5), (0.75, 1.75)])
    func scaleInterpolatesLinearly(fraction: Double, expected: Double) {
        // 1 → 2 on every axis: 1 + fraction.
        let r = CATransform3D.identity.interpolated(to: CATransform3DMakeScale(2, 2, 2), fraction: fraction)
        #expect(isClose(r, CATransform3DMakeScale(expected, expected, expected)))
    }

    @Test func scaleAndTranslationInterpolateIndependently() {
        let a = CATransform3DMakeScale(1, 1, 1) * CATransform3DMakeTranslation(0, 0, 0)
        let b = CATransform3DMakeScale(3, 5, 1) * CATransform3DMakeTranslation(100, -50, 0)
        // Midpoint: scale (2, 3, 1), translation (50, −25, 0).
        let expected = CATransform3DMakeScale(2, 3, 1) * CATransform3DMakeTranslation(50, -25, 0)
        #expect(isClose(a.interpolated(to: b, fraction: 0.5), expected))
    }

    @Test func perspectiveInterpolatesEntryWise() {
        let mid = CATransform3D.identity.interpolated(to: Self.perspective(500), fraction: 0.5)
        #expect(isClose(mid.m34, -1.0 / 1000))
    }

    @Test func singularEndpointFallsBackToEntryWiseBlend() {
        let a = CATransform3DMakeScale(0, 0, 1), b = CATransform3DMakeScale(2, 4, 1)
        // Entry-wise midpoint: m11 = 1, m22 = 2.
        #expect(isClose(a.interpolated(to: b, fraction: 0.5), CATransform3DMakeScale(1, 2, 1)))
    }

    @Test func decomposedInterpolationEndpointsMatchInputs() throws {
        let a = try #require(CATransform3DMakeRotation(0.4, 0, 1, 0).decomposed())
        let b = try #require((CATransform3DMakeScale(2, 2, 2) * CATransform3DMakeTranslation(1, 2, 3)).decomposed())
        #expect(isClose(a.interpolated(to: b, fraction: 0).recomposed(), a.recomposed()))
        #expect(isClose(a.interpolated(to: b, fraction: 1).recomposed(), b.recomposed()))
    }
}
