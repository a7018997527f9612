import Foundation
import Testing
import AnimaGraphics
@testable import AnimaCore

/// `CAScrollLayer` and the scrolling calls every layer has: the bounds origin moves what shows, along the
/// allowed axes, as little as needed for a rectangle.
@MainActor
@Suite("Scroll layers")
struct ScrollLayerTests {
    /// A 100 × 50 scroll layer at (10, 10) holding a 400 × 400 page with a 20-point tile at (300, 200).
    private func scene() -> (CAScrollLayer, CALayer, CALayer) {
        CATransaction.begin(); CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 500, height: 500)
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        let page = CALayer()
        page.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let tile = CALayer()
        tile.frame = CGRect(x: 300, y: 200, width: 20, height: 20)
        root.addSublayer(scroller); scroller.addSublayer(page); page.addSublayer(tile)
        return (scroller, page, tile)
    }

    @Test func scrollingMovesTheOriginAlongTheAllowedAxes() {
        let (scroller, _, tile) = scene()
        scroller.scroll(to: CGPoint(x: 300, y: 200))
        #expect(scroller.bounds.origin == CGPoint(x: 300, y: 200))
        #expect(tile.convert(CGPoint.zero, to: scroller.superlayer) == CGPoint(x: 10, y: 10))   // at the top-left
        scroller.scrollMode = .horizontally
        scroller.scroll(to: CGPoint(x: 5, y: 7))
        #expect(scroller.bounds.origin == CGPoint(x: 5, y: 200))
        scroller.scrollMode = .none
        scroller.scroll(to: CGPoint.zero)
        #expect(scroller.bounds.origin == CGPoint(x: 5, y: 200))
        scroller.scroll(to: CGPoint(x: CGFloat.nan, y: 0))              // refused, reported
        #expect(scroller.bounds.origin == CGPoint(x: 5, y: 200))
    }

    /// A rectangle below and right of the view is brought to the bottom-right edge; one above and left to the
    /// top-left; one already shown does not move anything; one larger than the bounds shows from its corner.
    @Test func scrollToRectMovesAsLittleAsNeeded() {
        let (scroller, _, _) = scene()
        scroller.scroll(to: CGRect(x: 150, y: 100, width: 20, height: 20))
        #expect(scroller.bounds.origin == CGPoint(x: 70, y: 70))          // maxX 170 − 100, maxY 120 − 50
        scroller.scroll(to: CGRect(x: 80, y: 80, width: 10, height: 10))
        #expect(scroller.bounds.origin == CGPoint(x: 70, y: 70))          // already visible
        scroller.scroll(to: CGRect(x: 10, y: 20, width: 5, height: 5))
        #expect(scroller.bounds.origin == CGPoint(x: 10, y: 20))
        scroller.scroll(to: CGRect(x: 0, y: 0, width: 300, height: 300))
        #expect(scroller.bounds.origin == .zero)
    }

    /// A sublayer's `scroll(_:)`, `scrollRectToVisible(_:)` and `visibleRect` go through the nearest scroll layer,
    /// in the sublayer's own coordinates.
    @Test func sublayersScrollTheirScrollLayer() {
        let (scroller, page, tile) = scene()
        tile.scroll(CGPoint(x: 10, y: 0))                                   // the tile's middle column at the left
        #expect(scroller.bounds.origin == CGPoint(x: 310, y: 200))
        #expect(tile.visibleRect == CGRect(x: 10, y: 0, width: 10, height: 20))
        page.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(scroller.bounds.origin == .zero)
        #expect(tile.visibleRect.isEmpty)
        #expect(page.visibleRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        let loose = CALayer()
        loose.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        loose.scroll(CGPoint(x: 5, y: 5))                                   // no scroll layer: nothing happens
        #expect(loose.visibleRect == loose.bounds)
    }

    @Test func preferredFrameRateRangeIsKeptWithCopies() {
        let anim = CABasicAnimation(keyPath: "opacity")
        #expect(anim.preferredFrameRateRange == .default)
        let range = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 120)
        anim.preferredFrameRateRange = range
        #expect((anim.copy() as? CAAnimation)?.preferredFrameRateRange == range)
    }
}
