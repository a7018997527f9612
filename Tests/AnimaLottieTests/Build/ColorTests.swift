import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

@MainActor
@Suite("Colours")
struct ColorTests {
    @Test func anOvershootingBlendStaysNearItsEndsInsteadOfReadingAsZeroToTwoFiftyFive() throws {
        // White to pink with an easing whose curve dips below 0: blends just past white (1.004) are clamped
        // to white, not read as an old file's 0…255 colour (which made them black).
        let fill = #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":[1,1,1,1],"o":{"x":[0.167],"y":[-1.543]},"i":{"x":[0.704],"y":[1]}},{"t":20,"s":[0.9,0.8,0.85,1]}]},"o":{"a":0,"k":100}}"#
        let shape = LottieFixtures.shapes(#"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},\#(fill)"#,
                                          name: "Inner")
        // A time-remapped precomposition samples every frame's colour from the file's own blend.
        let asset = #"{"id":"inner","layers":[\#(shape)]}"#
        let precomp = #"{"ty":0,"nm":"Remapped","ind":1,"refId":"inner","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{},"tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":30,"s":[1]}]}}"#
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [precomp], assets: [asset])))
        let style = try #require(LottieFixtures.find("Inner style", in: layer))
        let colors = try #require(style.animation(forKey: "fillColor") as? CAKeyframeAnimation)
        let reds = (colors.values ?? []).compactMap { ($0 as? CGColor)?.red }
        #expect(reds.count > 20)
        #expect(reds.allSatisfy { $0 >= 0.9 - 1e-9 && $0 <= 1 })
    }

    @Test func anOldFilesColoursAreOnTheZeroToTwoFiftyFiveScale() {
        #expect(CGColor.lottie([255, 128, 0]) == CGColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(CGColor.lottie([1, 0.5, 0]) == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(Animated<[Double]>(keyframes: [Keyframe(frame: 0, value: [1, 1, 1]), Keyframe(frame: 9, value: [200, 0, 0])]).colorScale == 255)
    }
}
