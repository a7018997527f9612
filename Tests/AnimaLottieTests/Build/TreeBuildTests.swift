import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

@MainActor
@Suite("Layer tree")
struct TreeBuildTests {
    @Test func theFilesFirstLayerIsOnTop() throws {
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "Top", index: 1),
                                                    LottieFixtures.shapeLayer(name: "Bottom", index: 2)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        let names = layer.compositionLayer?.sublayers?.map(\.name)
        #expect(names == ["Bottom", "Top"])
    }

    /// A file's shapes change from frame to frame: each is drawn in step with the display and painted where it is
    /// shown, not kept as pixels first.
    @Test func theShapesArePaintedWhereTheyAreShown() throws {
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "Top", index: 1),
                                                    LottieFixtures.shapeLayer(name: "Bottom", index: 2)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        func shapes(_ l: CALayer) -> [CAShapeLayer] { ((l as? CAShapeLayer).map { [$0] } ?? []) + (l.sublayers ?? []).flatMap(shapes) }
        let found = shapes(try #require(layer.compositionLayer))
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.paintsShapeWhereShown && $0.drawsInStepWithDisplay })
        #expect(!CAShapeLayer().paintsShapeWhereShown)
    }

    @Test func aParentCycleIsReportedAndCut() throws {
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", index: 1, parent: 2),
                                                    LottieFixtures.shapeLayer(name: "B", index: 2, parent: 1)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        #expect(layer.compositionLayer?.sublayers?.count == 2)
        #expect(layer.buildDiagnostics.contains { $0.contains("parent cycle") })
    }

    @Test func aPrecompositionThatContainsItselfIsReported() throws {
        let precomp = #"{"ty":0,"nm":"Self","ind":1,"refId":"loop","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{}}"#
        let asset = #"{"id":"loop","layers":[\#(precomp)]}"#
        let json = LottieFixtures.document(layers: [precomp], assets: [asset])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        #expect(layer.buildDiagnostics.contains { $0.contains("cycle") && $0.contains("loop") })
    }

    @Test func anUnsupportedFeatureIsNamedOnceWithItsLayer() throws {
        let extra = #""ef":[{"ty":29,"nm":"Gaussian Blur"}],"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "Shadowed", extra: extra)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        let messages = layer.buildDiagnostics.filter { $0.contains("Gaussian Blur") }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("'Shadowed'") == true)
        // The rest still plays: the layer's rectangle is built.
        #expect(LottieFixtures.find("Shadowed", in: layer) != nil)
    }

    @Test func aParentsTransformAppliesButNotItsOpacity() throws {
        let parentKS = #"{"p":{"a":0,"k":[30,0]},"o":{"a":0,"k":50}}"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "Child", index: 2, parent: 1),
                                                    LottieFixtures.shapeLayer(name: "Parent", index: 1, ks: parentKS)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        let child = try #require(LottieFixtures.find("Child", in: layer))
        let parentPair = try #require(child.sublayers?.first)
        #expect(parentPair.name == "Parent transform")
        #expect(parentPair.position == CGPoint(x: 30, y: 0))
        #expect(parentPair.opacity == 1)
    }
}

