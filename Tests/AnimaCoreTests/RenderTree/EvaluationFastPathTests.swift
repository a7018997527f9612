import Foundation
import Testing
@testable import AnimaCore
import AnimaGraphics

/// Frame evaluation saves work: scalar animations of geometry and transform parts apply to a few doubles instead
/// of a copy of the whole layer state, timing samples and curve solves are reused between animations, and the
/// node buffer is rewritten in place. None may change a result: the render tree must equal what `presentation()`
/// shows, for every mix of animations and in every order.
@MainActor
@Suite("Evaluation fast paths")
struct EvaluationFastPathTests {
    /// Compares the render node of `layer` with its presentation layer, exactly.
    private func expectNodeMatchesPresentation(_ display: HeadlessDisplay, _ layer: CALayer, step: Int) throws {
        let name = try #require(layer.name)
        let node = try #require(display.renderTree.node(named: name))
        let p = try #require(layer.presentation())
        #expect(node.position == p.position, "\(name) step \(step)")
        #expect(node.bounds == p.bounds, "\(name) step \(step)")
        #expect(node.opacity == p.opacity, "\(name) step \(step)")
        #expect(node.anchorPoint == p.anchorPoint, "\(name) step \(step)")
        #expect(node.backgroundColor == RGBA(p.backgroundColor), "\(name) step \(step)")
        #expect(node.borderWidth == p.borderWidth, "\(name) step \(step)")
    }

    /// A display with committed layers named `names` (the first 100 × 100, the others 10 × 10).
    private func makeLayers(_ names: [String]) -> (HeadlessDisplay, [CALayer]) {
        let (display, first) = makeScene(names[0], at: 1)
        var layers = [first]
        for name in names.dropFirst() {
            let layer = CALayer()
            layer.name = name
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            display.rootLayer.addSublayer(layer)
            layers.append(layer)
        }
        display.advance(by: 0)
        return (display, layers)
    }

