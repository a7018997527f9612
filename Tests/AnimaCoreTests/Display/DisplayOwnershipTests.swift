import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A layer that counts its layouts.
final class LayoutCountingLayer: CALayer {
    var layouts = 0
    override func layoutSublayers() { layouts += 1 }
}

/// Layers belong to displays, transactions do not (DESIGN §3): one process-wide transaction stack, whose
/// commits deliver each change to the display whose tree holds the layer; creation order never matters.
@MainActor
@Suite("Layers belong to displays")
struct DisplayOwnershipTests {
    @Test func layerMadeBeforeItsDisplayIsCommittedAndAnimates() throws {
        let early = CALayer()
        early.name = "early"
        early.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        early.position = CGPoint(x: 0, y: 0)
        let display = HeadlessDisplay(width: 200, height: 100)
        display.rootLayer.addSublayer(early)
        display.advance(by: 0)
        #expect(early.presentation() != nil)
        let move = basic("position.x", from: 0, to: 100, duration: 1)
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        CATransaction.begin()
        early.add(move, forKey: "move")
        CATransaction.commit()
        display.advance(by: 0.25)
        #expect(isClose(try #require(early.presentation()).position.x, 25, within: 1e-9))
        #expect(isClose(try #require(display.renderTree.node(named: "early")).position.x, 25, within: 1e-9))
    }

    @Test func layoutRequestedBeforeAnyDisplayRunsInTheFirstFrame() {
        let layer = LayoutCountingLayer()
        layer.setNeedsLayout()
        let display = HeadlessDisplay(width: 50, height: 50)
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        #expect(layer.layouts == 1)
    }

    @Test func presentationUsesTheTimeOfTheLayersOwnDisplay() throws {
        let a = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        a.rootLayer.addSublayer(layer)
        a.advance(by: 0)
        let move = basic("position.x", from: 0, to: 100, duration: 1)
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        CATransaction.begin()
        layer.add(move, forKey: "move")
        CATransaction.commit()
        a.advance(by: 0.5)
        let b = HeadlessDisplay(width: 100, height: 100)   // current now, its clock at 0
        b.advance(by: 3)
        #expect(FramePipeline.current === b.pipeline)
        #expect(isClose(try #require(layer.presentation()).position.x, 50, within: 1e-9))
    }

    @Test func animationAddedWhileAnotherDisplayIsCurrentStartsAtItsOwnDisplaysTime() throws {
        let a = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        a.rootLayer.addSublayer(layer)
        a.advance(by: 2)
        let b = HeadlessDisplay(width: 100, height: 100)
        b.advance(by: 0.1)
        #expect(FramePipeline.current === b.pipeline)
        let fade = basic("opacity", from: 1, to: 0, duration: 1)
        CATransaction.begin()
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
        let stored = try #require(layer.animation(forKey: "fade"))
        #expect(stored.beginTime == 2)   // a's time, not b's 0.1
        #expect(a.pipeline.needsFrame)    // and a's next frame was asked for
    }

    @Test func twoDisplaysAnimateSideBySideUnderOneTransactionSystem() throws {
        let a = HeadlessDisplay(width: 100, height: 100)
        let b = HeadlessDisplay(width: 100, height: 100)
        let inA = CALayer(), inB = CALayer()
        inA.name = "in-a"; inB.name = "in-b"
        a.rootLayer.addSublayer(inA)
        b.rootLayer.addSublayer(inB)
        a.advance(by: 0)
        b.advance(by: 0)
        CATransaction.begin()
        for layer in [inA, inB] {
            let move = basic("position.y", from: 0, to: 60, duration: 1)
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(move, forKey: "move")
        }
        CATransaction.commit()
        a.advance(by: 0.5)
        b.advance(by: 0.25)
        #expect(isClose(try #require(a.renderTree.node(named: "in-a")).position.y, 30, within: 1e-9))
        #expect(isClose(try #require(b.renderTree.node(named: "in-b")).position.y, 15, within: 1e-9))
        #expect(a.renderTree.node(named: "in-b") == nil && b.renderTree.node(named: "in-a") == nil)
    }

