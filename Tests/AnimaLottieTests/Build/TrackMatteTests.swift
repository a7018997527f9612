import Foundation
import Testing
import AnimaCore
import AnimaSDL
import AnimaGraphics
@testable import AnimaLottie

/// Track mattes, drawn: a 100 × 100 red layer matted by a 40 × 40 square centred in it.
@MainActor
@Suite("Track mattes", .serialized)
struct TrackMatteTests {
    private func matted(mode: Int) throws -> (width: Int, pixels: [UInt8]) {
        let square = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#
        let full = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let matte = LottieFixtures.shapes(square, name: "Matte", index: 1, extra: #""td":1,"#)
        let content = LottieFixtures.shapes(full, name: "Content", index: 2, extra: #""tt":\#(mode),"#)
        return try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [matte, content])))
    }

    @Test func anAlphaMatteShowsTheLayerOnlyInsideTheMatte() throws {
        let (width, alpha) = try matted(mode: 1)
        #expect(alpha[50 * width + 50] == 255)
        #expect(alpha[10 * width + 10] == 0)
    }

    @Test func anInvertedAlphaMatteShowsTheLayerOnlyOutsideTheMatte() throws {
        let (width, alpha) = try matted(mode: 2)
        #expect(alpha[50 * width + 50] == 0)
        #expect(alpha[10 * width + 10] == 255)
        #expect(alpha[50 * width + 25] == 255)      // just outside the square's left edge (30)
        #expect(alpha[50 * width + 35] == 0)        // just inside it
    }

    /// A white 40 × 40 matte on top, a blue 20 × 20 square at the bottom-right corner, and the red
    /// 100 × 100 content last; `contentExtra` says how the content names its matte.
    private func linked(matteExtra: String, contentExtra: String) throws -> (image: CGImage, diagnostics: [String]) {
        let white = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#
        let blue = #"{"ty":"rc","p":{"a":0,"k":[90,90]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}"#
        let red = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [
            LottieFixtures.shapes(white, name: "Matte", index: 7, extra: matteExtra),
            LottieFixtures.shapes(blue, name: "Between", index: 3),
            LottieFixtures.shapes(red, name: "Content", index: 5, extra: contentExtra)])))
        let scene = LottieReferenceScene(animation: try #require(layer.animation), moment: .progress(0), scale: 1)
        return (scene.crop(try scene.display.snapshot()), layer.buildDiagnostics)
    }

    @Test func aMatteNamedByIndexMattesItsLayerAndIsNotDrawnOnItsOwn() throws {
        let (image, diagnostics) = try linked(matteExtra: #""td":1,"#, contentExtra: #""tt":1,"tp":7,"#)
        #expect(image.pixel(x: 50, y: 50) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))  // red, not the white matte
        #expect(image.pixel(x: 10, y: 10)?.alpha == 0)                                             // outside the matte
        #expect(image.pixel(x: 90, y: 90) == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))  // the layer between is drawn
        #expect(diagnostics.isEmpty)
    }

    @Test func withoutAnIndexTheLayerAboveIsTheMatteEvenUnflagged() throws {
        // lottie-ios pairs a matted layer with the one above it whether or not that one has `td`.
        let (image, _) = try linked(matteExtra: "", contentExtra: #""tt":1,"#)
        #expect(image.pixel(x: 90, y: 90) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))  // matted by the blue square
        #expect(image.pixel(x: 50, y: 50) == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))  // the unflagged top layer
        #expect(image.pixel(x: 10, y: 10)?.alpha == 0)
    }

    @Test func aMatteIndexNotInTheCompositionIsReportedAndTheLayerDrawnUnmatted() throws {
        let (image, diagnostics) = try linked(matteExtra: "", contentExtra: #""tt":1,"tp":99,"#)
        #expect(image.pixel(x: 10, y: 10) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(diagnostics.contains { $0.contains("'Content'") && $0.contains("track matte layer 99") })
        let own = try linked(matteExtra: "", contentExtra: #""tt":1,"tp":5,"#)   // Content's own ind
        #expect(own.image.pixel(x: 10, y: 10) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(own.diagnostics.contains { $0.contains("'Content' names itself as its track matte") })
    }

    @Test func aMattesOwnMatteIsReported() throws {
        // "Between" mattes "Content" and is matted by "Matte" in turn: a chain the player does not apply.
        let chained = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [
            LottieFixtures.shapeLayer(name: "Matte", index: 1, extra: #""td":1,"#),
            LottieFixtures.shapeLayer(name: "Between", index: 2, extra: #""td":1,"tt":1,"#),
            LottieFixtures.shapeLayer(name: "Content", index: 3, extra: #""tt":1,"#)])))
        #expect(chained.buildDiagnostics.contains { $0.contains("'Between' is a track matte and has a track matte of its own") })
    }

    /// The alpha at the centre (inside the matte) and at (10, 10) (outside it) of the red layer matted (`tt` `mode`) by
    /// a square of `color` (r, g, b, a), drawn by each compositor.
    private func lumaMatted(mode: Int, color: String) throws -> [(compositor: HeadlessDisplay.SnapshotCompositor, inside: Int, outside: Int)] {
        let square = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[\#(color)]},"o":{"a":0,"k":100}}"#
        let full = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [
            LottieFixtures.shapes(square, name: "Matte", index: 1, extra: #""td":1,"#),
            LottieFixtures.shapes(full, name: "Content", index: 2, extra: #""tt":\#(mode),"#)])))
        #expect(layer.buildDiagnostics.isEmpty)
        let scene = LottieReferenceScene(animation: try #require(layer.animation), moment: .progress(0), scale: 1)
        return try [HeadlessDisplay.SnapshotCompositor.openGL, .software].map { compositor in
            let image = scene.crop(try scene.display.snapshot(compositor: compositor))
            return (compositor, Int(try #require(image.pixel(x: 50, y: 50)).alpha), Int(try #require(image.pixel(x: 10, y: 10)).alpha))
        }
    }

    /// The luminance After Effects' luma matte uses, in 0…255, from Rec. 709's weights (SVG's `luminanceToAlpha`),
    /// computed here from the colour rather than by the player's integer weights.
    private func luma(_ r: Double, _ g: Double, _ b: Double) -> Int { Int((255 * (0.2125 * r + 0.7154 * g + 0.0721 * b)).rounded()) }

    @Test func aLumaMatteShowsTheLayerByTheMattesLuminance() throws {
        // White shows the layer, a half grey half of it, pure red only red's luminance; nothing outside the matte.
        for (color, expected) in [("1,1,1,1", 255), ("0.5,0.5,0.5,1", luma(0.5, 0.5, 0.5)), ("1,0,0,1", luma(1, 0, 0)),
                                  ("0,0,1,1", luma(0, 0, 1)), ("0,0,0,1", 0)] {
            for result in try lumaMatted(mode: 3, color: color) {
                #expect(abs(result.inside - expected) <= 1, "\(color), \(result.compositor): \(result.inside), expected \(expected)")
                #expect(result.outside == 0, "\(color), \(result.compositor)")
            }
        }
    }

    @Test func anInvertedLumaMatteShowsTheLayerWhereTheMatteIsDark() throws {
        for (color, expected) in [("1,1,1,1", 0), ("0.5,0.5,0.5,1", 255 - luma(0.5, 0.5, 0.5)), ("0,1,0,1", 255 - luma(0, 1, 0)),
                                  ("0,0,0,1", 255)] {
            for result in try lumaMatted(mode: 4, color: color) {
                #expect(abs(result.inside - expected) <= 1, "\(color), \(result.compositor): \(result.inside), expected \(expected)")
                #expect(result.outside == 255, "\(color), \(result.compositor)")
            }
        }
    }

    @Test func aLumaMatteDiffersFromAnAlphaMatteOfTheSameShape() throws {
        // The check that the luminance is used at all: an opaque dark-blue matte hides most of the layer by luma and
        // none of it by alpha.
        let byLuma = try lumaMatted(mode: 3, color: "0,0,0.5,1"), byAlpha = try lumaMatted(mode: 1, color: "0,0,0.5,1")
        for (l, a) in zip(byLuma, byAlpha) { #expect(l.inside < 20 && a.inside == 255, "\(l.compositor)") }
    }
}

/// Layer blend modes, drawn: a red square over a blue one.
@MainActor
@Suite("Blend modes", .serialized)
struct BlendModeTests {
    private func image(topBlendMode mode: Int) throws -> CGImage {
        let red = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let blue = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}"#
        let top = LottieFixtures.shapes(red, name: "Top", index: 1, extra: #""bm":\#(mode),"#)
        let bottom = LottieFixtures.shapes(blue, name: "Bottom", index: 2)
        let scene = LottieReferenceScene(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [top, bottom])),
                                         moment: .progress(0), scale: 1)
        return scene.crop(try scene.display.snapshot())
    }

    @Test func screenAndMultiplyBlendWithWhatIsBelow() throws {
        // screen: S + D − S·D (red over blue: magenta); multiply: S·D (red times blue: black).
        #expect(try image(topBlendMode: 2).pixel(x: 50, y: 50) == RGBAPixel(red: 255, green: 0, blue: 255, alpha: 255))
        #expect(try image(topBlendMode: 1).pixel(x: 50, y: 50) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))
        #expect(try image(topBlendMode: 0).pixel(x: 50, y: 50) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test func theModesBeyondTheBlendEquationsBlendToo() throws {
        // difference: |D − S| (red from blue: magenta); luminosity: blue at red's luminosity 0.3 — (0, 0, 1) moved by
        // 0.3 − 0.11 = 0.19 to (0.19, 0.19, 1.19), its top clipped to 1 about 0.3: 0.3 − 0.11 · 0.7 / 0.89 = 0.2135 → 54.
        #expect(try image(topBlendMode: 10).pixel(x: 50, y: 50) == RGBAPixel(red: 255, green: 0, blue: 255, alpha: 255))
        let luminosity = try #require(try image(topBlendMode: 15).pixel(x: 50, y: 50))
        #expect(abs(Int(luminosity.red) - 54) <= 2 && abs(Int(luminosity.green) - 54) <= 2 && luminosity.blue >= 253,
                "\(luminosity)")
    }

    @Test func aBlendModeTheCompositorLacksIsReportedByName() throws {
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [
            LottieFixtures.shapeLayer(name: "O", extra: #""bm":17,"#)])))
        #expect(layer.buildDiagnostics.contains { $0.contains("blend mode hard mix (17)") && $0.contains("'O'") })
    }
}
