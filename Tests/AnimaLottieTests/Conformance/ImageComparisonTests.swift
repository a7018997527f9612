import Foundation
import Testing
import AnimaGraphics
import AnimaLottie

@Suite("Image comparison")
struct ImageComparisonTests {
    private func image(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> UInt32) -> CGImage {
        CGImage(width: w, height: h, premultipliedARGB: (0..<(w * h)).map { pixel($0 % w, $0 / w) })!
    }

    @Test func identicalImagesMatchEverywhere() throws {
        let a = image(4, 4) { x, _ in x < 2 ? 0xFF10_2030 : 0x8000_0000 }
        let result = try #require(LottieImageComparison.compare(a, a, perceptualPrecision: 0.97))
        #expect(result.share == 1)
    }

    @Test func aDifferentPixelCountsAgainstTheShareOnBothBackgrounds() throws {
        let white = image(10, 10) { _, _ in 0xFFFF_FFFF }
        let oneBlack = image(10, 10) { x, y in x == 3 && y == 4 ? 0xFF00_0000 : 0xFFFF_FFFF }
        let result = try #require(LottieImageComparison.compare(white, oneBlack, perceptualPrecision: 0.97))
        #expect(result.overWhite == 0.99)
        #expect(result.overBlack == 0.99)
    }

    @Test func transparentBlackDiffersFromOpaqueBlackOnlyOverWhite() throws {
        let clear = image(2, 2) { _, _ in 0 }
        let black = image(2, 2) { _, _ in 0xFF00_0000 }
        let result = try #require(LottieImageComparison.compare(clear, black, perceptualPrecision: 0.97))
        #expect(result.overWhite == 0)
        #expect(result.overBlack == 1)
    }

    @Test func sizesMayDifferByOnePixelButNotTwo() {
        let a = image(10, 10) { _, _ in 0 }
        #expect(LottieImageComparison.compare(a, image(11, 10) { _, _ in 0 }, perceptualPrecision: 0.97) != nil)
        #expect(LottieImageComparison.compare(a, image(12, 10) { _, _ in 0 }, perceptualPrecision: 0.97) == nil)
    }

    @Test func downsamplingAveragesEachBlock() throws {
        let checker = image(2, 2) { x, y in (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 }
        let small = LottieImageComparison.downsampled(checker, width: 1, height: 1)
        let pixel = try #require(small.pixel(x: 0, y: 0))
        #expect(pixel.alpha == 255)
        #expect(pixel.red == 127)
    }
}
