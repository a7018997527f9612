import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// `autoresizingMask`: a superview's size change shared among a subview's flexible parts in proportion to their
/// lengths (Cocoa's rule, which UIKit follows), worked by hand below for a 200 × 100 superview growing to 300 × 160.
@MainActor
@Suite("Autoresizing masks")
struct AutoresizingTests {
    /// A subview at (20, 10, 60, 40) of a 200 × 100 container: margins 20 | 60 | 120 across, 10 | 40 | 50 down.
    func resized(_ mask: UIView.AutoresizingMask, to size: CGSize = CGSize(width: 300, height: 160)) -> CGRect {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView(frame: CGRect(x: 20, y: 10, width: 60, height: 40))
        child.autoresizingMask = mask
        container.addSubview(child)
        container.frame.size = size
        return child.frame
    }

    @Test func flexibleSizesTakeTheWholeChange() {
        #expect(resized([.flexibleWidth, .flexibleHeight]) == CGRect(x: 20, y: 10, width: 160, height: 100))
        #expect(resized([]) == CGRect(x: 20, y: 10, width: 60, height: 40), "no mask: nothing moves")
    }

    @Test func aFlexibleLeadingMarginKeepsTheTrailingOne() {
        // The right and bottom margins (120, 50) stay: x = 300 − 120 − 60, y = 160 − 50 − 40.
        #expect(resized([.flexibleLeftMargin, .flexibleTopMargin]) == CGRect(x: 120, y: 70, width: 60, height: 40))
    }

    @Test func twoFlexibleMarginsShareInProportion() {
        // Across: Δ 100 split 20 : 120 → left 20 + 100·20/140; down: Δ 60 split 10 : 50 → top 10 + 60·10/60.
        let f = resized([.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin])
        #expect(abs(f.minX - (20 + 100 * 20 / 140)) < 1e-9 && abs(f.minY - 20) < 1e-9)
        #expect(f.size == CGSize(width: 60, height: 40))
    }

    @Test func allThreeFlexibleScaleTheLayout() {
        // Every part grows by 300/200 across and 160/100 down.
        let f = resized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin,
                         .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin])
        #expect(abs(f.minX - 30) < 1e-9 && abs(f.width - 90) < 1e-9 && abs(f.minY - 16) < 1e-9 && abs(f.height - 64) < 1e-9)
    }

    @Test func shrinkingNeverMakesANegativeSize() {
        #expect(resized(.flexibleWidth, to: CGSize(width: 50, height: 100)).width == 0)
    }

    @Test func subviewsFollowOnlyWhenAskedAndNotWhenConstrained() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let constrained = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        constrained.autoresizingMask = .flexibleWidth
        constrained.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(constrained)
        container.bounds.size.width = 300
        #expect(constrained.frame.width == 50, "constraints place it")
        let free = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        free.autoresizingMask = .flexibleWidth
        container.addSubview(free)
        container.autoresizesSubviews = false
        container.bounds.size.width = 400
        #expect(free.frame.width == 50)
        container.autoresizesSubviews = true
        container.bounds.size.width = 500
        #expect(free.frame.width == 150)
    }

    /// A size changed in an animation block animates the subviews it resizes; a window resize reaches a root view
    /// that stretches with it.
    @Test func aResizeInsideABlockAnimatesTheSubviews() throws {
        let (display, window) = makeWindow(width: 400, height: 300)
        let panel = addView(CGRect(x: 0, y: 0, width: 200, height: 100), to: window)
        let bar = UIView(frame: CGRect(x: 0, y: 80, width: 200, height: 20))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        panel.addSubview(bar)
        display.advance(by: 0)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            panel.frame.size = CGSize(width: 300, height: 200)
        })
        #expect(bar.frame == CGRect(x: 0, y: 180, width: 300, height: 20))
        display.advance(by: 0)
        display.advance(by: 0.5)
        let shown = try #require(bar.layer.presentation())
        #expect(abs(shown.frame.width - 250) < 1e-6 && abs(shown.frame.minY - 130) < 1e-6, "\(shown.frame)")
    }
}
