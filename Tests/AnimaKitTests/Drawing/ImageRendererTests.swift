import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// `UIGraphicsImageRenderer`: images drawn by a closure, at the format's scale, with the bounds' origin at the
/// image's top-left corner and the context current for UIKit drawing.
@MainActor
@Suite("UIGraphicsImageRenderer")
struct ImageRendererTests {
    private static let blue = RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255)

    @Test func drawsAtTheFormatsScaleWithUIKitDrawing() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format)
        let image = renderer.image { context in
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))       // the left half, through the current context
            context.cgContext.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 15, y: 0, width: 5, height: 5))
        }
        #expect(UIGraphicsGetCurrentContext() == nil)                     // popped after the closure
        #expect(image.size == CGSize(width: 20, height: 10) && image.scale == 2)
        let pixels = try #require(image.cgImage)
        #expect(pixels.width == 40 && pixels.height == 20)
        #expect(pixels.pixel(x: 19, y: 19) == Self.blue)                  // point (9.5, 9.5)
        #expect(pixels.pixel(x: 21, y: 10)?.alpha == 0)                   // clear where nothing was drawn
        #expect(pixels.pixel(x: 35, y: 4) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    /// Shadow offsets are in base space, which a renderer's context measures in points (as on iOS): at scale 2 an
    /// offset of 5 moves the shadow 10 pixels.
    @Test func shadowOffsetsAreInPointsAtTheFormatsScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 10), format: format).image { context in
            context.cgContext.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: UIColor.blue.cgColor)
            context.cgContext.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))      // pixels 0…20; shadow 10…30
        }
        let pixels = try #require(image.cgImage)
        #expect(pixels.pixel(x: 25, y: 10) == Self.blue)
        #expect(pixels.pixel(x: 31, y: 10)?.alpha == 0)
    }

    @Test func theBoundsOriginIsTheTopLeftCornerAndOpaqueFormatsStartBlack() throws {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        format.opaque = true
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 100, y: 50, width: 10, height: 10), format: format)
        let image = try #require(renderer.image { context in
            context.cgContext.setFillColor(UIColor.blue.cgColor)
            context.fill(CGRect(x: 100, y: 50, width: 5, height: 5))
        }.cgImage)
        #expect(image.pixel(x: 2, y: 2) == Self.blue)
        #expect(image.pixel(x: 8, y: 8) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))
        let png = renderer.pngData { _ in }
        #expect(try CGImage(pngData: png, source: "renderer").width == 10)
    }

    @Test func aSizeNoBitmapCanHoldIsReportedAndGivesAnEmptyImage() {
        let before = Diagnostics.messages(containing: "UIGraphicsImageRenderer").count
        let image = UIGraphicsImageRenderer(size: CGSize(width: CGFloat.infinity, height: 10)).image { context in
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))         // drawing into the empty image is harmless
        }
        #expect(image.cgImage == nil && image.size == .zero)
        #expect(Diagnostics.messages(containing: "UIGraphicsImageRenderer").count == before + 1)
    }
}