    @Test("geometry-only and mixed animation stacks give the presentation's values, in insertion order")
    func mixedStacksMatchPresentation() throws {
        let (display, geometric) = makeScene("geometric", at: 1)
        let mixed = CALayer()
        mixed.name = "mixed"
        mixed.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        mixed.position = CGPoint(x: 50, y: 50)
        display.rootLayer.addSublayer(mixed)
        display.advance(by: 0)

        for layer in [geometric, mixed] {
            let move = basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50), duration: 1)
            move.timingFunction = CAMediaTimingFunction(name: .easeIn)
            layer.add(move, forKey: "move")
            if layer === mixed {
                // General path first (copies the whole state), then geometry again on top of it.
                layer.add(basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1), to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 1), forKey: "colour")
                let keyframes = CAKeyframeAnimation(keyPath: "bounds.size.width")
                keyframes.values = [100, 160, 120]
                keyframes.duration = 1
                layer.add(keyframes, forKey: "width")
                layer.add(basic("borderWidth", from: 0, to: 8, duration: 1), forKey: "border")
            }
            let nudge = basic("position.x", by: 10, duration: 1)
            nudge.isAdditive = true
            nudge.timingFunction = CAMediaTimingFunction(name: .easeOut)
            layer.add(nudge, forKey: "nudge")
            layer.add(basic("opacity", from: 1, to: 0.25, duration: 1), forKey: "fade")
        }
        display.advance(by: 0)
        for step in 1...12 {
            display.advance(by: 0.07)
            try expectNodeMatchesPresentation(display, geometric, step: step)
            try expectNodeMatchesPresentation(display, mixed, step: step)
        }
        // The stacks did animate, and the general-path animations reached the mixed layer's node.
        let node = try #require(display.renderTree.node(named: "mixed"))
        #expect(node.position.x > 50 && node.opacity < 1)
        #expect(node.bounds.width != 100 && node.borderWidth > 0)
        #expect(node.backgroundColor != RGBA(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test("reusing a timing-curve solve never mixes up curves that share a progress")
    func curveSolveReuseKeepsCurvesApart() throws {
        let (display, layers) = makeLayers(["easeIn-1"] + ["easeOut", "easeIn-2", "custom"])
        let curves = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut),
                      CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.9, 0.1, 0.2, 0.8)]
        CATransaction.begin()   // one transaction: every animation gets the same begin time and progress
        for (layer, curve) in zip(layers, curves) {
            let move = basic("position.x", from: 0, to: 100, duration: 1)
            move.timingFunction = curve
            layer.add(move, forKey: "move")
        }
        CATransaction.commit()
        display.advance(by: 0)
        for step in 1...9 {
            display.advance(by: 0.1)
            let xs = try layers.map { try #require(display.renderTree.node(named: $0.name!)).position.x }
            for (layer, curve) in zip(layers, curves) {
                let expected = 100 * curve.evaluate(at: Double(step) * 0.1)
                let x = try #require(display.renderTree.node(named: layer.name!)).position.x
                #expect(isClose(Double(x), expected, within: 1e-9), "\(layer.name!) step \(step)")
                try expectNodeMatchesPresentation(display, layer, step: step)
            }
            #expect(xs[0] == xs[2] && xs[0] != xs[1] && xs[0] != xs[3], "step \(step)")
        }
    }

    @Test("reusing a timing sample never mixes up animations whose timings differ")
    func sampleReuseKeepsTimingsApart() throws {
        let (display, layers) = makeLayers(["t-1"] + ["t-2", "t-3", "t-4"])
        CATransaction.begin()
        for (i, layer) in layers.enumerated() {
            let move = basic("position.x", from: 0, to: 100, duration: i % 2 == 0 ? 1 : 0.6)
            move.autoreverses = i == 3
            move.repeatCount = 2
            layer.add(move, forKey: "move")
            layer.add(basic("opacity", from: 1, to: 0, duration: 0.8), forKey: "fade")
        }
        CATransaction.commit()
        display.advance(by: 0)
        var reversedApart = false   // the autoreversing twin leaves the other once it turns back, after 0.6 s
        for step in 1...10 {
            display.advance(by: 0.09)
            for layer in layers { try expectNodeMatchesPresentation(display, layer, step: step) }
            let xs = try layers.map { try #require(display.renderTree.node(named: $0.name!)).position.x }
            #expect(xs[0] == xs[2] && xs[0] != xs[1], "step \(step)")
            if xs[1] != xs[3] { reversedApart = true }
        }
        #expect(reversedApart)
    }

    @Test("a render tree someone keeps is not changed by later frames")
    func keptTreeIsUntouched() throws {
        let (display, layer) = makeScene("kept", at: 1)
        layer.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "x")
        display.advance(by: 0.1)
        let kept = display.renderTree
        let keptX = try #require(kept.node(named: "kept")).position.x
        display.advance(by: 0.4)
        #expect(try #require(kept.node(named: "kept")).position.x == keptX)
        #expect(try #require(display.renderTree.node(named: "kept")).position.x != keptX)
    }

    @Test("when no one keeps the last tree, the next frame refills its node buffer")
    func nodeBufferIsReused() throws {
        let (display, layer) = makeScene("reused", at: 1)
        layer.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "x")
        display.advance(by: 0.1)
        func bufferAddress() -> Int {
            display.pipeline.renderTree.nodes.storage.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        }
        let before = bufferAddress()
        display.advance(by: 0.1)
        #expect(bufferAddress() == before)
        #expect(try #require(display.renderTree.node(named: "reused")).position.x > 10)
    }

    /// Every field of `a` equals `b`'s (references by identity), masks compared recursively.
    private func expectSameNodes(_ a: RenderTree, _ b: RenderTree, _ context: String) {
        #expect(a.nodes.count == b.nodes.count, "\(context): node count")
        for (i, (x, y)) in zip(a.nodes, b.nodes).enumerated() {
            let at = "\(context), node \(i) (\(y.name ?? "unnamed"))"
            #expect(x.layerID == y.layerID && x.name == y.name && x.parent == y.parent && x.subtreeEnd == y.subtreeEnd, "\(at)")
            #expect(x.bounds == y.bounds && x.position == y.position && x.anchorPoint == y.anchorPoint, "\(at)")
            #expect(x.zPosition == y.zPosition && x.isMirrored == y.isMirrored && x.worldTransform == y.worldTransform, "\(at)")
            #expect(x.opacity == y.opacity && x.isHidden == y.isHidden && x.backgroundColor == y.backgroundColor, "\(at)")
            #expect(x.appearance === y.appearance && x.backingStore === y.backingStore, "\(at)")
            #expect(x.contentsVersion == y.contentsVersion && x.contentsGravity == y.contentsGravity, "\(at)")
            #expect(x.contentsFrame == y.contentsFrame, "\(at)")
            #expect((x.mask == nil) == (y.mask == nil), "\(at): mask")
            if let mx = x.mask, let my = y.mask { expectSameNodes(mx, my, "\(at) mask") }
        }
    }

    /// Makes `change` in a transaction without actions, then shows the next frame (0.1 s later).
    private func showWithoutActions(_ change: () -> Void, on display: HeadlessDisplay) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
        display.advance(by: 0.1)
    }

    /// The tree a frame at the display's time makes from no nodes, for comparison with one made in place.
    private func treeFromScratch(_ display: HeadlessDisplay) -> RenderTree {
        display.pipeline.rebuildsNodesEachFrame = true
        defer { display.pipeline.rebuildsNodesEachFrame = false }
        display.advance(by: 0)
        return display.renderTree
    }

    @Test("nodes written over last frame's equal a tree built from nothing, whatever changed in between")
    func inPlaceNodesMatchAFreshTree() throws {
        let (display, layers) = makeLayers(["a", "b", "c", "d"])
        let mask = CALayer()
        mask.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        layers[0].mask = mask
        layers[3].addSublayer(CALayer())
        layers[2].add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "x")
        display.advance(by: 0.1)
        expectSameNodes(display.renderTree, treeFromScratch(display), "first frame")

        // Each change shifts, drops, adds or retypes what lives at a node index the last frame filled.
        let changes: [(String, () -> Void)] = [
            ("a layer removed", { layers[1].removeFromSuperlayer() }),
            ("a name changed", { layers[2].name = "c, renamed" }),
            ("appearance changed", { layers[2].cornerRadius = 4; layers[2].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }),
            ("mask removed", { layers[0].mask = nil }),
            ("contents and gravity set", { layers[3].contents = CGImage(width: 1, height: 1, premultipliedARGB: [0xFF00_FF00]); layers[3].contentsGravity = .center }),
            ("a layer added in front", { display.rootLayer.insertSublayer(layers[1], at: 0) }),
            ("a mask added", { layers[3].mask = mask }),
            ("sublayers replaced", { layers[3].sublayers = nil }),
            ("every layer removed", { display.rootLayer.sublayers = nil }),
            ("layers back", { for layer in layers { display.rootLayer.addSublayer(layer) } }),
        ]
        for (what, change) in changes {
            // Without implicit animations, so each appearance box is the layer's own and identity can be compared.
            showWithoutActions(change, on: display)
            expectSameNodes(display.renderTree, treeFromScratch(display), what)
        }
        #expect(display.renderTree.node(named: "c, renamed")?.cornerRadius == 4)
        #expect(display.renderTree.node(named: "b") != nil && display.renderTree.nodes.count == 5)
    }

    @Test("a node's boxed contents fields and mask are values: copies and kept trees never change together")
    func boxedDrawingFieldsAreValues() throws {
        let (display, layer) = makeScene("boxed", at: 1)
        layer.contents = CGImage(width: 1, height: 1, premultipliedARGB: [0xFF00_FF00])
        layer.contentsGravity = .center
        let mask = CALayer()
        mask.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        layer.mask = mask
        display.advance(by: 0.1)
        let kept = display.renderTree
        var copy = try #require(kept.node(named: "boxed"))
        let version = copy.contentsVersion
        #expect(copy.contentsGravity == .center && copy.mask != nil && version > 0)
        copy.contentsGravity = .top
        copy.mask = nil
        copy.contentsVersion += 1
        let original = try #require(kept.node(named: "boxed"))
        #expect(original.contentsGravity == .center && original.mask != nil && original.contentsVersion == version)

        // A later frame that changes the same fields leaves the kept tree as it was.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.contentsGravity = .bottom
        layer.mask = nil
        CATransaction.commit()
        display.advance(by: 0.1)
        let now = try #require(display.renderTree.node(named: "boxed"))
        #expect(now.contentsGravity == .bottom && now.mask == nil)
        let after = try #require(kept.node(named: "boxed"))
        #expect(after.contentsGravity == .center && after.mask != nil)
        // A plain node reads the defaults.
        #expect(display.renderTree.nodes[0].contentsGravity == .resize && display.renderTree.nodes[0].contentsFrame == nil)
    }

    @Test("drawing order follows zPosition through every way a sublayer comes, goes or moves")
    func drawingOrderTracksZPosition() throws {
        let (display, layers) = makeLayers(["p", "q", "r", "s"])
        let other = CALayer()
        other.name = "other"
        display.rootLayer.addSublayer(other)
        func order(_ parent: CALayer) -> [String] {
            guard let index = display.renderTree.nodes.firstIndex(where: { $0.layerID == parent.layerID }) else { return [] }
            return display.renderTree.children(of: index).map { display.renderTree.nodes[$0].name ?? "?" }
        }
        func step(_ change: () -> Void) -> [String] {
            change()
            // Past the implicit animations of zPosition (0.25 s): while they run, the order follows the presented
            // zPosition (`animatedZPositionReordersSiblings` in the reference net checks that).
            display.advance(by: 0.3)
            return order(display.rootLayer)
        }
        #expect(step {} == ["p", "q", "r", "s", "other"])
        #expect(step { layers[0].zPosition = 2 } == ["q", "r", "s", "other", "p"])
        #expect(step { layers[2].zPosition = -1 } == ["r", "q", "s", "other", "p"])
        #expect(step { layers[0].zPosition = 0 } == ["r", "p", "q", "s", "other"])
        // Moving a raised layer to another parent takes its zPosition along; the sort follows it.
        #expect(step { other.addSublayer(layers[2]) } == ["p", "q", "s", "other"])
        #expect(order(other) == ["r"])
        #expect(step { layers[1].zPosition = 5; other.addSublayer(layers[1]); layers[3].zPosition = -3 } == ["s", "p", "other"])
        #expect(order(other) == ["r", "q"])
        #expect(step { other.replaceSublayer(layers[1], with: layers[0]) } == ["s", "other"])
        #expect(step { layers[3].removeFromSuperlayer(); other.zPosition = -1 } == ["other"])
        #expect(step { display.rootLayer.sublayers = [layers[1], layers[3], other] } == ["s", "other", "q"])
        #expect(step { layers[1].zPosition = 0; layers[3].zPosition = 0; other.zPosition = 0 } == ["q", "s", "other"])
        #expect(display.rootLayer.zPositionedSublayerCount == 0)
        #expect(other.zPositionedSublayerCount == 1)   // r, at −1
    }

    /// The order is kept in chunks of at most 256 siblings: 700 siblings and 2 000 moves among a few z values
    /// split chunks, empty them and move layers to the ends. Checked against the rule itself (a stable sort of
    /// the sublayers by model `zPosition`), in the render tree and in hit testing's order, after every batch.
    @Test("drawing order stays the sorted order through thousands of moves among hundreds of siblings")
    func drawingOrderSurvivesManyMoves() throws {
        let names = (0..<700).map { "s\($0)" }
        let (display, layers) = makeLayers(names)
        let root = display.rootLayer
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let zValues: [CGFloat] = [0, 1, 2, -1, 0.5, 1e6]
        layers[0].zPosition = 1   // the root's order is sorted, and cached, from here on
        display.advance(by: 1)
        let relinks = display.pipeline.store.sublayerRelinks
        for batch in 0..<40 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for _ in 0..<50 { layers[next(layers.count)].zPosition = zValues[next(batch < 20 ? 3 : zValues.count)] }
            CATransaction.commit()
            display.advance(by: 1.0 / 60)
            let subs = root.sublayers ?? []
            let expected = subs.enumerated().sorted {
                $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
            }.map { $0.element.name ?? "?" }
            let tree = display.renderTree
            let rootIndex = try #require(tree.nodes.firstIndex { $0.layerID == root.layerID })
            // The first place where an order differs from the rule (nil: none), so a failure reads in one line.
            func firstDifference(_ got: [String]) -> String? {
                guard got != expected else { return nil }
                let i = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
                return "at \(i): \(got.count > i ? got[i] : "end") where the rule has \(expected.count > i ? expected[i] : "end")"
            }
            #expect(firstDifference(tree.children(of: rootIndex).map { tree.nodes[$0].name ?? "?" }) == nil, "batch \(batch)")
            #expect(firstDifference(root.renderOrderedSublayers.map { $0.name ?? "?" }) == nil, "batch \(batch)")
        }
        // Every change moved one sibling: the render-side copy never linked the whole list again.
        #expect(display.pipeline.store.sublayerRelinks == relinks)
    }

    @Test("animations committed together share one pacing exactly when their timing and curve are equal")
    func committedPacingIsSharedOnlyWhenEqual() throws {
        let (display, layers) = makeLayers(["p-1", "p-2", "p-3", "p-4", "p-5", "p-6"])
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        CATransaction.begin()
        for (i, layer) in layers.enumerated() {
            let move = basic("position.x", from: 0, to: 100, duration: 1)
            move.timingFunction = i == 2 ? CAMediaTimingFunction(name: .easeOut) : CAMediaTimingFunction(name: .easeIn)
            if i == 3 { move.duration = 2 }
            if i == 4 { move.autoreverses = true }
            layer.add(move, forKey: "move")
            layer.add(basic("opacity", from: 1, to: 0, duration: 1), forKey: "fade")   // the same timing, linear
        }
        CATransaction.commit()
        display.advance(by: 0)
        func pacing(_ layer: CALayer, _ key: String) throws -> CommittedPacing {
            try #require(layer.animationEntries.first { $0.key == key }?.animation.committedPacing)
        }
        let moves = try layers.map { try pacing($0, "move") }, fades = try layers.map { try pacing($0, "fade") }
        #expect(moves[0] === moves[1] && moves[0] === moves[5])
        #expect(moves[2] !== moves[0] && moves[3] !== moves[0] && moves[4] !== moves[0])
        #expect(fades.allSatisfy { $0 === fades[0] } && fades[0] !== moves[0])
        // Each pacing is its animation's own settings.
        #expect(moves[0].curve == easeIn.curve && moves[2].curve == CAMediaTimingFunction(name: .easeOut).curve)
        #expect(fades[0].curve == nil && fades[0].timing == moves[0].timing)
        #expect(moves[3].timing.duration == 2 && moves[4].timing.autoreverses && !moves[0].timing.autoreverses)
        display.advance(by: 0.5)
        let x = try layers.map { try #require(display.renderTree.node(named: $0.name!)).position.x }
        #expect(isClose(Double(x[0]), 100 * easeIn.evaluate(at: 0.5), within: 1e-9) && x[5] == x[0])
        #expect(isClose(Double(x[3]), 100 * easeIn.evaluate(at: 0.25), within: 1e-9))
        for layer in layers { try expectNodeMatchesPresentation(display, layer, step: 1) }
    }

    @Test("stored copies share one timing function among equal ones, and keep their own when names differ")
    func storedCopiesShareEqualTimingFunctions() throws {
        let (display, layers) = makeLayers(["f-1", "f-2", "f-3", "f-4"])
        let functions = [CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeInEaseOut),
                         CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1), CAMediaTimingFunction(name: .easeIn)]
        for (layer, function) in zip(layers, functions) {
            let move = basic("position.x", from: 0, to: 100, duration: 1)
            move.timingFunction = function
            layer.add(move, forKey: "move")
        }
        let stored = try layers.map { try #require($0.animation(forKey: "move")?.timingFunction) }
        #expect(stored[0] === stored[1], "equal named functions: one object")
        #expect(stored[2] !== stored[0] && stored[2] == stored[0] && stored[2].name == nil, "unnamed, with equal points")
        #expect(stored[3] !== stored[0] && stored[3].name == .easeIn)
        for (copy, original) in zip(stored, functions) { #expect(copy == original && copy.name == original.name) }
        display.advance(by: 0.5)
        let x = try layers.map { try #require(display.renderTree.node(named: $0.name!)).position.x }
        #expect(x[0] == x[1] && x[1] == x[2] && x[3] != x[0])
    }

    @Test("the identity-transform flag follows every way a layer's transform changes")
    func identityTransformFlagFollowsTheTransform() throws {
        let (display, layer) = makeScene("turned", at: 1)
        let changes: [(String, () -> Void)] = [
            ("rotated", { layer.transform = CATransform3DMakeRotation(0.5, 0, 0, 1) }),
            ("back to identity", { layer.transform = CATransform3DIdentity }),
            ("rotation.z by key path", { layer.setValue(0.3, forKeyPath: "transform.rotation.z") }),
            ("scale by key path", { layer.setValue(2, forKeyPath: "transform.scale") }),
            ("one entry changed", { layer.transform.m34 = -1.0 / 500 }),
            ("affine", { layer.setAffineTransform(CGAffineTransform(scaleX: -1, y: 1)) }),
            ("affine identity", { layer.setAffineTransform(.identity) }),
        ]
        for (what, change) in changes {
            showWithoutActions(change, on: display)
            #expect(layer.state.isTransformIdentity == (layer.state.transform == .identity), "\(what)")
            // The node maps the layer's points where the model's own conversion (another code path) does.
            let node = try #require(display.renderTree.node(named: "turned"))
            for p in [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 30)] {
                let v = SIMD4<Double>(Double(p.x), Double(p.y), 0, 1)
                let m = node.worldTransform
                let x = v.x * m.m11 + v.y * m.m21 + m.m41, y = v.x * m.m12 + v.y * m.m22 + m.m42
                let w = v.x * m.m14 + v.y * m.m24 + m.m44
                let expected = layer.convertToRootSpace(p)
                #expect(isClose(x / w, Double(expected.x), within: 1e-9) && isClose(y / w, Double(expected.y), within: 1e-9), "\(what) \(p)")
            }
            #expect(node.isMirrored == (what == "affine"), "\(what)")
        }
        #expect(layer.state.isTransformIdentity)
        // While an animation turns it, the presented transform is used, not the model's identity.
        layer.add(basic("transform.rotation.z", from: 0, to: Double.pi / 2, duration: 1), forKey: "turn")
        display.advance(by: 0)
        display.advance(by: 0.5)
        let m = try #require(display.renderTree.node(named: "turned")).worldTransform
        #expect(isClose(m.m11, cos(Double.pi / 4), within: 1e-9) && isClose(m.m12, sin(Double.pi / 4), within: 1e-9))
    }

    @Test("the timing sample's floor is exact for large and fractional iteration counts")
    func timingFloorIsExact() throws {
        let timing = AnimationTiming(beginTime: 0, duration: 0.7, speed: 1, timeOffset: 0, repeatCount: .infinity,
                                     repeatDuration: 0, autoreverses: true, fillMode: .removed)
        for t in [0.0, 0.35, 0.7, 1.4, 2.1 - 1e-12, 123.456, 1e6 + 0.3, 3.15e15, 7e15, 1e17] {
            let sample = try #require(timing.sample(atParentTime: t))
            let k = (t / 0.7).rounded(.down)
            var u = t - k * 0.7
            if Int(min(k, Double(Int.max / 2))) % 2 == 1 { u = 0.7 - u }
            #expect(sample.progress == u / 0.7, "t = \(t)")
            #expect(sample.iteration == Int(min(k, Double(Int.max / 2))) / 2, "t = \(t)")
        }
    }
}
