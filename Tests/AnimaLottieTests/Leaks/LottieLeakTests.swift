import AnimaCore
import AnimaKit
import AnimaLottie
import Foundation
import Testing

/// Lottie layers and views are freed once the app lets go, while they play: checked with weak references.
@MainActor
@Suite("Leaks: Lottie")
struct LottieLeakTests {
    static let json = LottieFixtures.document(layers: [
        LottieFixtures.shapeLayer(name: "A", ks: LottieFixtures.opacity(from: 0, to: 100)),
        LottieFixtures.shapeLayer(name: "B", index: 2, parent: 1),
    ], op: 60)

    /// (A completion that captures its own layer is a cycle while the layer loops, as in Core Animation: a layer
    /// removed from its superlayer keeps its animations.)
    @Test func aLoopingLayerRemovedFromItsTree() throws {
        weak var weakAnimation: LottieAnimation?
        weak var weakLayer: LottieAnimationLayer?
        weak var weakComposition: CALayer?
        var completions: [Bool] = []
        let display = HeadlessDisplay(width: 100, height: 100)
        do {
            let animation = try LottieFixtures.animation(Self.json)
            weakAnimation = animation
            let layer = LottieAnimationLayer(animation: animation)
            weakLayer = layer
            weakComposition = layer.compositionLayer
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            display.rootLayer.addSublayer(layer)
            layer.play(fromProgress: 0, toProgress: 1, loopMode: .loop) { finished in completions.append(finished) }
            display.advance(by: 0.5)
            #expect(layer.isAnimationPlaying)
            layer.removeFromSuperlayer()
        }
        display.advance(by: 0.5)
        #expect(weakAnimation == nil && weakLayer == nil && weakComposition == nil)
    }

    @Test func aPlayingViewRemovedFromItsWindow() throws {
        weak var weakView: LottieAnimationView?
        weak var weakLayer: CALayer?
        var completions: [Bool] = []
        let display = HeadlessDisplay(width: 100, height: 100)
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        display.advance(by: 0)
        do {
            let view = LottieAnimationView(animation: try LottieFixtures.animation(Self.json))
            weakView = view
            weakLayer = view.layer
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            window.addSubview(view)
            view.play { finished in completions.append(finished); _ = view.frame }   // the completion captures the view
            display.advance(by: 0.25)
            view.removeFromSuperview()
        }
        display.advance(by: 3)
        #expect(completions == [false])   // leaving the window ended the playback, as UIKit ends a view's animations
        #expect(weakView == nil && weakLayer == nil)
        withExtendedLifetime(window) {}
    }
}
