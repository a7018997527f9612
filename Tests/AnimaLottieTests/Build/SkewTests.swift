import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

@MainActor
@Suite("Skew", .serialized)
struct SkewTests {
    /// A 20 × 20 square centred at (50, 50) in a group skewed by `skew` degrees along `axis`.
    private func skewedSquare(skew: Double, axis: Double) throws -> LottieAnimation {
        let group = """
        {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
           "o":{"a":0,"k":100},"sk":{"a":0,"k":\(skew)},"sa":{"a":0,"k":\(axis)}}]}
        """
        return try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapes(group)]))
    }

    @Test func theMatrixShearsAlongTheAxisAsAfterEffectsDoes() {
        // Skew 30° along x: a point 10 below the anchor moves tan(30°) · 10 to the left (After Effects' sense).
        let m = Skew.matrix(skew: 30, axis: 0)
        let p = CGPoint(x: 0, y: 10).applying(CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: 0, ty: 0))
        #expect(abs(p.x + 10 * tan(30 * Double.pi / 180)) < 1e-9)
        #expect(abs(p.y - 10) < 1e-9)
        // Along the y axis (90°) the shear moves points up and down instead, by x · tan(skew).
        let n = Skew.matrix(skew: 30, axis: 90)
        let q = CGPoint(x: 10, y: 0).applying(CGAffineTransform(a: n.m11, b: n.m12, c: n.m21, d: n.m22, tx: 0, ty: 0))
        #expect(abs(q.x - 10) < 1e-9)
        #expect(abs(abs(q.y) - 10 * tan(30 * Double.pi / 180)) < 1e-9)
    }

    @Test func aSkewedSquareIsDrawnAsTheParallelogram() throws {
        // 45° along x: the square's top edge (y = 40) moves 10 right, its bottom edge (y = 60) 10 left.
        let (width, alpha) = try LottieFixtures.alpha(of: try skewedSquare(skew: 45, axis: 0))
        func at(_ x: Int, _ y: Int) -> UInt8 { alpha[y * width + x] }
        #expect(at(57, 41) == 255)   // inside the parallelogram's top right, outside the square
        #expect(at(42, 41) == 0)     // inside the square's top left, outside the parallelogram
        #expect(at(42, 58) == 255)
        #expect(at(57, 58) == 0)
        #expect(at(50, 50) == 255)
    }

    @Test func anAnimatedAxisIsSampledEveryFrame() throws {
        // Axes 0° and 180° shear alike: blending the two end matrices would leave the axis still; sampled, the
        // middle frame shears along 90°.
        let ks = #"{"sk":{"a":0,"k":30},"sa":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[180]}]}}"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "K", ks: ks)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        let skewed = try #require(LottieFixtures.find("K skew", in: layer))
        let animation = try #require(skewed.animation(forKey: "transform") as? CAKeyframeAnimation)
        let values = (animation.values ?? []).compactMap { $0 as? CATransform3D }
        #expect(values.count == 11)
        let middle = values[5], expected = Skew.matrix(skew: 30, axis: 90)
        #expect(abs(middle.m12 - expected.m12) < 1e-9 && abs(middle.m21 - expected.m21) < 1e-9)
        #expect(abs(middle.m12 - values[0].m12) > 0.1)
    }

    @Test func skewIsNoLongerReportedAsUnsupported() throws {
        let ks = #"{"sk":{"a":0,"k":20},"sa":{"a":0,"k":0}}"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "K", ks: ks)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        #expect(!layer.buildDiagnostics.contains { $0.contains("skew") })
        #expect(LottieFixtures.find("K skew", in: layer) != nil)
    }
}
