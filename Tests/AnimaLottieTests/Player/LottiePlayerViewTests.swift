import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaKit
@testable import AnimaLottie

/// The player behind `anima-lottie play` and the gallery's Lottie demo: its controls drive the view's
/// playback API, touched as a person would touch them.
@MainActor
@Suite("LottiePlayerView", .serialized)
struct LottiePlayerViewTests {
    /// A 1-second animation (30 frames at 30 fps) in a player filling a 400 × 360 window.
    private func scene() throws -> (HeadlessDisplay, UIWindow, LottiePlayerView) {
        let display = HeadlessDisplay(width: 400, height: 360)
        display.makeCurrent()
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        let animation = try LottieFixtures.animation(DynamicPropertyFixtures.json)
        let player = LottiePlayerView(animation: animation, frame: window.bounds)
        window.addSubview(player)
        display.advance(by: 0)
        return (display, window, player)
    }

    private func tap(_ view: UIView, on display: HeadlessDisplay, at fraction: CGFloat = 0.5) {
        let point = view.convert(CGPoint(x: view.bounds.width * fraction, y: view.bounds.midY), to: nil)
        display.send(.pointer(PointerEvent(phase: .began, location: point, timestamp: display.time)))
        display.advance(by: 1.0 / 60)
        display.send(.pointer(PointerEvent(phase: .ended, location: point, timestamp: display.time)))
        display.advance(by: 1.0 / 60)
    }

    @Test func playButtonPlaysAndTheScrubberFollows() throws {
        let (display, window, player) = try scene()
        #expect(!player.isPlaying && player.playButton.currentTitle == "Play")
        tap(player.playButton, on: display)
        #expect(player.isPlaying && player.playButton.currentTitle == "Pause")
        display.advance(by: 0.5)
        let progress = Double(player.animationView.realtimeAnimationProgress)
        #expect(progress > 0.45 && progress < 0.6, "\(progress)")
        #expect(abs(Double(player.scrubber.value) - progress) < 0.04, "scrubber \(player.scrubber.value) at \(progress)")
        tap(player.playButton, on: display)
        #expect(!player.isPlaying && player.playButton.currentTitle == "Play")
        let paused = player.animationView.currentProgress
        display.advance(by: 0.3)
        #expect(player.animationView.currentProgress == paused)
        withExtendedLifetime(window) {}
    }

    @Test func draggingTheScrubberPausesThere() throws {
        let (display, window, player) = try scene()
        player.play()
        display.advance(by: 0.2)
        // A drag of the thumb to three quarters of the track.
        let slider = player.scrubber
        let track = slider.trackRect(forBounds: slider.bounds)
        func thumb(at value: Float) -> CGPoint {
            let rect = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: value)
            return slider.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
        }
        let start = thumb(at: slider.value), end = thumb(at: 0.75)
        display.send(.pointer(PointerEvent(phase: .began, location: start, timestamp: display.time)))
        display.advance(by: 1.0 / 60)
        for i in 1...10 {
            let x = start.x + (end.x - start.x) * CGFloat(i) / 10
            display.send(.pointer(PointerEvent(phase: .moved, location: CGPoint(x: x, y: end.y), timestamp: display.time)))
            display.advance(by: 1.0 / 60)
        }
        display.send(.pointer(PointerEvent(phase: .ended, location: end, timestamp: display.time)))
        display.advance(by: 1.0 / 60)
        #expect(!player.isPlaying)
        #expect(abs(Double(player.animationView.currentProgress) - 0.75) < 0.05, "\(player.animationView.currentProgress)")
        #expect(player.frameLabel.text?.hasSuffix("/ 30") == true, "\(player.frameLabel.text ?? "")")
        withExtendedLifetime(window) {}
    }

    @Test func speedAndLoopModeTakeEffectWhilePlaying() throws {
        let (display, window, player) = try scene()
        player.scrub(to: 0)
        tap(player.speedControl, on: display, at: 5.0 / 6)   // 2×
        #expect(player.speed == 2)
        tap(player.loopControl, on: display, at: 1.0 / 6)    // once
        #expect(player.loopMode == .playOnce)
        player.play()
        display.advance(by: 0.25)
        #expect(abs(Double(player.animationView.realtimeAnimationProgress) - 0.5) < 0.05)
        display.advance(by: 0.4)   // 2× a 1-second animation ends after 0.5 s and, played once, stops at the end
        #expect(!player.isPlaying && player.playButton.currentTitle == "Play")
        #expect(player.scrubber.value == 1)
        player.play()   // from the end: starts again from the start
        #expect(player.isPlaying && player.animationView.currentProgress < 0.1)
        withExtendedLifetime(window) {}
    }
}
