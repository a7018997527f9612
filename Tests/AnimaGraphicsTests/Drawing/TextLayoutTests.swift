import Foundation
import Testing
import AnimaGraphics

@Suite struct TextLayoutTests {
    typealias F = DrawingFixture

    @Test func hangulHasNoUnknownGlyphsWithNanum() throws {
        try #require(F.hasNanumFont, "fonts-nanum is not installed; Hangul would be hex boxes")
        let metrics = TextLayout("Hello 안녕하세요", font: TextFont(size: 24)).measure()
        #expect(metrics.unknownGlyphCount == 0)
        #expect(metrics.fontFamilies.contains("NanumGothic"))
    }

    @Test func unknownGlyphsAreCounted() {
        // U+E000 is a private-use code point that no installed font draws.
        #expect(TextLayout("\u{E000}\u{E001}", font: TextFont(family: "DejaVu Sans", size: 12)).measure().unknownGlyphCount == 2)
    }

    @Test func sizeGrowsWithTextAndFont() {
        let short = TextLayout("Hi", font: TextFont(size: 20)).measure().size
        let long = TextLayout("Hi there, world", font: TextFont(size: 20)).measure().size
        let big = TextLayout("Hi", font: TextFont(size: 40)).measure().size
        #expect(short.width > 5 && short.height >= 20)
        #expect(long.width > short.width * 3)
        #expect(abs(big.width - 2 * short.width) <= 2)
        #expect(abs(long.height - short.height) < 0.5)
    }

    @Test func wrappingAddsLinesWithinTheWidth() {
        var layout = TextLayout("one two three four five six", font: TextFont(size: 16))
        let single = layout.measure()
        layout.maximumWidth = 60
        let wrapped = layout.measure()
        #expect(single.lineCount == 1)
        #expect(wrapped.lineCount >= 3)
        #expect(wrapped.size.width <= 60)
        #expect(wrapped.size.height > single.size.height * 2.5)
    }

    @Test func tailTruncationLimitsLines() {
        let layout = TextLayout("one two three four five six seven eight", font: TextFont(size: 16), maximumWidth: 60,
                                maximumNumberOfLines: 2, lineBreak: .truncateTail)
        let m = layout.measure()
        #expect(m.lineCount == 2)
        #expect(m.isTruncated)
    }

    @Test func emptyTextAndBadInput() {
        #expect(TextLayout("").measure().size == .zero)
        let font = TextFont(family: "", size: -3)
        #expect(font.family == "Sans" && font.size == TextFont.defaultSize)
        let m = TextLayout("abc", font: TextFont(size: 12), maximumWidth: .nan).measure()
        #expect(m.lineCount == 1)
        #expect(!Diagnostics.messages(containing: "maximumWidth NaN").isEmpty)
        // A family that does not exist falls back to a real font.
        #expect(TextLayout("abc", font: TextFont(family: "No Such Family 123", size: 12)).measure().unknownGlyphCount == 0)
    }

    @Test func drawnTextLandsInsideItsBoxInItsColour() {
        let layout = TextLayout("Hello", font: TextFont(size: 30), color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let size = layout.measure().size
        let c = CGContext(width: 200, height: 100)
        c.move(to: CGPoint(x: 1, y: 1))                   // a path that text drawing must leave alone
        layout.draw(in: c, at: CGPoint(x: 20, y: 30))
        #expect(c.currentPointOfPath == CGPoint(x: 1, y: 1))
        let image = try! #require(c.makeImage())
        var inside = 0, outside = 0, blueOnly = true
        for y in 0..<100 { for x in 0..<200 {
            let p = image.pixel(x: x, y: y)!
            guard p.alpha > 0 else { continue }
            if CGFloat(x) >= 19 && CGFloat(x) <= 21 + size.width && CGFloat(y) >= 29 && CGFloat(y) <= 31 + size.height {
                inside += 1
            } else { outside += 1 }
            if p.red != 0 || p.green != 0 { blueOnly = false }
        } }
        #expect(inside > 100)
        #expect(outside == 0)
        #expect(blueOnly)
    }
}

@Suite("Text runs and installed fonts")
struct TextRunTests {
    @Test func runsColourTheirOwnCharacters() throws {
        var layout = TextLayout("AAAA BBBB", font: TextFont(size: 20), color: .black)
        layout.runs = [TextRun(range: 5..<9, color: DrawingFixture.red)]
        let c = CGContext(width: 140, height: 30)
        layout.draw(in: c, at: .zero)
        let image = try #require(c.makeImage())
        var left: Set<UInt8> = [], right: Set<UInt8> = []
        for y in 0..<30 { for x in 0..<140 where DrawingFixture.pixel(image, x, y).alpha == 255 {
            if x < 50 { left.insert(DrawingFixture.pixel(image, x, y).red) } else if x > 65 { right.insert(DrawingFixture.pixel(image, x, y).red) }
        } }
        #expect(left == [0])
        #expect(right == [255])
    }

    @Test func runFontsChangeTheSizeAndRangesAreClamped() {
        var layout = TextLayout("Hello", font: TextFont(size: 10))
        let plain = layout.measure().size
        layout.runs = [TextRun(range: -5..<99, font: TextFont(size: 30))]
        #expect(layout.measure().size.height > plain.height * 2)
        layout.text = "안녕 hello"
        layout.runs = [TextRun(range: 0..<2, font: TextFont(size: 30))]   // UTF-16 offsets over Hangul
        #expect(layout.measure().size.height > plain.height * 2)
        layout.runs = [TextRun(range: 40..<50, font: TextFont(size: 30))]   // past the text: ignored
        #expect(layout.measure().size.height < plain.height * 2)
    }

    @Test func installedFamilies() {
        #expect(TextFont.isInstalled(family: "Sans"))
        #expect(TextFont.isInstalled(family: "dejavu sans"))
        #expect(!TextFont.isInstalled(family: "No Such Font Family"))
    }
}
