import Anima
import ArgumentParser
import Foundation

/// `anima-demos`: the demo gallery. Until the window backend and the five seed demos land, it
/// runs the headless "timing" scene and writes its frames and an animation sheet as PNGs.
@main
struct AnimaDemos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anima-demos",
        abstract: "Anima's demo gallery.",
        subcommands: [Gallery.self, MakeAssets.self],
        defaultSubcommand: Gallery.self)
}

struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Runs the gallery; headless for now: records the timing scene to PNG files.")

    @Option(help: "Directory for the recorded PNG frames and the animation sheet.")
    var record = "recordings/gallery"

    @Option(help: "Number of frames to record (at 1/60 s steps of virtual time, sampled evenly).")
    var frames = 120

    @MainActor
    mutating func run() async throws {
        let directory = URL(fileURLWithPath: record, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let scene = TimingScene()
        let sheet = try scene.record(frames: max(1, frames), to: directory)
        print("anima-demos: no window backend yet; recorded \(frames) frames of the timing scene headless.")
        print("anima-demos: frames in \(directory.path)/frame-*.png, animation sheet at \(sheet.path)")
    }
}

/// Regenerates the demos' own artwork in `Assets/` (the astronaut), drawn with Anima's `CGContext`.
struct MakeAssets: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make-assets",
        abstract: "Draws the demos' images (Assets/astronaut.png) with Anima's own CGContext.")

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
