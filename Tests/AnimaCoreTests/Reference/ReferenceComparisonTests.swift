import Foundation
import Testing
import AnimaCore

/// Random scenes run frame by frame through `HeadlessDisplay` and compared with ``ReferenceEvaluator``
/// after every frame: presented geometry and opacity of every layer, world transforms, drawing order, and
/// removal on completion. Between frames the scenes change model properties (actions disabled), the
/// hierarchy, `zPosition`, layer timing and animations.
///
/// A failure names the seed: `ReferenceComparisonTests.replay(seed:)` runs one scene alone.
@MainActor
@Suite("Library against the reference evaluator")
struct ReferenceComparisonTests {
    nonisolated static let scenesPerBatch = 20
    nonisolated static let batches = 10
    nonisolated static let framesPerScene = 60

    /// The steps between frames: mostly one frame interval, sometimes 0 (a second frame at the same
    /// time), a fraction of an interval, or several intervals (intermediate frames).
    static func nextStep(_ rng: inout SplitMix64, interval: Double) -> Double {
        switch rng.int(10) {
        case 0: return 0
        case 1: return rng.uniform(0.1, 0.9) * interval
        case 2: return Double(2 + rng.int(4)) * interval
        default: return interval
        }
    }

    /// Runs scene `seed` for `frames` frames; returns its disagreements and how much it compared.
    static func replay(seed: UInt64, frames: Int = framesPerScene)
        -> (mismatches: [String], frames: Int, layerFrames: Int, animatedLayerFrames: Int) {
        let run = SceneRun(seed: seed, label: "seed \(seed)")
        var steps = SplitMix64(seed: seed ^ 0x5EED)
        for _ in 0..<frames {
            run.step(by: nextStep(&steps, interval: run.display.frameInterval))
            run.compare()
        }
        return (run.mismatches, run.framesCompared, run.layerFrames, run.animatedLayerFrames)
    }

    @Test("random scenes", arguments: 0..<batches)
    func randomScenes(batch: Int) {
        var failing: [String] = []
        var layerFrames = 0, animated = 0
        for seed in (batch * Self.scenesPerBatch)..<((batch + 1) * Self.scenesPerBatch) {
            let result = Self.replay(seed: UInt64(seed))
            #expect(result.frames == Self.framesPerScene)
            layerFrames += result.layerFrames
            animated += result.animatedLayerFrames
            if !result.mismatches.isEmpty { failing.append(result.mismatches.joined(separator: "\n  ")) }
        }
        // The net is not vacuous: a good share of the compared layer-frames show an animation.
        #expect(animated * 5 > layerFrames, "\(animated) of \(layerFrames) layer-frames animated")
        #expect(failing.isEmpty, "\(failing.count) scenes disagree:\n\(failing.prefix(3).joined(separator: "\n"))")
    }

    /// Runs the two-display scene `seed` (see ``twoDisplaysSideBySide()``).
    static func replayTwoDisplays(seed: UInt64) -> (SceneRun, SceneRun) {
        var steps = SplitMix64(seed: seed)
        // One transaction system serves both displays, and a display's frame commits whatever the implicit
        // transaction holds, stamping each animation with the time of its own layer's display. So A makes its
        // first frame before B's scene is built: else A's frame would commit B's first animations at B's time 0,
        // where this reference stamps them at B's first frame.
        let a = SceneRun(seed: seed, firstLayerID: 0, label: "seed \(seed) display A")
        a.display.makeCurrent()
        a.step(by: Self.nextStep(&steps, interval: a.display.frameInterval))
        let b = SceneRun(seed: seed &* 31 &+ 7, firstLayerID: 100_000, label: "seed \(seed) display B")
        for frame in 0..<Self.framesPerScene {
            for run in [a, b] where frame > 0 || run === b {
                run.display.makeCurrent()
                run.step(by: Self.nextStep(&steps, interval: run.display.frameInterval))
            }
            for run in [a, b] {
                if !ReferenceExclusions.presentationFollowsItsDisplay { run.display.makeCurrent() }
                run.compare()
            }
            // Now and then a subtree moves to the other display, keeping its animations; from then on it
            // follows that display's clock.
            switch steps.int(40) {
            case 0: a.moveRandomLayer(to: b)
            case 1: b.moveRandomLayer(to: a)
            default: break
            }
        }
        return (a, b)
    }

    /// Two displays alive at once, each driven after `makeCurrent()`, each compared after both advanced: a
    /// frame of one display must not disturb the other's layers, and layers moved between them follow their
    /// new display's clock. (Today each is made current again before it
    /// is compared: see `ReferenceExclusions.presentationFollowsItsDisplay`.)
    @Test func twoDisplaysSideBySide() {
        var failing: [String] = []
        for seed in UInt64(1_000)..<1_020 {
            let (a, b) = Self.replayTwoDisplays(seed: seed)
            let mismatches = a.mismatches + b.mismatches
            if !mismatches.isEmpty { failing.append(mismatches.joined(separator: "\n  ")) }
        }
        #expect(failing.isEmpty, "\(failing.count) scene pairs disagree:\n\(failing.prefix(3).joined(separator: "\n"))")
    }
}
