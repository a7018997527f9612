import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A delegate that counts layout calls and can run a body during layout.
@MainActor
final class LayoutDelegate: CALayerDelegate {
    var calls: [String] = []
    var body: ((CALayer) -> Void)?
    func layoutSublayers(of layer: CALayer) {
        calls.append(layer.name ?? "?")
        body?(layer)
    }
}

/// A layer that lays out its first sublayer to fill it.
final class FillingLayer: CALayer {
    var layoutCount = 0
    override func layoutSublayers() {
        layoutCount += 1
        sublayers?.first?.frame = bounds
    }
}

/// setNeedsLayout / layoutIfNeeded / layoutSublayers (§5.6).
@MainActor
@Suite("Layout")
struct LayoutTests {
    @Test func setNeedsLayoutThenLayoutIfNeeded() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let layer = CALayer()
        layer.name = "layout-basic"
        let delegate = LayoutDelegate()
        layer.delegate = delegate
        layer.layoutIfNeeded()
        #expect(delegate.calls.isEmpty)        // not marked
        layer.setNeedsLayout()
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(delegate.calls == ["layout-basic"])
        #expect(!layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(delegate.calls.count == 1)    // nothing more to do
    }

    @Test func boundsChangeMarksLayerAndSuperlayer() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        #expect(!parent.needsLayout() && !child.needsLayout())
        child.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(child.needsLayout() && parent.needsLayout())
        parent.layoutIfNeeded()
        #expect(!parent.needsLayout() && !child.needsLayout())
        child.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(child.needsLayout() && parent.needsLayout())
        parent.layoutIfNeeded()
        child.position = CGPoint(x: 3, y: 3)   // position is not a layout trigger
        #expect(!child.needsLayout() && !parent.needsLayout())
    }

    @Test func layoutIfNeededWalksUpToMarkedAncestors() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let parent = CALayer(), child = CALayer()
        parent.name = "walk-parent"
        child.name = "walk-child"
        let delegate = LayoutDelegate()
        parent.delegate = delegate
        child.delegate = delegate
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        delegate.calls = []
        parent.setNeedsLayout()
        child.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(delegate.calls == ["walk-parent", "walk-child"])   // top down
    }

    @Test func ownLayoutDoesNotRemarkItself() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let layer = CALayer()
        layer.name = "layout-self"
        let delegate = LayoutDelegate()
        delegate.body = { $0.bounds = CGRect(x: 0, y: 0, width: 42, height: 42) }
        layer.delegate = delegate
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        #expect(layer.bounds.width == 42)
        #expect(!layer.needsLayout())   // the automatic mark is skipped during its own layout
    }

    @Test func subclassLayoutRunsWithTheFrame() {
        let display = HeadlessDisplay(width: 200, height: 200)
        let container = FillingLayer()
        let content = CALayer()
        container.addSublayer(content)
        display.rootLayer.addSublayer(container)
        container.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        display.advance(by: 0)   // layout happens in the frame, before commit
        #expect(container.layoutCount >= 1)
        #expect(content.frame == CGRect(x: 0, y: 0, width: 120, height: 80))
        let count = container.layoutCount
        display.advance(by: 0.1)
        #expect(container.layoutCount == count)   // nothing changed: no more layout
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        CATransaction.commit()
        display.advance(by: 0)
        #expect(content.frame == CGRect(x: 0, y: 0, width: 60, height: 40))
    }

    @Test func preferredFrameSizeIsBoundsSize() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = CALayer()
        l.bounds = CGRect(x: 3, y: 4, width: 30, height: 40)
        #expect(l.preferredFrameSize() == CGSize(width: 30, height: 40))
    }
}
