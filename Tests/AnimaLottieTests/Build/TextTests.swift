import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// Text layers set from glyph outlines the file carries: an "I" drawn at size 100 as a 10 × 70 bar on the
/// baseline with an advance of 20, so every position below follows from the layout rules by arithmetic.
@MainActor
@Suite("Text layers", .serialized)
struct TextTests {
    private static let fonts = #""fonts":{"list":[{"fName":"Bar-Regular","fFamily":"Bar","fStyle":"Regular","ascent":75}]},"#
    private static let chars = """
    "chars":[{"ch":"I","size":100,"style":"Regular","w":20,"fFamily":"Bar","data":{"shapes":[{"ty":"gr","it":[
      {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,-70],[0,-70]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},
      {"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
      {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}}],
    """

    /// A text document JSON (`t.d.k[i].s`) in the font "Bar-Regular".
    private static func document(_ text: String, size: Double = 50, justification: Int = 0, tracking: Double = 0,
                                 extra: String = "") -> String {
        #"{"s":\#(size),"f":"Bar-Regular","t":"\#(text)","j":\#(justification),"tr":\#(tracking),"fc":[1,0,0]\#(extra)}"#
    }

    private func model(documents: [String], frames: [Double] = [0]) throws -> CompositionModel {
        let keyframes = zip(documents, frames).map { #"{"s":\#($0),"t":\#($1)}"# }.joined(separator: ",")
        let layer = #"{"ty":5,"nm":"T","ind":1,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[\#(keyframes)]},"a":[]}}"#
        var json = LottieFixtures.document(layers: [layer])
        json.insert(contentsOf: "\(Self.fonts)\(Self.chars)", at: json.index(after: json.startIndex))
        return try LottieFixtures.animation(json).model
    }

    /// The bounds of the outlines `text` is set into.
    private func bounds(_ document: String) throws -> CGRect {
        let model = try self.model(documents: [document])
        guard case .text(let text) = model.layers[0].content else { return .null }
        let setter = TextSetter(glyphs: GlyphSource(model: model) { _ in })
        return setter.outlines(of: text.documents.initialValue).boundingBoxOfPath
    }

    @Test func carriedGlyphsAreScaledFromSizeOneHundred() throws {
        #expect(try bounds(Self.document("I")) == CGRect(x: 0, y: -35, width: 5, height: 35))
    }

    @Test func eachCharacterAdvancesByItsWidthPlusTracking() throws {
        // Advance 20 × 0.5 = 10, tracking 50 × 100 / 1000 = 5: the second bar starts at 15.
        #expect(try bounds(Self.document("II", tracking: 100)) == CGRect(x: 0, y: -35, width: 20, height: 35))
    }

    @Test func justificationPlacesTheLineAboutTheOrigin() throws {
        // The line is 2 × (10 + 5) = 30 wide (tracking after each character, as Core Text kerns).
        #expect(try bounds(Self.document("II", justification: 2, tracking: 100)).minX == -15)
        #expect(try bounds(Self.document("II", justification: 1, tracking: 100)).minX == -30)
    }

    @Test func linesAreALineHeightApart() throws {
        let box = try bounds(Self.document(#"I\rI"#, extra: #","lh":60"#))
        #expect(box == CGRect(x: 0, y: -35, width: 5, height: 95))
    }

    @Test func paragraphTextHangsItsCapitalsFromTheTopOfTheBox() throws {
        // Box at (10, 20): the first baseline is the cap height (35) below the box's top.
        let box = try bounds(Self.document("I", extra: #","sz":[200,100],"ps":[10,20]"#))
        #expect(box == CGRect(x: 10, y: 20, width: 5, height: 35))
    }

    @Test func paragraphTextWrapsBetweenWords() throws {
        // "I I" is 10 + space + 10 wide; the space has no outline in the file, so it sets nothing and the
        // second word (wider than the 15-unit box with the first) goes to the next line.
        let box = try bounds(Self.document("I I", extra: #","sz":[15,200],"ps":[0,0],"lh":60"#))
        #expect(box.minX == 0 && box.maxX == 5)
        #expect(abs(box.maxY - (35 + 60)) < 1e-9)
    }

    @Test func aFontThatIsNeitherCarriedNorInstalledIsSubstitutedAndReported() throws {
        let layer = #"{"ty":5,"nm":"T","ind":1,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"s":40,"f":"Nope-Bold","t":"Hi","j":0,"tr":0,"fc":[0,0,0]},"t":0}]}}}"#
        var json = LottieFixtures.document(layers: [layer])
        let fonts = #""fonts":{"list":[{"fName":"Nope-Bold","fFamily":"No Such Family","fStyle":"Bold"}]},"#
        json.insert(contentsOf: fonts, at: json.index(after: json.startIndex))
        let built = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        #expect(built.buildDiagnostics.contains { $0.contains("No Such Family") && $0.contains("not installed") })
        let fill = try #require(LottieFixtures.find("T text fill", in: built) as? CAShapeLayer)
        let box = try #require(fill.path?.boundingBoxOfPath)
        // Two letters of a 40-unit sans serif: above the baseline, some tens of units wide.
        #expect(box.minY < -20 && box.maxY <= 1 && box.width > 20 && box.width < 80)
    }

    @Test func laterDocumentsReplaceTheTextAtTheirFrames() throws {
        let model = try self.model(documents: [Self.document("I"), Self.document("II")], frames: [0, 10])
        let animation = LottieAnimation(model: model, directory: nil, source: "text.json")
        let built = LottieAnimationLayer(animation: animation)
        let fill = try #require(LottieFixtures.find("T text fill", in: built) as? CAShapeLayer)
        let path = try #require(fill.animation(forKey: "path") as? CAKeyframeAnimation)
        #expect(path.calculationMode == .discrete)
        let widths = (path.values ?? []).compactMap { ($0 as? CGPath)?.boundingBoxOfPath.width }
        #expect(widths == [5, 15])
    }

    @Test func textAnimatorsAreReported() throws {
        let layer = #"{"ty":5,"nm":"A","ind":1,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"s":40,"f":"x","t":"Hi","fc":[0,0,0]},"t":0}]},"a":[{"nm":"Animator 1"}]}}"#
        let built = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [layer])))
        #expect(built.buildDiagnostics.contains { $0.contains("text animators") && $0.contains("'A'") })
    }
}
