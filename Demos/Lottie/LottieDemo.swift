import Anima
import Foundation

/// Issue 21, Lottie playback on the layer tree: a few files of the conformance corpus (`../shared/lottie`),
/// each built once into a `CALayer` tree of keyframe animations and played through the root layer's timing.
/// A picker switches files; under it the player's scrubber pauses at a progress (`currentProgress`), play
/// resumes from there, and the loop and speed pickers replay from the current frame with the new setting.
/// Without the corpus the demo says where it looked, and nothing else happens.
@MainActor
final class LottieDemo: Demo {
    nonisolated static let info = DemoInfo(
        name: "lottie", title: "Lottie",
        summary: "Lottie files as Core Animation layer trees: scrub, loop, speed.",
        seed: "issue 21 Lottie playback", autoplaySeconds: 7, make: { LottieDemo(corpus: LottieDemo.findCorpus()) })

    /// The files the picker offers: its title and the path under the corpus's folder.
    nonisolated static let files: [(title: String, path: String)] = [
        ("Logo", "samples/LottieLogo1.json"),
        ("Boat", "samples/Boat_Loader.json"),
        ("Strokes", "samples/LottieFiles/bounce_strokes.json"),
        ("Heart", "samples/TwitterHeart.json"),
    ]

    /// The corpus folder (holding `samples/`), or nil when there is none.
    let corpus: URL?
    private let picker = UISegmentedControl(items: LottieDemo.files.map(\.title))
    private let message = UILabel()
    private(set) var player: LottiePlayerView?
    private var root: UIView?

    // What the autoplay saw, for `verify()`.
    private var scrubbed: (progress: CGFloat, playing: Bool)?
    private var resumed: (progress: CGFloat, playing: Bool)?
    private var fastFrames: (CGFloat, CGFloat)?

    init(corpus: URL?) { self.corpus = corpus }

    /// The corpus: `$ANIMA_LOTTIE_CORPUS`, else `../shared/lottie` from the working directory or from this package.
    nonisolated static func findCorpus() -> URL? {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["ANIMA_LOTTIE_CORPUS"] { candidates.append(URL(fileURLWithPath: path)) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        candidates.append(cwd.deletingLastPathComponent().appendingPathComponent("shared/lottie"))
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.deletingLastPathComponent().appendingPathComponent("shared/lottie"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("samples").path) }
    }

    func install(in root: UIView) {
        self.root = root
        root.backgroundColor = UIColor(red: 0.11, green: 0.11, blue: 0.13, alpha: 1)
        picker.frame = CGRect(x: 20, y: 12, width: root.bounds.width - 40, height: 32)
        picker.selectedSegmentIndex = 0
        picker.addAction(UIAction { [weak self] _ in self?.show(self?.picker.selectedSegmentIndex ?? 0) }, for: .valueChanged)
        message.frame = CGRect(x: 20, y: 60, width: root.bounds.width - 40, height: 120)
        message.numberOfLines = 0
        message.textColor = UIColor(white: 0.85, alpha: 1)
        message.font = UIFont.systemFont(ofSize: 15)
        root.addSubview(message)
        guard corpus != nil else {
            message.text = "The Lottie corpus is not here: this demo plays files of ../shared/lottie (next to the package) "
                + "or of $ANIMA_LOTTIE_CORPUS. Put the corpus there to see it."
            return
        }
        root.addSubview(picker)
        show(0)
    }

    /// Builds file `index` into a new player (playing, looped, 1×) in place of the last one.
    private func show(_ index: Int) {
        guard let root, let corpus, Self.files.indices.contains(index) else { return }
        player?.removeFromSuperview()
        player = nil
        let url = corpus.appendingPathComponent(Self.files[index].path)
        do {
            let animation = try LottieAnimation.load(contentsOf: url)
            let made = LottiePlayerView(animation: animation, frame: CGRect(x: 0, y: 52, width: root.bounds.width,
                                                                            height: root.bounds.height - 52))
            root.addSubview(made)
            made.play()
            player = made
            message.text = nil
        } catch {
            message.text = "\(Self.files[index].title) could not be loaded: \(error)"
        }
    }

