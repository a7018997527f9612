import Foundation
import Testing
@testable import AnimaCore
import AnimaGraphics

/// Frames rewrite last frame's nodes in place: a node whose layer kept its place and record is given only what
/// moves (geometry, opacity, world transform), and a layer nothing moves is left as it was. That must never show:
/// every frame must equal, to the bit, a frame whose nodes are all written from nothing, and every change to the
/// model, from any display, must reach the next frame.
///
/// Each test builds its scene twice, in a display that rewrites nodes in place and in one that rebuilds them every
/// frame (`rebuildsNodesEachFrame`), runs both through the same frames and changes, and compares every node of
/// every frame.
@MainActor
@Suite("Incremental frames")
struct IncrementalFrameTests {
    /// One scene in two displays: `incremental` rewrites nodes in place, `rebuilding` writes each whole.
    @MainActor struct Twin {
        let incremental: HeadlessDisplay, rebuilding: HeadlessDisplay
        /// Each display's layers, by the name the scene gave them.
        let incrementalLayers: [String: CALayer], rebuildingLayers: [String: CALayer]
        let recorders: (incremental: AnimationRecorder, rebuilding: AnimationRecorder)

        /// Builds `scene` (given the display's root and a delegate for its animations) in both displays.
        init(_ scene: (CALayer, AnimationRecorder) -> Void) {
            func make(rebuilds: Bool) -> (HeadlessDisplay, [String: CALayer], AnimationRecorder) {
                let display = HeadlessDisplay(width: 400, height: 300)
                display.pipeline.rebuildsNodesEachFrame = rebuilds
                let recorder = AnimationRecorder()
                scene(display.rootLayer, recorder)
                display.advance(by: 0)
                var layers: [String: CALayer] = [:]
                func collect(_ layer: CALayer) {
                    if let name = layer.name { layers[name] = layer }
                    layer.sublayers?.forEach(collect)
                }
                collect(display.rootLayer)
                return (display, layers, recorder)
            }
            let a = make(rebuilds: false), b = make(rebuilds: true)
            (incremental, incrementalLayers, rebuilding, rebuildingLayers) = (a.0, a.1, b.0, b.1)
            recorders = (a.2, b.2)
        }

        /// Makes the same change in both displays, each committed in a transaction of its own while its display
        /// is current. (There is one transaction system for all displays: a change left to the implicit
        /// transaction would be committed by whichever display makes the next frame, at that display's time.)
        func change(_ body: ([String: CALayer]) -> Void) {
            incremental.makeCurrent(); CATransaction.begin(); body(incrementalLayers); CATransaction.commit()
            rebuilding.makeCurrent(); CATransaction.begin(); body(rebuildingLayers); CATransaction.commit()
        }

        /// Advances both displays frame by frame for `seconds`, expecting equal trees after every frame.
        func run(seconds: Double, _ label: String) {
            let frames = Int((seconds * 60).rounded())
            for frame in 0..<frames {
                incremental.advance(by: 1.0 / 60)
                rebuilding.advance(by: 1.0 / 60)
                expectEqualTrees(incremental.renderTree, rebuilding.renderTree, "\(label), frame \(frame)")
            }
        }
    }

    /// Every field of every node equal (numbers compared by bit pattern), but layer identities, which are
    /// process-unique.
    static func expectEqualTrees(_ a: RenderTree, _ b: RenderTree, _ label: String) {
        guard a.nodes.count == b.nodes.count else {
            Issue.record("\(label): \(a.nodes.count) nodes against \(b.nodes.count)")
            return
        }
        for (x, y) in zip(a.nodes, b.nodes) {
            let numbers: (RenderNode) -> [UInt64] = { n in
                [n.bounds.origin.x, n.bounds.origin.y, n.bounds.width, n.bounds.height, n.position.x, n.position.y,
                 n.anchorPoint.x, n.anchorPoint.y, n.zPosition].map { Double($0).bitPattern }
                    + n.worldTransform.entries.map { Double($0).bitPattern } + [UInt64(n.opacity.bitPattern)]
            }
            let same = numbers(x) == numbers(y) && x.name == y.name && x.parent == y.parent
                && x.subtreeEnd == y.subtreeEnd && x.isHidden == y.isHidden && x.isMirrored == y.isMirrored
                && x.backgroundColor == y.backgroundColor && x.contentsVersion == y.contentsVersion
                && (x.backingStore == nil) == (y.backingStore == nil)
            if !same {
                Issue.record("\(label): node \(x.name ?? "?") differs: \(x.position) \(x.opacity) \(x.worldTransform) against \(y.position) \(y.opacity) \(y.worldTransform)")
                return
            }
        }
    }

