import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A layer that fills a rectangle in `color` and records how and when it was asked to draw.
final class CountingLayer: CALayer {
    var drawCount = 0
    var clipBoxes: [CGRect] = []
    var transforms: [CGAffineTransform] = []
    var contextWasCurrent = false
    var color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// What to fill (nil: the bounds).
    var area: CGRect?

    override func draw(in ctx: CGContext) {
        drawCount += 1
        clipBoxes.append(ctx.boundingBoxOfClipPath)
        transforms.append(ctx.ctm)
        contextWasCurrent = GraphicsContextStack.current === ctx
        ctx.setFillColor(color)
        ctx.fill(area ?? bounds)
    }
}

/// A delegate that draws a blue square and records the calls it got.
@MainActor
final class DrawingDelegate: CALayerDelegate {
    var calls: [String] = []
    func layerWillDraw(_ layer: CALayer) { calls.append("willDraw") }
    func draw(_ layer: CALayer, in ctx: CGContext) {
        calls.append("draw \(layer.name ?? "")")
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
}

/// A delegate that supplies contents itself (`display(_:)`), so nothing is drawn.
@MainActor
final class ContentsDelegate: CALayerDelegate {
    let image = CGImage(width: 1, height: 1, premultipliedARGB: [0xFF00_FF00])!
    func display(_ layer: CALayer) { layer.contents = image }
}

/// Backing stores (§5.6): `draw(in:)` runs in the display phase only after `setNeedsDisplay`, into
/// a y-down store of bounds × contentsScale pixels; dirty rectangles keep the rest of the store.
@MainActor
@Suite("Backing store")
struct BackingStoreTests {
    @Test func drawsOnlyAfterSetNeedsDisplayAndOncePerFrame() throws {
        let (display, layer) = makeContentsScene("counting", frame: CGRect(x: 0, y: 0, width: 40, height: 30)) { CountingLayer() }
        display.advance(by: 0.1)
        #expect(layer.drawCount == 0)
        #expect(layer.backingStore == nil)

        layer.setNeedsDisplay()
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        #expect(layer.drawCount == 0)             // not until the frame's display phase
        let version = layer.contentsVersion
        display.advance(by: 0)
        #expect(layer.drawCount == 1)
        #expect(!layer.needsDisplay())
        #expect(layer.contentsVersion > version)
        let store = try #require(layer.backingStore as? CGImage)
        #expect(shownImage(display, "counting") === store)

        display.advance(by: 0.5)
        layer.position = CGPoint(x: 100, y: 100)   // geometry changes do not redraw
        display.advance(by: 0.5)
        #expect(layer.drawCount == 1)
        #expect(layer.backingStore === store)

        layer.setNeedsDisplay()
        display.advance(by: 0)
        #expect(layer.drawCount == 2)
        #expect(layer.backingStore !== store)
    }

    @Test func displayIfNeededDrawsNowOnlyWhenMarked() {
        let (_, layer) = makeContentsScene("display-now", frame: CGRect(x: 0, y: 0, width: 10, height: 10)) { CountingLayer() }
        layer.displayIfNeeded()
        #expect(layer.drawCount == 0)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.drawCount == 1)
        #expect(layer.backingStore != nil)
    }

    @Test func storeIsBoundsTimesContentsScaleWithYDown() throws {
        let (_, layer) = makeContentsScene("scaled", frame: CGRect(x: 0, y: 0, width: 40, height: 30)) { () -> CountingLayer in
            let layer = CountingLayer()
            layer.area = CGRect(x: 0, y: 0, width: 10, height: 10)   // the top-left corner
            layer.contentsScale = 2
            return layer
        }
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let store = try #require(layer.backingStore as? CGImage)
        #expect(store.width == 80 && store.height == 60)
        #expect(rgba(store, 1, 1) == [255, 0, 0, 255])     // top-left pixel: y points down
        #expect(rgba(store, 19, 19) == [255, 0, 0, 255])
        #expect(rgba(store, 21, 21)?[3] == 0)
        #expect(rgba(store, 1, 58)?[3] == 0)               // nothing at the bottom
        #expect(layer.contextWasCurrent)                   // UIGraphicsGetCurrentContext() finds it
        #expect(layer.transforms.first == CGAffineTransform(scaleX: 2, y: 2))
        #expect(layer.clipBoxes.first == CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test func boundsOriginIsTheStoresTopLeft() throws {
        let (_, layer) = makeContentsScene("origin", frame: CGRect(x: 0, y: 0, width: 20, height: 20)) { () -> CountingLayer in
            let layer = CountingLayer()
            layer.area = CGRect(x: 10, y: 10, width: 5, height: 5)
            return layer
        }
        layer.bounds.origin = CGPoint(x: 10, y: 10)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let store = try #require(layer.backingStore as? CGImage)
        #expect(rgba(store, 0, 0) == [255, 0, 0, 255])
        #expect(rgba(store, 6, 6)?[3] == 0)
    }