    func autoplay(_ script: AutoplayScript) {
        guard corpus != nil else { return }
        // 1.0 s: drag the scrubber's thumb to 30 % (pauses there); 2.0 s: Play resumes from there.
        script.at(1.0) { [weak self] script in
            guard let slider = self?.player?.scrubber else { return }
            let track = slider.trackRect(forBounds: slider.bounds)
            @MainActor func thumb(_ value: Float) -> CGPoint {
                let rect = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: value)
                return slider.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
            }
            script.drag(from: thumb(slider.value), to: thumb(0.3), at: script.now, duration: 0.5)
        }
        script.at(1.8) { [weak self] _ in
            guard let player = self?.player else { return }
            self?.scrubbed = (player.animationView.currentProgress, player.isPlaying)
        }
        script.at(2.0) { [weak self] script in
            if let button = self?.player?.playButton { script.tap(button, at: script.now) }
        }
        script.at(2.3) { [weak self] _ in
            guard let player = self?.player else { return }
            self?.resumed = (player.animationView.realtimeAnimationProgress, player.isPlaying)
        }
        // 2.5 s: 2×; the playhead then covers twice the file's frames per second.
        script.at(2.5) { [weak self] script in
            if let control = self?.player?.speedControl { Self.tap(segment: 2, of: control, script: script) }
        }
        script.at(2.8) { [weak self] _ in self?.fastFrames = (self?.player?.animationView.animationLayer.realtimeAnimationFrame ?? 0, 0) }
        script.at(3.3) { [weak self] _ in
            guard let self, let start = self.fastFrames?.0 else { return }
            self.fastFrames = (start, self.player?.animationView.animationLayer.realtimeAnimationFrame ?? 0)
        }
        // Then the other files, one after the other.
        for (step, index) in [1, 2, 3].enumerated() {
            script.at(3.6 + Double(step) * 1.1) { [picker] script in Self.tap(segment: index, of: picker, script: script) }
        }
    }

    /// A tap in the middle of segment `index`.
    private static func tap(segment index: Int, of control: UISegmentedControl, script: AutoplayScript) {
        let width = control.bounds.width / CGFloat(max(1, control.numberOfSegments))
        let point = control.convert(CGPoint(x: width * (CGFloat(index) + 0.5), y: control.bounds.midY), to: nil)
        script.tap(at: point, at: script.now)
    }

    func verify() -> [String] {
        guard corpus != nil else {
            return message.text?.contains("not here") == true ? [] : ["without the corpus the demo should say so"]
        }
        var failures: [String] = []
        if let scrubbed {
            if scrubbed.playing { failures.append("dragging the scrubber should pause playback") }
            if abs(scrubbed.progress - 0.3) > 0.05 { failures.append("the scrubber paused at \(scrubbed.progress), expected about 0.3") }
        } else {
            failures.append("the scrubber was never dragged")
        }
        if let resumed {
            if !resumed.playing { failures.append("Play did not resume playback") }
            // 0.3 s of playing at 1× after the scrub: about 9 of LottieLogo1's 179 frames past 30 %.
            if resumed.progress < 0.3 || resumed.progress > 0.4 { failures.append("Play resumed at \(resumed.progress), expected just past 0.3") }
        } else {
            failures.append("Play was never pressed")
        }
        if let frames = fastFrames {
            // 0.5 s at 2× of a 30 fps file: 30 frames.
            let moved = frames.1 - frames.0
            if abs(moved - 30) > 3 { failures.append("at 2× the playhead moved \(moved) frames in 0.5 s, expected 30") }
        } else {
            failures.append("the 2× speed was never measured")
        }
        if picker.selectedSegmentIndex != 3 { failures.append("the picker shows segment \(picker.selectedSegmentIndex), expected Heart") }
        if player?.animationView.animation?.source.hasSuffix("TwitterHeart.json") != true {
            failures.append("the player does not play the last file picked")
        }
        if player?.isPlaying != true { failures.append("the last file picked is not playing") }
        return failures
    }
}
