import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// Playback, pausing and scrubbing through the composition layer's timing: what is presented at a
/// progress is what the file says at that frame.
@MainActor
@Suite("Playback")
struct PlaybackTests {
    /// A display playing one shape layer "A" whose transform is `ks` (30 frames at 30 fps: 1 second).
    private func scene(ks: String, layers extra: [String] = []) throws -> (HeadlessDisplay, LottieAnimationLayer) {
        let display = HeadlessDisplay(width: 100, height: 100)
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: ks)] + extra)
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        return (display, layer)
    }

    private func presentedOpacity(_ layer: LottieAnimationLayer, _ name: String = "A transform") throws -> Double {
        let target = try #require(LottieFixtures.find(name, in: layer))
        return Double(try #require(target.presentation()).opacity)
    }

    @Test func pausedAtAProgressPresentsTheFilesValueAtThatFrame() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100))
        for p in [0.0, 0.25, 0.5, 0.9] {
            layer.setPlaybackMode(.paused(at: .progress(p)))
            display.advance(by: 0.1)   // time moves on; a paused composition does not
            #expect(abs(try presentedOpacity(layer) - p) < 1e-3, "progress \(p)")
            #expect(abs(Double(layer.currentProgress) - p) < 1e-9)
        }
    }

    @Test func aSymmetricEaseIsHalfWayAtHalfTimeAndSlowerBefore() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100, easing: (0.6, 0, 0.4, 1)))
        layer.currentProgress = 0.5
        display.advance(by: 0)
        #expect(abs(try presentedOpacity(layer) - 0.5) < 1e-3)
        layer.currentProgress = 0.2
        display.advance(by: 0)
        #expect(try presentedOpacity(layer) < 0.2 - 0.05)
    }

    /// The hold begins after the in-point (frame 5): lottie-ios's discrete run then has two values and Core Animation
    /// plays it. A single hold keyframe at the in-point is a lone hold, which shows the model value
    /// (`TimingTests.aLoneHoldShowsTheModelValueAsLottieIOSPlaysIt`).
    @Test func aHoldKeyframeKeepsItsValueUntilTheNext() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 30, to: 90, t0: 5, t1: 20, hold: true))
        layer.setPlaybackMode(.paused(at: .frame(19)))
        display.advance(by: 0)
        #expect(abs(try presentedOpacity(layer) - 0.3) < 1e-6)
        layer.setPlaybackMode(.paused(at: .frame(20)))
        display.advance(by: 0)
        #expect(abs(try presentedOpacity(layer) - 0.9) < 1e-6)
    }

    @Test func aFractionalFrameShowsTheFrameItIsIn() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100))
        layer.setPlaybackMode(.paused(at: .frame(14.999)))
        display.advance(by: 0)
        #expect(abs(try presentedOpacity(layer) - 14.0 / 30) < 1e-3)
    }

    @Test func pausingIsSpeedZeroAndATimeOffsetOnTheCompositionLayer() throws {
        let (_, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100))
        layer.currentFrame = 12
        let root = try #require(layer.compositionLayer)
        #expect(root.speed == 0)
        #expect(abs(root.timeOffset - 12.0 / 30) < 1e-12)
    }

    @Test func playingMovesWithDisplayTimeAndCompletesOnce() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100))
        var completions: [Bool] = []
        layer.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce) { completions.append($0) }
        #expect(layer.isAnimationPlaying)
        display.advance(by: 0.5)
        #expect(abs(Double(layer.realtimeAnimationProgress) - 0.5) < 0.02)
        #expect(abs(try presentedOpacity(layer) - 0.5) < 0.02)
        display.advance(by: 0.6)
        #expect(completions == [true])
        #expect(!layer.isAnimationPlaying)
        #expect(layer.currentProgress == 1)
    }

    @Test func loopingStartsOverAndSpeedScalesTime() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100))
        layer.animationSpeed = 2
        layer.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
        display.advance(by: 0.25)
        #expect(abs(Double(layer.realtimeAnimationProgress) - 0.5) < 0.02)
        display.advance(by: 0.5)   // 0.75 s at twice the speed: one and a half times through
        #expect(layer.isAnimationPlaying)
        #expect(abs(Double(layer.realtimeAnimationProgress) - 0.5) < 0.05)
    }

    @Test func autoReverseComesBack() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100))
        layer.play(fromProgress: 0, toProgress: 1, loopMode: .autoReverse)
        display.advance(by: 1.25)
        #expect(abs(Double(layer.realtimeAnimationProgress) - 0.75) < 0.05)
    }

    @Test func pauseKeepsTheFrameAndCallsTheCompletionWithFalse() throws {
        let (display, layer) = try scene(ks: LottieFixtures.opacity(from: 0, to: 100))
        var completions: [Bool] = []
        layer.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce) { completions.append($0) }
        display.advance(by: 0.4)
        layer.pause()
        let frame = layer.currentFrame
        display.advance(by: 0.4)
        #expect(completions == [false])
        #expect(abs(Double(frame) - 12) < 1)
        #expect(layer.currentFrame == frame)
        layer.stop()
        #expect(layer.currentProgress == 0)
    }

    @Test func aLayerIsVisibleOnlyBetweenItsInAndOutPoints() throws {
        let late = LottieFixtures.shapeLayer(name: "Late", index: 2, ip: 10, op: 20)
        let (display, layer) = try scene(ks: "{}", layers: [late])
        let container = try #require(LottieFixtures.find("Late", in: layer))
        for (frame, hidden) in [(5.0, true), (10.0, false), (15.0, false), (25.0, true)] {
            layer.currentFrame = frame
            display.advance(by: 0)
            #expect(container.presentation()?.isHidden == hidden, "frame \(frame)")
        }
    }

    /// lottie-ios shows the out-point itself at progress 1 and keeps a layer ending there visible ("anything
    /// visible during the last frame stays visible until the end", its `VisibilityAnimation`); Apple's renders of
    /// `issue_1744` show a layer that starts at the out-point. The composition here ends at frame 30.
    @Test func theOutPointShowsWhatEndsAndWhatStartsThere() throws {
        let starts = LottieFixtures.shapeLayer(name: "Starts", index: 2, ip: 30, op: 60)
        let endsEarlier = LottieFixtures.shapeLayer(name: "Earlier", index: 3, ip: 0, op: 29)
        // "A" runs 0…30 (to the composition's end) with an opacity held at 40 % from frame 30 (a hold keyframe).
        let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[100],"h":1},{"t":30,"s":[40],"h":1}]}}"#
        let (display, layer) = try scene(ks: ks, layers: [starts, endsEarlier])
        layer.currentProgress = 1
        display.advance(by: 0)
        #expect(layer.currentFrame == 30)
        #expect(try #require(LottieFixtures.find("A", in: layer)).presentation()?.isHidden == false)
        #expect(try #require(LottieFixtures.find("Starts", in: layer)).presentation()?.isHidden == false)
        #expect(try #require(LottieFixtures.find("Earlier", in: layer)).presentation()?.isHidden == true)
        #expect(abs(try presentedOpacity(layer) - 0.4) < 1e-6)   // the keyframe at the out-point, not the one before
        layer.currentFrame = 29.5
        display.advance(by: 0)
        #expect(try #require(LottieFixtures.find("Starts", in: layer)).presentation()?.isHidden == true)
        #expect(abs(try presentedOpacity(layer) - 1) < 1e-6)
    }

    /// The same rule through a precomposition's start time: an inner layer whose out-point lands on the
    /// composition's end stays visible there; one ending a frame earlier does not.
    @Test func aPrecomposedLayerEndingWithTheCompositionStaysVisibleAtTheEnd() throws {
        let lasts = LottieFixtures.shapeLayer(name: "Lasts", index: 1, ip: 0, op: 20)
        let ends = LottieFixtures.shapeLayer(name: "Ends", index: 2, ip: 0, op: 19)
        let precomp = #"{"ty":0,"nm":"P","ind":1,"refId":"comp","w":100,"h":100,"ip":0,"op":30,"st":10,"ks":{}}"#
        let display = HeadlessDisplay(width: 100, height: 100)
        let json = LottieFixtures.document(layers: [precomp], assets: [#"{"id":"comp","layers":[\#(lasts),\#(ends)]}"#])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        display.rootLayer.addSublayer(layer)
        layer.currentProgress = 1
        display.advance(by: 0)
        #expect(try #require(LottieFixtures.find("Lasts", in: layer)).presentation()?.isHidden == false)
        #expect(try #require(LottieFixtures.find("Ends", in: layer)).presentation()?.isHidden == true)
    }

    @Test func aPrecompositionRunsOnItsStartTime() throws {
        let inner = LottieFixtures.shapeLayer(name: "Inner", ks: LottieFixtures.opacity(from: 0, to: 100, t0: 0, t1: 10))
        let precomp = #"{"ty":0,"nm":"P","ind":2,"refId":"comp","w":100,"h":100,"ip":0,"op":30,"st":10,"ks":{}}"#
        let display = HeadlessDisplay(width: 100, height: 100)
        let json = LottieFixtures.document(layers: [precomp], assets: [#"{"id":"comp","layers":[\#(inner)]}"#])
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        display.rootLayer.addSublayer(layer)
        for (frame, expected) in [(5.0, 0.0), (15.0, 0.5), (25.0, 1.0)] {
            layer.currentFrame = frame
            display.advance(by: 0)
            #expect(abs(try presentedOpacity(layer, "Inner transform") - expected) < 1e-3, "frame \(frame)")
        }
    }
}