    private func expectEqualTrees(_ a: RenderTree, _ b: RenderTree, _ label: String) {
        IncrementalFrameTests.expectEqualTrees(a, b, label)
    }

    /// A named 20 × 20 layer at `position`.
    private static func layer(_ name: String, at position: CGPoint, in parent: CALayer) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.position = position
        parent.addSublayer(layer)
        return layer
    }

    /// Layers with their own time, transforms, sublayers out of order by `zPosition`, and animations of every
    /// scalar kind of geometry (from/to/by, additive, cumulative, autoreversing, eased and linear), all endless.
    private static func richScene(_ root: CALayer, _ recorder: AnimationRecorder) {
        let slow = layer("slow", at: CGPoint(x: 200, y: 150), in: root)
        slow.beginTime = 0.3; slow.speed = 0.5; slow.timeOffset = 0.2
        slow.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let kinds: [(String, CABasicAnimation)] = [
            ("position", { let a = basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 90, y: 40), duration: 1.3)
                a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut); a.autoreverses = true; return a }()),
            ("x-by", { let a = basic("position.x", by: 15, duration: 0.7); a.isAdditive = true
                a.timingFunction = CAMediaTimingFunction(controlPoints: 0.9, 0.1, 0.2, 0.8); return a }()),
            ("width", { let a = basic("bounds.size.width", by: 4, duration: 0.4); a.isCumulative = true; return a }()),
            ("anchor", basic("anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1), duration: 0.9)),
            ("fade", { let a = basic("opacity", from: 1, to: 0.2, duration: 1.1)
                a.timingFunction = CAMediaTimingFunction(name: .easeIn); return a }()),
            ("depth", basic("anchorPointZ", to: 30, duration: 0.6)),   // a zPosition animation would reorder: walked
        ]
        for (i, (name, animation)) in kinds.enumerated() {
            let child = layer(name, at: CGPoint(x: 30 + 25 * Double(i), y: 40), in: i % 2 == 0 ? slow : root)
            child.zPosition = Double(kinds.count - i)   // drawing order differs from sublayer order
            if i == 2 { child.transform = CATransform3DMakeScale(1.5, 0.5, 1) }
            animation.repeatCount = .infinity
            animation.delegate = recorder
            child.add(animation, forKey: name)
            // A second, shared-timing animation on every layer.
            let fade = basic("opacity", from: 0.9, to: 0.5, duration: 2)
            fade.repeatCount = .infinity
            child.add(fade, forKey: "fade-2")
            _ = layer("\(name)-child", at: CGPoint(x: 5, y: 5), in: child)
        }
        _ = layer("still", at: CGPoint(x: 300, y: 250), in: root)
        _ = layer("root-mover", at: CGPoint(x: 350, y: 250), in: root)
    }

    /// A display with one named, endlessly animated layer, run for half a second.
    private func animatedScene(_ name: String) -> (HeadlessDisplay, CALayer) {
        let (display, layer) = makeScene(name)
        let move = basic("position.x", from: 0, to: 100, duration: 10)
        move.repeatCount = .infinity
        layer.add(move, forKey: "move")
        display.advance(by: 0.5)
        return (display, layer)
    }

    @Test("frames rewritten in place equal frames built from nothing, bit for bit")
    func incrementalFramesEqualRebuiltOnes() {
        let twin = Twin(IncrementalFrameTests.richScene)
        twin.run(seconds: 3, "rich scene")
        // The animations did move the nodes…
        let node = twin.incremental.renderTree.node(named: "position")
        #expect(node.map { $0.position != CGPoint(x: 30, y: 40) } == true)
        #expect(twin.recorders.incremental.starts == twin.recorders.rebuilding.starts)
        #expect(twin.recorders.incremental.starts.count == 6)
        // …and a frame of an unchanged tree wrote no node whole: the animated ones in part, the still ones not at all.
        let writes = twin.incremental.pipeline.lastFrameNodeWrites
        #expect(writes.whole == 0)
        #expect(writes.partial == 12)   // the six animated layers and the sublayer of each
    }

    @Test("an animation that ends mid-run stops, calls back and is removed on the same frame either way")
    func animationsEndingMidRun() {
        let twin = Twin { root, recorder in
            for (i, duration) in [0.5, 0.8, 1.25].enumerated() {
                let l = IncrementalFrameTests.layer("l\(i)", at: CGPoint(x: 40 * Double(i + 1), y: 40), in: root)
                let move = basic("position.y", from: 0, to: 100, duration: duration)
                move.repeatCount = 2
                move.delegate = recorder
                l.add(move, forKey: "move")
                let hold = basic("opacity", from: 1, to: 0, duration: duration)
                hold.fillMode = .forwards
                hold.isRemovedOnCompletion = false
                if i == 2 { l.add(hold, forKey: "hold") }
            }
        }
        twin.run(seconds: 3.5, "ending animations")
        #expect(twin.recorders.incremental.stops.map(\.time) == twin.recorders.rebuilding.stops.map(\.time))
        #expect(twin.recorders.incremental.stops.count == 3)
        #expect(twin.incrementalLayers["l0"]?.animationKeys() == nil)
        #expect(twin.incrementalLayers["l2"]?.animationKeys() == ["hold"])
    }

    @Test("every kind of model change reaches the next frame")
    func changesReachTheNextFrame() {
        let twin = Twin(IncrementalFrameTests.richScene)
        twin.run(seconds: 0.5, "before changes")
        let changes: [(String, ([String: CALayer]) -> Void)] = [
            ("position without actions", { l in
                CATransaction.begin(); CATransaction.setDisableActions(true)
                l["fade"]!.position = CGPoint(x: 300, y: 200); CATransaction.commit() }),
            ("implicit animation", { l in l["depth-child"]!.position = CGPoint(x: 60, y: 10) }),
            ("name", { l in l["anchor-child"]!.name = "renamed" }),
            ("layer speed", { l in l["slow"]!.speed = 2 }),
            ("layer timeOffset", { l in l["slow"]!.timeOffset = 5 }),
            ("hidden", { l in l["x-by"]!.isHidden = true }),
            ("background", { l in l["width"]!.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }),
            ("transform", { l in l["position"]!.transform = CATransform3DMakeRotation(1, 0, 0, 1) }),
            ("zPosition", { l in l["anchor"]!.zPosition = -4 }),
            ("new sublayer", { l in _ = IncrementalFrameTests.layer("added", at: CGPoint(x: 9, y: 9), in: l["slow"]!) }),
            ("removed layer", { l in l["x-by-child"]!.removeFromSuperlayer() }),
            ("moved layer", { l in l["root-mover"].map { l["slow"]!.insertSublayer($0, at: 0) } }),
            ("removed animation", { l in l["fade"]!.removeAnimation(forKey: "fade") }),
            ("replaced animation", { l in l["anchor"]!.add(basic("position.y", by: 30, duration: 0.5), forKey: "anchor") }),
            ("sublayers replaced", { l in l["depth"]!.sublayers = [] }),
            ("static layer moved", { l in
                CATransaction.begin(); CATransaction.setDisableActions(true)
                l["still"]!.position = CGPoint(x: 7, y: 7); CATransaction.commit() }),
        ]
        for (label, change) in changes {
            twin.change(change)
            twin.run(seconds: 0.25, label)
        }
        #expect(twin.incremental.renderTree.node(named: "renamed") != nil)
        #expect(twin.incremental.renderTree.node(named: "added") != nil)
        #expect(twin.incremental.renderTree.node(named: "still")?.position == CGPoint(x: 7, y: 7))
    }

    /// 200 named sublayers of a display's root, every other one moving, after a first frame.
    private static func twoHundredSiblings() -> (HeadlessDisplay, [CALayer]) {
        let display = HeadlessDisplay(width: 400, height: 300)
        var layers: [CALayer] = []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<200 {
            let l = IncrementalFrameTests.layer("n\(i)", at: CGPoint(x: i, y: i), in: display.rootLayer)
            if i % 2 == 0 {
                let move = basic("position.x", from: 0, to: 100, duration: 10)
                move.repeatCount = .infinity
                l.add(move, forKey: "move")
            }
            layers.append(l)
        }
        CATransaction.commit()
        display.advance(by: 0.1)
        return (display, layers)
    }

    @Test("a change to one layer is copied alone at the commit and written whole alone at the next frame")
    func workFollowsWhatChanged() throws {
        let (display, layers) = IncrementalFrameTests.twoHundredSiblings()
        let store = display.pipeline.store
        let copiedBefore = store.recordsCopied
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[51].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)   // a still layer
        CATransaction.commit()
        #expect(store.recordsCopied == copiedBefore + 1)
        display.advance(by: 1.0 / 60)
        #expect(display.pipeline.lastFrameNodeWrites.whole == 1)
        #expect(display.pipeline.lastFrameNodeWrites.partial == 100)   // the animated layers only
        #expect(display.renderTree.node(named: "n51")?.backgroundColor?.red == 1)
    }

    @Test("a zPosition change among many siblings writes the moved layer's node alone, not those it passed")
    func zPositionMoveWritesOneNode() throws {
        let (display, layers) = IncrementalFrameTests.twoHundredSiblings()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[10].zPosition = 1   // from 11th drawn to last: 189 siblings now drawn one place earlier
        CATransaction.commit()
        display.advance(by: 1.0 / 60)
        #expect(display.pipeline.lastFrameNodeWrites.whole == 1)
        #expect(display.pipeline.lastFrameNodeWrites.partial == 99)   // the other animated layers only
        let names = display.renderTree.nodes.map { $0.name ?? "root" }
        #expect(names.count == 201)
        #expect(names[10] == "n9" && names[11] == "n11" && names.last == "n10")
        #expect(display.renderTree.nodes[200].parent == 0 && display.renderTree.nodes[11].subtreeEnd == 12)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[10].zPosition = -1   // to the front
        CATransaction.commit()
        display.advance(by: 1.0 / 60)
        #expect(display.pipeline.lastFrameNodeWrites.whole == 1)
        #expect(display.renderTree.nodes[1].name == "n10")
        #expect(display.renderTree.nodes.map { $0.name ?? "root" }.dropFirst(2).elementsEqual((0..<200).filter { $0 != 10 }.map { "n\($0)" }))
    }

    @Test("layers that keep their node's place while their parent, drawing order or slot changes")
    func nodesKeptInPlaceThroughTreeChanges() {
        let twin = Twin { root, _ in
            for group in ["a", "b"] {
                let g = IncrementalFrameTests.layer(group, at: CGPoint(x: group == "a" ? 100 : 300, y: 150), in: root)
                g.sublayerTransform = CATransform3DMakeScale(group == "a" ? 1 : 2, 1, 1)
                for i in 0..<6 { _ = IncrementalFrameTests.layer("\(group)\(i)", at: CGPoint(x: 10 * i, y: 5), in: g) }
            }
            let moving = IncrementalFrameTests.layer("moving", at: CGPoint(x: 20, y: 20), in: root)
            let move = basic("position.y", from: 0, to: 100, duration: 100)
            moving.add(move, forKey: "move")
        }
        let steps: [(String, ([String: CALayer]) -> Void)] = [
            ("z moves within a", { l in l["a0"]!.zPosition = 3; l["a5"]!.zPosition = -2 }),
            ("a group behind its sibling", { l in l["a"]!.zPosition = 1 }),
            ("a sublayer to the other group", { l in l["b"]!.addSublayer(l["a2"]!) }),
            ("a sublayer back, at the front", { l in l["a"]!.insertSublayer(l["a2"]!, at: 0) }),
            ("a layer removed, a new one in its slot", { l in
                l["b3"]!.removeFromSuperlayer()
                let fresh = CALayer()
                fresh.name = "fresh"
                fresh.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
                fresh.position = CGPoint(x: 1, y: 2)
                l["a"]!.addSublayer(fresh)
            }),
            ("a group becomes a mask", { l in
                l["b"]!.removeFromSuperlayer()
                l["moving"]!.mask = l["b"]!
            }),
            ("the mask goes back into the tree", { l in
                l["moving"]!.mask = nil
                l["moving"]!.superlayer!.addSublayer(l["b"]!)
            }),
        ]
        for (label, step) in steps {
            twin.change(step)
            twin.run(seconds: 0.1, label)
        }
    }

    @Test("a change made while another display is current reaches this display's next frame")
    func changeFromAnotherDisplay() throws {
        let (display, layer) = animatedScene("watched")
        let other = HeadlessDisplay(width: 10, height: 10)   // now current
        #expect(FramePipeline.current === other.pipeline)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        CATransaction.commit()
        display.advance(by: 1.0 / 60)
        #expect(display.renderTree.node(named: "watched")?.opacity == 0.5)
    }

    @Test("a new name reaches the next frame")
    func renameReachesTheNextFrame() throws {
        let (display, layer) = animatedScene("old name")
        layer.name = "new name"
        display.advance(by: 1.0 / 60)
        #expect(display.renderTree.node(named: "new name") != nil)
        #expect(display.renderTree.node(named: "old name") == nil)
    }

    @Test("contents drawn by a direct display() call reach the next frame")
    func directDisplayReachesTheNextFrame() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = CountingLayer()
        layer.name = "drawn"
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 50, y: 50)
        display.rootLayer.addSublayer(layer)
        layer.setNeedsDisplay()
        display.advance(by: 0.5)
        let shown = try #require(display.renderTree.node(named: "drawn"))
        #expect(shown.backingStore != nil && shown.contentsVersion == layer.contentsVersion)
        layer.display()   // no setNeedsDisplay, no transaction: a new store and contents version
        display.advance(by: 1.0 / 60)
        let node = try #require(display.renderTree.node(named: "drawn"))
        #expect(node.contentsVersion == layer.contentsVersion && node.contentsVersion != shown.contentsVersion)
        #expect(node.backingStore === layer.backingStore)
    }

    @Test("a new root layer shows on the next frame, and the old tree leaves the display")
    func newRootShowsOnTheNextFrame() throws {
        let (display, old) = animatedScene("first tree")
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        _ = IncrementalFrameTests.layer("second tree", at: CGPoint(x: 10, y: 10), in: root)
        display.pipeline.rootLayer = root
        display.advance(by: 1.0 / 60)
        #expect(display.renderTree.node(named: "second tree") != nil)
        #expect(display.renderTree.node(named: "first tree") == nil)
        #expect(old.renderStore == nil)
        #expect(display.pipeline.store.layerCount == 2)
    }

    @Test("a render tree someone holds is not changed by the next frame")
    func heldTreeIsUntouched() throws {
        let twin = Twin(IncrementalFrameTests.richScene)
        twin.run(seconds: 0.2, "warm up")
        let held = twin.incremental.renderTree
        let heldPositions = held.nodes.map(\.position)
        twin.run(seconds: 0.2, "after holding")
        #expect(held.nodes.map(\.position) == heldPositions)
        #expect(twin.incremental.renderTree.nodes.map(\.position) != heldPositions)
    }

    @Test("masks, drawing from the presentation, transitions, springs, colours and sublayer transforms")
    func everyKindOfTree() {
        let cases: [(String, (CALayer) -> Void)] = [
            ("mask", { l in let m = CALayer(); m.bounds = l.bounds; l.mask = m
                m.add(basic("opacity", from: 0, to: 1, duration: 100), forKey: "fade") }),
            ("shape drawn from its presentation", { l in
                let s = CAShapeLayer(); s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
                s.add(basic("bounds.size.width", from: 5, to: 50, duration: 100), forKey: "grow"); l.addSublayer(s) }),
            ("sublayerTransform", { l in l.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
                _ = IncrementalFrameTests.layer("under", at: CGPoint(x: 3, y: 3), in: l) }),
            ("spring", { l in let s = CASpringAnimation(keyPath: "position.x"); s.fromValue = 0; s.toValue = 50; s.duration = 100; l.add(s, forKey: "spring") }),
            ("transform spring", { l in let s = CASpringAnimation(keyPath: "transform.scale"); s.fromValue = 0.5; s.toValue = 1; s.duration = 100; l.add(s, forKey: "spring") }),
            ("colour", { l in let c = basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1), to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 100); l.add(c, forKey: "colour") }),
            ("transition", { l in let t = CATransition(); t.duration = 100; l.add(t, forKey: "transition") }),
            ("zPosition", { l in
                let a = IncrementalFrameTests.layer("za", at: CGPoint(x: 1, y: 1), in: l)
                _ = IncrementalFrameTests.layer("zb", at: CGPoint(x: 2, y: 2), in: l)
                a.add(basic("zPosition", from: -5, to: 5, duration: 0.4), forKey: "z") }),
        ]
        for (label, addFeature) in cases {
            let twin = Twin { root, _ in
                let l = IncrementalFrameTests.layer("l", at: CGPoint(x: 50, y: 50), in: root)
                let move = basic("position.y", from: 0, to: 100, duration: 100)
                l.add(move, forKey: "move")
                addFeature(l)
            }
            twin.run(seconds: 0.5, label)
        }
    }

    @Test("a tree changed every frame")
    func treeChangedEveryFrame() {
        let twin = Twin { root, _ in
            let l = IncrementalFrameTests.layer("l", at: CGPoint(x: 50, y: 50), in: root)
            let move = basic("position.y", from: 0, to: 100, duration: 100)
            l.add(move, forKey: "move")
            _ = IncrementalFrameTests.layer("s", at: CGPoint(x: 5, y: 5), in: root)
        }
        for displayAndLayers in [(twin.incremental, twin.incrementalLayers), (twin.rebuilding, twin.rebuildingLayers)] {
            let layers = displayAndLayers.1
            displayAndLayers.0.pipeline.addFrameObserver { time in
                CATransaction.begin(); CATransaction.setDisableActions(true)
                layers["l"]!.bounds.size.width = 20 + time
                layers["s"]!.zPosition = (time * 60).truncatingRemainder(dividingBy: 3) - 1
                CATransaction.commit()
            }
        }
        twin.run(seconds: 0.5, "changed every frame")
    }
}
