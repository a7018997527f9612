import Foundation
import Testing
@testable import AnimaLottie

/// Bad files throw a `LottieError` naming the file and the field, and never crash.
@Suite("Bad input")
struct BadInputTests {
    private func error(_ json: String) -> LottieError? {
        do { _ = try LottieFixtures.animation(json); return nil } catch let e as LottieError { return e } catch { return nil }
    }

    private func field(_ json: String) -> String? {
        if case .invalidField(let file, let field, _)? = error(json) { #expect(file == "fixture.json"); return field }
        return nil
    }

    @Test func truncatedJSONIsMalformed() {
        let json = LottieFixtures.document(layers: [])
        guard case .malformedJSON(let file, _)? = error(String(json.prefix(json.count / 2))) else {
            Issue.record("expected malformedJSON"); return
        }
        #expect(file == "fixture.json")
    }

    @Test func aWrongTypeNamesTheField() {
        let json = LottieFixtures.document(layers: []).replacingOccurrences(of: #""fr":30.0"#, with: #""fr":"30""#)
        #expect(field(json) == "fr")
    }

    @Test func jsonNullReadsAsAbsent() {
        let json = LottieFixtures.document(layers: []).replacingOccurrences(of: #""fr":30.0"#, with: #""fr":null"#)
        guard case .invalidField(_, let field, let reason)? = error(json) else { Issue.record("expected invalidField"); return }
        #expect(field == "fr" && reason == "missing")
    }

    @Test func zeroAndNegativeFrameRatesAreRejected() {
        #expect(field(LottieFixtures.document(layers: [], fr: 0)) == "fr")
        #expect(field(LottieFixtures.document(layers: [], fr: -24)) == "fr")
    }

    @Test func hugeNumbersAreRejectedWithTheirField() {
        let ks = #"{"o":{"a":0,"k":1e300}}"#
        #expect(field(LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: ks)])) == "layers[0].ks.o.k")
    }

    @Test func anInfiniteLiteralDoesNotParse() {
        let json = LottieFixtures.document(layers: []).replacingOccurrences(of: #""w":100"#, with: #""w":1e999"#)
        #expect(error(json) != nil)
    }

    @Test func keyframesOutOfOrderNameTheKeyframe() {
        let ks = #"{"o":{"a":1,"k":[{"t":20,"s":[0]},{"t":10,"s":[100]}]}}"#
        #expect(field(LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: ks)])) == "layers[0].ks.o.k[1].t")
    }

    @Test func aMissingLayerListIsNamed() {
        #expect(field(#"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10}"#) == "layers")
    }

    @Test func aRootThatIsNotAnObjectIsRejected() {
        #expect(field("[1, 2, 3]") == "$")
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: URL(fileURLWithPath: "/nonexistent/none.json")) }
        #expect(LottieAnimation.filepath("/nonexistent/none.json") == nil)
    }
}

@Suite("DotLottie bad input")
struct DotLottieBadInputTests {
    @Test func aFileThatIsNotAZIPIsUnreadable() {
        guard case .unreadable(let file, let reason)? = (try? { () throws -> LottieError? in
            do { _ = try DotLottieFile(data: Data("not a zip".utf8), source: "broken.lottie"); return nil }
            catch let e as LottieError { return e }
        }()) ?? nil else { Issue.record("expected an unreadable error"); return }
        #expect(file == "broken.lottie")
        #expect(reason.contains("ZIP"))
    }
}

extension BadInputTests {
    @MainActor @Test func aTextLayerWithOutlandishSettingsStillBuilds() throws {
        // A size of 10¹², tracking far out, an unknown justification, a negative box, a glyph with no data.
        let document = #"{"s":1e12,"f":"X","t":"Hi\rthere","j":42,"tr":-1e9,"lh":-5,"sz":[-10,-10],"ps":[0,0],"fc":[1,0,0]}"#
        let layer = #"{"ty":5,"nm":"T","ind":1,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"s":\#(document),"t":0}]}}}"#
        var json = LottieFixtures.document(layers: [layer])
        json.insert(contentsOf: #""chars":[{"ch":"H","size":100,"style":"","w":50,"fFamily":"X"}],"fonts":{"list":[{"fName":"X","fFamily":"X","fStyle":""}]},"#,
                    at: json.index(after: json.startIndex))
        let built = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        #expect(LottieFixtures.find("T text fill", in: built) != nil)
    }
}
