import Foundation
import Testing
import Anima
import AnimaCore
import AnimaGraphics
import AnimaKit

/// `UIView.drawHierarchy(in:afterScreenUpdates:)` and `snapshotView(afterScreenUpdates:)`: images of views with
/// no window, through `CALayer.render(in:)`.
///
/// Values are exact: every edge tested lies on whole pixels, away from the sampled point.
@MainActor
@Suite("View snapshots")
struct ViewSnapshotTests {
    private static let red = RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255)
    private static let blue = RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255)

    /// A red 40×20 view with a blue 10×10 subview at (30, 10), in no window.
    private func card() -> UIView {
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 20))
        card.backgroundColor = .red
        let dot = UIView(frame: CGRect(x: 30, y: 10, width: 10, height: 10))
        dot.backgroundColor = .blue
        card.addSubview(dot)
        return card
    }

    @Test func drawHierarchyScalesTheBoundsIntoTheRect() throws {
        let card = card()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        var drew = false
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format).image { _ in
            drew = card.drawHierarchy(in: CGRect(x: 10, y: 10, width: 80, height: 40), afterScreenUpdates: true)
        }
        #expect(drew)
        let pixels = try #require(image.cgImage)
        #expect(pixels.pixel(x: 12, y: 12) == Self.red)       // the card, twice its size, from (10, 10)
        #expect(pixels.pixel(x: 85, y: 45) == Self.blue)      // the subview at (30…40, 10…20) × 2 + 10
        #expect(pixels.pixel(x: 5, y: 5)?.alpha == 0)
        #expect(pixels.pixel(x: 50, y: 55)?.alpha == 0)       // below the rect
        #expect(card.drawHierarchy(in: card.bounds, afterScreenUpdates: false) == false)   // no current context
    }

    /// A scrolled view's snapshot shows what it shows: its bounds, not its content's origin.
    @Test func snapshotViewShowsTheVisiblePartAtTheScreensScale() throws {
        let card = card()
        card.bounds.origin = CGPoint(x: 20, y: 0)             // scrolled 20 points: the subview now at x 10…20
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        #expect(snapshot.bounds.size == card.bounds.size)
        let image = try #require(snapshot.layer.contents as? CGImage)
        let scale = snapshot.layer.contentsScale
        #expect(image.width == Int(40 * scale))
        #expect(image.pixel(x: Int(15 * scale), y: Int(15 * scale)) == Self.blue)
        #expect(image.pixel(x: Int(5 * scale), y: Int(5 * scale)) == Self.red)
        #expect(image.pixel(x: Int(35 * scale), y: Int(15 * scale)) == Self.red)   // where the subview was
        #expect(UIView(frame: .zero).snapshotView(afterScreenUpdates: true) == nil)
    }
}
