import Testing
import Anima

/// The Apple-style code in `AppleStyleCode.swift` compiled in Swift 5 mode; here it runs.
@Suite("Swift 5 language mode callers")
struct Swift5ModeTests {
    @Test @MainActor func appleStyleCodeCompilesAndRuns() {
        let result = runHeadless()
        #expect(result.frames == 10, "the display link ran until it invalidated itself")
        #expect(result.x == 30, "the box moved a point per frame: \(result.x)")
        #expect(result.title == "Counter")
    }

    /// Apple's custom animatable property recipe: setting the property runs the override's action, the
    /// presentation copy answers the value at the frame's time (linear, half way) and `draw(in:)` redraws from it
    /// every frame (its stored colour copied by `init(layer:)`).
    @Test @MainActor func appleCustomPropertyRecipeAnimates() throws {
        let result = runProgress()
        #expect(result.model == 1)
        let presented = try #require(result.presented)
        #expect(abs(presented - 0.5) < 1e-9, "\(presented)")
        #expect(result.drawn.first == 0, "the model's first drawing")
        #expect(result.drawn.count >= 30, "\(result.drawn.count) drawings in 30 frames")
        #expect(abs((result.drawn.last ?? 0) - 0.5) < 1e-9)
    }
}
