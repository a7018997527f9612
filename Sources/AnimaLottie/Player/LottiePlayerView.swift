import Foundation
import AnimaCore
import AnimaGraphics
import AnimaKit

/// A ready-made player for one animation: a ``LottieAnimationView`` above a play/pause button, a scrubber,
/// the frame shown, a loop-mode picker (once, loop, auto-reverse) and a speed picker (½×, 1×, 2×). Used by
/// `anima-lottie play` and the demo gallery's Lottie demo.
///
/// Every control acts through the view's playback API: play is `play(fromProgress:toProgress:loopMode:)`
/// from where the playhead is, dragging the scrubber pauses at its progress (`currentProgress`), changing the
/// loop mode or speed while playing plays on from the current frame with the new setting. While playing, a
/// `CADisplayLink` moves the scrubber and the frame label along (nothing runs while paused).
/// ```
/// ┌──────────────────────────────┐
/// │        animation view        │
/// ├──────────────────────────────┤
/// │ [Pause] ──●──────── 12 / 60  │
/// │ [Once|Loop|Auto] [½×|1×|2×]  │
/// └──────────────────────────────┘
/// ```
@MainActor
package final class LottiePlayerView: UIView {
    package let animationView: LottieAnimationView
    package let playButton = UIButton(type: .system)
    package let scrubber = UISlider()
    package let frameLabel = UILabel()
    package let loopControl = UISegmentedControl(items: ["Once", "Loop", "Auto-reverse"])
    package let speedControl = UISegmentedControl(items: ["½×", "1×", "2×"])
    /// The loop modes and speeds the pickers offer, in their order.
    package static let loopModes: [LottieLoopMode] = [.playOnce, .loop, .autoReverse]
    package static let speeds: [CGFloat] = [0.5, 1, 2]
    /// Height of the controls under the animation.
    package static let controlsHeight: CGFloat = 92

    private var link: CADisplayLink?

    /// A player for `animation` filling `frame`, paused at its first frame with loop mode `.loop` at 1×.
    package init(animation: LottieAnimation, frame: CGRect) {
        animationView = LottieAnimationView(animation: animation)
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.11, green: 0.11, blue: 0.13, alpha: 1)
        animationView.backgroundColor = .white
        animationView.loopMode = .loop
        addSubview(animationView)

        playButton.setTitle("Play", for: .normal)
        playButton.titleLabel?.font = UIFont.boldSystemFont(ofSize: 16)
        playButton.addAction(UIAction { [weak self] _ in self?.togglePlaying() }, for: .touchUpInside)
        scrubber.minimumValue = 0
        scrubber.maximumValue = 1
        scrubber.addAction(UIAction { [weak self] _ in self?.scrub(to: CGFloat(self?.scrubber.value ?? 0)) }, for: .valueChanged)
        frameLabel.font = UIFont.systemFont(ofSize: 13)
        frameLabel.textColor = UIColor(white: 0.85, alpha: 1)
        frameLabel.textAlignment = .right
        loopControl.selectedSegmentIndex = 1
        loopControl.addAction(UIAction { [weak self] _ in self?.settingsChanged() }, for: .valueChanged)
        speedControl.selectedSegmentIndex = 1
        speedControl.addAction(UIAction { [weak self] _ in self?.settingsChanged() }, for: .valueChanged)
        for control in [playButton, scrubber, frameLabel, loopControl, speedControl] as [UIView] { addSubview(control) }
        layoutControls()
        updateReadout(progress: 0)
    }

    required init?(coder: NSCoder) { nil }

    /// Whether the animation is playing.
    package var isPlaying: Bool { animationView.isAnimationPlaying }

    /// The loop mode the picker shows.
    package var loopMode: LottieLoopMode { Self.loopModes[max(0, min(2, loopControl.selectedSegmentIndex))] }
    /// The speed the picker shows.
    package var speed: CGFloat { Self.speeds[max(0, min(2, speedControl.selectedSegmentIndex))] }

    /// Plays from the playhead (from the start when it is at the end) with the pickers' loop mode and speed.
    package func play() {
        var from = animationView.currentProgress
        if from >= 1 - 1e-6 { from = 0 }
        animationView.animationSpeed = speed
        animationView.play(fromProgress: from, toProgress: 1, loopMode: loopMode) { [weak self] finished in
            if finished { self?.playbackEnded() }
        }
        startFollowing()
        playButton.setTitle("Pause", for: .normal)
    }

    /// Pauses where the playhead is.
    package func pause() {
        animationView.pause()
        playbackEnded()
    }

    /// Pauses at `progress` (0…1): what dragging the scrubber does.
    package func scrub(to progress: CGFloat) {
        let p = max(0, min(1, progress.isFinite ? progress : 0))
        animationView.currentProgress = p
        playbackEnded()
        updateReadout(progress: p)
    }

    private func togglePlaying() { isPlaying ? pause() : play() }

    private func settingsChanged() {
        animationView.animationSpeed = speed
        if isPlaying { play() }
    }

    private func playbackEnded() {
        link?.invalidate()
        link = nil
        playButton.setTitle("Play", for: .normal)
        updateReadout(progress: animationView.currentProgress)
    }

    /// Moves the scrubber along with the playhead once per frame while playing.
    private func startFollowing() {
        guard link == nil else { return }
        let link = CADisplayLink { [weak self] _ in
            guard let self else { return }
            self.updateReadout(progress: self.animationView.realtimeAnimationProgress)
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    private func updateReadout(progress: CGFloat) {
        let p = max(0, min(1, progress.isFinite ? progress : 0))
        if !scrubber.isTracking { scrubber.value = Float(p) }
        guard let animation = animationView.animation else { return }
        let frame = animation.frameTime(forProgress: p)
        frameLabel.text = String(format: "%.1f / %.0f", Double(frame), Double(animation.endFrame))
    }

    package override func layoutSubviews() {
        super.layoutSubviews()
        layoutControls()
    }

    private func layoutControls() {
        let w = bounds.width, h = bounds.height, margin: CGFloat = 12
        let controlsTop = h - Self.controlsHeight
        animationView.frame = CGRect(x: margin, y: margin, width: max(1, w - 2 * margin), height: max(1, controlsTop - margin))
        playButton.frame = CGRect(x: margin, y: controlsTop + 6, width: 72, height: 32)
        frameLabel.frame = CGRect(x: w - margin - 96, y: controlsTop + 10, width: 96, height: 24)
        scrubber.frame = CGRect(x: margin + 80, y: controlsTop + 7, width: max(40, w - 2 * margin - 80 - 104), height: 31)
        loopControl.frame = CGRect(x: margin, y: controlsTop + 48, width: min(300, (w - 3 * margin) * 0.6), height: 32)
        speedControl.frame = CGRect(x: loopControl.frame.maxX + margin, y: controlsTop + 48,
                                    width: max(60, min(180, w - loopControl.frame.maxX - 2 * margin)), height: 32)
    }
}
