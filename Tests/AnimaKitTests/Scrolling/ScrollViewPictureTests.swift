import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaSDL
@testable import AnimaKit

/// Pictures of a scroll view mid-pinch and with its indicators up, from the offscreen renderer (written to
/// `.build/anima-kit/` to look at), checked at a few pixels whose colours follow from the geometry alone.
@MainActor
@Suite("UIScrollView pictures", .serialized)
struct ScrollViewPictureTests {
    /// The colour of tile (`column`, `row`) of a 4 × 3 grid: red rises to the right, blue downwards.
    private func tileColour(_ column: Int, _ row: Int) -> (red: CGFloat, green: CGFloat, blue: CGFloat) {
        (CGFloat(column) / 3, 0.6, CGFloat(row) / 2)
    }

    /// A 400 × 300 "photo" of 100-point tiles, each with a white 4-point border.
    private func makePhoto() -> UIView {
        let photo = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        for row in 0..<3 {
            for column in 0..<4 {
                let tile = addView(CGRect(x: column * 100, y: row * 100, width: 100, height: 100), to: photo)
                let c = tileColour(column, row)
                tile.backgroundColor = UIColor(red: c.red, green: c.green, blue: c.blue, alpha: 1)
                tile.layer.borderWidth = 4
                tile.layer.borderColor = UIColor.white.cgColor
            }
        }
        return photo
    }

    private func write(_ image: CGImage, _ name: String) throws {
        let directory = URL(fileURLWithPath: ".build/anima-kit", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try image.writePNG(to: directory.appendingPathComponent(name))
    }

    private func matches(_ pixel: RGBAPixel?, _ c: (red: CGFloat, green: CGFloat, blue: CGFloat)) -> Bool {
        guard let pixel else { return false }
        return abs(Int(pixel.red) - Int(c.red * 255)) <= 2 && abs(Int(pixel.green) - Int(c.green * 255)) <= 2
            && abs(Int(pixel.blue) - Int(c.blue * 255)) <= 2
    }

    /// Mid-pinch at twice the size about (250, 150): the tile under the fingers is still there, and screen point
    /// (50, 70) shows photo point 250 + (50 − 250) / 2, 150 + (70 − 150) / 2 = (150, 110) — tile (1, 1).
    @Test func aScrollViewMidPinch() throws {
        let display = HeadlessDisplay(width: 400, height: 300, scale: 2)
        let window = UIWindow(display: display)
        let (scroll, recorder) = makeZoomingScrollView(in: window, over: makePhoto(), to: 4)
        display.advance(by: 0)
        display.send(pointer(.began, 200, 150, id: 1, in: display))
        display.send(pointer(.began, 300, 150, id: 2, in: display))
        for i in 1...10 {
            display.advance(by: 1.0 / 60)
            display.send(pointer(.moved, 200 - 5 * CGFloat(i), 150, id: 1, in: display))
            display.send(pointer(.moved, 300 + 5 * CGFloat(i), 150, id: 2, in: display))
        }
        display.advance(by: 1.0 / 60)
        #expect(scroll.isZooming && scroll.zoomScale == 2)
        let image = try display.snapshot()
        try write(image, "scroll-mid-pinch.png")
        #expect(matches(image.pixel(x: 2 * 240, y: 2 * 140), tileColour(2, 1)))   // beside the fingers' middle
        #expect(matches(image.pixel(x: 2 * 50, y: 2 * 70), tileColour(1, 1)))
        #expect(matches(image.pixel(x: 2 * 10, y: 2 * 10), tileColour(1, 0)))    // photo (130, 80)
        for id in [1, 2] { display.send(pointer(.ended, 200, 150, id: id, in: display)) }
        display.advance(by: 1)
        withExtendedLifetime(recorder) {}
    }

    /// Dragged to the middle of 3 × 3 screens of tiles (zoomed 3 ×), both bars are up: dark 3-point bars with
    /// rounded ends, 3 points from the right and bottom edges, a third of their tracks long and in the middle.
    @Test func aScrollViewWithItsIndicatorsUp() throws {
        let display = HeadlessDisplay(width: 400, height: 300, scale: 2)
        let window = UIWindow(display: display)
        let (scroll, recorder) = makeZoomingScrollView(in: window, over: makePhoto(), to: 3)
        scroll.zoomScale = 3
        scroll.contentOffset = CGPoint(x: 380, y: 280)
        display.advance(by: 0)
        pan(display, line(from: CGPoint(x: 200, y: 200), step: CGPoint(x: -2, y: -2), count: 10), lift: false)
        #expect(scroll.isDragging && scroll.contentOffset == CGPoint(x: 400, y: 300))
        let image = try display.snapshot()
        try write(image, "scroll-indicators.png")
        // Vertical track: 3…300 − 3 − 6 = 291, 288 long; a third, 96, in the middle of the free 192: y 99…195.
        let bar = try #require(image.pixel(x: 2 * 395, y: 2 * 150))
        let beside = try #require(image.pixel(x: 2 * 385, y: 2 * 150))
        #expect(Int(bar.red) + Int(bar.green) + Int(bar.blue) < Int(beside.red) + Int(beside.green) + Int(beside.blue) - 60)
        let aboveBar = try #require(image.pixel(x: 2 * 395, y: 2 * 90))
        #expect(abs(Int(aboveBar.green) - Int(beside.green)) < 30)             // above the bar: the content
        // Horizontal track: 3…400 − 3 − 6 = 391, 388 long; a third, 129⅓, in the middle: x 132⅓…261⅔, y 294…297.
        let horizontal = try #require(image.pixel(x: 2 * 240, y: 2 * 295))
        let aboveHorizontal = try #require(image.pixel(x: 2 * 240, y: 2 * 290))
        #expect(Int(horizontal.green) < Int(aboveHorizontal.green) - 20)
        display.advance(by: 0.2)                                               // rest, then lift: no fling
        display.send(pointer(.ended, 180, 180, id: 0, in: display))
        display.advance(by: 1.5)
        let faded = try display.snapshot()
        try write(faded, "scroll-indicators-faded.png")
        #expect(matches(faded.pixel(x: 2 * 395, y: 2 * 150), tileColour(2, 1)))   // the bar gone: the tile again
        withExtendedLifetime(recorder) {}
    }
}
