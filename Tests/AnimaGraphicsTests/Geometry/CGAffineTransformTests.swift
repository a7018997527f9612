import Foundation
import Testing
import AnimaGraphics

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
    // MARK: Construction

    @Test func identityIsTheDefaultAndMapsPointsToThemselves() {
        let t = CGAffineTransform()
        #expect(t == .identity)
        #expect(t.isIdentity)
        #expect(CGPoint(x: 3, y: -7).applying(t) == CGPoint(x: 3, y: -7))
        #expect(!CGAffineTransform(translationX: 0, y: 1).isIdentity)
    }

    @Test func unlabeledInitialiserKeepsCoreGraphicsOrder() {
        let t = CGAffineTransform(2, 3, 4, 5, 6, 7)
        #expect(t == CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        // x' = a·x + c·y + tx = 2 + 4 + 6, y' = b·x + d·y + ty = 3 + 5 + 7.
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 15))
    }

    @Test func translationMovesPoints() {
        let p = CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: -5))
        #expect(p == CGPoint(x: 11, y: -3))
    }

    @Test func scaleMultipliesCoordinates() {
        let p = CGPoint(x: 3, y: 4).applying(CGAffineTransform(scaleX: 2, y: -0.5))
        #expect(p == CGPoint(x: 6, y: -2))
    }

    @Test(arguments: [
        // (angle, input, expected): positive angles turn +x towards +y (clockwise on a y-down screen).
        (CGFloat.pi / 2, CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)),
        (CGFloat.pi / 2, CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0)),
        (CGFloat.pi, CGPoint(x: 2, y: 3), CGPoint(x: -2, y: -3)),
        (-CGFloat.pi / 2, CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1)),
        // 45°: (1, 0) → (√½, √½).
        (CGFloat.pi / 4, CGPoint(x: 1, y: 0), CGPoint(x: 0.5.squareRoot(), y: 0.5.squareRoot())),
    ])
    func rotationTurnsXTowardsY(angle: CGFloat, input: CGPoint, expected: CGPoint) {
        #expect(isClose(input.applying(CGAffineTransform(rotationAngle: angle)), expected))
    }

    @Test func rotationEntriesMatchCoreGraphicsLayout() {
        // Core Graphics: a = cos, b = sin, c = −sin, d = cos.
        let t = CGAffineTransform(rotationAngle: 0.3)
        #expect(t.a == cos(0.3) && t.b == sin(0.3) && t.c == -sin(0.3) && t.d == cos(0.3))
        #expect(t.tx == 0 && t.ty == 0)
    }

    // MARK: Composition order

    @Test func concatenatingAppliesSelfFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        // (1, 1) translated → (11, 1), then scaled → (22, 3).
        #expect(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 3))
        // (1, 1) scaled → (2, 3), then translated → (12, 3).
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 3))
    }

    @Test func concatenatingMatchesSequentialApplication() {
        let t1 = CGAffineTransform(a: 1, b: 2, c: -1, d: 0.5, tx: 3, ty: -4)
        let t2 = CGAffineTransform(a: 0.5, b: -1, c: 2, d: 3, tx: -2, ty: 7)
        let p = CGPoint(x: 1.5, y: -2.5)
        #expect(isClose(p.applying(t1.concatenating(t2)), p.applying(t1).applying(t2)))
    }

    @Test func concatenatingIdentityChangesNothing() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(t.concatenating(.identity) == t)
        #expect(CGAffineTransform.identity.concatenating(t) == t)
    }

    @Test func translatedByTranslatesBeforeTheExistingTransform() {
        // Apple: t.translatedBy(x:y:) = translation · t, so the translation is scaled by t.
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
        // (1, 1) → translate → (11, 1) → scale → (22, 2).
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 2))
    }

    @Test func scaledByScalesBeforeTheExistingTransform() {
        // translation.scaledBy: scale first, then translate; tx stays 10 (not scaled).
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        // (1, 1) → scale → (2, 2) → translate → (12, 2).
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 2))
    }

    @Test func rotatedByRotatesBeforeTheExistingTransform() {
        let t = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        // (1, 0) → rotate π/2 → (0, 1) → translate → (5, 1).
        #expect(isClose(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 5, y: 1)))
        // The translation is not rotated.
        #expect(t.tx == 5 && t.ty == 0)
    }

    @Test func chainedBuildersReadRightToLeftInApplicationOrder() {
        // identity.translatedBy(100, 0).rotated(π/2).scaledBy(2, 1):
        // a point is scaled, then rotated, then translated.
        let t = CGAffineTransform.identity.translatedBy(x: 100, y: 0).rotated(by: .pi / 2).scaledBy(x: 2, y: 1)
        // (1, 0) → (2, 0) → (0, 2) → (100, 2).
        #expect(isClose(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 100, y: 2)))
    }

    // MARK: Inversion

    @Test(arguments: [
        CGAffineTransform(translationX: 3, y: -4),
        CGAffineTransform(scaleX: 2, y: 0.25),
        CGAffineTransform(rotationAngle: 1.1),
        CGAffineTransform(a: 1, b: 2, c: -1, d: 0.5, tx: 3, ty: -4),
        CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 7, ty: 8),   // reflection across y = x
    ])
    func invertedUndoesTheTransform(t: CGAffineTransform) {
        let inv = t.inverted()
        #expect(isClose(t.concatenating(inv), .identity, within: 1e-12))
        #expect(isClose(inv.concatenating(t), .identity, within: 1e-12))
        let p = CGPoint(x: 12.5, y: -3)
        #expect(isClose(p.applying(t).applying(inv), p, within: 1e-12))
    }

    @Test func invertedTranslationAndScaleHaveClosedForms() {
        #expect(CGAffineTransform(translationX: 3, y: -4).inverted() == CGAffineTransform(translationX: -3, y: 4))
        #expect(CGAffineTransform(scaleX: 2, y: 4).inverted() == CGAffineTransform(scaleX: 0.5, y: 0.25))
    }

    @Test(arguments: [
        CGAffineTransform(scaleX: 0, y: 1),
        CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6),   // det = 1·4 − 2·2 = 0
        CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1),
    ])
    func singularInverseReturnsSelf(t: CGAffineTransform) {
        #expect(t.inverted() == t)
    }

    @Test func nonFiniteInverseReturnsSelf() {
        let t = CGAffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(t.inverted() == t)
    }

    // MARK: Applying to sizes and rectangles

    @Test func sizeIgnoresTranslation() {
        let t = CGAffineTransform(a: 2, b: 0, c: 1, d: 3, tx: 100, ty: 100)
        // width' = a·w + c·h = 2·4 + 1·5, height' = b·w + d·h = 0 + 3·5.
        #expect(CGSize(width: 4, height: 5).applying(t) == CGSize(width: 13, height: 15))
    }

    @Test func rectTranslatesAndScales() {
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        // Corners (1,1) and (5,3) → (12,23) and (20,29).
        #expect(CGRect(x: 1, y: 1, width: 4, height: 2).applying(t) == CGRect(x: 12, y: 23, width: 8, height: 6))
    }

    @Test func rectUnderNegativeScaleIsStandardized() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4).applying(CGAffineTransform(scaleX: -1, y: -1))
        #expect(r == CGRect(x: -4, y: -6, width: 3, height: 4))
    }

    @Test func rotatedRectBecomesBoundingBoxOfCorners() {
        // A 2×2 square centred on the origin rotated 45° has corners at distance √2 on the axes.
        let r = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let s = 2.0.squareRoot()
        #expect(isClose(r, CGRect(x: -s, y: -s, width: 2 * s, height: 2 * s), within: 1e-12))
    }

    @Test func negativeSizedRectIsStandardizedFirst() {
        let r = CGRect(x: 5, y: 5, width: -2, height: -3).applying(CGAffineTransform(translationX: 1, y: 1))
        #expect(r == CGRect(x: 4, y: 3, width: 2, height: 3))
    }

    @Test func nullRectStaysNull() {
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    @Test func boundingBoxOfPoints() {
        let points = [CGPoint(x: 3, y: -1), CGPoint(x: -2, y: 4), CGPoint(x: 1, y: 1)]
        #expect(CGRect.boundingBox(of: points) == CGRect(x: -2, y: -1, width: 5, height: 5))
        #expect(CGRect.boundingBox(of: []).isNull)
        #expect(CGRect.boundingBox(of: [CGPoint(x: 2, y: 3)]) == CGRect(x: 2, y: 3, width: 0, height: 0))
    }
}
