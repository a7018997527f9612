import Foundation
import Testing
@testable import AnimaGraphics

/// What the `png` fuzzer (Fuzz/png) found in AnimaGraphics, fixed.
@Suite("Fuzz findings: PNG")
struct PNGFuzzFindingsTests {
    /// `png`: a header claiming 30 000 × 30 000 pixels made Cairo allocate and clear 3.6 GB before reading the
    /// (missing) pixel data. Such files are refused from the header.
    @Test func pngClaimingTooManyPixelsIsRefusedFromItsHeader() throws {
        let data = Self.png(width: 30_000, height: 30_000)
        #expect(throws: ImageError.self) { try CGImage(pngData: data, source: "huge.png") }
        #expect(Diagnostics.messages(containing: "huge.png is not a readable PNG: 30000×30000 pixels").count >= 1)
    }

    @Test func pngSizeLimits() {
        #expect(CGImage.headerProblem(Self.png(width: 8192, height: 8192)) == nil)
        #expect(CGImage.headerProblem(Self.png(width: 8192, height: 8193)) != nil)
        #expect(CGImage.headerProblem(Self.png(width: 40_000, height: 1)) != nil)
        #expect(CGImage.headerProblem(Data("not a png".utf8)) == nil)   // left to Cairo, which says why
    }

    @Test func aSmallPNGStillDecodes() throws {
        let image = try #require(CGImage(width: 3, height: 2, premultipliedARGB: [UInt32](repeating: 0xFF00_FF00, count: 6)))
        let again = try CGImage(pngData: image.pngData())
        #expect(again.width == 3 && again.height == 2)
        #expect(again.pixel(x: 2, y: 1) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    /// A PNG signature and IHDR for `width × height` RGBA pixels, and no pixel data.
    static func png(width: Int, height: Int) -> Data {
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr: [UInt8] = [0x49, 0x48, 0x44, 0x52] + u32(width) + u32(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + u32(13) + ihdr + [0, 0, 0, 0])
    }
}
