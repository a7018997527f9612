import Foundation
import Testing
import AnimaGraphics

@Suite("CATransform3D and its free functions")
struct CATransform3DTests {
    // MARK: Basics

    @Test func identityHasOnesOnTheDiagonal() {
        let e = CATransform3DIdentity.entries
        for row in 0..<4 {
            for col in 0..<4 { #expect(e[row * 4 + col] == (row == col ? 1 : 0)) }
        }
        #expect(CATransform3DIsIdentity(CATransform3D()))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeScale(1, 1, 2)))
    }

    @Test func entriesAreRowByRow() {
        var t = CATransform3D.identity
        t.m12 = 2; t.m21 = 5; t.m34 = 12; t.m43 = 15
        let e = t.entries
        #expect(e[1] == 2 && e[4] == 5 && e[11] == 12 && e[14] == 15)
    }

    @Test func equalToTransformComparesExactly() {
        let a = CATransform3DMakeTranslation(1, 2, 3)
        #expect(CATransform3DEqualToTransform(a, CATransform3DMakeTranslation(1, 2, 3)))
        #expect(!CATransform3DEqualToTransform(a, CATransform3DMakeTranslation(1, 2, 3.000001)))
    }

    @Test func isFiniteRejectsNaNAndInfinity() {
        var t = CATransform3D.identity
        #expect(t.isFinite)
        t.m23 = .nan
        #expect(!t.isFinite)
        t.m23 = 0; t.m44 = .infinity
        #expect(!t.isFinite)
    }

    // MARK: Makers

    @Test func makeTranslationStoresInTheFourthRow() {
        let t = CATransform3DMakeTranslation(10, -20, 30)
        #expect(t.m41 == 10 && t.m42 == -20 && t.m43 == 30)
        let p = t.apply(x: 1, y: 2, z: 3)
        #expect(p.x == 11 && p.y == -18 && p.z == 33 && p.w == 1)
    }

    @Test func makeScaleStoresOnTheDiagonal() {
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(t.m11 == 2 && t.m22 == 3 && t.m33 == 4 && t.m44 == 1)
        let p = t.apply(x: 1, y: 1, z: 1)
        #expect(p.x == 2 && p.y == 3 && p.z == 4)
    }

    @Test func rotationAboutZHasSinInM12() {
        // Core Animation layout: [cos sin; −sin cos] in the top-left block.
        let t = CATransform3DMakeRotation(0.4, 0, 0, 1)
        #expect(isClose(t.m11, cos(0.4)) && isClose(t.m12, sin(0.4)))
        #expect(isClose(t.m21, -sin(0.4)) && isClose(t.m22, cos(0.4)))
        #expect(t.m33 == 1)
    }

    @Test(arguments: [
        // (axis, input, expected image) for a quarter turn, right-handed about each axis.
        ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),   // about x: y → z
        ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0)),   // about y: z → x
        ((0.0, 0.0, 1.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),   // about z: x → y
    ])
    func quarterTurnsAreRightHanded(axis: (Double, Double, Double), input: (Double, Double, Double),
                                    expected: (Double, Double, Double)) {
        let t = CATransform3DMakeRotation(.pi / 2, axis.0, axis.1, axis.2)
        let p = t.apply(x: input.0, y: input.1, z: input.2)
        #expect(isClose(p.x, expected.0) && isClose(p.y, expected.1) && isClose(p.z, expected.2))
    }

    @Test func rotationAxisIsNormalised() {
        #expect(isClose(CATransform3DMakeRotation(0.7, 0, 0, 5), CATransform3DMakeRotation(0.7, 0, 0, 1)))
        #expect(isClose(CATransform3DMakeRotation(0.7, 3, 4, 0), CATransform3DMakeRotation(0.7, 0.6, 0.8, 0)))
    }

    @Test func rotationAboutArbitraryAxisKeepsTheAxisFixedAndIsOrthonormal() {
        let t = CATransform3DMakeRotation(1.3, 1, 2, 3)
        let p = t.apply(x: 1, y: 2, z: 3)
        #expect(isClose(p.x, 1) && isClose(p.y, 2) && isClose(p.z, 3))
        // Rᵀ·R = I for a rotation.
        let transposed = CATransform3D(m11: t.m11, m12: t.m21, m13: t.m31, m14: 0,
                                       m21: t.m12, m22: t.m22, m23: t.m32, m24: 0,
                                       m31: t.m13, m32: t.m23, m33: t.m33, m34: 0,
                                       m41: 0, m42: 0, m43: 0, m44: 1)
        #expect(isClose(t * transposed, .identity, within: 1e-12))
        // A rotation by 2π is the identity again.
        #expect(isClose(CATransform3DMakeRotation(2 * .pi, 1, 2, 3), .identity, within: 1e-12))
    }

    @Test(arguments: [(0.0, 0.0, 0.0), (-0.0, 0.0, -0.0)])
    func rotationWithZeroAxisIsIdentity(axis: (Double, Double, Double)) {
        #expect(CATransform3DMakeRotation(1.2, axis.0, axis.1, axis.2) == .identity)
    }

    // MARK: Concatenation order

    @Test func concatAppliesTheFirstArgumentFirstTV56() {
        // TV56: Concat(translate 10, scale 2) → m41 = 20; Concat(scale 2, translate 10) → m41 = 10.
        let translate = CATransform3DMakeTranslation(10, 0, 0), scale = CATransform3DMakeScale(2, 2, 2)
        #expect(CATransform3DConcat(translate, scale).m41 == 20)
        #expect(CATransform3DConcat(scale, translate).m41 == 10)
    }

    @Test func concatMatchesSequentialApplication() {
        let a = CATransform3DMakeRotation(0.5, 1, 1, 0), b = CATransform3DMakeTranslation(3, -2, 7)
        let c = CATransform3DConcat(a, b)
        let viaA = a.apply(x: 1, y: 2, z: 3)
        let expected = b.apply(x: viaA.x, y: viaA.y, z: viaA.z)
        let direct = c.apply(x: 1, y: 2, z: 3)
        #expect(isClose(direct.x, expected.x) && isClose(direct.y, expected.y) && isClose(direct.z, expected.z))
    }

    @Test func concatWithIdentityChangesNothing() {
        let t = CATransform3DMakeRotation(0.9, 2, -1, 0.5)
        #expect(CATransform3DConcat(t, .identity) == t)
        #expect(CATransform3DConcat(.identity, t) == t)
    }

    @Test func translateScaleAndRotateActBeforeTheGivenTransform() {
        let base = CATransform3DMakeScale(2, 2, 2)
        // Translate(t, …) = translation · t: the translation is then scaled (10 → 20).
        #expect(CATransform3DTranslate(base, 10, 0, 0).m41 == 20)
        #expect(CATransform3DTranslate(base, 1, 2, 3)
            == CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), base))
        let moved = CATransform3DMakeTranslation(10, 0, 0)
        // Scale(t, …) = scale · t: the translation stays 10.
        #expect(CATransform3DScale(moved, 3, 3, 3).m41 == 10)
        #expect(CATransform3DScale(moved, 3, 3, 3).m11 == 3)
        // Rotate(t, …) = rotation · t: (1, 0, 0) → (0, 1, 0) → (10, 1, 0).
        let r = CATransform3DRotate(moved, .pi / 2, 0, 0, 1).apply(x: 1, y: 0, z: 0)
        #expect(isClose(r.x, 10) && isClose(r.y, 1) && isClose(r.z, 0))
    }

    // MARK: Inversion

    @Test(arguments: [
        CATransform3DMakeTranslation(3, -4, 5),
        CATransform3DMakeScale(2, -0.5, 4),
        CATransform3DMakeRotation(0.8, 1, -2, 0.5),
        CATransform3DConcat(CATransform3DMakeRotation(1.1, 0, 1, 0), CATransform3DMakeTranslation(5, 6, 7)),
        CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                      m31: 0, m32: 0, m33: 1, m34: -1.0 / 500, m41: 0, m42: 0, m43: 0, m44: 1),
        CATransform3D(m11: 0, m12: 2, m13: 0, m14: 0, m21: 1, m22: 0, m23: 0, m24: 0,
                      m31: 0, m32: 0, m33: 3, m34: 0, m41: 1, m42: 1, m43: 1, m44: 1),   // needs pivoting
    ])
    func invertUndoesTheTransform(t: CATransform3D) {
        let inv = CATransform3DInvert(t)
        #expect(isClose(CATransform3DConcat(t, inv), .identity, within: 1e-12))
        #expect(isClose(CATransform3DConcat(inv, t), .identity, within: 1e-12))
        #expect(t.inverted() == inv)
    }

    @Test(arguments: [
        CATransform3DMakeScale(2, 0, 1),
        CATransform3DMakeScale(0, 0, 0),
        CATransform3D(m11: 1, m12: 2, m13: 3, m14: 0, m21: 2, m22: 4, m23: 6, m24: 0,
                      m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1),   // row 2 = 2·row 1
    ])
    func invertOfSingularReturnsTheInput(t: CATransform3D) {
        #expect(CATransform3DInvert(t) == t)
        #expect(t.inverted() == nil)
    }

    @Test func invertOfNonFiniteReturnsTheInput() {
        var t = CATransform3DMakeScale(2, 2, 2)
        t.m42 = .nan
        #expect(t.inverted() == nil)
        #expect(CATransform3DInvert(t).entries.enumerated().allSatisfy { i, v in i == 13 ? v.isNaN : v == t.entries[i] })
    }

    @Test func invertedTranslationAndScaleHaveClosedForms() {
        #expect(isClose(CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)), CATransform3DMakeTranslation(-1, -2, -3)))
        #expect(isClose(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)), CATransform3DMakeScale(0.5, 0.25, 0.125)))
        // The inverse of a rotation is the rotation by the opposite angle.
        #expect(isClose(CATransform3DInvert(CATransform3DMakeRotation(0.6, 1, 1, 1)),
                        CATransform3DMakeRotation(-0.6, 1, 1, 1), within: 1e-12))
    }

    // MARK: Affine bridge

    @Test func makeAffineTransformPlacesEntriesTV58() {
        // TV58 layout: a→m11, b→m12, c→m21, d→m22, tx→m41, ty→m42, m33 = m44 = 1.
        let t = CATransform3DMakeAffineTransform(CGAffineTransform(2, 3, 4, 5, 6, 7))
        #expect(t.m11 == 2 && t.m12 == 3 && t.m21 == 4 && t.m22 == 5 && t.m41 == 6 && t.m42 == 7)
        #expect(t.m33 == 1 && t.m44 == 1)
        #expect(t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
            && t.m34 == 0 && t.m43 == 0)
    }

    @Test func affineRoundTripAndAgreementOnPoints() {
        let a = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -1).translatedBy(x: 3, y: 4)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        let p = CGPoint(x: -1.5, y: 2.5)
        #expect(isClose(t.project(p), p.applying(a), within: 1e-12))
    }

    @Test func affineConcatenationMatches3DConcat() {
        let a = CGAffineTransform(translationX: 10, y: 0), b = CGAffineTransform(scaleX: 2, y: 3)
        let viaAffine = CATransform3DMakeAffineTransform(a.concatenating(b))
        let via3D = CATransform3DConcat(CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
        #expect(viaAffine == via3D)
    }

    @Test(arguments: [
        CATransform3DMakeScale(2, 3, 4),                  // z scale (TV58)
        CATransform3DMakeRotation(0.3, 1, 0, 0),          // rotation about x
        CATransform3DMakeRotation(0.3, 0, 1, 0),          // rotation about y
        CATransform3DMakeTranslation(0, 0, 5),            // z translation
        CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                      m31: 0, m32: 0, m33: 1, m34: -0.002, m41: 0, m42: 0, m43: 0, m44: 1),   // perspective
        CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0.1, m21: 0, m22: 1, m23: 0, m24: 0,
                      m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1),
        CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                      m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 2),
    ])
    func nonAffineTransformsAreDetected(t: CATransform3D) {
        #expect(!CATransform3DIsAffine(t))
    }

    @Test(arguments: [
        CATransform3DIdentity,
        CATransform3DMakeRotation(0.3, 0, 0, 1),
        CATransform3DMakeScale(2, -3, 1),
        CATransform3DMakeTranslation(4, 5, 0),
    ])
    func planarTransformsAreAffine(t: CATransform3D) {
        #expect(CATransform3DIsAffine(t))
    }

    // MARK: Applying and projecting

    @Test func perspectiveProjectionTV57() {
        // TV57: m34 = −1/500, point (100, 0, 100): w = 100·(−1/500) + 1 = 0.8 → x = 100/0.8 = 125.
        var t = CATransform3D.identity
        t.m34 = -1.0 / 500
        let r = t.apply(x: 100, y: 0, z: 100)
        #expect(isClose(r.w, 0.8, within: 1e-12))
        #expect(isClose(r.x / r.w, 125, within: 1e-12))
        // A point pushed away from the viewer (z < 0) shrinks: w = 1.2 → x = 100/1.2.
        let far = project(100, 0, -100, through: t)
        #expect(isClose(far.x, 100 / 1.2, within: 1e-12))
    }

    @Test func perspectiveOfARotatedPlaneShrinksTheFarSide() {
        // Rotate about y by +π/4, then apply perspective d = 500.
        var perspective = CATransform3D.identity
        perspective.m34 = -1.0 / 500
        let t = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 1, 0), perspective)
        // About y, (x, 0, 0) goes to (x·cos, 0, −x·sin) in the row-vector convention, so +x recedes.
        let right = t.project(CGPoint(x: 100, y: 0)), left = t.project(CGPoint(x: -100, y: 0))
        let c = cos(CGFloat.pi / 4)
        // w = z·m34 + 1 with z = −100·sin: w = 1 + 100·sin/500.
        #expect(isClose(right.x, 100 * c / (1 + 100 * c / 500), within: 1e-9))
        #expect(isClose(left.x, -100 * c / (1 - 100 * c / 500), within: 1e-9))
        #expect(abs(right.x) < abs(left.x))
    }

    @Test func projectOfAffineMatchesApply() {
        let t = CATransform3DMakeAffineTransform(CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: 6))
        // x' = 2·1 + (−1)·2 + 5 = 5, y' = 1·1 + 3·2 + 6 = 13.
        #expect(t.project(CGPoint(x: 1, y: 2)) == CGPoint(x: 5, y: 13))
    }

    @Test func projectDividesByW() {
        var t = CATransform3D.identity
        t.m44 = 2
        #expect(t.project(CGPoint(x: 10, y: -4)) == CGPoint(x: 5, y: -2))
    }

    @Test func descriptionShowsRows() {
        #expect(CATransform3DMakeTranslation(1, 2, 3).description
            == "CATransform3D([1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [1.0, 2.0, 3.0, 1.0])")
    }
}
