import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Draws a red square in the top-left quarter, and records each rect it was asked to draw.
final class QuarterView: UIView {
    var rects: [CGRect] = []
    var hadContext = false
    var color = UIColor.red
    override func draw(_ rect: CGRect) {
        rects.append(rect)
        hadContext = UIGraphicsGetCurrentContext() != nil
        color.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2))
    }
}

@MainActor
@Suite("Drawing")
struct DrawingTests {
    private func pixel(_ view: UIView, _ x: Int, _ y: Int) -> RGBAPixel? {
        (view.layer.backingStore as? CGImage)?.pixel(x: x, y: y)
    }

    @Test func drawRunsWithTheCurrentContextWhenTheViewJoinsAWindow() throws {
        let (display, window) = makeWindow()
        let view = QuarterView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        window.addSubview(view)
        #expect(UIGraphicsGetCurrentContext() == nil)
        display.advance(by: 0)
        #expect(view.rects == [CGRect(x: 0, y: 0, width: 40, height: 20)])
        #expect(view.hadContext)
        #expect(UIGraphicsGetCurrentContext() == nil)
        let image = try #require(view.layer.backingStore as? CGImage)
        #expect(image.width == 40 && image.height == 20)
        #expect(pixel(view, 5, 5) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(pixel(view, 30, 15)?.alpha == 0)
        display.advance(by: 0.1)
        #expect(view.rects.count == 1)   // nothing asked for a redraw
    }

    @Test func partialRedrawKeepsThePixelsOutsideTheDirtyRect() {
        let (display, window) = makeWindow()
        let view = QuarterView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        window.addSubview(view)
        display.advance(by: 0)
        view.color = .blue
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        display.advance(by: 0)
        #expect(view.rects.last == CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(pixel(view, 2, 2) == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(pixel(view, 10, 8) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))   // kept
        view.setNeedsDisplay()
        display.advance(by: 0)
        #expect(pixel(view, 10, 8) == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func contentScaleFactorScalesTheBackingStore() throws {
        let (display, window) = makeWindow()
        let view = QuarterView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.contentScaleFactor = 2
        window.addSubview(view)
        display.advance(by: 0)
        let image = try #require(view.layer.backingStore as? CGImage)
        #expect(image.width == 20 && image.height == 20)
        #expect(image.pixel(x: 9, y: 9)?.red == 255)
        #expect(image.pixel(x: 11, y: 11)?.alpha == 0)
    }

    @Test func viewsThatDoNotDrawGetNoBackingStore() {
        let (display, window) = makeWindow()
        let plain = addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window)
        display.advance(by: 0)
        #expect(plain.layer.backingStore == nil)
        let version = plain.layer.contentsVersion
        let second = addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window)
        display.advance(by: 0)
        #expect(second.layer.backingStore == nil && !second.layer.needsDisplay())
        #expect(plain.layer.contentsVersion == version)
    }

    @Test func imageContextsMakeImages() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 2), false, 2)
        UIColor.green.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 4, height: 2) && image.scale == 2)
        #expect(image.cgImage?.pixel(x: 3, y: 3)?.green == 255)
        #expect(image.cgImage?.pixel(x: 5, y: 1)?.alpha == 0)
        let before = diagnosticCount("UIGraphicsEndImageContext(): the current context is not an image context")
        UIGraphicsEndImageContext()
        #expect(diagnosticCount("UIGraphicsEndImageContext(): the current context is not an image context") == before + 1)
    }

    @Test func imageContextTooLargeForABitmapIsRejected() {
        let fragment = "UIGraphicsBeginImageContextWithOptions: rejected size CGSize(width: 1e+300, height: 10.0)"
        let before = diagnosticCount(fragment)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 1e300, height: 10), false, 1)
        #expect(diagnosticCount(fragment) == before + 1)
        #expect(UIGraphicsGetCurrentContext()?.width == 0)
        UIGraphicsEndImageContext()
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 1e300)
        #expect(UIGraphicsGetCurrentContext()?.width == 0)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }
}
