import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// A stroke listed outside the group whose path it strokes: the group's transform moves and scales the
/// path, but the stroke keeps its own width (After Effects' and lottie-ios's rule).
@MainActor
@Suite("Styles outside groups", .serialized)
struct StyleSpaceTests {
    /// A 10-unit square scaled 300 % by its group (so 30 wide, centred at 50, 50), stroked 2 wide outside it.
    private let file = LottieFixtures.document(layers: [LottieFixtures.shapes("""
        {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
          {"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[300,300]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]},
        {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4}
        """)])

    @Test func theStrokeKeepsItsWidthWhileThePathIsScaled() throws {
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(file))
        let stroke = try #require(LottieFixtures.find("S style", in: layer) as? CAShapeLayer)
        #expect(stroke.lineWidth == 2)
        #expect(stroke.path?.boundingBoxOfPath == CGRect(x: 35, y: 35, width: 30, height: 30))
    }

    @Test func drawnTheStrokeIsTwoUnitsWideAtTheScaledEdge() throws {
        // The square's left edge is at x = 35: the stroke covers 34…36, not 32…38 (a stroke scaled with the path).
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(file))
        func at(_ x: Int) -> UInt8 { alpha[50 * width + x] }
        #expect(at(34) == 255 && at(35) == 255)
        #expect(at(33) == 0 && at(36) == 0)
    }
}
