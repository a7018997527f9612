import Anima
import AnimaVideo
import ArgumentParser
import Foundation

/// `anima-lottie`: plays Lottie files in a window, renders them by the conformance corpus's reference
/// protocol, measures how many references a render matches, and lists a file's keypaths.
@main
struct AnimaLottieTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anima-lottie",
        abstract: "Lottie files on Anima's layer tree: play them, render frames, check conformance with reference renders, list keypaths.",
        subcommands: [Render.self, RenderManifest.self, Conformance.self, Keypaths.self, Play.self])
}

/// Renders one moment of a file, or records it playing.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one moment of a Lottie file to a PNG, exactly as the corpus's references were taken, or record it playing into a video.")
    @Argument(help: "The Lottie JSON file.") var file: String
    @Option(help: "Progress 0…1 (0 = in-point, 1 = out-point).") var progress: Double?
    @Option(help: "A frame number of the file's timeline (4.999 shows frame 4).") var frame: Double?
    @Option(help: "The largest side of the view in points.") var maxDimension: Double = 500
    @Option(help: "Pixels per point.") var scale: Double = 2
    @Option(help: "Where to write the PNG.") var output: String?
    @Option(help: "Record the whole animation, in-point to out-point at the file's frame rate, into this video (.mp4, .webm, .gif), headless.")
    var record: String?
    @Flag(help: "Also print the evaluated render tree (for debugging).") var dumpTree = false
    @Option(help: CompositorOption.help) var compositor: CompositorOption = .opengl

    func validate() throws {
        if record != nil {
            guard progress == nil, frame == nil, output == nil else {
                throw ValidationError("--record records the whole animation: give it without --progress, --frame and --output")
            }
            guard maxDimension > 0, maxDimension.isFinite, scale > 0, scale <= 8 else {
                throw ValidationError("--max-dimension must be positive and --scale in (0, 8]")
            }
            return
        }
        guard output != nil else { throw ValidationError("give --output (a PNG) or --record (a video)") }
        guard (progress == nil) != (frame == nil) else { throw ValidationError("give exactly one of --progress and --frame") }
        guard maxDimension > 0, maxDimension.isFinite, scale > 0, scale <= 8 else {
            throw ValidationError("--max-dimension must be positive and --scale in (0, 8]")
        }
    }

    @MainActor mutating func run() async throws {
        let animation = try LottieAnimation.load(contentsOf: URL(fileURLWithPath: file))
        if let record {
            let frames = try LottieRecording.record(animation, to: URL(fileURLWithPath: record), maxDimension: maxDimension,
                                                    scale: scale, compositor: compositor.compositor)
            print("\(record): \(frames) frames at \(animation.framerate) per second")
            return
        }
        guard let output else { return }
        let moment: LottieReferenceScene.Moment = progress.map { .progress($0) } ?? .frame(frame ?? 0)
        let scene = LottieReferenceScene(animation: animation, moment: moment, maxDimension: maxDimension, scale: scale)
        if dumpTree { print(scene.display.renderTree.dump()) }
        let image = scene.crop(try scene.display.snapshot(compositor: compositor.compositor))
        try image.writePNG(to: URL(fileURLWithPath: output))
        print("\(output): \(image.width) × \(image.height) px")
    }
}
