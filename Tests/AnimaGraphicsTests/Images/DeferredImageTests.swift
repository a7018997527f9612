import Foundation
import Testing
@testable import AnimaGraphics

/// `CGImage(width:height:deferred:)`: an image whose pixels a drawing makes when they are read, and which
/// `CGContext.draw(_:in:)` paints straight onto its target instead.
@Suite struct DeferredImageTests {
    /// A 6 × 6 image: a red square of 2 × 2 pixels at (1, 1), in the drawing's space (pixels, y down).
    static func redSquare() -> CGImage {
        CGImage(width: 6, height: 6, deferred: DeferredDrawing(paintsOnce: true) { ctx in
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
        })
    }

    @Test func readingThePixelsRunsTheDrawing() throws {
        let image = Self.redSquare()
        #expect(image.width == 6 && image.height == 6)
        #expect(image.pixel(x: 0, y: 0) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(image.pixel(x: 1, y: 1) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixel(x: 2, y: 2) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixel(x: 3, y: 3) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(image.premultipliedARGB.count == 36)
    }

    /// Drawn straight or from its pixels, the image lands on the same pixels with the same orientation as any image
    /// (`draw(_:in:)` draws Core Graphics' way: the first row at the rectangle's bottom).
    @Test func drawnStraightItLandsWhereItsPixelsWould() throws {
        let deferred = Self.redSquare()
        let pixels = try #require(CGImage(width: 6, height: 6, premultipliedARGB: Self.redSquare().premultipliedARGB))
        func drawn(_ image: CGImage) -> CGImage? {
            let ctx = CGContext(width: 20, height: 20)
            ctx.draw(image, in: CGRect(x: 4, y: 5, width: 6, height: 6))
            return ctx.makeImage()
        }
        let a = try #require(drawn(deferred)), b = try #require(drawn(pixels))
        #expect(a.premultipliedARGB == b.premultipliedARGB)
        // Rows flipped: image row 1…2 lands at context rows 5 + 6 − 1 − 2 = 8 … 9, columns 5 … 6.
        #expect(a.pixel(x: 5, y: 8)?.alpha == 255 && a.pixel(x: 6, y: 9)?.alpha == 255)
        #expect(a.pixel(x: 5, y: 6)?.alpha == 0 && a.pixel(x: 4, y: 8)?.alpha == 0)
    }

    /// A drawing that paints twice (a fill, then a stroke over it) under a global alpha of 0.5 is blended once, as
    /// its pixels: where the opaque red stroke covers the blue fill the result is half red over white, (255, 128,
    /// 128). Drawn straight, the fill would blend first — (128, 128, 255) — and the stroke over it, (191, 64, 128).
    @Test func twoPaintsUnderAlphaBlendOnce() throws {
        let image = CGImage(width: 20, height: 20, deferred: DeferredDrawing(paintsOnce: false) { ctx in
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.setLineWidth(8)
            ctx.stroke(CGRect(x: 4, y: 4, width: 12, height: 12))
        })
        let ctx = CGContext(width: 20, height: 20)
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.setAlpha(0.5)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        let out = try #require(ctx.makeImage())
        let onStroke = try #require(out.pixel(x: 4, y: 10)), fillOnly = try #require(out.pixel(x: 10, y: 10))
        #expect(abs(Int(onStroke.red) - 255) <= 1 && abs(Int(onStroke.green) - 128) <= 1 && abs(Int(onStroke.blue) - 128) <= 1,
                "\(onStroke)")
        #expect(abs(Int(fillOnly.red) - 128) <= 1 && abs(Int(fillOnly.blue) - 255) <= 1, "\(fillOnly)")
    }
}
