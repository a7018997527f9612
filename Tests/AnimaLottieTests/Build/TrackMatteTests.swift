import Foundation
import Testing
import AnimaCore
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
