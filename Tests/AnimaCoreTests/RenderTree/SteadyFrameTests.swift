import Foundation
import Testing
@testable import AnimaCore
import AnimaGraphics

/// Frames of an unchanged tree whose animations are all running scalar animations of geometry are made
/// from a compact copy of the tree (`SteadyFrame`) instead of a walk over the layers. The copy must never
/// show: every frame must equal, to the bit, the frame the walk makes, and every change to the model, from
/// any display, must reach the next frame.
///
/// Each test builds its scene twice, in a display that uses copies and in one that always walks, runs both
/// through the same frames and changes, and compares every node of every frame.
@MainActor
@Suite("Steady frames")
struct SteadyFrameTests {
    /// One scene in two displays: `copying` makes steady frames, `walking` never does.
    @MainActor struct Twin {
        let copying: HeadlessDisplay, walking: HeadlessDisplay
        /// Each display's layers, by the name the scene gave them.
        let copyingLayers: [String: CALayer], walkingLayers: [String: CALayer]
        let recorders: (copying: AnimationRecorder, walking: AnimationRecorder)

        /// Builds `scene` (given the display's root and a delegate for its animations) in both displays.
        init(_ scene: (CALayer, AnimationRecorder) -> Void) {
            func make(copies: Bool) -> (HeadlessDisplay, [String: CALayer], AnimationRecorder) {
                let display = HeadlessDisplay(width: 400, height: 300)
                display.pipeline.allowsSteadyFrames = copies
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
            let a = make(copies: true), b = make(copies: false)
            (copying, copyingLayers, walking, walkingLayers) = (a.0, a.1, b.0, b.1)
            recorders = (a.2, b.2)
        }

        /// Makes the same change in both displays, each committed in a transaction of its own while its display
        /// is current. (There is one transaction system for all displays: a change left to the implicit
        /// transaction would be committed by whichever display makes the next frame, at that display's time.)
        func change(_ body: ([String: CALayer]) -> Void) {
            copying.makeCurrent(); CATransaction.begin(); body(copyingLayers); CATransaction.commit()
            walking.makeCurrent(); CATransaction.begin(); body(walkingLayers); CATransaction.commit()
        }

        /// Advances both displays frame by frame for `seconds`, expecting equal trees after every frame.
        func run(seconds: Double, _ label: String) {
            let frames = Int((seconds * 60).rounded())
            for frame in 0..<frames {
                copying.advance(by: 1.0 / 60)
                walking.advance(by: 1.0 / 60)
                expectEqualTrees(copying.renderTree, walking.renderTree, "\(label), frame \(frame)")
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
        SteadyFrameTests.expectEqualTrees(a, b, label)
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
    }

    /// Gives `layer` an endless animation and runs `display` until its frames come from the copy.
    private func runSteadily(_ display: HeadlessDisplay, _ layer: CALayer) throws {
        let move = basic("position.x", from: 0, to: 100, duration: 10)
        move.repeatCount = .infinity
        layer.add(move, forKey: "move")
        display.advance(by: 0.5)
        try #require(display.pipeline.steadyFrameCount > 0)
    }

    /// A display with one named layer, endlessly animated, whose frames come from the copy.
    private func steadyScene(_ name: String) throws -> (HeadlessDisplay, CALayer) {
        let (display, layer) = makeScene(name)
        try runSteadily(display, layer)
        return (display, layer)
    }

    @Test("frames of an unchanged tree of running animations come from the copy and equal the walk's, bit for bit")
    func steadyFramesEqualTheWalk() {
        let twin = Twin(SteadyFrameTests.richScene)
        twin.run(seconds: 3, "rich scene")
        // Nearly every frame came from the copy (the first two walk: one to start, one to see the tree unchanged).
        #expect(twin.copying.pipeline.steadyFrameCount >= 175)
        #expect(twin.walking.pipeline.steadyFrameCount == 0)
        // And the animations did move the nodes.
        let node = twin.copying.renderTree.node(named: "position")
        #expect(node.map { $0.position != CGPoint(x: 30, y: 40) } == true)
        #expect(twin.recorders.copying.starts == twin.recorders.walking.starts)
        #expect(twin.recorders.copying.starts.count == 6)
    }

    @Test("an animation that ends mid-run stops, calls back and is removed on the same frame as in the walk")
    func animationsEndingDuringSteadyFrames() {
        let twin = Twin { root, recorder in
            for (i, duration) in [0.5, 0.8, 1.25].enumerated() {
                let l = SteadyFrameTests.layer("l\(i)", at: CGPoint(x: 40 * Double(i + 1), y: 40), in: root)
                let move = basic("position.y", from: 0, to: 100, duration: duration)
                move.repeatCount = 2
                move.delegate = recorder
                l.add(move, forKey: "move")
                let hold = basic("opacity", from: 1, to: 0, duration: duration)
                hold.fillMode = .forwards
                hold.isRemovedOnCompletion = false   // held after its end: the walk makes those frames
                if i == 2 { l.add(hold, forKey: "hold") }
            }
        }
        twin.run(seconds: 3.5, "ending animations")
        #expect(twin.recorders.copying.stops.map(\.time) == twin.recorders.walking.stops.map(\.time))
        #expect(twin.recorders.copying.stops.count == 3)
        #expect(twin.copyingLayers["l0"]?.animationKeys() == nil)
        #expect(twin.copyingLayers["l2"]?.animationKeys() == ["hold"])
        #expect(twin.copying.pipeline.steadyFrameCount > 20)
    }

    @Test("every kind of model change reaches the next frame")
    func changesReachTheNextFrame() {
        let twin = Twin(SteadyFrameTests.richScene)
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
            ("new sublayer", { l in _ = SteadyFrameTests.layer("added", at: CGPoint(x: 9, y: 9), in: l["slow"]!) }),
            ("removed layer", { l in l["x-by-child"]!.removeFromSuperlayer() }),
            ("removed animation", { l in l["fade"]!.removeAnimation(forKey: "fade") }),
            ("replaced animation", { l in l["anchor"]!.add(basic("position.y", by: 30, duration: 0.5), forKey: "anchor") }),
        ]
        for (label, change) in changes {
            twin.change(change)
            twin.run(seconds: 0.25, label)
        }
        #expect(twin.copying.renderTree.node(named: "renamed") != nil)
        #expect(twin.copying.renderTree.node(named: "added") != nil)
        // Steady frames resumed after each change (0.25 s is 15 frames, of which two walk), but while the implicit
        // animations of `isHidden`, `backgroundColor` and `transform` ran (the walk applies those): 28 + 9 × 13.
        #expect(twin.copying.pipeline.steadyFrameCount >= 150)
    }

    @Test("a change made while another display is current reaches this display's next frame")
    func changeFromAnotherDisplay() throws {
        let (display, layer) = try steadyScene("watched")
        let other = HeadlessDisplay(width: 10, height: 10)   // now current: changes are noted on its pipeline
        #expect(FramePipeline.current === other.pipeline)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        CATransaction.commit()
        display.advance(by: 1.0 / 60)
        #expect(display.renderTree.node(named: "watched")?.opacity == 0.5)
    }

    @Test("a new name, which no transaction carries, reaches the next frame")
    func renameReachesTheNextFrame() throws {
        let (display, layer) = try steadyScene("old name")
        let steadyBefore = display.pipeline.steadyFrameCount
        layer.name = "new name"
        display.advance(by: 1.0 / 60)
        #expect(display.renderTree.node(named: "new name") != nil)
        #expect(display.renderTree.node(named: "old name") == nil)
        display.advance(by: 0.1)
        #expect(display.pipeline.steadyFrameCount > steadyBefore)   // and the copy was made again
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
        try runSteadily(display, layer)   // a drawn store from the model does not stop the copy
        let shown = try #require(display.renderTree.node(named: "drawn"))
        #expect(shown.backingStore != nil && shown.contentsVersion == layer.contentsVersion)
        layer.display()   // no setNeedsDisplay, no transaction: a new store and contents version
        display.advance(by: 1.0 / 60)
        let node = try #require(display.renderTree.node(named: "drawn"))
        #expect(node.contentsVersion == layer.contentsVersion && node.contentsVersion != shown.contentsVersion)
        #expect(node.backingStore === layer.backingStore)
    }

    @Test("a new root layer shows on the next frame")
    func newRootShowsOnTheNextFrame() throws {
        let (display, _) = try steadyScene("first tree")
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        _ = SteadyFrameTests.layer("second tree", at: CGPoint(x: 10, y: 10), in: root)
        display.pipeline.rootLayer = root
        display.advance(by: 1.0 / 60)
        #expect(display.renderTree.node(named: "second tree") != nil)
        #expect(display.renderTree.node(named: "first tree") == nil)
    }

    @Test("turning steady frames off takes effect on the next frame")
    func turningCopiesOffWalks() throws {
        let (display, _) = try steadyScene("switched")
        let before = display.pipeline.steadyFrameCount
        display.pipeline.allowsSteadyFrames = false
        display.advance(by: 0.25)
        #expect(display.pipeline.steadyFrameCount == before)
        display.pipeline.allowsSteadyFrames = true
        display.advance(by: 0.25)
        #expect(display.pipeline.steadyFrameCount > before)
    }

    @Test("a render tree someone holds is not changed by the next steady frame")
    func heldTreeIsUntouched() throws {
        let twin = Twin(SteadyFrameTests.richScene)
        twin.run(seconds: 0.2, "warm up")
        let held = twin.copying.renderTree
        let heldPositions = held.nodes.map(\.position)
        twin.run(seconds: 0.2, "after holding")
        #expect(held.nodes.map(\.position) == heldPositions)
        #expect(twin.copying.renderTree.nodes.map(\.position) != heldPositions)
    }

    @Test("trees the copy cannot make (masks, drawing from the presentation, transitions, springs, colours, sublayer transforms) always walk")
    func unsupportedTreesWalk() {
        let cases: [(String, (CALayer) -> Void)] = [
            ("mask", { l in let m = CALayer(); m.bounds = l.bounds; l.mask = m }),
            ("shape drawn from its presentation", { l in
                let s = CAShapeLayer(); s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
                s.add(basic("bounds.size.width", from: 5, to: 50, duration: 100), forKey: "grow"); l.addSublayer(s) }),
            ("sublayerTransform", { l in l.sublayerTransform = CATransform3DMakeScale(2, 2, 1) }),
            ("spring", { l in let s = CASpringAnimation(keyPath: "position.x"); s.fromValue = 0; s.toValue = 50; s.duration = 100; l.add(s, forKey: "spring") }),
            ("colour", { l in let c = basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1), to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 100); l.add(c, forKey: "colour") }),
            ("transition", { l in let t = CATransition(); t.duration = 100; l.add(t, forKey: "transition") }),
        ]
        for (label, addFeature) in cases {
            let twin = Twin { root, _ in
                let l = SteadyFrameTests.layer("l", at: CGPoint(x: 50, y: 50), in: root)
                let move = basic("position.y", from: 0, to: 100, duration: 100)
                l.add(move, forKey: "move")
                addFeature(l)
            }
            twin.run(seconds: 0.5, label)
            #expect(twin.copying.pipeline.steadyFrameCount == 0, "\(label)")
        }
    }

