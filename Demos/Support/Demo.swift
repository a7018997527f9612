import Anima
import Foundation

/// One demo of the gallery: a scene built from views and layers the way its seed article builds it
/// with Apple's API, plus a scripted autoplay for headless recordings and the checks the article implies.
@MainActor
protocol Demo: AnyObject {
    /// Builds the demo inside `root`, a view filling the window.
    func install(in root: UIView)
    /// The scripted input that shows the demo off (recordings, tests, `--autoplay`).
    func autoplay(_ script: AutoplayScript)
    /// What the article says should have happened once the autoplay has run; each failure as a sentence.
    func verify() -> [String]
}

/// A demo's name, description and factory.
struct DemoInfo: Sendable {
    /// The subcommand and directory name (`drop-box`).
    var name: String
    /// The title shown in the gallery.
    var title: String
    /// One or two sentences for the gallery.
    var summary: String
    /// The seed article the demo reproduces.
    var seed: String
    /// Virtual seconds the autoplay needs.
    var autoplaySeconds: Double
    var make: @MainActor @Sendable () -> Demo
}

@MainActor
enum DemoCatalog {
    /// The demos, in the gallery's order.
    nonisolated static let all: [DemoInfo] = [DropBoxDemo.info, InteractiveDemo.info, QuizDemo.info, AstronautDemo.info, FlingDemo.info,
                                              TransitionsDemo.info, LottieDemo.info, ParticlesDemo.info]

    nonisolated static func named(_ name: String) -> DemoInfo? { all.first { $0.name == name } }

    /// The window size every demo is laid out for (points).
    static let windowSize = CGSize(width: 640, height: 480)
}