@MainActor
@Suite("Effects")
struct EffectTests {
    @Test func aDropShadowBecomesTheLayersShadow() throws {
        // Direction 135° (down and right in After Effects), distance 10, softness 20, opacity 128 of 255.
        let effect = #"""
        "ef":[{"ty":25,"nm":"Drop Shadow","ef":[{"ty":2,"v":{"a":0,"k":[0,0,1,1]}},{"ty":0,"v":{"a":0,"k":128}},
        {"ty":0,"v":{"a":0,"k":135}},{"ty":0,"v":{"a":0,"k":10}},{"ty":0,"v":{"a":0,"k":20}}]}],
        """#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "S", extra: effect)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        let transform = try #require(LottieFixtures.find("S transform", in: layer))
        #expect(abs(transform.shadowOffset.width - 10 / 2.squareRoot()) < 1e-9)
        #expect(abs(transform.shadowOffset.height - 10 / 2.squareRoot()) < 1e-9)
        #expect(abs(transform.shadowOpacity - 128.0 / 255) < 1e-6)
        #expect(transform.shadowRadius == 4)
        #expect(transform.shadowColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(layer.buildDiagnostics.allSatisfy { !$0.contains("Drop Shadow") })
    }
}

extension EffectTests {
    @Test func aDropShadowLayerStyleBecomesTheLayersShadow() throws {
        // Angle 90° (straight down), distance 5, size 12, opacity 90 %: lottie-ios's mapping of the style.
        let style = #""sy":[{"ty":1,"nm":"Drop Shadow","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":90},"a":{"a":0,"k":90},"s":{"a":0,"k":12},"d":{"a":0,"k":5}}],"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "S", extra: style)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        let transform = try #require(LottieFixtures.find("S transform", in: layer))
        #expect(abs(transform.shadowOffset.width) < 1e-9)
        #expect(abs(transform.shadowOffset.height - 5) < 1e-9)
        #expect(abs(transform.shadowOpacity - 0.9) < 1e-6)
        #expect(abs(transform.shadowRadius - 6) < 1e-9)
        #expect(transform.shadowColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(layer.buildDiagnostics.allSatisfy { !$0.contains("layer style") })
    }

    @Test func anAnimatedShadowOpacityIsAKeyframeAnimation() throws {
        // Opacity 0 at frame 0 to 255 at frame 10: half way, the presented shadow is half opaque.
        let effect = #"""
        "ef":[{"ty":25,"nm":"Drop Shadow","ef":[{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},
        {"ty":0,"v":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[255]}]}},
        {"ty":0,"v":{"a":0,"k":180}},{"ty":0,"v":{"a":0,"k":10}},{"ty":0,"v":{"a":0,"k":20}}]}],
        """#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "S", extra: effect)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        let transform = try #require(LottieFixtures.find("S transform", in: layer))
        let opacity = try #require(transform.animation(forKey: "shadowOpacity") as? CAKeyframeAnimation)
        #expect(opacity.values?.compactMap { $0 as? Float } == [0, 1])
        #expect(abs(opacity.duration - 10.0 / 30) < 1e-9)
        // Direction 180° (straight down in After Effects): the offset points down.
        #expect(abs(transform.shadowOffset.width) < 1e-9 && abs(transform.shadowOffset.height - 10) < 1e-9)
    }

    @Test func anotherLayerStyleIsNamedAsUnsupported() throws {
        let style = #""sy":[{"ty":2,"nm":"Inner Shadow"}],"#
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "S", extra: style)])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        #expect(layer.buildDiagnostics.contains { $0.contains("layer style 'Inner Shadow'") && $0.contains("'S'") })
    }
}

@MainActor
@Suite("Repeaters")
struct RepeaterTests {
    @Test func copiesAreMovedOnceMoreEachAndFadeFromStartToEnd() throws {
        let layer = """
        {"ty":4,"nm":"R","ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[
          {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4,4]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,
           "tr":{"p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
                 "so":{"a":0,"k":100},"eo":{"a":0,"k":50}}}]}
        """
        let animation = try LottieFixtures.animation(LottieFixtures.document(layers: [layer]))
        let built = LottieAnimationLayer(animation: animation)
        for copy in 0..<3 {
            let host = try #require(LottieFixtures.find("R copy \(copy)", in: built))
            #expect(host.transform.m41 == CGFloat(10 * copy))
            #expect(abs(Double(host.opacity) - (1 - 0.25 * Double(copy))) < 1e-6)
            #expect(host.sublayers?.isEmpty == false)   // each copy holds its own fill of the rectangle
        }
        #expect(LottieFixtures.find("R copy 3", in: built) == nil)
    }

    /// An animated repeater plays: over frames 0…20 the copies go from 1 to 3 and the step from 10 to 30 points, so at
    /// frame 10 there are 2 copies 20 points apart; the third, built for frame 20, is transparent until then.
    @Test func anAnimatedRepeaterPlaysItsCopiesAndStep() throws {
        let layer = """
        {"ty":4,"nm":"R","ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[
          {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[4,4]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"rp","c":{"a":1,"k":[{"t":0,"s":[1]},{"t":20,"s":[3]}]},"o":{"a":0,"k":0},"m":1,
           "tr":{"p":{"a":1,"k":[{"t":0,"s":[10,0]},{"t":20,"s":[30,0]}]},"a":{"a":0,"k":[0,0]},
                 "s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":50}}}]}
        """
        let display = HeadlessDisplay(width: 100, height: 100)
        let built = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [layer])))
        display.rootLayer.addSublayer(built)
        func presented(_ copy: Int) throws -> CALayer { try #require(LottieFixtures.find("R copy \(copy)", in: built)?.presentation()) }
        built.currentFrame = 10
        display.advance(by: 0)
        #expect(abs(try presented(1).transform.m41 - 20) < 1e-6)
        #expect(abs(Double(try presented(0).opacity) - 1) < 1e-6)
        #expect(abs(Double(try presented(1).opacity) - 0.5) < 1e-6)   // the last of two copies: the end opacity
        #expect(try presented(2).opacity == 0)
        built.currentFrame = 20
        display.advance(by: 0)
        #expect(abs(try presented(2).transform.m41 - 60) < 1e-6)
        #expect(abs(Double(try presented(1).opacity) - 0.75) < 1e-6)
        #expect(abs(Double(try presented(2).opacity) - 0.5) < 1e-6)
        #expect(built.buildDiagnostics.allSatisfy { !$0.contains("repeater") }, "\(built.buildDiagnostics)")
    }
}

@MainActor
@Suite("Strokes: dashes and trims")
struct StrokeModifierTests {
    /// A horizontal line across a 100 × 100 composition, then `items` (JSON), then a black 4-point stroke with `extra`
    /// fields, played at `frame`; the stroke's shape layer.
    private func strokedLine(_ items: String = "", stroke extra: String = "", atFrame frame: Double = 0) throws
        -> (display: HeadlessDisplay, shape: CAShapeLayer) {
        let zero = "[[0,0],[0,0]]"
        let line = #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,50],[100,50]],"i":\#(zero),"o":\#(zero)}}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1\#(extra)}"#
        let display = HeadlessDisplay(width: 100, height: 100)
        let built = LottieAnimationLayer(animation: try LottieFixtures.animation(
            LottieFixtures.document(layers: [LottieFixtures.shapes([line, items, stroke].filter { !$0.isEmpty }.joined(separator: ","))])))
        display.rootLayer.addSublayer(built)
        built.currentFrame = frame
        display.advance(by: 0)
        func stroked(_ layer: CALayer) -> CAShapeLayer? {
            if let shape = layer as? CAShapeLayer, shape.strokeColor != nil { return shape }
            return (layer.sublayers ?? []).lazy.compactMap(stroked).first
        }
        return (display, try #require(built.compositionLayer.flatMap(stroked)))
    }

    /// The dash offset animates as `lineDashPhase` (lottie-ios animates it so): 0 → 20 over frames 0…20, so 10 at
    /// frame 10; the dash lengths are the first frame's.
    @Test func anAnimatedDashOffsetMovesTheDashes() throws {
        let dashes = #"""
        ,"d":[{"n":"d","v":{"a":0,"k":10}},{"n":"g","v":{"a":0,"k":10}},
              {"n":"o","v":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":20,"s":[20]}]}}]
        """#
        let (display, shape) = try strokedLine(stroke: dashes, atFrame: 10)
        #expect(shape.lineDashPattern?.map(\.doubleValue) == [10, 10])
        #expect(abs(Double(try #require(shape.presentation()).lineDashPhase) - 10) < 1e-6)
        withExtendedLifetime(display) {}   // the presentation is the display's
    }

    /// A trim that keeps the whole path, listed before one that cuts it (lottie-ios's issue_1841 chains them so), is
    /// passed over: the stroke ends where the second trim says.
    @Test func aWholePathTrimBeforeACuttingOneIsPassedOver() throws {
        let whole = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1}"#
        let half = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let (display, shape) = try strokedLine("\(whole),\(half)")
        #expect(abs(Double(try #require(shape.presentation()).strokeEnd) - 0.5) < 1e-6)
        withExtendedLifetime(display) {}
    }

    /// The usual "erase": the start runs linearly from 0 to 100 over frames 0…12 while the end stays at 100. A
    /// quarter of the way the line is shown from 25 % to its end (lottie-ios's pr_1686) — not from its start to 75 %,
    /// as an empty range at the last frame read as (0, 0) instead of (1, 1) made it.
    @Test func aStartRunningUpToTheEndErasesFromTheStart() throws {
        let erase = #"""
        {"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":12,"s":[100]}]},
         "e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1}
        """#
        let (display, shape) = try strokedLine(erase, atFrame: 3)
        let shown = try #require(shape.presentation())
        #expect(abs(Double(shown.strokeStart) - 0.25) < 1e-6, "\(shown.strokeStart)")
        #expect(abs(Double(shown.strokeEnd) - 1) < 1e-6, "\(shown.strokeEnd)")
        withExtendedLifetime(display) {}
    }
}
