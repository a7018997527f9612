import Testing
@testable import AnimaLottie

/// Keypaths match names key by key: `**` any number of keys (none too), `*` one or more characters of one key.
@Suite("AnimationKeypath")
struct AnimationKeypathTests {
    private func matches(_ pattern: String, _ path: String) -> Bool {
        AnimationKeypath(keypath: pattern).matches(path.components(separatedBy: "."))
    }

    @Test func aPlainKeypathMatchesExactlyItsKeys() {
        #expect(matches("Layer.Transform.Position", "Layer.Transform.Position"))
        #expect(!matches("Layer.Transform.Position", "Layer.Transform.Scale"))
        #expect(!matches("Layer.Transform", "Layer.Transform.Position"))
        #expect(!matches("Layer.Transform.Position", "Other.Layer.Transform.Position"))
    }

    @Test func doubleStarMatchesAnyNumberOfKeysIncludingNone() {
        #expect(matches("**.Fill 1.Color", "Fill 1.Color"))
        #expect(matches("**.Fill 1.Color", "Layer.Fill 1.Color"))
        #expect(matches("**.Fill 1.Color", "Layer.Group 1.Group 2.Fill 1.Color"))
        #expect(!matches("**.Fill 1.Color", "Layer.Group 1.Fill 1.Opacity"))
        #expect(matches("**.Accent.**.Color", "Accent.Color"))
        #expect(matches("**.Accent.**.Color", "Pre.Accent.Group.Fill 1.Color"))
        #expect(!matches("**.Accent.**.Color", "AccentContrast.Shape 1.Stroke 1.Color"))
        #expect(matches("Layer.**", "Layer.Group 1.Stroke 1.Stroke Width"))
        #expect(matches("**", "Anything.At.All"))
    }

    @Test func singleStarIsOneKey() {
        #expect(matches("*.Transform.Opacity", "Layer.Transform.Opacity"))
        #expect(!matches("*.Transform.Opacity", "Pre.Layer.Transform.Opacity"))
        #expect(!matches("*.Transform.Opacity", "Transform.Opacity"))
    }

    @Test func aStarInsideAKeyStandsForOneOrMoreCharacters() {
        #expect(matches("Layer.Fill*.Color", "Layer.Fill 1.Color"))
        #expect(!matches("Layer.Fill*.Color", "Layer.Fill.Color"))
        #expect(matches("Layer.*Fill 1.Color", "Layer.Gradient Fill 1.Color"))
        #expect(matches("Layer.G*p*2.Color", "Layer.Group 12.Color"))
        #expect(!matches("Layer.G*p*2.Color", "Layer.Group 13.Color"))
    }

    @Test func keysAreWholeNames() {
        // lottie-ios's regular expression would let "Fill 1" match inside "Gradient Fill 1"; keys do not.
        #expect(!matches("**.Fill 1.Color", "Layer.Gradient Fill 1.Color"))
    }

    @Test func literalsAndKeysAgree() {
        let keypath: AnimationKeypath = "**.Stroke 1.Color"
        #expect(keypath == AnimationKeypath(keys: ["**", "Stroke 1", "Color"]))
        #expect(keypath.string == "**.Stroke 1.Color")
        #expect(keypath.propertyName == "Color")
    }
}
