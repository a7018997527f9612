import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Layers that draw in step with the display: their stores are rasterized on the display's pixel grid (one texel
/// per pixel, texel edges on pixel edges) while their transform only scales and moves them.
@MainActor
@Suite("Pixel grid")
struct PixelGridTests {
    /// A shape layer called `name` at `frame` with `path` (filled black), configured, then added to `display`'s root.
    @discardableResult
    func addShape(_ name: String, frame: CGRect, path: CGPath, to display: HeadlessDisplay,
                  _ configure: (CAShapeLayer) -> Void = { _ in }) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.name = name
        shape.frame = frame
        shape.path = path
        configure(shape)
        display.rootLayer.addSublayer(shape)
        return shape
    }

    @Test func gridOfAScaledAndMovedLayer() throws {
        let world = CATransform3DTranslate(CATransform3DMakeScale(1.5, 0.5, 1), 0, 0, 0)
        var moved = world
        moved.m41 = 10.3; moved.m42 = -4.6
        let grid = try #require(PixelGrid(world: moved, pixelsPerPoint: 2))
        #expect(grid.scaleX == 3 && grid.scaleY == 1)
        #expect(abs(grid.phaseX - 0.6) < 1 / 256)      // 20.6 px: pixel edges where 3x + 0.6 is whole
        #expect(abs(grid.phaseY - 0.8) < 1 / 256)      // −9.2 px
        var mirrored = moved
        mirrored.m11 = -1.5
        #expect(abs(try #require(PixelGrid(world: mirrored, pixelsPerPoint: 2)).phaseX - 0.4) < 1 / 256)
        #expect(PixelGrid(world: CATransform3DMakeRotation(0.3, 0, 0, 1), pixelsPerPoint: 2) == nil)
        #expect(PixelGrid(world: moved, pixelsPerPoint: 0) == nil)
        #expect(PixelGrid(world: CATransform3DMakeScale(100, 100, 1), pixelsPerPoint: 2) == nil)

        let (origin, width, height) = grid.pixelAligned(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(abs(origin.x * 3 + grid.phaseX - (origin.x * 3 + grid.phaseX).rounded()) < 1e-9)
        #expect(origin.x <= 0 && width == 7 && height == 3)   // 0.6 … 6.6 px rounds out to 0 … 7; 0.8 … 2.8 to 0 … 3
    }

    @Test func shapeStoreFallsOnTheDisplaysPixels() throws {
        let display = HeadlessDisplay(width: 100, height: 100, scale: 2)
        // Its left edge halfway into a pixel.
        let shape = addShape("shape", frame: CGRect(x: 10.25, y: 20, width: 10, height: 10),
                             path: CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil), to: display)
        #expect(shape.drawsInStepWithDisplay)                         // a shape layer's default
        display.advance(by: 0)

        let node = try #require(display.renderTree.node(named: "shape"))
        let image = try #require(node.contents as? CGImage)
        let frame = try #require(node.contentsFrame)
        // One texel per display pixel, the store's left edge on a pixel edge of the display.
        #expect(abs(frame.width * 2 - CGFloat(image.width)) < 1e-9)
        let left = (frame.minX + 10.25) * 2
        #expect(abs(left - left.rounded()) < 1e-9)
        // The path's left edge covers half of the texel it falls in, as it covers half of that display pixel.
        let column = Int((10.25 * 2).rounded(.down) - left.rounded())
        let row = image.height / 2
        #expect(abs(Int(image.pixel(x: column, y: row)!.alpha) - 128) <= 2)
        #expect(image.pixel(x: column + 1, y: row)!.alpha == 255)

        // Nothing changed: the next frame draws nothing again. A move by a quarter pixel keeps the store for the frame
        // it moves in (placed a quarter pixel on, between the display's pixels), and draws on the new grid once the
        // layer rests there.
        let version = shape.contentsVersion
        display.advance(by: 1 / 60)
        #expect(shape.contentsVersion == version)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.position.x += 0.125
        CATransaction.commit()
        display.advance(by: 1 / 60)
        #expect(shape.contentsVersion == version)
        let moving = try #require(display.renderTree.node(named: "shape"))
        #expect(moving.contents === image)
        #expect(abs(try #require(moving.contentsFrame).minX - frame.minX) < 1e-9)   // the same store, moved with the layer
        #expect(abs(moving.worldTransform.m41 - node.worldTransform.m41 - 0.125) < 1e-9)
        let evaluated = display.pipeline.evaluatedFrameCount
        display.advance(by: 1 / 60)                                    // at rest: evaluated again, and drawn on the grid
        #expect(display.pipeline.evaluatedFrameCount == evaluated + 1)
        #expect(shape.contentsVersion != version)
        let movedNode = try #require(display.renderTree.node(named: "shape"))
        let moved = try #require(movedNode.contents as? CGImage)
        let movedLeft = (try #require(movedNode.contentsFrame).minX + 10.375) * 2
        #expect(abs(movedLeft - movedLeft.rounded()) < 1e-9)
        let movedColumn = Int((10.375 * 2).rounded(.down) - movedLeft.rounded())
        #expect(abs(Int(moved.pixel(x: movedColumn, y: row)!.alpha) - 64) <= 2)
        display.advance(by: 1 / 60)                                    // then nothing more to do: no frame evaluated
        #expect(display.pipeline.evaluatedFrameCount == evaluated + 1)
        #expect(!display.pipeline.needsFrame)
    }

    @Test func withoutTheFlagTheStoreIsDrawnAtContentsScale() throws {
        let display = HeadlessDisplay(width: 100, height: 100, scale: 2)
        addShape("shape", frame: CGRect(x: 10.25, y: 20, width: 10, height: 10),
                 path: CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil), to: display) {
            $0.contentsScale = 3
            $0.drawsInStepWithDisplay = false
        }
        display.advance(by: 0)
        let image = try #require(display.renderTree.node(named: "shape")?.contents as? CGImage)
        let frame = try #require(display.renderTree.node(named: "shape")?.contentsFrame)
        #expect(abs(frame.width * 3 - CGFloat(image.width)) < 1e-9)
        #expect(!CALayer().drawsInStepWithDisplay)                   // a plain layer's default
    }

    /// A `CAShapeLayer` left at `contentsScale` 1 on a 2× display is as sharp as the display: across the middle row of
    /// a filled circle only its two edge pixels are partly covered (from a 1× store scaled up, each edge would blur
    /// over several display pixels), and each edge pixel's coverage is the share of it the circle covers.
    @Test func aShapeIsSharpWhateverItsContentsScale() throws {
        let display = HeadlessDisplay(width: 60, height: 60, scale: 2)
        let circle = addShape("circle", frame: CGRect(x: 10, y: 10, width: 40, height: 40),
                              path: CGPath(ellipseIn: CGRect(x: 0.25, y: 0.25, width: 39.5, height: 39.5), transform: nil),
                              to: display)
        #expect(circle.contentsScale == 1)
        display.advance(by: 0)
        let node = try #require(display.renderTree.node(named: "circle"))
        let image = try #require(node.contents as? CGImage)
        let frame = try #require(node.contentsFrame)
        #expect(abs(frame.width * 2 - CGFloat(image.width)) < 1e-9)       // a texel per display pixel
        // The middle row (layer y 20 … 20.5): the circle spans x 0.25 … 39.75 points, so the texels at x 0 … 0.5
        // and 39.5 … 40 are half covered and those between whole.
        let row = Int(((20 - frame.minY) * 2).rounded())
        try #require(row >= 0 && row < image.height)
        let alphas = (0..<image.width).map { Int(image.pixel(x: $0, y: row)!.alpha) }
        let partial = alphas.indices.filter { alphas[$0] > 8 && alphas[$0] < 247 }
        let left = Int((-frame.minX * 2).rounded())
        #expect(partial == [left, left + 79])
        #expect(partial.allSatisfy { abs(alphas[$0] - 128) <= 16 })
        #expect(alphas[(left + 1)...(left + 78)].allSatisfy { $0 >= 247 })
    }

    /// A shape layer that stays still keeps one store of pixels from frame to frame; only those whose shapes change
    /// from frame to frame (the Lottie player's, ``CALayer/paintsShapeWhereShown``) keep the shape itself, painted
    /// where it is shown each time it is drawn.
    @Test func aStillShapeKeepsItsPixels() throws {
        let display = HeadlessDisplay(width: 60, height: 60, scale: 2)
        let shapes = [false, true].map { paints in
            addShape(paints ? "painted" : "kept", frame: CGRect(x: 10, y: 10, width: 20, height: 20),
                     path: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil), to: display) {
                $0.paintsShapeWhereShown = paints
            }
        }
        display.advance(by: 0)
        let kept = try #require(display.renderTree.node(named: "kept")?.contents as? CGImage)
        let painted = try #require(display.renderTree.node(named: "painted")?.contents as? CGImage)
        #expect(kept.deferredDrawing(fullAlpha: true) == nil)
        #expect(painted.deferredDrawing(fullAlpha: true) != nil)
        let version = shapes[0].contentsVersion
        display.advance(by: 0.5)
        #expect(display.renderTree.node(named: "kept")?.contents === kept)
        #expect(shapes[0].contentsVersion == version)
    }

    /// A shape far larger than the display (issue_1717's matte mask was 20 211 × 14 658 pixels, 1.9 GB across
    /// its stores) is drawn only where the display can show it, on the grid or, rotated, at twice its screen scale.
    @Test func hugeShapesAreDrawnOnlyWhereTheDisplayShowsThem() throws {
        let display = HeadlessDisplay(width: 100, height: 80, scale: 2)
        let shape = addShape("huge", frame: CGRect(x: -5000, y: -5000, width: 10000, height: 10000),
                             path: CGPath(rect: CGRect(x: 0, y: 0, width: 10000, height: 10000), transform: nil), to: display) {
            $0.contentsScale = 8
        }
        display.advance(by: 0)
        #expect(shape.backingStore == nil)      // no store at contentsScale drawn in the display phase
        let store = try #require(display.renderTree.node(named: "huge")?.contents as? CGImage)
        // The display (200 × 160 px) and a pixel round it, for the compositor's sampling at the edge.
        #expect(store.width <= 204 && store.height <= 164)
        #expect(store.pixel(x: store.width / 2, y: store.height / 2)?.alpha == 255)

        // A layer that casts a shadow is drawn further: its shadow can fall on the display from drawing beyond it.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.shadowOpacity = 0.5
        CATransaction.commit()
        display.advance(by: 1 / 60)
        let shadowed = try #require(display.renderTree.node(named: "huge")?.contents as? CGImage)
        // The display grown by a quarter of its larger side (50 px) all round.
        #expect(shadowed.width >= 298 && shadowed.width <= 301 && shadowed.height >= 258 && shadowed.height <= 261)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.shadowOpacity = 0
        CATransaction.commit()

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        CATransaction.commit()
        display.advance(by: 1 / 60)
        let rotated = try #require(display.renderTree.node(named: "huge"))
        let image = try #require(rotated.contents as? CGImage)
        let frame = try #require(rotated.contentsFrame)
        #expect(abs(CGFloat(image.width) / frame.width - 4) < 0.01)   // 2 px per point, twice over; not 8
        #expect(image.width < 1400 && image.height < 1400)             // not 80 000 pixels a side, cut to 8192
    }
}
