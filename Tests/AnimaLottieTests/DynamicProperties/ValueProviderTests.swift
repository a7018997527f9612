import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaSDL
@testable import AnimaLottie

/// Each provider kind changes what the built layers present at a progress, through the layers' own
/// animations (the file is never evaluated per frame).
@MainActor
@Suite("Value providers")
struct ValueProviderTests {
    typealias F = DynamicPropertyFixtures

    private func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-3) -> Bool { abs(a - b) <= tolerance }

    private func components(_ color: CGColor?) -> [CGFloat] { color?.components ?? [] }

    @Test func aColourProviderRecoloursTheFillAtEveryProgress() throws {
        let (display, layer) = try F.scene()
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0, a: 1)), keypath: "**.Fill 1.Color")
        for p in [0.0, 0.5] {
            layer.currentProgress = p
            display.advance(by: 0)
            let fills = F.styleLayers(of: layer, stroke: false)
            #expect(fills.count == 1)
            for fill in fills { #expect(components(F.presented(fill).fillColor) == [1, 0, 0, 1], "progress \(p)") }
        }
        // The stroke of the same group keeps its green; the precomposition's and Scaler's fills turn red too.
        #expect(components(F.styleLayers(of: layer, stroke: true).first?.strokeColor) == [0, 1, 0, 1])
        let root = try #require(layer.compositionLayer)
        let otherFills = (F.all("Inner style", in: root) + F.all("Scaler style", in: root)).compactMap { $0 as? CAShapeLayer }
        #expect(otherFills.count == 2)
        #expect(otherFills.allSatisfy { components(F.presented($0).fillColor) == [1, 0, 0, 1] })
    }

    @Test func aColourProviderShowsInThePixels() throws {
        let (display, layer) = try F.scene()
        func centre() throws -> UInt32 {
            let image = try display.snapshot()
            // Shape's rectangle: 40 × 40 around (50, 50) moved by Parent (0 at progress 0).
            return image.premultipliedARGB[50 * image.width + 50]
        }
        let before = try centre()
        #expect(before & 0x00FF_FFFF == 0x0000_00FF, "\(String(before, radix: 16))")   // blue
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0.5, b: 0, a: 1)), keypath: "Shape.Group 1.Fill 1.Color")
        display.advance(by: 0)
        let after = try centre()
        #expect(after >> 24 == 0xFF)
        #expect(abs(Int((after >> 16) & 0xFF) - 255) <= 1 && abs(Int((after >> 8) & 0xFF) - 128) <= 1 && after & 0xFF <= 1,
                "\(String(after, radix: 16))")
    }

    @Test func colourKeyframesBlendAsTheFilesOwnDo() throws {
        let (display, layer) = try F.scene()
        layer.setValueProvider(ColorValueProvider([Keyframe(value: LottieColor(r: 0, g: 0, b: 0), time: 0),
                                                   Keyframe(value: LottieColor(r: 1, g: 1, b: 1), time: 30)]),
                               keypath: "Shape.Group 1.Fill 1.Color")
        let fill = try #require(F.styleLayers(of: layer, stroke: false).first)
        // Played by Core Animation: a keyframe animation on the fill layer holds the provider's values.
        let animation = try #require(fill.animation(forKey: "fillColor") as? CAKeyframeAnimation)
        #expect(animation.values?.count == 2)
        layer.currentProgress = 0.5
        display.advance(by: 0)
        let mid = components(F.presented(fill).fillColor)
        #expect(mid.count == 4 && near(mid[0], 0.5, 0.01) && near(mid[1], 0.5, 0.01) && near(mid[2], 0.5, 0.01), "\(mid)")
    }

    @Test func opacityReplacesTheLayersAnimatedOpacity() throws {
        let (display, layer) = try F.scene()
        let root = try #require(layer.compositionLayer)
        let transform = try #require(F.all("Shape transform", in: root).first)
        layer.currentProgress = 0.5
        display.advance(by: 0)
        #expect(near(CGFloat(F.presented(transform).opacity), 0.5))      // the file's 100 → 0
        layer.setValueProvider(FloatValueProvider(30), keypath: "Shape.Transform.Opacity")
        display.advance(by: 0)
        #expect(near(CGFloat(F.presented(transform).opacity), 0.3))
        #expect(transform.animation(forKey: "opacity") == nil)             // a single value: the model, no animation
        layer.currentProgress = 0.9
        display.advance(by: 0)
        #expect(near(CGFloat(F.presented(transform).opacity), 0.3))
    }

    /// A provider's hold keyframe keeps its value: lottie-ios plays a provider's keyframes as one animation, so the
    /// lone-hold rule of the file's keyframes (`KeyframeAnimations.loneHolds`) is not theirs.
    @Test func aProvidersHoldKeyframeKeepsItsValue() throws {
        let (display, layer) = try F.scene()
        let root = try #require(layer.compositionLayer)
        let transform = try #require(F.all("Shape transform", in: root).first)
        layer.setValueProvider(FloatValueProvider([Keyframe(value: LottieVector1D(20), time: 0, isHold: true),
                                                   Keyframe(value: LottieVector1D(80), time: 20)]), keypath: "Shape.Transform.Opacity")
        layer.currentFrame = 10
        display.advance(by: 0)
        #expect(near(CGFloat(F.presented(transform).opacity), 0.2))
        layer.currentFrame = 25
        display.advance(by: 0)
        #expect(near(CGFloat(F.presented(transform).opacity), 0.8))
    }

    @Test func strokeWidthChangesTheStrokeOnly() throws {
        let (display, layer) = try F.scene()
        layer.setValueProvider(FloatValueProvider(7), keypath: "**.Stroke Width")
        display.advance(by: 0)
        let stroke = try #require(F.styleLayers(of: layer, stroke: true).first)
        #expect(F.presented(stroke).lineWidth == 7)
        let fill = try #require(F.styleLayers(of: layer, stroke: false).first)
        #expect(fill.lineWidth == 1)
    }

    @Test func rotationTurnsTheLayersTransformAndAClosureIsSampledPerFrame() throws {
        let (display, layer) = try F.scene()
        let root = try #require(layer.compositionLayer)
        let transform = try #require(F.all("Shape transform", in: root).first)
        layer.setValueProvider(FloatValueProvider(90), keypath: "Shape.Transform.Rotation")
        display.advance(by: 0)
        var t = F.presented(transform).transform
        #expect(near(t.m11, 0) && near(t.m12, 1) && near(t.m21, -1), "\(t)")
        // A closure of the frame: 3° per frame, so 30° at frame 10 (progress 1/3).
        layer.setValueProvider(FloatValueProvider { frame in frame * 3 }, keypath: "Shape.Transform.Rotation")
        layer.currentFrame = 10
        display.advance(by: 0)
        t = F.presented(transform).transform
        #expect(near(t.m11, cos(.pi / 6)) && near(t.m12, sin(.pi / 6)), "\(t)")
    }

    @Test func positionMovesTheLayerAndEveryCopyOfAParentsTransform() throws {
        let (display, layer) = try F.scene()
        let root = try #require(layer.compositionLayer)
        layer.setValueProvider(PointValueProvider(CGPoint(x: 20, y: 30)), keypath: "Shape.Transform.Position")
        layer.setValueProvider(PointValueProvider(CGPoint(x: 5, y: 6)), keypath: "Parent.Transform.Position")
        layer.currentProgress = 0.5
        display.advance(by: 0)
        let shape = try #require(F.all("Shape transform", in: root).first)
        #expect(F.presented(shape).position == CGPoint(x: 20, y: 30))
        // Parent's own pair, and the copy of it above its child Shape.
        let parents = F.all("Parent transform", in: root)
        #expect(parents.count == 2)
        for parent in parents { #expect(F.presented(parent).position == CGPoint(x: 5, y: 6)) }
    }

    @Test func scaleOnAStaticAndOnAnAnimatedScale() throws {
        let (display, layer) = try F.scene()
        let root = try #require(layer.compositionLayer)
        layer.setValueProvider(PointValueProvider(CGPoint(x: 200, y: 150)), keypath: "Shape.Transform.Scale")
        layer.setValueProvider(SizeValueProvider([Keyframe(value: LottieVector3D(x: 100, y: 100), time: 0),
                                                  Keyframe(value: LottieVector3D(x: 300, y: 200), time: 30)]),
                               keypath: "Scaler.Transform.Scale")
        layer.currentProgress = 0.5
        display.advance(by: 0)
        let shape = F.presented(try #require(F.all("Shape anchor", in: root).first)).transform
        #expect(near(shape.m11, 2) && near(shape.m22, 1.5), "\(shape)")
        // Scaler's file scale animates, so x and y are on two layers: x on "anchor", y on "anchor y".
        let x = F.presented(try #require(F.all("Scaler anchor", in: root).first)).transform
        let y = F.presented(try #require(F.all("Scaler anchor y", in: root).first)).transform
        #expect(near(x.m11, 2) && near(x.m22, 1), "\(x)")
        #expect(near(y.m11, 1) && near(y.m22, 1.5), "\(y)")
    }

    @Test func solidColourAndPrecompositionKeypaths() throws {
        let (display, layer) = try F.scene()
        let root = try #require(layer.compositionLayer)
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 1, a: 1)), keypath: "Solid.Color")
        layer.setValueProvider(FloatValueProvider(25), keypath: "Pre.Inner.Transform.Opacity")
        display.advance(by: 0)
        let solid = try #require(F.all("Solid solid", in: root).first)
        #expect(components(F.presented(solid).backgroundColor) == [0, 0, 1, 1])
        let inner = try #require(F.all("Inner transform", in: root).first)
        #expect(near(CGFloat(F.presented(inner).opacity), 0.25))
    }

    @Test func theLastProviderSetWinsAndProvidersSurviveANewAnimation() throws {
        let (display, layer) = try F.scene()
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0)), keypath: "**.Color")
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 1, b: 0)), keypath: "Shape.Group 1.Fill 1.Color")
        display.advance(by: 0)
        #expect(components(F.styleLayers(of: layer, stroke: false).first?.fillColor) == [0, 1, 0, 1])
        #expect(components(F.styleLayers(of: layer, stroke: true).first?.strokeColor) == [1, 0, 0, 1])
        layer.setAnimation(try LottieFixtures.animation(F.json))   // rebuilt: the providers apply again, in order
        display.advance(by: 0)
        #expect(components(F.styleLayers(of: layer, stroke: false).first?.fillColor) == [0, 1, 0, 1])
        #expect(components(F.styleLayers(of: layer, stroke: true).first?.strokeColor) == [1, 0, 0, 1])
    }

    @Test func theReadmesExampleRuns() throws {
        // The README's lines, on the fixture's names (H2 → Shape, Logo → Scaler, Bg → Solid).
        let view = LottieAnimationView(animation: try LottieFixtures.animation(F.json))
        view.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0, a: 1)), keypath: "**.Fill 1.Color")
        view.setValueProvider(FloatValueProvider(90), keypath: "Shape.Transform.Rotation")
        view.setValueProvider(PointValueProvider(CGPoint(x: 200, y: 150)), keypath: "Shape.Transform.Scale")
        view.setValueProvider(FloatValueProvider([Keyframe(value: LottieVector1D(100), time: 0),
                                                  Keyframe(value: LottieVector1D(20), time: 30)]), keypath: "Scaler.Transform.Opacity")
        view.setValueProvider(ColorValueProvider { frame in LottieColor(r: frame / 60, g: 0, b: 0, a: 1) }, keypath: "Solid.Color")
        view.logHierarchyKeypaths()
        let root = try #require(view.animationLayer.compositionLayer)
        let solid = try #require(F.all("Solid solid", in: root).first)
        let samples = try #require(solid.animation(forKey: "backgroundColor") as? CAKeyframeAnimation)
        #expect(samples.values?.count == 31)   // frames 0…30, one sample each
    }

    @Test func aRepeatersCopiesAllTakeTheProvider() throws {
        let json = LottieFixtures.document(layers: [#"""
            {"ty":4,"nm":"R","ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[
              {"ty":"gr","nm":"Dot","it":[{"ty":"el","nm":"E","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[8,8]}},
                                         {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
                                         {"ty":"tr","p":{"a":0,"k":[0,0]}}]},
              {"ty":"rp","nm":"Repeater 1","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,
               "tr":{"p":{"a":0,"k":[20,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
                     "so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]}
            """#])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        #expect(layer.allHierarchyKeypaths().contains("R.Dot.Fill 1.Color"))
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 1, b: 0)), keypath: "R.Dot.Fill 1.Color")
        let root = try #require(layer.compositionLayer)
        let fills = F.all("R style", in: root).compactMap { $0 as? CAShapeLayer }
        #expect(fills.count == 3)
        #expect(fills.allSatisfy { components($0.fillColor) == [1, 1, 0, 1] })
    }
}
