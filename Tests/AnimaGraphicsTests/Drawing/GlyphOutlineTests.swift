import Foundation
import Testing
import AnimaGraphics

/// DejaVu Sans (fonts-dejavu-core) at size 2048 is the font's own units, so every figure below is read
/// straight from its tables (hmtx, hhea, glyf): "H" advances 1540, its caps reach 1493 above the baseline; the face's ascent
/// is 1901 and its descent 483.
@Suite struct GlyphOutlineTests {
    private let font = TextFont(family: "DejaVu Sans", size: 2048)

    @Test func anOutlineSitsOnTheBaselineAndAdvancesByTheFontsWidth() throws {
        try #require(TextFont.isInstalled(family: "DejaVu Sans"), "fonts-dejavu-core is not installed")
        let h = try #require(font.glyphOutline(of: "H"))
        #expect(abs(h.advance - 1540) < 1)
        let box = h.path.boundingBoxOfPath
        #expect(abs(box.maxY) < 1)            // standing on the baseline
        #expect(abs(box.minY + 1493) < 2)     // cap height above it
        #expect(box.minX > 0 && box.maxX < h.advance)
    }

    @Test func aSpaceAdvancesWithoutAnOutline() throws {
        try #require(TextFont.isInstalled(family: "DejaVu Sans"), "fonts-dejavu-core is not installed")
        let space = try #require(font.glyphOutline(of: " "))
        #expect(space.path.isEmpty)
        #expect(abs(space.advance - 651) < 1)
    }

    @Test func lineMetricsAreTheFacesAscentDescentAndCapHeight() throws {
        try #require(TextFont.isInstalled(family: "DejaVu Sans"), "fonts-dejavu-core is not installed")
        let m = font.lineMetrics()
        #expect(abs(m.ascent - 1901) < 2)
        #expect(abs(m.descent - 483) < 2)
        #expect(abs(m.capHeight - 1493) < 2)
        #expect(m.leading >= 0)
    }
}
