import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

@MainActor
@Suite("Rasterization", .serialized)
struct RasterTests {
    /// A 40.3-unit square centred at (50, 50), stroked 2 wide: its outer edge is at 50 + 20.15 + 1 = 71.15.
    private let strokedSquare = LottieFixtures.shapes("""
        {"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40.3,40.3]},"r":{"a":0,"k":0}},
        {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4}
        """)

    @Test func drawnBoundsHoldAWholeNumberOfStorePixels() throws {
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [strokedSquare])))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.rasterizationScale = 1.5
        let style = try #require(LottieFixtures.find("S style", in: layer))
        let pixels = Double(style.bounds.width * style.contentsScale)
        #expect(abs(pixels - pixels.rounded()) < 1e-6)
        #expect(style.position == style.bounds.origin)    // the drawing did not move
    }

    @Test func aFarEdgeIsCoveredByExactlyItsShareOfThePixel() throws {
        // The outer edge at x = 71.15 covers 15 % of pixel 71 (alpha 38): a store squeezed into bounds that are
        // not whole pixels would pull the edge in by a fifth of a unit and leave pixel 71 empty.
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [strokedSquare])))
        let edge = Int(alpha[50 * width + 71])
        #expect(abs(edge - 38) <= 4, "alpha \(edge)")
        #expect(alpha[50 * width + 70] == 255)
    }
}
