import Anima
import ArgumentParser
import Foundation

/// Plays a file in a window with a scrubber, play/pause, loop mode and speed.
struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a Lottie file in a window: scrubber, play/pause, loop mode (once, loop, auto-reverse), speed (½×, 1×, 2×).",
        discussion: "Space plays or pauses, Escape closes. Without a display, says so: use `render` to get frames as PNGs.")
    @Argument(help: "The Lottie file (.json or .lottie).") var file: String
    @Option(help: "Write a PNG of the window after --seconds (default 1) and close it.") var screenshot: String?
    @Option(help: "Close the window after this many seconds, saying how many frames it presented.") var seconds: Double?
    @Flag(help: "Start paused at the first frame instead of playing.") var paused = false

    @MainActor mutating func run() async throws {
        let animation = try LottieAnimation.load(contentsOf: URL(fileURLWithPath: file))
        let app: AppWindow
        do {
            app = try AppWindow(title: "anima-lottie — \((file as NSString).lastPathComponent)", size: Self.windowSize(for: animation))
        } catch let error as AppWindowError {
            print("anima-lottie play: cannot open a window: \(error)")
            print("anima-lottie play: without a display, render frames instead, e.g.")
            print("  anima-lottie render \(file) --progress 0.5 --output frame.png")
            throw ExitCode(2)
        }
        let window = UIWindow(frame: CGRect(origin: .zero, size: app.size))
        app.rootView = window
        window.makeKeyAndVisible()
        let player = LottiePlayerView(animation: animation, frame: window.bounds)
        window.addSubview(player)
        player.translatesAutoresizingMaskIntoConstraints = false   // follows the window when it is resized
        NSLayoutConstraint.activate([player.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                     player.trailingAnchor.constraint(equalTo: window.trailingAnchor),
                                     player.topAnchor.constraint(equalTo: window.topAnchor),
                                     player.bottomAnchor.constraint(equalTo: window.bottomAnchor)])
        app.onEvent = { event in
            if case .key(let key) = event, key.isDown, key.key == "space" { player.isPlaying ? player.pause() : player.play() }
        }
        if !paused { player.play() }
        if let screenshot {
            await app.run(for: seconds ?? 1)
            try app.screenshot().writePNG(to: URL(fileURLWithPath: screenshot))
            print("anima-lottie play: window screenshot at \(screenshot)")
            app.close()
        } else if let seconds {
            await app.run(for: seconds)
            print("anima-lottie play: \(app.presentedFrameCount) frames presented in \(seconds) s")
        } else {
            await app.run()
        }
    }

    /// The animation at its own size (at most 720 points on its larger side; at least 560 × 300 so the controls fit
    /// and a small animation is shown larger, aspect fit) above the controls.
    @MainActor static func windowSize(for animation: LottieAnimation) -> CGSize {
        let size = animation.size
        let largest = max(size.width, size.height, 1)
        let factor = min(1, 720 / largest)
        let width = max(560, size.width * factor + 24)
        let height = max(300, size.height * factor) + 12 + LottiePlayerView.controlsHeight
        return CGSize(width: width.rounded(), height: height.rounded())
    }
}
