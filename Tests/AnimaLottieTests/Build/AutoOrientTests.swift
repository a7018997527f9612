import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaSDL
@testable import AnimaLottie

/// Auto-orient (`ao`), drawn: a 40 × 6 bar centred on its layer's origin, moving through a 100 × 100 composition. The
/// bar lies along its layer's x axis, so where it points says how the layer turned. Probes 15 points from its
/// centre: along the expected direction (covered) and across it (clear).
@MainActor
@Suite("Auto-orient", .serialized)
struct AutoOrientTests {
    private static let bar = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,6]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

    /// Whether the pixel `distance` from `centre` in `direction` (degrees clockwise from +x, y down) is covered, at
    /// `progress` (0…1 over 30 frames).
    private func covered(ks: String, autoOrients: Bool = true, progress: Double, centre: (Double, Double),
                         direction degrees: Double, distance: Double = 15) throws -> Bool {
        let layer = LottieFixtures.shapes(Self.bar, ks: ks, extra: autoOrients ? #""ao":1,"# : "")
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [layer])),
                                                      progress: progress)
        let a = degrees * .pi / 180
        let x = Int((centre.0 + distance * cos(a)).rounded(.down)), y = Int((centre.1 + distance * sin(a)).rounded(.down))
        return alpha[y * width + x] > 128
    }

    @Test func aLayerMovingDownTurnsAQuarterClockwise() throws {
        let down = #"{"p":{"a":1,"k":[{"t":0,"s":[50,20],"e":[50,80]},{"t":30,"s":[50,80]}]}}"#
        #expect(try covered(ks: down, progress: 0.5, centre: (50, 50), direction: 90))
        #expect(try !covered(ks: down, progress: 0.5, centre: (50, 50), direction: 0))
        // Without the flag the bar stays level: the check that the turn comes from auto-orient.
        #expect(try covered(ks: down, autoOrients: false, progress: 0.5, centre: (50, 50), direction: 0))
        #expect(try !covered(ks: down, autoOrients: false, progress: 0.5, centre: (50, 50), direction: 90))
    }

    @Test func theTurnAddsToTheLayersOwnRotationAndHoldsAfterTheLastKeyframe() throws {
        // Moving up and to the right (−45°) with a rotation of 90° of its own: pointing at 45° (at frame 12, at
        // (50, 50)), and still after the motion ends at frame 20.
        let ks = #"{"r":{"a":0,"k":90},"p":{"a":1,"k":[{"t":0,"s":[20,80],"e":[70,30]},{"t":20,"s":[70,30]}]}}"#
        #expect(try covered(ks: ks, progress: 0.4, centre: (50, 50), direction: 45))
        #expect(try !covered(ks: ks, progress: 0.4, centre: (50, 50), direction: -45))
        #expect(try covered(ks: ks, progress: 0.9, centre: (70, 30), direction: 45))
    }

    @Test func aCurvedPathTurnsAlongItsTangent() throws {
        // From (20, 20) to (80, 80) leaving rightwards and arriving downwards (tangents (40, 0) out, (0, −40) in): the
        // Bézier (20, 20), (60, 20), (80, 40), (80, 80) at ½ is at ⅛·P0 + ⅜·P1 + ⅜·P2 + ⅛·P3 = (65, 35), and its
        // derivative there, 3·(¼·(40, 0) + ½·(20, 20) + ¼·(0, 40)) = (60, 60), points at 45°.
        let ks = #"{"p":{"a":1,"k":[{"t":0,"s":[20,20],"e":[80,80],"to":[40,0],"ti":[0,-40]},{"t":30,"s":[80,80]}]}}"#
        #expect(try covered(ks: ks, progress: 0.5, centre: (65, 35), direction: 45))
        #expect(try !covered(ks: ks, progress: 0.5, centre: (65, 35), direction: -45))
        // Near the start it points right, near the end down.
        #expect(try covered(ks: ks, progress: 0.02, centre: (22, 20), direction: 0, distance: 12))
        #expect(try covered(ks: ks, progress: 0.98, centre: (80, 78), direction: 90, distance: 12))
    }

    @Test func separatePositionDimensionsTurnTheLayerToo() throws {
        let ks = #"{"p":{"s":true,"x":{"a":1,"k":[{"t":0,"s":[80],"e":[20]},{"t":30,"s":[20]}]},"y":{"a":0,"k":50}}}"#
        // Moving left: the bar points at 180°, the same line as 0°: its ends are covered either way, so check
        // the diagonal stays clear and the line covered.
        #expect(try covered(ks: ks, progress: 0.5, centre: (50, 50), direction: 180))
        let diagonal = #"{"p":{"s":true,"x":{"a":1,"k":[{"t":0,"s":[20],"e":[80]},{"t":30,"s":[80]}]},"y":{"a":1,"k":[{"t":0,"s":[80],"e":[20]},{"t":30,"s":[20]}]}}}"#
        #expect(try covered(ks: diagonal, progress: 0.5, centre: (50, 50), direction: -45))
        #expect(try !covered(ks: diagonal, progress: 0.5, centre: (50, 50), direction: 45))
    }

    @Test func autoOrientIsNoLongerReported() throws {
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [
            LottieFixtures.shapes(Self.bar, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[50,20]},{"t":30,"s":[50,80]}]}}"#, extra: #""ao":1,"#)])))
        #expect(layer.buildDiagnostics.allSatisfy { !$0.contains("auto-orient") }, "\(layer.buildDiagnostics)")
    }
}
