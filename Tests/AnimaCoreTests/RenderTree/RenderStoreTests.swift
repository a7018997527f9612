import Foundation
import Testing
@testable import AnimaCore
import AnimaGraphics

/// The render-side copy of a display's tree (`RenderStore`): which layers it holds, what a commit copies into it,
/// and what `presentation()` reads from it.
@MainActor
@Suite("Render store")
struct RenderStoreTests {
    /// A named 10 × 10 layer under `parent`, added without actions.
    private func layer(_ name: String, in parent: CALayer) -> CALayer {
        let layer = CALayer()
        layer.name = name
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        parent.addSublayer(layer)
        CATransaction.commit()
        return layer
    }

    @Test("a subtree joins the store with its layers and mask, and leaves it whole")
    func membershipFollowsTheTree() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let store = display.pipeline.store
        let base = store.layerCount
        let detached = CALayer()
        _ = layer("child", in: detached)
        detached.mask = CALayer()
        #expect(detached.renderStore == nil && store.layerCount == base)   // a model only
        display.rootLayer.addSublayer(detached)
        #expect(store.layerCount == base + 3)
        #expect(detached.renderStore === store && detached.sublayers?.first?.renderStore === store)
        detached.removeFromSuperlayer()
        #expect(store.layerCount == base)
        #expect(detached.renderStore == nil && detached.sublayers?.first?.renderStore == nil && detached.mask?.renderStore == nil)
    }

    @Test("a layer taken out of the tree with a running animation costs the display no more frames")
    func removedLayersStopAskingForFrames() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let spinner = layer("spinner", in: display.rootLayer)
        let spin = basic("opacity", from: 0, to: 1, duration: 1)
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        display.advance(by: 0.1)
        #expect(display.pipeline.needsFrame)
        spinner.removeFromSuperlayer()
        display.advance(by: 0.1)
        #expect(!display.pipeline.needsFrame)
        #expect(display.pipeline.store.animationCount == 0)
        #expect(spinner.animation(forKey: "spin") != nil)   // the model keeps it, as Core Animation's does
    }

    @Test("a layer moved to another display's tree is copied there with its animations and leaves the first")
    func movingBetweenDisplays() throws {
        let first = HeadlessDisplay(width: 100, height: 100)
        let moving = layer("moving", in: first.rootLayer)
        let fade = basic("opacity", from: 0, to: 1, duration: 10)
        moving.add(fade, forKey: "fade")
        first.advance(by: 1)
        let second = HeadlessDisplay(width: 100, height: 100)
        second.advance(by: 5)   // a different clock
        second.rootLayer.addSublayer(moving)
        second.advance(by: 0)
        #expect(moving.renderStore === second.pipeline.store)
        #expect(first.pipeline.store.animationCount == 0 && second.pipeline.store.animationCount == 1)
        // The animation keeps its begin time (stamped by the first display's first frame) and now follows the second
        // display's clock.
        let begin = try #require(moving.animation(forKey: "fade")).beginTime
        #expect(begin < 0.1)
        #expect(abs(Double(try #require(moving.presentation()).opacity) - (5 - begin) / 10) < 1e-6)
        first.advance(by: 0)
        #expect(second.renderTree.node(named: "moving") != nil && first.renderTree.node(named: "moving") == nil)
    }

    /// Core Animation: `presentation()` is "a copy of the layer containing all properties as they were at the start
    /// of the current transaction, with any active animations applied" (reference §5.1): a model change shows in it
    /// once committed.
    @Test("presentation() shows the last commit's values, not the model's uncommitted ones")
    func presentationShowsCommittedValues() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let box = layer("box", in: display.rootLayer)
        display.advance(by: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        box.position = CGPoint(x: 40, y: 40)
        #expect(try #require(box.presentation()).position == .zero)   // not committed yet
        CATransaction.commit()
        #expect(try #require(box.presentation()).position == CGPoint(x: 40, y: 40))
        #expect(box.position == CGPoint(x: 40, y: 40))   // the model changed at once
    }

    @Test("a commit copies only the layers that changed")
    func commitCopiesWhatChanged() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layers = (0..<50).map { layer("l\($0)", in: display.rootLayer) }
        display.advance(by: 0)
        let store = display.pipeline.store
        let before = store.recordsCopied
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[7].opacity = 0.5
        layers[9].bounds.size.width = 30
        CATransaction.commit()
        #expect(store.recordsCopied == before + 2)
    }

    @Test("a geometry or background change copies those fields alone; with any other property, the whole record")
    func commitCopiesTheChangedFields() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layers = (0..<4).map { layer("l\($0)", in: display.rootLayer) }
        display.advance(by: 0)
        let store = display.pipeline.store
        let whole = store.wholeRecordCopies
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[0].position = CGPoint(x: 31, y: 32)
        layers[0].opacity = 0.25
        layers[1].backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layers[2].backgroundColor = nil
        layers[3].zPosition = 2
        layers[3].cornerRadius = 4    // not a geometry field: the whole record
        CATransaction.commit()
        #expect(store.wholeRecordCopies == whole + 1)
        display.advance(by: 1.0 / 60)
        let tree = display.renderTree
        #expect(tree.node(named: "l0")?.position == CGPoint(x: 31, y: 32))
        #expect(tree.node(named: "l0")?.opacity == 0.25)
        #expect(tree.node(named: "l1")?.backgroundColor?.green == 1)
        #expect(tree.node(named: "l2")?.backgroundColor == nil)
        #expect(tree.node(named: "l3")?.zPosition == 2)
        #expect(tree.node(named: "l3")?.appearance.value.cornerRadius == 4)
        #expect(tree.nodes.last?.name == "l3")   // drawn above its siblings
    }

    @Test("a zPosition change moves one sibling in the drawing order, without linking the others again")
    func zPositionMovesOneSibling() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layers = (0..<200).map { layer("z\($0)", in: display.rootLayer) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[3].zPosition = 1   // from now on the root's sublayers are sorted: its order is cached
        CATransaction.commit()
        display.advance(by: 0)
        let store = display.pipeline.store
        let relinks = store.sublayerRelinks
        for (i, z) in [(150, 2.0), (10, -1.0), (3, 0.0)] {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layers[i].zPosition = z
            CATransaction.commit()
            display.advance(by: 1.0 / 60)
        }
        #expect(store.sublayerRelinks == relinks)
        let order = display.renderTree.nodes.compactMap(\.name).filter { $0.hasPrefix("z") }
        let expected = ["z10"] + (0..<200).filter { $0 != 10 && $0 != 150 }.map { "z\($0)" } + ["z150"]
        #expect(order == expected)
    }
}