    @Test func dirtyRectRedrawsOnlyThatRectangle() throws {
        let (display, layer) = makeContentsScene("dirty", frame: CGRect(x: 0, y: 0, width: 20, height: 20)) { () -> CountingLayer in
            let layer = CountingLayer()
            layer.contentsScale = 2
            return layer
        }
        layer.setNeedsDisplay()
        display.advance(by: 0)
        let first = try #require(layer.backingStore as? CGImage)
        #expect(rgba(first, 39, 39) == [255, 0, 0, 255])

        layer.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.setNeedsDisplay(CGRect(x: 2, y: 2, width: 5.2, height: 3))   // rounded out to whole pixels
        display.advance(by: 0)
        let second = try #require(layer.backingStore as? CGImage)
        #expect(layer.clipBoxes.last == CGRect(x: 2, y: 2, width: 5.5, height: 3))
        #expect(rgba(second, 4, 4) == [0, 0, 255, 255])      // inside: redrawn blue
        #expect(rgba(second, 14, 9) == [0, 0, 255, 255])     // x 7…7.5 points is still inside
        #expect(rgba(second, 15, 9) == [255, 0, 0, 255])     // past the rounded rectangle: kept
        #expect(rgba(second, 3, 4) == [255, 0, 0, 255])
        #expect(rgba(second, 30, 30) == [255, 0, 0, 255])
        #expect(second !== first)

        // Two rectangles in one frame redraw their union; a full setNeedsDisplay wins over both.
        layer.color = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 2, height: 2))
        layer.setNeedsDisplay(CGRect(x: 10, y: 10, width: 2, height: 2))
        display.advance(by: 0)
        #expect(layer.clipBoxes.last == CGRect(x: 0, y: 0, width: 12, height: 12))
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 2, height: 2))
        layer.setNeedsDisplay()
        display.advance(by: 0)
        #expect(layer.clipBoxes.last == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(rgba(layer.backingStore as? CGImage, 39, 0) == [0, 255, 0, 255])
    }

    @Test func dirtyRectClearsWhatItRedraws() throws {
        let (display, layer) = makeContentsScene("dirty-clear", frame: CGRect(x: 0, y: 0, width: 10, height: 10)) { CountingLayer() }
        layer.setNeedsDisplay()
        display.advance(by: 0)
        layer.area = CGRect(x: 0, y: 0, width: 2, height: 2)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        display.advance(by: 0)
        let store = try #require(layer.backingStore as? CGImage)
        #expect(rgba(store, 1, 1) == [255, 0, 0, 255])
        #expect(rgba(store, 3, 3)?[3] == 0)                 // cleared, and not drawn again
        #expect(rgba(store, 7, 7) == [255, 0, 0, 255])      // outside the rectangle: kept
    }

    @Test func dirtyRectAfterResizeRedrawsEverything() throws {
        let (display, layer) = makeContentsScene("dirty-resize", frame: CGRect(x: 0, y: 0, width: 10, height: 10)) { CountingLayer() }
        layer.setNeedsDisplay()
        display.advance(by: 0)
        layer.bounds.size = CGSize(width: 16, height: 10)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 2, height: 2))
        display.advance(by: 0)
        let store = try #require(layer.backingStore as? CGImage)
        #expect(store.width == 16)
        #expect(layer.clipBoxes.last == CGRect(x: 0, y: 0, width: 16, height: 10))
        #expect(rgba(store, 15, 9) == [255, 0, 0, 255])
    }

    @Test func delegateDrawsWhenTheLayerDoesNot() throws {
        let delegate = DrawingDelegate()
        let (display, layer) = makeContentsScene("delegated", frame: CGRect(x: 0, y: 0, width: 10, height: 10)) { CALayer() }
        layer.delegate = delegate
        layer.setNeedsDisplay()
        display.advance(by: 0)
        #expect(delegate.calls == ["willDraw", "draw delegated"])
        #expect(rgba(layer.backingStore as? CGImage, 1, 1) == [0, 0, 255, 255])
        #expect(rgba(layer.backingStore as? CGImage, 6, 6)?[3] == 0)
    }

    @Test func delegateDisplaySuppliesContentsInsteadOfDrawing() throws {
        let delegate = ContentsDelegate()
        let (display, layer) = makeContentsScene("delegate-display", frame: CGRect(x: 0, y: 0, width: 10, height: 10)) { CountingLayer() }
        layer.delegate = delegate
        layer.setNeedsDisplay()
        display.advance(by: 0)
        #expect(layer.drawCount == 0)
        #expect(layer.backingStore == nil)
        #expect(shownImage(display, "delegate-display") === delegate.image)
    }

    @Test func needsDisplayOnBoundsChange() {
        let (display, layer) = makeContentsScene("bounds-change", frame: CGRect(x: 0, y: 0, width: 10, height: 10)) { CountingLayer() }
        layer.bounds.size = CGSize(width: 20, height: 20)
        display.advance(by: 1)
        #expect(layer.drawCount == 0)                        // off by default
        layer.needsDisplayOnBoundsChange = true
        layer.bounds.size = CGSize(width: 30, height: 20)
        display.advance(by: 0)
        #expect(layer.drawCount == 1)
        #expect((layer.backingStore as? CGImage)?.width == 30)
    }

    @Test func contentsImagesPassThroughWithGravityAndRect() throws {
        let image = CGImage(width: 2, height: 2, premultipliedARGB: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF])!
        let (display, layer) = makeContentsScene("contents", frame: CGRect(x: 0, y: 0, width: 30, height: 30)) { CountingLayer() }
        let version = layer.contentsVersion
        layer.contents = image
        layer.contentsGravity = .bottomRight
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        layer.setNeedsDisplay()
        display.advance(by: 1)
        let node = try #require(display.renderTree.node(named: "contents"))
        #expect(node.contents === image)                     // an explicit image shows as it is
        #expect(node.contentsGravity == .bottomRight)
        #expect(node.contentsRect == CGRect(x: 0.5, y: 0, width: 0.5, height: 1))
        #expect(node.contentsFrame == nil)
        #expect(layer.contentsVersion > version)
        #expect(layer.drawCount == 1)                        // drawn, but the explicit image wins
        layer.contents = nil
        display.advance(by: 0)
        #expect(shownImage(display, "contents") === layer.backingStore)
    }

    @Test func emptyAndOversizedLayersDoNotCrash() throws {
        let (display, empty) = makeContentsScene("empty", frame: .zero) { CountingLayer() }
        empty.setNeedsDisplay()
        display.advance(by: 0)
        #expect(empty.drawCount == 0)
        #expect(empty.backingStore == nil)

        /// A layer `width` points wide (2 high), drawn once.
        func drawnLayer(_ name: String, width: CGFloat) -> CountingLayer {
            let layer = CountingLayer()
            layer.name = name
            layer.frame = CGRect(x: 0, y: 0, width: width, height: 2)
            display.rootLayer.addSublayer(layer)
            layer.setNeedsDisplay()
            display.advance(by: 0)
            return layer
        }
        let huge = drawnLayer("huge-store", width: 20_000)
        #expect((huge.backingStore as? CGImage)?.width == BackingStoreRasterizer.maximumSide)
        #expect(diagnosticCount("'huge-store': backing store of 20000×2 pixels") == 1)

        // Finite, but more pixels than `Int` holds: cut like any oversized store.
        let vast = drawnLayer("vast-store", width: 1e300)
        #expect((vast.backingStore as? CGImage)?.width == BackingStoreRasterizer.maximumSide)
        #expect(diagnosticCount("'vast-store': backing store of 1000000000×2 pixels") == 1)
        #expect(display.renderTree.dump().contains("vast-store"))   // dumps print such numbers without an Int

        // Big both ways (key-value fuzzer: three such layers took 4 GB): drawn whole, at fewer pixels per point.
        let square = CountingLayer()
        square.name = "square-store"
        square.frame = CGRect(x: 0, y: 0, width: 20_000, height: 20_000)
        square.area = CGRect(x: 19_000, y: 19_000, width: 1_000, height: 1_000)   // only the far corner
        display.rootLayer.addSublayer(square)
        square.setNeedsDisplay()
        display.advance(by: 0)
        let image = try #require(square.backingStore as? CGImage)
        #expect(image.width * image.height <= BackingStoreRasterizer.maximumPixels)
        #expect(image.width > 4000 && image.width == image.height)
        #expect(image.pixel(x: image.width - 2, y: image.height - 2)?.red == 255)   // the far corner is in it
        #expect(image.pixel(x: 2, y: 2)?.alpha == 0)
        #expect(Diagnostics.messages(containing: "'square-store': backing store of").filter { $0.contains("holds more than") }.count == 1)
        // Beyond what a pixel count holds both ways: still within the budget.
        let boundless = CountingLayer()
        boundless.frame = CGRect(x: 0, y: 0, width: 1e300, height: 1e300)
        display.rootLayer.addSublayer(boundless)
        boundless.setNeedsDisplay()
        display.advance(by: 0)
        let cut = try #require(boundless.backingStore as? CGImage)
        #expect(cut.width * cut.height <= BackingStoreRasterizer.maximumPixels)

        let unscaled = CountingLayer()
        unscaled.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        unscaled.contentsScale = -2                           // not a usable scale: drawn at 1
        display.rootLayer.addSublayer(unscaled)
        unscaled.setNeedsDisplay()
        display.advance(by: 0)
        #expect((unscaled.backingStore as? CGImage)?.width == 8)
    }
}
