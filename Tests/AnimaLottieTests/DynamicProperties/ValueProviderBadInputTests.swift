import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// A keypath that reaches nothing, or values that do not fit the property, are reported through swift-log
/// (naming the file, the keypath and why) and leave the tree as it was.
@MainActor
@Suite("Value providers: bad input")
struct ValueProviderBadInputTests {
    typealias F = DynamicPropertyFixtures

    private func fillColor(_ layer: LottieAnimationLayer) -> [CGFloat] {
        F.styleLayers(of: layer, stroke: false).first?.fillColor?.components ?? []
    }

    @Test func aKeypathThatMatchesNothingIsReported() throws {
        let (_, layer) = try F.scene()
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0)), keypath: "Nope.Fill 1.Color")
        #expect(!LottieDiagnostics.messages(containing: "keypath 'Nope.Fill 1.Color' matches no property").isEmpty)
        #expect(fillColor(layer) == [0, 0, 1, 1])
    }

    @Test func aPropertyThatCannotBeSetIsNamed() throws {
        let (_, layer) = try F.scene()
        layer.setValueProvider(FloatValueProvider(3), keypath: "Shape.Group 1.Rect.Path")
        let messages = LottieDiagnostics.messages(containing: "keypath 'Shape.Group 1.Rect.Path' matches no property")
        #expect(messages.contains { $0.contains("'Path' is not a property a value provider can set") }, "\(messages)")
    }

    @Test func aValueOfTheWrongTypeLeavesThePropertyAsItWas() throws {
        let (display, layer) = try F.scene()
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0)), keypath: "**.Stroke Width")
        display.advance(by: 0)
        let stroke = try #require(F.styleLayers(of: layer, stroke: true).first)
        #expect(stroke.lineWidth == 4)
        let messages = LottieDiagnostics.messages(containing: "keypath '**.Stroke Width' reaches 'Shape.Group 1.Stroke 1.Stroke Width'")
        #expect(messages.contains { $0.contains("numbers in points") && $0.contains("LottieColor") }, "\(messages)")
        // A gradient provider for a plain colour is refused the same way.
        layer.setValueProvider(GradientValueProvider([LottieColor(r: 1, g: 0, b: 0)]), keypath: "Shape.Group 1.Fill 1.Color")
        #expect(fillColor(layer) == [0, 0, 1, 1])
    }

    @Test func keyframesOutOfOrderAndValuesThatAreNotFiniteAreRefused() throws {
        let (_, layer) = try F.scene()
        layer.setValueProvider(FloatValueProvider([Keyframe(value: LottieVector1D(10), time: 20),
                                                   Keyframe(value: LottieVector1D(50), time: 5)]),
                               keypath: "Shape.Transform.Rotation")
        #expect(!LottieDiagnostics.messages(containing: "keyframes out of order (frame 5.0 after 20.0)").isEmpty)
        layer.setValueProvider(ColorValueProvider(LottieColor(r: .nan, g: 0, b: 0)), keypath: "Shape.Group 1.Fill 1.Color")
        #expect(!LottieDiagnostics.messages(containing: "a value that is not finite").isEmpty)
        #expect(fillColor(layer) == [0, 0, 1, 1])
        layer.setValueProvider(ColorValueProvider([]), keypath: "Solid.Color")
        #expect(!LottieDiagnostics.messages(containing: "keypath 'Solid.Color' reaches 'Solid.Color'").filter { $0.contains("no keyframes") }.isEmpty)
    }

    @Test func aProviderWithoutAnAnimationWaitsForOne() throws {
        let layer = LottieAnimationLayer(animation: nil)
        layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0)), keypath: "**.Fill 1.Color")
        #expect(layer.allHierarchyKeypaths().isEmpty)
        layer.setAnimation(try LottieFixtures.animation(F.json))
        #expect(fillColor(layer) == [1, 0, 0, 1])
    }
}
