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
}
