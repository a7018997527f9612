import Foundation
import Testing
import AnimaGraphics

@Suite("TransformComponents (transform.rotation.z, transform.scale.x, …)")
struct TransformComponentsTests {
    @Test func identityHasUnitScaleAndNoRotationOrTranslation() {
        let c = TransformComponents()
        #expect(c.scale == (1, 1, 1))
        #expect(c.rotation == (0, 0, 0))
        #expect(c.translation == (0, 0, 0))
        #expect(c.transform == .identity)
    }

    @Test(arguments: [0.5, -1.0, 3.0])
    func rotationAboutZIsReadAsTheAngle(angle: Double) {
        let c = TransformComponents(CATransform3DMakeRotation(angle, 0, 0, 1))
        #expect(isClose(c.rotation.z, angle, within: 1e-12))
        #expect(isClose(c.rotation.x, 0) && isClose(c.rotation.y, 0))
    }

    @Test func rotationAboutXAndYAreRead() {
        #expect(isClose(TransformComponents(CATransform3DMakeRotation(0.6, 1, 0, 0)).rotation.x, 0.6, within: 1e-12))
        #expect(isClose(TransformComponents(CATransform3DMakeRotation(-0.4, 0, 1, 0)).rotation.y, -0.4, within: 1e-12))
    }

    @Test func scaleAndTranslationAreRead() {
        let c = TransformComponents(CATransform3DMakeScale(2, 3, 4) * CATransform3DMakeTranslation(5, 6, 7))
        #expect(c.scale == (2, 3, 4))
        #expect(c.translation == (5, 6, 7))
    }

    @Test func writingRotationZBuildsThatRotation() {
        var c = TransformComponents(CATransform3DMakeRotation(0.5, 0, 0, 1))
        c.rotation.z = 1
        #expect(isClose(c.transform, CATransform3DMakeRotation(1, 0, 0, 1), within: 1e-12))
    }

    @Test func writingScaleKeepsRotationAndTranslation() {
        var c = TransformComponents(CATransform3DMakeRotation(0.5, 0, 0, 1) * CATransform3DMakeTranslation(10, 20, 0))
        c.scale.x = 2
        // Scale applies first, then the rotation, then the translation.
        let expected = CATransform3DMakeScale(2, 1, 1) * CATransform3DMakeRotation(0.5, 0, 0, 1)
            * CATransform3DMakeTranslation(10, 20, 0)
        #expect(isClose(c.transform, expected, within: 1e-12))
    }

    @Test func writingTranslationOnlyMovesTheFourthRow() {
        var c = TransformComponents(CATransform3DMakeScale(2, 2, 1))
        c.translation.y = 15
        #expect(c.transform == CATransform3DMakeScale(2, 2, 1) * CATransform3DMakeTranslation(0, 15, 0))
    }

    @Test(arguments: [
        (0.3, -0.5, 1.2),
        (-1.0, 0.7, -2.9),
        (2.0, 1.4, 0.1),   // |y| < π/2 keeps Euler angles unique
        (0.0, 0.0, 3.0),
    ])
    func eulerAnglesRoundTrip(x: Double, y: Double, z: Double) {
        var c = TransformComponents()
        c.rotation = (x, y, z)
        c.scale = (1.5, 0.5, 2)
        c.translation = (1, -2, 3)
        let read = TransformComponents(c.transform)
        #expect(isClose(read.rotation.x, x) && isClose(read.rotation.y, y) && isClose(read.rotation.z, z))
        #expect(isClose(read.scale.x, 1.5) && isClose(read.scale.y, 0.5) && isClose(read.scale.z, 2))
        #expect(read.translation == (1, -2, 3))
        #expect(isClose(read.transform, c.transform))
    }

    @Test func eulerOrderIsXThenYThenZ() {
        var c = TransformComponents()
        c.rotation = (0.4, 0.3, 0.2)
        let expected = CATransform3DMakeRotation(0.4, 1, 0, 0) * CATransform3DMakeRotation(0.3, 0, 1, 0)
            * CATransform3DMakeRotation(0.2, 0, 0, 1)
        #expect(isClose(c.transform, expected, within: 1e-12))
    }

    @Test(arguments: [1.0, -1.0])
    func gimbalLockStillRecomposesTheSameMatrix(sign: Double) {
        // y = ±π/2 written with exact entries: Rx(0.7)·Ry(±π/2) has rows
        // (0, 0, ∓1), (±sin 0.7, cos 0.7, 0), (±cos 0.7, −sin 0.7, 0); x and z are then coupled.
        let s = sin(0.7), co = cos(0.7)
        let t = CATransform3D(m11: 0, m12: 0, m13: -sign, m14: 0,
                              m21: sign * s, m22: co, m23: 0, m24: 0,
                              m31: sign * co, m32: -s, m33: 0, m34: 0,
                              m41: 0, m42: 0, m43: 0, m44: 1)
        let c = TransformComponents(t)
        #expect(isClose(c.rotation.y, sign * .pi / 2))
        #expect(isClose(c.transform, t, within: 1e-9))
    }

    @Test func readingDropsSkewAndPerspective() {
        var t = CATransform3DMakeTranslation(1, 2, 3)
        t.m34 = -0.002
        let c = TransformComponents(t)
        #expect(c.transform == CATransform3DMakeTranslation(1, 2, 3))
    }
}