    @Test("a tree changed every frame is never copied")
    func treeChangedEveryFrameIsNotCopied() {
        let twin = Twin { root, _ in
            let l = SteadyFrameTests.layer("l", at: CGPoint(x: 50, y: 50), in: root)
            let move = basic("position.y", from: 0, to: 100, duration: 100)
            l.add(move, forKey: "move")
        }
        for displayAndLayers in [(twin.copying, twin.copyingLayers), (twin.walking, twin.walkingLayers)] {
            let layer = displayAndLayers.1["l"]!
            displayAndLayers.0.pipeline.addFrameObserver { time in
                CATransaction.begin(); CATransaction.setDisableActions(true)
                layer.bounds.size.width = 20 + time
                CATransaction.commit()
            }
        }
        twin.run(seconds: 0.5, "changed every frame")
        #expect(twin.copying.pipeline.steadyFrameCount == 0)
    }

    @Test("a tree changed every few frames stops being copied, and is copied again once it settles")
    func copiesBackOffWhenChangesAreFrequent() {
        let twin = Twin { root, _ in
            let l = SteadyFrameTests.layer("l", at: CGPoint(x: 50, y: 50), in: root)
            l.add(basic("position.y", from: 0, to: 100, duration: 100), forKey: "move")
        }
        var changing = true
        for (display, layers) in [(twin.copying, twin.copyingLayers), (twin.walking, twin.walkingLayers)] {
            let layer = layers["l"]!
            var frame = 0
            display.pipeline.addFrameObserver { _ in
                frame += 1
                guard changing, frame % 4 == 0 else { return }
                CATransaction.begin(); CATransaction.setDisableActions(true)
                layer.bounds.size.width = 20 + Double(frame)
                CATransaction.commit()
            }
        }
        twin.run(seconds: 1, "changed every fourth frame, first second")
        let early = twin.copying.pipeline.steadyFrameCount
        twin.run(seconds: 2, "changed every fourth frame, two more seconds")
        // A copy taken after one unchanged frame serves one frame before the next change (the other display's
        // changes count too): after a few such copies, the pipeline waits for longer quiet spells than this tree
        // has, and walks. (Copying after every quiet frame would have made 15 steady frames a second.)
        #expect(twin.copying.pipeline.steadyFrameCount == early)
        #expect(early < 5)
        changing = false
        twin.run(seconds: 3, "settled")
        #expect(twin.copying.pipeline.steadyFrameCount > early + 100)
    }
}