    /// The transaction system is one: a frame of display a commits a change to b's layer. That is b's change — b
    /// shows it at its next frame — and a, whose tree did not change, evaluates nothing for it.
    @Test func aDisplayCommittingAnotherDisplaysChangeDoesNotEvaluateForIt() throws {
        let a = HeadlessDisplay(width: 100, height: 100)
        let b = HeadlessDisplay(width: 100, height: 100)
        let inB = CALayer()
        inB.name = "in-b"
        b.rootLayer.addSublayer(inB)
        a.advance(by: 0)
        b.advance(by: 0)
        a.advance(by: 1.0 / 60)
        let evaluated = a.pipeline.evaluatedFrameCount
        inB.opacity = 0.5                                // opens the implicit transaction
        a.advance(by: 1.0 / 60)                          // a's frame commits it
        #expect(a.pipeline.evaluatedFrameCount == evaluated, "a's tree did not change")
        b.advance(by: 1.0)                               // after the implicit fade
        #expect(try #require(b.renderTree.node(named: "in-b")).opacity == 0.5)
    }

    /// A layer in no display's tree is only a model: its change asks for a frame (to commit the implicit
    /// transaction), and that frame evaluates nothing for it.
    @Test func aChangeToALayerInNoTreeCostsNoEvaluation() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let shown = CALayer()
        display.rootLayer.addSublayer(shown)
        let free = CALayer()
        display.advance(by: 0)
        display.advance(by: 1.0 / 60)
        #expect(!display.pipeline.needsFrame)
        let evaluated = display.pipeline.evaluatedFrameCount
        CATransaction.setDisableActions(true)            // in the implicit transaction it opens
        free.opacity = 0.5
        #expect(display.pipeline.needsFrame, "the implicit transaction must be committed")
        display.advance(by: 1.0 / 60)
        #expect(display.pipeline.evaluatedFrameCount == evaluated)
        #expect(!display.pipeline.needsFrame, "committed")
        // Added to the tree, it is copied in with its model values.
        display.rootLayer.addSublayer(free)
        display.advance(by: 1.0 / 60)
        #expect(display.pipeline.evaluatedFrameCount == evaluated + 1)
        #expect(display.renderTree.nodes.contains { $0.opacity == 0.5 })
    }

    /// A transaction's completion block belongs to no display: the frame that delivers it (the current display's)
    /// evaluates nothing for it, and a change the block makes to another display's layer is that display's to show.
    @Test func aCompletionBlockCostsTheDisplayThatDeliversItNoEvaluation() throws {
        let a = HeadlessDisplay(width: 100, height: 100)
        let b = HeadlessDisplay(width: 100, height: 100)
        let inB = CALayer()
        inB.name = "in-b"
        b.rootLayer.addSublayer(inB)
        a.rootLayer.addSublayer(CALayer())
        b.advance(by: 1.0 / 60)
        a.advance(by: 1.0 / 60)                          // a is the current display
        let evaluatedA = a.pipeline.evaluatedFrameCount, evaluatedB = b.pipeline.evaluatedFrameCount
        var ran = 0
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock {
            ran += 1
            CATransaction.setDisableActions(true)
            inB.opacity = 0.25
        }
        inB.opacity = 0.5
        CATransaction.commit()                           // no animation: the block waits for the next frame
        #expect(ran == 0)
        #expect(a.pipeline.needsFrame, "the completion block must be delivered")
        a.advance(by: 1.0 / 60)
        #expect(ran == 1)
        #expect(a.pipeline.evaluatedFrameCount == evaluatedA, "a's tree neither changed nor animates")
        #expect(!a.pipeline.needsFrame)
        b.advance(by: 1.0 / 60)
        #expect(b.pipeline.evaluatedFrameCount == evaluatedB + 1, "both of b's changes in one frame")
        #expect(try #require(b.renderTree.node(named: "in-b")).opacity == 0.25)
    }

    @Test func frameTimeIsTheOnlyTimeInsideAFrame() {
        let display = HeadlessDisplay(width: 10, height: 10)
        var seen: [CFTimeInterval] = []
        let token = display.pipeline.addFrameObserver { time in seen.append(CACurrentMediaTime() - time) }
        display.advance(by: 0.05)
        display.pipeline.removeFrameObserver(token)
        #expect(!seen.isEmpty && seen.allSatisfy { $0 == 0 })
    }
}
