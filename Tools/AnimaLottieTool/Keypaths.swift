import Anima
import ArgumentParser
import Foundation

/// Lists the keypaths a value provider can set, one per line (what `logHierarchyKeypaths()` logs).
struct Keypaths: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every keypath of a Lottie file that a value provider can set (Layer.Group 1.Fill 1.Color …).")
    @Argument(help: "The Lottie file (.json or .lottie).") var file: String
    @Option(help: "Only keypaths this keypath matches (wildcards * and ** allowed), e.g. \"**.Color\".") var matching: String?

    @MainActor mutating func run() async throws {
        let animation = try LottieAnimation.load(contentsOf: URL(fileURLWithPath: file))
        let layer = LottieAnimationLayer(animation: animation)
        let pattern = matching.map { AnimationKeypath(keypath: $0) }
        for keypath in layer.allHierarchyKeypaths() where pattern?.matches(AnimationKeypath(keypath: keypath).keys) ?? true {
            print(keypath)
        }
    }
}
