import Foundation
import Testing
@testable import AnimaGraphics

/// What the `paths` fuzzer (Fuzz/paths) found in AnimaGraphics, fixed.
@Suite("Fuzz findings: dashes")
struct DashFuzzFindingsTests {
    /// `paths`: a dash pattern of finite lengths whose total overflows to +∞ hung Cairo's stroker.
    @Test func dashPatternWhoseTotalOverflowsIsRefused() {
        let context = CGContext(width: 32, height: 32)
        let before = Diagnostics.messages(containing: "CGContext.setLineDash").count
        context.setLineDash(phase: -.greatestFiniteMagnitude, lengths: [.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0])
        #expect(Diagnostics.messages(containing: "CGContext.setLineDash").count == before + 1)
        context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 0, y: 16))
        context.addLine(to: CGPoint(x: 32, y: 16))
        context.strokePath()   // solid, and it returns
        #expect(context.makeImage()?.pixel(x: 16, y: 16)?.alpha == 255)
    }
}
