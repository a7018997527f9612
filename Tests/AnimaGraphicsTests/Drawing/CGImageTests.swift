import Foundation
import Testing
import AnimaGraphics

@Suite struct CGImageTests {
    typealias F = DrawingFixture

    /// A 4×2 image: top row red, bottom row blue, with a 50 % green pixel at (3, 1).
    private func sample() -> CGImage {
        let c = F.context(4, 2)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        c.setFillColor(F.blue)
        c.fill(CGRect(x: 0, y: 1, width: 3, height: 1))
        c.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 0.5))
        c.fill(CGRect(x: 3, y: 1, width: 1, height: 1))
        return c.makeImage()!
    }

    @Test func pixelAccessAndBounds() {
        let image = sample()
        #expect(image.width == 4 && image.height == 2 && image.bytesPerRow == 16)
        #expect(image.pixel(x: 0, y: 0) == F.opaqueRed)
        #expect(image.pixel(x: 0, y: 1) == F.opaqueBlue)
        #expect(image.pixel(x: 4, y: 0) == nil)
        #expect(image.pixel(x: 0, y: -1) == nil)
    }

    @Test func pngRoundTripKeepsPixels() throws {
        let image = sample()
        let decoded = try CGImage(pngData: try image.pngData())
        #expect(decoded.width == 4 && decoded.height == 2)
        for y in 0..<2 { for x in 0..<3 { #expect(decoded.pixel(x: x, y: y) == image.pixel(x: x, y: y)) } }
        let green = decoded.pixel(x: 3, y: 1)!
        #expect(green.alpha == 128 && abs(Int(green.green) - 128) <= 1)
    }

    @Test func writeAndLoadAFile() throws {
        let dir = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("sample.png")
        try sample().writePNG(to: url)
        let loaded = try CGImage(contentsOf: url)
        #expect(loaded.pixel(x: 1, y: 0) == F.opaqueRed)
        #expect(CGImage(contentsOfFile: url.path)?.width == 4)
    }

    @Test func missingFileThrowsAndReports() {
        let path = "/nonexistent-\(UUID().uuidString)/missing.png"
        #expect(throws: ImageError.fileNotFound(path: path)) { try CGImage(contentsOf: URL(fileURLWithPath: path)) }
        #expect(CGImage(contentsOfFile: path) == nil)
        #expect(!Diagnostics.messages(containing: path).isEmpty)
    }

    @Test func corruptAndTruncatedPNGsThrowInvalidPNG() throws {
        let dir = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let garbage = dir.appendingPathComponent("garbage.png")
        try Data("this is not a png".utf8).write(to: garbage)
        let truncated = dir.appendingPathComponent("truncated.png")
        let full = try sample().pngData()
        try full.prefix(full.count / 2).write(to: truncated)
        let empty = dir.appendingPathComponent("empty.png")
        try Data().write(to: empty)
        for url in [garbage, truncated, empty] {
            do {
                _ = try CGImage(contentsOf: url)
                Issue.record("\(url.lastPathComponent) decoded")
            } catch let error as ImageError {
                guard case .invalidPNG(let source, _) = error else { Issue.record("wrong error \(error)"); continue }
                #expect(source == url.path)
            }
            #expect(CGImage(contentsOfFile: url.path) == nil)
            #expect(!Diagnostics.messages(containing: url.path).isEmpty)
        }
        // A directory is not an image either.
        #expect(CGImage(contentsOfFile: dir.path) == nil)
    }

    @Test func writingToAnUnwritablePlaceThrows() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/out.png")
        #expect(throws: ImageError.self) { try sample().writePNG(to: url) }
    }

    @Test func invalidPixelBuffersAreRejected() {
        #expect(CGImage(width: 2, height: 2, premultipliedARGB: [0, 0, 0]) == nil)
        #expect(CGImage(width: 0, height: 5, premultipliedARGB: []) == nil)
        #expect(CGImage(width: -1, height: 1, premultipliedARGB: [0]) == nil)
    }

    @Test func croppingAndPlaceholder() {
        let image = sample()
        let cropped = image.cropping(to: CGRect(x: 1, y: 1, width: 10, height: 10))
        #expect(cropped?.width == 3 && cropped?.height == 1)
        #expect(cropped?.pixel(x: 0, y: 0) == F.opaqueBlue)
        #expect(image.cropping(to: CGRect(x: 9, y: 9, width: 1, height: 1)) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) == nil)
        // Finite but beyond `Int`: the part inside the image, as for any larger rectangle.
        let whole = image.cropping(to: CGRect(x: -1e300, y: -1e300, width: 1e301, height: 1e301))
        #expect(whole?.width == image.width && whole?.height == image.height)
        let placeholder = CGImage.missingImagePlaceholder()
        #expect(placeholder.pixel(x: 0, y: 0)?.argb == 0xFFFF_00FF)
        #expect(placeholder.pixel(x: 8, y: 0)?.argb == 0xFFFF_FFFF)
    }

    @Test func drawImageLandsFirstRowAtMaxYLikeCoreGraphics() {
        let image = sample()   // red on top
        let c = CGContext(width: 40, height: 20)
        c.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 20))
        let flipped = c.makeImage()
        #expect(F.pixel(flipped, 5, 15) == F.opaqueRed)    // first row at the bottom
        #expect(F.pixel(flipped, 5, 3) == F.opaqueBlue)
        let upright = CGContext(width: 10, height: 10)
        upright.draw(image, uprightAt: CGPoint(x: 2, y: 3))
        let u = upright.makeImage()
        #expect(F.pixel(u, 2, 3) == F.opaqueRed)
        #expect(F.pixel(u, 2, 4) == F.opaqueBlue)
        #expect(F.pixel(u, 1, 3) == F.transparent)
        #expect(F.pixel(u, 6, 3) == F.transparent)
    }

    @Test func drawImageHonoursGlobalAlpha() {
        let c = CGContext(width: 4, height: 2)
        c.setAlpha(0.5)
        c.draw(sample(), uprightAt: .zero)
        let p = F.pixel(c.makeImage(), 0, 0)
        #expect(p.alpha == 128 && p.red == 128)
    }
}
