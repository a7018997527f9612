import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// Backing stores drawn by layers (AnimaCore's shape layers) placed by both renderers: a shape layer's store
/// reaches past its bounds (`RenderNode.contentsFrame`), and its shadow follows the drawn shape.
///
/// Tolerances: exact values well inside or outside the shape; the shadow is only checked to be present
/// (a darker pixel) and absent, away from its blurred edge.
@Suite(.serialized) @MainActor struct DrawnContentsCompositingTests {
    let scene: TwoRendererScene
    var display: HeadlessDisplay { scene.display }

    init() throws { scene = try TwoRendererScene() }

    func snapshot(_ backend: Backend) throws -> CGImage { try scene.snapshot(backend) }

    /// A committed shape layer with no bounds at (30, 30) filling the square (−20, −20)…(20, 20) in blue.
    func addSquare(_ configure: (CAShapeLayer) -> Void = { _ in }) -> CAShapeLayer {
        // Other suites make displays in between: the layer's display request must go to this one.
        display.makeCurrent()
        let shape = CAShapeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.position = CGPoint(x: 30, y: 30)
        shape.path = CGPath(rect: CGRect(x: -20, y: -20, width: 40, height: 40), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        configure(shape)
        display.rootLayer.addSublayer(shape)
        CATransaction.commit()
        return shape
    }

    @Test(arguments: Backend.allCases)
    func shapeOutsideItsBoundsLandsWhereItsPathSays(_ backend: Backend) throws {
        _ = addSquare()
        let image = try snapshot(backend)
        let blue = RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255)
        #expect(image.pixel(x: 12, y: 12) == blue)
        #expect(image.pixel(x: 47, y: 47) == blue)
        #expect(image.pixel(x: 30, y: 30) == blue)
        #expect(image.pixel(x: 52, y: 30)?.alpha == 0)
        #expect(image.pixel(x: 8, y: 30)?.alpha == 0)
    }

    @Test(arguments: Backend.allCases)
    func shapeShadowFollowsTheDrawnShape(_ backend: Backend) throws {
        _ = addSquare {
            $0.shadowOpacity = 1
            $0.shadowRadius = 1
            $0.shadowOffset = CGSize(width: 15, height: 15)
        }
        let image = try snapshot(backend)
        #expect((image.pixel(x: 60, y: 60)?.alpha ?? 0) > 200)    // under the offset square: shadow
        #expect(image.pixel(x: 60, y: 60)?.blue == 0)
        #expect(image.pixel(x: 80, y: 80)?.alpha == 0)             // past it: nothing
    }
}
