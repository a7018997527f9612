import Anima
import AnimaVideo
import ArgumentParser
import Foundation

/// `anima-demos`: the demo gallery and the seed demos, the transitions and Lottie demos, in a window or recorded headless.
///
/// ```
/// swift run anima-demos                          # the gallery in a window (recordings when there is no display)
/// swift run anima-demos astronaut                # one demo in a window
/// swift run anima-demos fling --record out/fling --frames 240   # headless: PNG frames + sheet.png
/// swift run anima-demos fling --record fling.mp4                 # headless: a video (.mp4, .webm, .gif)
/// swift run anima-demos quiz --timeline quiz.png                 # headless: a chart of the animations
/// ```
@main
struct AnimaDemos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anima-demos",
        abstract: "Anima's demo gallery: articles about Core Animation and UIKit, reproduced, view-controller transitions and Lottie playback.",
        subcommands: [Gallery.self, DropBox.self, Interactive.self, Quiz.self, Astronaut.self, Fling.self, Transitions.self, Lottie.self,
                      Particles.self,
                      MakeAssets.self, Soak.self],
        defaultSubcommand: Gallery.self)
}

/// The options every demo command shares.
struct DemoOptions: ParsableArguments {
    @Option(help: "Record headless instead of opening a window: into a video (OUT.mp4, .webm or .gif), or into a directory (PNG frames and sheet.png).")
    var record: String?

    @Option(help: "Frames to record at 60 per second (default: the demo's autoplay length).")
    var frames: Int?

    @Flag(help: "Run the scripted autoplay in the window too.")
    var autoplay = false

    @Option(help: "Write a PNG of the window after the autoplay (or --seconds), then close it.")
    var screenshot: String?

    @Option(help: "Close the window after this many seconds.")
    var seconds: Double?

    @Flag(help: "Open the timeline inspector at the start (the I key opens and closes it).")
    var inspector = false

    @Flag(help: "No timeline inspector: the I key reaches the demo.")
    var noInspector = false

    @Option(help: "Draw a chart of the demo's animations over its autoplay (one row per animation, time across) into this PNG, headless.")
    var timeline: String?
}

@MainActor
enum DemoCommand {
    /// Runs `info` (nil: the gallery) as the options ask, falling back to a recording without a display.
    static func run(_ info: DemoInfo?, _ options: DemoOptions) async throws {
        if let timeline = options.timeline {
            guard let info else { throw ValidationError("--timeline charts one demo: name it (anima-demos fling --timeline out.png)") }
            let url = URL(fileURLWithPath: timeline)
            let frames = options.frames ?? Int((info.autoplaySeconds * 60).rounded())
            let recording = DemoRunner.timeline(info, frames: frames)
            try DemoRunner.writeChart(recording, title: "anima-demos \(info.name)", to: url)
            let animations = recording.rows.reduce(0) { $0 + $1.animationCount }
            print("anima-demos: \(info.name): \(animations) animations in \(recording.rows.count) rows over \(recording.times.count) frames charted in \(url.path)")
            if options.record == nil { return }
        }
        if let record = options.record {
            if let video = try videoOutput(record) {
                try recordVideos(info.map { [$0] } ?? DemoCatalog.all, to: video, frames: options.frames)
            } else {
                try recordAll(info.map { [$0] } ?? DemoCatalog.all, into: record, frames: options.frames)
            }
            return
        }
        do {
            try await DemoRunner.runWindowed(info, autoplay: options.autoplay,
                                             inspector: options.noInspector ? .off : (options.inspector ? .open : .onKey),
                                             screenshot: options.screenshot.map { URL(fileURLWithPath: $0) },
                                             seconds: options.seconds)
        } catch let error as AppWindowError {
            print("anima-demos: \(error)")
            print("anima-demos: no window — recording the autoplay headless instead.")
            try recordAll(info.map { [$0] } ?? DemoCatalog.all, into: "recordings", frames: options.frames)
        }
    }

