import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// Time remapping, repeats and markers, each checked against the frame the file says should show.
@MainActor
@Suite("Timing")
struct TimingTests {
    private func show(_ json: String) throws -> (HeadlessDisplay, LottieAnimationLayer) {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        return (display, layer)
    }

    private func opacity(_ name: String, _ layer: LottieAnimationLayer) throws -> Double {
        Double(try #require(LottieFixtures.find(name, in: layer)?.presentation()).opacity)
    }

    @Test func timeRemappingShowsTheContentsAtTheRemappedTime() throws {
        // The contents fade in over their frames 0…30; tm plays them backwards: outer frame f shows
        // contents time 1 − f/30 s, that is contents frame 30 − f.
        let inner = LottieFixtures.shapeLayer(name: "Inner", ks: LottieFixtures.opacity(from: 0, to: 100))
        let precomp = #"""
        {"ty":0,"nm":"P","ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{},
         "tm":{"a":1,"k":[{"t":0,"s":[1]},{"t":30,"s":[0]}]}}
        """#
        let json = LottieFixtures.document(layers: [precomp], assets: [#"{"id":"c","layers":[\#(inner)]}"#])
        let (display, layer) = try show(json)
        for frame in [0.0, 10, 24] {
            layer.currentFrame = frame
            display.advance(by: 0)
            #expect(abs(try opacity("Inner transform", layer) - (30 - frame) / 30) < 1e-3, "frame \(frame)")
        }
        // Played, so not reported as unsupported (it once was, while it played).
        #expect(layer.buildDiagnostics.allSatisfy { !$0.contains("time remapping") }, "\(layer.buildDiagnostics)")
    }

    @Test func repeatPlaysTheGivenNumberOfTimesThenCompletes() throws {
        let (display, layer) = try show(LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: LottieFixtures.opacity(from: 0, to: 100))]))
        var completions: [Bool] = []
        layer.play(fromProgress: 0, toProgress: 1, loopMode: .repeat(2)) { completions.append($0) }
        display.advance(by: 1.5)
        #expect(layer.isAnimationPlaying)
        #expect(abs(Double(layer.realtimeAnimationProgress) - 0.5) < 0.05)
        display.advance(by: 0.6)
        #expect(completions == [true])
        #expect(layer.currentProgress == 1)
    }

    @Test func playingAMarkerPlaysItsRange() throws {
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: LottieFixtures.opacity(from: 0, to: 100))],
                                           markers: #"[{"cm":"middle","tm":10,"dr":10}]"#)
        let (display, layer) = try show(json)
        var completions: [Bool] = []
        layer.play(marker: "middle") { completions.append($0) }
        display.advance(by: 5.0 / 30)
        #expect(abs(Double(layer.realtimeAnimationFrame) - 15) < 0.5)
        display.advance(by: 0.3)
        #expect(completions == [true])
        #expect(layer.currentFrame == 20)
        #expect(abs(try opacity("A transform", layer) - 20.0 / 30) < 1e-3)
    }

    @Test func playingBackwardsRunsTheCompositionAtNegativeSpeed() throws {
        let (display, layer) = try show(LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: LottieFixtures.opacity(from: 0, to: 100))]))
        layer.play(fromProgress: 1, toProgress: 0, loopMode: .playOnce)
        #expect((layer.compositionLayer?.speed ?? 0) < 0)
        display.advance(by: 0.25)
        #expect(abs(Double(layer.realtimeAnimationProgress) - 0.75) < 0.02)
    }

    /// Opacity keyframes `(frame, percent, hold)` on layer "A" of a 30-frame file, shown at each of `frames`.
    private func opacities(_ keys: [(Double, Double, Bool)], at frames: [Double]) throws -> [Double] {
        let list = keys.map { #"{"t":\#($0.0),"s":[\#($0.1)],"h":\#($0.2 ? 1 : 0)}"# }.joined(separator: ",")
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: #"{"o":{"a":1,"k":[\#(list)]}}"#)])
        let (display, layer) = try show(json)
        return try frames.map { frame in
            layer.currentFrame = frame
            display.advance(by: 0)
            return try opacity("A transform", layer)
        }
    }

    /// lottie-ios plays a hold of one keyframe that a blend follows as a discrete animation of one value, which
    /// Core Animation does not apply: Apple's render of `pr_1632_2` (100 % → 0 % over frames 0…33, held to 66,
    /// then back to 100 %) shows the model's opacity, 100 %, at frame 50. Our reading of that render
    /// (`KeyframeAnimations.loneHolds`): the model shows in such holds, and after a last keyframe that holds alone.
    @Test func aLoneHoldShowsTheModelValueAsLottieIOSPlaysIt() throws {
        // Between blends: frames 5 and 25 blend, frame 15 is in the lone hold.
        let between = try opacities([(0, 100, false), (10, 0, true), (20, 0, false), (30, 100, false)], at: [5, 15, 25])
        #expect(zip(between, [0.5, 1, 0.5]).allSatisfy { abs($0 - $1) < 1e-3 }, "\(between)")
        // The first keyframe, at the in-point, holding alone.
        let first = try opacities([(0, 20, true), (15, 100, false), (30, 0, false)], at: [5, 20])
        #expect(abs(first[0] - 1) < 1e-3 && abs(first[1] - 2.0 / 3) < 1e-3, "\(first)")
        // The last keyframe holding alone before the out-point: its hold runs to the out-point, the model shows.
        let last = try opacities([(0, 100, false), (10, 0, true)], at: [5, 20])
        #expect(abs(last[0] - 0.5) < 1e-3 && abs(last[1] - 1) < 1e-3, "\(last)")
        // A rotation (the model's is 0): 45° half way to the hold, 0° inside it.
        let turn = #"{"r":{"a":1,"k":[{"t":0,"s":[0],"h":0},{"t":10,"s":[90],"h":1},{"t":20,"s":[90],"h":0},{"t":30,"s":[0]}]}}"#
        let (display, layer) = try show(LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: turn)]))
        let angles = try [5.0, 15].map { frame in
            layer.currentFrame = frame
            display.advance(by: 0)
            let shown = try #require(LottieFixtures.find("A transform", in: layer)?.presentation())
            return try #require(shown.value(forKeyPath: "transform.rotation.z") as? CGFloat) * 180 / .pi
        }
        #expect(abs(angles[0] - 45) < 1e-3 && abs(angles[1]) < 1e-3, "\(angles)")
    }

    /// Holds that are not alone keep their values: a run of two holds, and a first keyframe after the in-point
    /// (its run starts at the in-point, so it holds two values: the first keyframe's before it and at it).
    @Test func holdsThatAreNotAloneShowTheirValues() throws {
        let run = try opacities([(0, 100, false), (10, 0, true), (15, 20, true), (20, 20, false), (30, 100, false)], at: [12, 17])
        #expect(abs(run[0]) < 1e-3 && abs(run[1] - 0.2) < 1e-3, "\(run)")
        let late = try opacities([(5, 20, true), (15, 100, false), (30, 0, false)], at: [2, 10])
        #expect(abs(late[0] - 0.2) < 1e-3 && abs(late[1] - 0.2) < 1e-3, "\(late)")
        // In a precomposition starting at frame 10, its frame 0 is the composition's frame 10: after the in-point,
        // so a first keyframe there holding is not alone either (lottie-ios compares on the composition's frames).
        let inner = LottieFixtures.shapeLayer(name: "Inner", ks: #"{"o":{"a":1,"k":[{"t":0,"s":[20],"h":1},{"t":10,"s":[100]},{"t":20,"s":[0]}]}}"#)
        let precomp = #"{"ty":0,"nm":"P","ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":30,"st":10,"ks":{}}"#
        let json = LottieFixtures.document(layers: [precomp], assets: [#"{"id":"c","layers":[\#(inner)]}"#])
        let (display, layer) = try show(json)
        layer.currentFrame = 15
        display.advance(by: 0)
        #expect(abs(try opacity("Inner transform", layer) - 0.2) < 1e-3)
    }
}
