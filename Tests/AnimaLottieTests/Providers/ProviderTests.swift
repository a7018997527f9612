import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaKit
@testable import AnimaLottie

/// Text and image providers (lottie-ios's `AnimationKeypathTextProvider` and `AnimationImageProvider`): what they
/// are asked, what they change in the built tree, and that setting one keeps the playhead.
@MainActor
@Suite("Text and image providers", .serialized)
struct ProviderTests {
    /// Records the keypaths it is asked for and answers from `answers` (nil: keep the file's text).
    private final class RecordingTextProvider: AnimationKeypathTextProvider {
        var asked: [(keypath: String, source: String)] = []
        let answers: [String: String]
        init(_ answers: [String: String] = [:]) { self.answers = answers }
        func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
            asked.append((keypath.string, sourceText))
            return answers[keypath.string]
        }
    }

    /// Answers through the legacy entry point only.
    private final class LegacyProvider: LegacyAnimationTextProvider {
        var asked: [String] = []
        func textFor(keypathName: String, sourceText: String) -> String {
            asked.append(keypathName)
            return sourceText + "!"
        }
    }

    /// A composition holding precomposition "Card" (layer "Card Comp"), which holds text layer "Title" showing
    /// `text` in the font Sans at size 20 (set through Pango).
    private static func cardAnimation(text: String = "Hi") throws -> LottieAnimation {
        let title = #"{"ty":5,"nm":"Title","ind":1,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"s":20,"f":"Sans","t":"\#(text)","j":0,"tr":0,"fc":[0,0,0]},"t":0}]},"a":[]}}"#
        let asset = #"{"id":"card","layers":[\#(title)]}"#
        let comp = #"{"ty":0,"nm":"Card Comp","ind":1,"refId":"card","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{}}"#
        var json = LottieFixtures.document(layers: [comp], assets: [asset])
        json.insert(contentsOf: #""fonts":{"list":[{"fName":"Sans","fFamily":"Sans","fStyle":"Regular","ascent":75}]},"#,
                    at: json.index(after: json.startIndex))
        return try LottieFixtures.animation(json)
    }

    /// The width of what the text layer "Title" fills.
    private static func titleWidth(_ layer: LottieAnimationLayer) throws -> Double {
        let fill = try #require(LottieFixtures.find("Title text fill", in: layer) as? CAShapeLayer)
        return try #require(fill.path).boundingBoxOfPath.width
    }

    @Test func dictionaryProviderPrefersTheFullKeypathThenTheLastComponent() {
        let provider = DictionaryTextProvider(["Card Comp.Title": "full", "Title": "last", "Other": "other"])
        #expect(provider.text(for: "Card Comp.Title", sourceText: "file") == "full")
        #expect(provider.text(for: "Elsewhere.Title", sourceText: "file") == "last")
        #expect(provider.text(for: "Card Comp.Subtitle", sourceText: "file") == "file")
        #expect(provider.textFor(keypathName: "Title", sourceText: "file") == "last")
        #expect(DefaultTextProvider().text(for: "Title", sourceText: "file") == "file")
    }

    @Test func aTextLayerIsAskedWithItsKeypathThroughPrecompositions() throws {
        let provider = RecordingTextProvider(["Card Comp.Title": "A much longer title"])
        let plain = LottieAnimationLayer(animation: try Self.cardAnimation())
        let layer = LottieAnimationLayer(animation: try Self.cardAnimation(), textProvider: provider)
        #expect(provider.asked.map(\.keypath) == ["Card Comp.Title"])
        #expect(provider.asked.map(\.source) == ["Hi"])
        // The longer text is set: its outlines are wider than the file's "Hi".
        #expect(try Self.titleWidth(layer) > 3 * Self.titleWidth(plain))
    }

    @Test func aLegacyProviderIsAskedWithTheKeypathAsOneString() throws {
        let provider = LegacyProvider()
        let plain = LottieAnimationLayer(animation: try Self.cardAnimation())
        let layer = LottieAnimationLayer(animation: try Self.cardAnimation(), textProvider: provider)
        #expect(provider.asked == ["Card Comp.Title"])
        #expect(try Self.titleWidth(layer) > Self.titleWidth(plain))   // "Hi!" is wider than "Hi"
    }

    @Test func settingAProviderRebuildsAndKeepsThePlayhead() throws {
        let layer = LottieAnimationLayer(animation: try Self.cardAnimation())
        layer.currentFrame = 12
        let before = try #require(layer.compositionLayer)
        let width = try Self.titleWidth(layer)
        layer.textProvider = DictionaryTextProvider(["Title": "Hello there"])
        let after = try #require(layer.compositionLayer)
        #expect(after !== before && before.superlayer == nil)
        #expect(after.speed == before.speed && after.timeOffset == before.timeOffset && after.beginTime == before.beginTime)
        #expect(layer.currentFrame == 12)
        #expect(try Self.titleWidth(layer) > width)
    }

    @Test func settingAProviderWhilePlayingPlaysOn() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = LottieAnimationLayer(animation: try Self.cardAnimation())
        display.rootLayer.addSublayer(layer)
        var completions: [Bool] = []
        layer.play(fromFrame: 0, toFrame: 30, loopMode: .playOnce) { completions.append($0) }
        display.advance(by: 0.3)
        layer.textProvider = DictionaryTextProvider(["Title": "Hello there"])
        display.advance(by: 0.2)
        #expect(layer.isAnimationPlaying && completions.isEmpty)
        #expect(abs(Double(layer.realtimeAnimationFrame) - 15) < 0.5)   // 0.5 s at 30 fps, unbroken by the rebuild
        display.advance(by: 0.6)
        #expect(completions == [true])
    }

    // MARK: Fonts

    /// Gives `font` for every family, recording what it is asked.
    private final class RecordingFontProvider: AnimationFontProvider {
        var asked: [(family: String, size: CGFloat)] = []
        let font: UIFont?
        init(_ font: UIFont?) { self.font = font }
        func fontFor(family: String, size: CGFloat) -> UIFont? {
            asked.append((family, size))
            return font
        }
    }

    /// A composition whose text layer "T" shows "II" at size 50 in the font "Bar-Regular", whose outlines the file
    /// carries: an "I" is a 10 × 70 bar at size 100 (so 5 × 35 at 50), advancing 20.
    private static func carriedGlyphAnimation() throws -> LottieAnimation {
        let layer = #"{"ty":5,"nm":"T","ind":1,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"s":50,"f":"Bar-Regular","t":"II","j":0,"tr":0,"fc":[0,0,0]},"t":0}]},"a":[]}}"#
        var json = LottieFixtures.document(layers: [layer])
        let fonts = #""fonts":{"list":[{"fName":"Bar-Regular","fFamily":"Bar","fStyle":"Regular","ascent":75}]},"#
        let chars = #""chars":[{"ch":"I","size":100,"style":"Regular","w":20,"fFamily":"Bar","data":{"shapes":[{"ty":"gr","it":["#
            + #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,-70],[0,-70]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}}],"#
        json.insert(contentsOf: fonts + chars, at: json.index(after: json.startIndex))
        return try LottieFixtures.animation(json)
    }

    private static func textBounds(_ layer: LottieAnimationLayer) throws -> CGRect {
        let fill = try #require(LottieFixtures.find("T text fill", in: layer) as? CAShapeLayer)
        return try #require(fill.path).boundingBoxOfPath
    }

    @Test func aProvidedFontReplacesTheFilesOutlines() throws {
        let carried = try Self.textBounds(LottieAnimationLayer(animation: try Self.carriedGlyphAnimation()))
        #expect(carried == CGRect(x: 0, y: -35, width: 15, height: 35))   // two bars, 10 apart

        let provider = RecordingFontProvider(UIFont(name: "DejaVu Sans", size: 50))
        let layer = LottieAnimationLayer(animation: try Self.carriedGlyphAnimation(), fontProvider: provider)
        #expect(provider.asked.first?.family == "Bar-Regular" && provider.asked.first?.size == 50)
        // A real font's "II" at 50 points: stems taller than 30 points, and spaced wider than the file's bars.
        let set = try Self.textBounds(layer)
        #expect(set != carried && set.height > 30 && set.width > 15, "\(set)")
    }

    @Test func aFontProviderAnsweringNilKeepsThePlayersChoice() throws {
        let carried = try Self.textBounds(LottieAnimationLayer(animation: try Self.carriedGlyphAnimation()))
        let provider = RecordingFontProvider(nil)
        let layer = LottieAnimationLayer(animation: try Self.carriedGlyphAnimation())
        layer.fontProvider = provider
        #expect(!provider.asked.isEmpty)
        #expect(try Self.textBounds(layer) == carried)
    }

    // MARK: Images

    /// A composition with image asset "photo" (40 × 20, file `photo.png` beside the JSON) in image layer "Photo".
    private static func photoAnimation() throws -> LottieAnimation {
        let asset = #"{"id":"photo","w":40,"h":20,"u":"","p":"photo.png","e":0}"#
        let layer = #"{"ty":2,"nm":"Photo","ind":1,"refId":"photo","ip":0,"op":30,"st":0,"ks":{}}"#
        return try LottieFixtures.animation(LottieFixtures.document(layers: [layer], assets: [asset]))
    }

    private struct GravityProvider: AnimationImageProvider {
        let image: CGImage
        func imageForAsset(asset: ImageAsset) -> CGImage? { asset.id == "photo" ? image : nil }
        func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { .resizeAspectFill }
    }

    @Test func anImageProviderSuppliesTheImageAndItsGravity() throws {
        let image = try #require(CGImage(width: 3, height: 3, premultipliedARGB: Array(repeating: 0xFF00_FF00, count: 9)))
        let layer = LottieAnimationLayer(animation: try Self.photoAnimation(), imageProvider: GravityProvider(image: image))
        let shown = try #require(LottieFixtures.find("Photo image", in: layer))
        #expect((shown.contents as? CGImage) === image)
        #expect(shown.contentsGravity == .resizeAspectFill)
        #expect(shown.bounds.size == CGSize(width: 40, height: 20))   // the asset's size, whatever the image's
        #expect(layer.buildDiagnostics.isEmpty)
    }

    @Test func aFilepathProviderReadsTheAssetFromItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anima-provider-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try #require(CGImage(width: 2, height: 2, premultipliedARGB: Array(repeating: 0xFFFF_0000, count: 4)))
        try image.writePNG(to: folder.appendingPathComponent("photo.png"))

        let layer = LottieAnimationLayer(animation: try Self.photoAnimation())
        #expect(LottieFixtures.find("Photo image", in: layer) == nil)        // no file beside an in-memory JSON
        #expect(layer.buildDiagnostics.contains { $0.contains("photo.png") })
        layer.imageProvider = FilepathImageProvider(filepath: folder, contentsGravity: .center)
        let shown = try #require(LottieFixtures.find("Photo image", in: layer))
        let read = try #require(shown.contents as? CGImage)
        #expect(read.width == 2 && read.height == 2)
        #expect(shown.contentsGravity == .center)
    }

    @Test func anImageTheProviderLacksIsReportedAndLeftBlank() throws {
        struct Nothing: AnimationImageProvider { func imageForAsset(asset: ImageAsset) -> CGImage? { nil } }
        let layer = LottieAnimationLayer(animation: try Self.photoAnimation(), imageProvider: Nothing())
        #expect(LottieFixtures.find("Photo image", in: layer) == nil)
        #expect(layer.buildDiagnostics.contains { $0.contains("photo.png") && $0.contains("Photo") })
    }
}