    /// The video `path` names (by its extension), nil when it names a directory for PNG frames: no extension, or an
    /// existing directory. Any other extension is an error that lists the known ones.
    static func videoOutput(_ path: String) throws -> URL? {
        let url = URL(fileURLWithPath: path)
        if VideoFormat(url: url) != nil { return url }
        var isDirectory: ObjCBool = false
        if url.pathExtension.isEmpty || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return nil
        }
        throw VideoError.unknownExtension(path: path)
    }

    /// Records each demo's autoplay into a video at `url` (for several demos: `NAME-<demo>.EXT` beside it).
    static func recordVideos(_ demos: [DemoInfo], to url: URL, frames: Int?) throws {
        var failed = false
        for info in demos {
            let target = demos.count == 1 ? url : url.deletingLastPathComponent().appendingPathComponent(
                "\(url.deletingPathExtension().lastPathComponent)-\(info.name).\(url.pathExtension)")
            let count = frames ?? Int((info.autoplaySeconds * 60).rounded())
            let failures = try DemoRunner.recordVideo(info, frames: count, to: target)
            print("anima-demos: \(info.name): \(count) frames at 60 per second in \(target.path)")
            DemoRunner.report(failures, name: info.name)
            failed = failed || !failures.isEmpty
        }
        if failed { throw ExitCode(2) }
    }

    /// Records each demo into `directory/<name>` (or `directory` itself for a single demo given by name).
    static func recordAll(_ demos: [DemoInfo], into directory: String, frames: Int?) throws {
        var failed = false
        for info in demos {
            let dir = URL(fileURLWithPath: directory, isDirectory: true)
            let target = demos.count == 1 && directory != "recordings" ? dir : dir.appendingPathComponent(info.name)
            let count = frames ?? Int((info.autoplaySeconds * 60).rounded())
            let recording = try DemoRunner.record(info, frames: count, to: target)
            print("anima-demos: \(info.name): \(recording.frameCount) frames in \(recording.directory.path)/frame-*.png, "
                + "animation sheet \(recording.sheet.path)")
            DemoRunner.report(recording.failures, name: info.name)
            failed = failed || !recording.failures.isEmpty
        }
        if failed { throw ExitCode(2) }
    }
}

struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "The launcher window listing the demos (default). With --record: records them all headless.")
    @OptionGroup var options: DemoOptions
    @MainActor mutating func run() async throws { try await DemoCommand.run(nil, options) }
}

/// A subcommand that runs one demo: its name and summary come from the demo's `DemoInfo`.
protocol DemoSubcommand: AsyncParsableCommand {
    static var demo: DemoInfo { get }
    var options: DemoOptions { get }
}

extension DemoSubcommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: demo.name, abstract: demo.summary)
    }

    @MainActor mutating func run() async throws { try await DemoCommand.run(Self.demo, options) }
}

struct DropBox: DemoSubcommand {
    static let demo = DropBoxDemo.info
    @OptionGroup var options: DemoOptions
}

struct Interactive: DemoSubcommand {
    static let demo = InteractiveDemo.info
    @OptionGroup var options: DemoOptions
}

struct Quiz: DemoSubcommand {
    static let demo = QuizDemo.info
    @OptionGroup var options: DemoOptions
}

struct Astronaut: DemoSubcommand {
    static let demo = AstronautDemo.info
    @OptionGroup var options: DemoOptions
}

struct Fling: DemoSubcommand {
    static let demo = FlingDemo.info
    @OptionGroup var options: DemoOptions
}

struct Transitions: DemoSubcommand {
    static let demo = TransitionsDemo.info
    @OptionGroup var options: DemoOptions
}

struct Lottie: DemoSubcommand {
    static let demo = LottieDemo.info
    @OptionGroup var options: DemoOptions
}

struct Particles: DemoSubcommand {
    static let demo = ParticlesDemo.info
    @OptionGroup var options: DemoOptions
}

/// Regenerates the demos' own artwork in `Assets/` (the astronaut), drawn with Anima's `CGContext`.
struct MakeAssets: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-assets",
        abstract: "Draws the demos' images (Assets/astronaut@2x.png) with Anima's own CGContext.")

    @Option(help: "The directory to write into.")
    var directory = "Assets"

    @MainActor
    mutating func run() async throws {
        let dir = URL(fileURLWithPath: directory, isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard let image = AstronautArt.makeImage(scale: 2) else { throw ValidationError("could not draw the astronaut") }
        let url = dir.appendingPathComponent("astronaut@2x.png")
        try image.writePNG(to: url)
        print("anima-demos: wrote \(url.path) (\(image.width)×\(image.height) px)")
    }
}
