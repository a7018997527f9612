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

    @Test func lumaMattesAreReportedAndUseTheMattesAlpha() throws {
        let (width, alpha) = try matted(mode: 4)
        #expect(alpha[50 * width + 50] == 0 && alpha[10 * width + 10] == 255)
        let diagnostics = LottieDiagnostics.messages(containing: "inverted luma track matte")
        #expect(diagnostics.contains { $0.contains("'Content'") })
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

    @Test func aBlendModeTheCompositorLacksIsReportedByName() throws {
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [
            LottieFixtures.shapeLayer(name: "O", extra: #""bm":3,"#)])))
        #expect(layer.buildDiagnostics.contains { $0.contains("blend mode overlay (3)") && $0.contains("'O'") })
    }
}
