import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// A stand-in for UIFont: something that converts to a `TextFont`.
struct FakeUIFont: TextFontConvertible {
    var textFont: TextFont
}

/// CATextLayer (§5.8): model, layout in the bounds, and the pixels Pango draws.
@MainActor
@Suite("CATextLayer")
struct TextLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A committed 300 × 100 text layer called `name` showing `string` in 20-point red.
    func makeText(_ name: String, _ string: Any?, width: CGFloat = 300,
                  configure: (CATextLayer) -> Void = { _ in }) -> (display: HeadlessDisplay, layer: CATextLayer) {
        makeContentsScene(name, frame: CGRect(x: 0, y: 0, width: width, height: 100)) { () -> CATextLayer in
            let text = CATextLayer()
            text.string = string
            text.fontSize = 20
            text.foregroundColor = Self.red
            configure(text)
            return text
        }
    }

    /// The x range (pixels) of all ink in `image`, or nil when there is none.
    func inkColumns(_ image: CGImage?) -> ClosedRange<Int>? {
        guard let image else { return nil }
        var columns: [Int] = []
        for x in 0..<image.width where (0..<image.height).contains(where: { image.pixel(x: x, y: $0)!.alpha > 100 }) {
            columns.append(x)
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// The y range (pixels) of all ink in `image`, or nil when there is none.
    func inkRows(_ image: CGImage?) -> ClosedRange<Int>? {
        guard let image else { return nil }
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { image.pixel(x: $0, y: y)!.alpha > 100 } }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    @Test func defaults() {
        let text = CATextLayer()
        #expect(text.string == nil && text.font == nil)
        #expect(text.fontSize == 36)
        #expect(text.foregroundColor == .white)
        #expect(!text.isWrapped)
        #expect(text.alignmentMode == .natural && text.truncationMode == .none)
        #expect(text.needsDisplayOnBoundsChange)
        #expect(CATextLayer.defaultValue(forKey: "fontSize") as? CGFloat == 36)
        #expect(CATextLayer.defaultValue(forKey: "alignmentMode") as? CATextLayerAlignmentMode == .natural)
        #expect(CATextLayerAlignmentMode.center.rawValue == "center" && CATextLayerTruncationMode.end.rawValue == "end")
    }

    @Test func drawsTheStringInTheForegroundColourFromTheTop() throws {
        let (_, text) = makeText("hello", "Hello")
        let store = try #require(text.backingStore as? CGImage)
        #expect(store.width == 300 && store.height == 100)
        #expect(inkCount(store) > 50)
        let rows = try #require(inkRows(store))
        #expect(rows.lowerBound < 10 && rows.upperBound < 30)          // the first line sits at the top
        let columns = try #require(inkColumns(store))
        #expect(columns.lowerBound < 5 && columns.upperBound < 80)      // natural: left-aligned
        var sawRed = false
        for y in rows { for x in columns where rgba(store, x, y) == [255, 0, 0, 255] { sawRed = true } }
        #expect(sawRed)
    }

    @Test func drawsHangulWhenAKoreanFontIsInstalled() throws {
        try #require(hasNanumFont, "fonts-nanum is not installed; Hangul would draw as boxes")
        let (_, text) = makeText("hangul", "안녕")
        let store = try #require(text.backingStore as? CGImage)
        #expect(inkCount(store) > 80)
        let metrics = TextLayout("안녕", font: TextFont(family: "Sans", size: 20)).measure()
        #expect(metrics.unknownGlyphCount == 0)
        #expect(metrics.fontFamilies.contains { $0.hasPrefix("Nanum") })
    }

    @Test func alignmentPlacesTheText() throws {
        func columns(_ mode: CATextLayerAlignmentMode, wrapped: Bool) throws -> ClosedRange<Int> {
            let (_, text) = makeText("align-\(mode.rawValue)-\(wrapped)", "Hi") {
                $0.alignmentMode = mode
                $0.isWrapped = wrapped
            }
            return try #require(inkColumns(text.backingStore as? CGImage))
        }
        for wrapped in [false, true] {
            let left = try columns(.left, wrapped: wrapped)
            let center = try columns(.center, wrapped: wrapped)
            let right = try columns(.right, wrapped: wrapped)
            #expect(left.lowerBound < 5)
            #expect(abs((center.lowerBound + center.upperBound) / 2 - 150) <= 3)
            #expect(right.upperBound > 292 && right.lowerBound > 250)
            #expect(try columns(.natural, wrapped: wrapped) == left)
        }
    }

    @Test func wrappingAndClipping() throws {
        let long = "The quick brown fox jumps over the lazy dog again and again"
        let (display, text) = makeText("wrap", long, width: 150)
        let single = try #require(inkRows(text.backingStore as? CGImage))
        #expect(single.upperBound < 30)                                 // one line, cut at the right edge
        #expect(try #require(inkColumns(text.backingStore as? CGImage)).upperBound >= 145)
        text.isWrapped = true
        display.advance(by: 0)
        let wrapped = try #require(inkRows(text.backingStore as? CGImage))
        #expect(wrapped.upperBound > 60)                                 // several lines, clipped at the bottom
        #expect(wrapped.upperBound <= 99)
    }

    @Test func truncationMarksWhereTextWasCut() throws {
        let long = "The quick brown fox jumps over the lazy dog"
        func store(_ mode: CATextLayerTruncationMode, wrapped: Bool = false) throws -> CGImage {
            let (_, text) = makeText("truncate-\(mode.rawValue)-\(wrapped)", wrapped ? long + ", " + long : long, width: 150) {
                $0.truncationMode = mode
                $0.isWrapped = wrapped
            }
            return try #require(text.backingStore as? CGImage)
        }
        let clipped = try store(.none)
        for mode in [CATextLayerTruncationMode.start, .middle, .end] {
            let cut = try store(mode)
            #expect(cut.premultipliedARGBDiffers(from: clipped), "\(mode.rawValue) truncation changes the drawing")
            #expect(try #require(inkRows(cut)).upperBound < 30)         // still one line
        }
        // The end keeps the start of the text; the start keeps its end.
        let end = try store(.end), start = try store(.start)
        #expect(inkCount(end, in: CGRect(x: 0, y: 0, width: 60, height: 30)) == inkCount(clipped, in: CGRect(x: 0, y: 0, width: 60, height: 30)))
        #expect(inkCount(start, in: CGRect(x: 0, y: 0, width: 60, height: 30)) != inkCount(clipped, in: CGRect(x: 0, y: 0, width: 60, height: 30)))
        // Wrapped text ends with "…" on the last line that fits whole, instead of a line cut in half.
        let wrappedEnd = try store(.end, wrapped: true), wrappedNone = try store(.none, wrapped: true)
        #expect(try #require(inkRows(wrappedNone)).upperBound == 99)
        #expect(try #require(inkRows(wrappedEnd)).upperBound < 95)
        try wrappedEnd.writePNG(to: contentsOutputDirectory().appendingPathComponent("text-truncated.png"))
    }

    @Test func fontsByNameTypeAndFallback() throws {
        let (display, text) = makeText("fonts", "Hello")
        let regular = inkCount(text.backingStore as? CGImage)
        text.font = "DejaVu Sans-Bold"
        display.advance(by: 0)
        #expect(inkCount(text.backingStore as? CGImage) > regular)       // bold covers more pixels
        text.font = FakeUIFont(textFont: TextFont(family: "DejaVu Serif", size: 99))
        display.advance(by: 0)
        let serif = try #require(text.backingStore as? CGImage)
        #expect(try #require(inkRows(serif)).upperBound < 30)            // fontSize, not the font's size, applies
        #expect(diagnosticCount("'fonts': font") == 0)

        text.font = "Helvetica"                                           // Apple's default: quietly the system font
        #expect(diagnosticCount("'fonts': font") == 0)
        text.font = "No Such Font-Italic"
        #expect(diagnosticCount("'fonts': font 'No Such Font-Italic' is not installed") == 1)
        display.advance(by: 0)
        #expect(inkCount(text.backingStore as? CGImage) > 50)             // drawn with the fallback
        text.font = 42
        #expect(text.font as? String == "No Such Font-Italic")
        #expect(diagnosticCount("'fonts': rejected font 42") == 1)
    }

    @Test func badStringsAndSizes() throws {
        let (display, text) = makeText("bad-text", "Kept")
        text.string = [1, 2, 3]
        #expect(text.string as? String == "Kept")
        #expect(diagnosticCount("'bad-text': rejected string [1, 2, 3]") == 1)
        text.fontSize = -4
        #expect(text.fontSize == 20)
        #expect(diagnosticCount("'bad-text': rejected fontSize = -4.0") == 1)
        text.fontSize = .nan
        #expect(text.fontSize == 20)
        text.fontSize = 0                                                 // allowed: draws nothing
        text.foregroundColor = nil
        display.advance(by: 1)
        #expect(inkCount(text.backingStore as? CGImage) == 0)
        text.string = ""
        display.advance(by: 0)
        #expect(inkCount(text.backingStore as? CGImage) == 0)
    }

    @Test func attributedStringsUseTheirRunsColoursAndFonts() throws {
        let attributed = NSMutableAttributedString(string: "RRRR BBBB")
        attributed.addAttribute(NSAttributedString.Key("NSColor"), value: Self.red, range: NSRange(location: 0, length: 4))
        attributed.addAttribute(NSAttributedString.Key("NSColor"), value: CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                                range: NSRange(location: 5, length: 4))
        attributed.addAttribute(NSAttributedString.Key("NSFont"), value: FakeUIFont(textFont: TextFont(size: 30)),
                                range: NSRange(location: 0, length: 9))
        let (_, text) = makeText("attributed", attributed) { $0.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        let store = try #require(text.backingStore as? CGImage)
        var colours: Set<[Int]> = []
        for y in 0..<store.height { for x in 0..<store.width where store.pixel(x: x, y: y)!.alpha == 255 { colours.insert(rgba(store, x, y)!) } }
        #expect(colours == [[255, 0, 0, 255], [0, 0, 255, 255]])          // the layer's green does not apply
        #expect(try #require(inkRows(store)).upperBound > 25)             // 30-point runs, not 20
        let columns = try #require(inkColumns(store))
        #expect(rgba(store, columns.lowerBound, 0) != nil)
    }

    @Test func fontSizeAndColourAnimationsRedrawTheText() throws {
        let (display, text) = makeText("grow-text", "Hello")
        let small = try #require(inkRows(text.backingStore as? CGImage))
        let grow = basic("fontSize", from: 20, to: 60, duration: 1)
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        text.add(grow, forKey: "grow")
        display.advance(by: 0)
        display.advance(by: 0.5)
        let mid = try #require(inkRows(shownImage(display, "grow-text")))
        let big = try #require(inkRows(TextRender.image(of: "Hello", size: 60)))
        #expect(mid.upperBound > small.upperBound + 8)
        #expect(mid.upperBound < big.upperBound - 8)
        #expect(try #require(inkRows(text.backingStore as? CGImage)) == small)   // the model store is unchanged

        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        display.advance(by: 0.125)
        let fading = try #require(shownImage(display, "grow-text"))
        var purple = false
        for y in 0..<fading.height { for x in 0..<fading.width where fading.pixel(x: x, y: y)!.alpha == 255 {
            if let c = rgba(fading, x, y), c[0] > 100, c[2] > 100 { purple = true }
        } }
        #expect(purple)
    }

    @Test func boundsChangesRedraw() throws {
        let (display, text) = makeText("resize", "Hello")
        text.bounds.size = CGSize(width: 120, height: 40)
        display.advance(by: 1)
        let store = try #require(text.backingStore as? CGImage)
        #expect(store.width == 120 && store.height == 40)
        #expect(inkCount(store) > 50)
    }
}

/// Text drawn by `TextLayout` directly, for comparing with a layer's drawing.
enum TextRender {
    static func image(of string: String, size: CGFloat) -> CGImage? {
        let context = CGContext(width: 300, height: 100)
        context.drawText(string, at: .zero, font: TextFont(family: "Sans", size: size), color: .black)
        return context.makeImage()
    }
}

extension CGImage {
    /// Whether any pixel differs from `other`'s (or the sizes differ).
    func premultipliedARGBDiffers(from other: CGImage) -> Bool {
        guard width == other.width, height == other.height else { return true }
        for y in 0..<height { for x in 0..<width where pixel(x: x, y: y) != other.pixel(x: x, y: y) { return true } }
        return false
    }
}
