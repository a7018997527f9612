import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// What the `animation-params` and `key-value` fuzzers (Fuzz/) found on the model side, each fixed: a value that
/// passes the finiteness check as a Double but is stored as ±∞.
@MainActor
@Suite("Fuzz findings: model values")
struct FuzzFindingsModelTests {
    /// `animation-params`: `setValue(-5.8e303, forKeyPath: "shadowOpacity")` stored −∞ (a Float), which reached
    /// the render tree.
    @Test(arguments: ["shadowOpacity", "opacity"])
    func floatPropertyByKeyBeyondFloatRange(key: String) {
        let name = "fuzz-float-\(key)"
        let (display, layer) = makeScene(name, at: 1)
        let before = layer.value(forKeyPath: key) as? Float
        layer.setValue(-5.829006945717722e303, forKeyPath: key)
        layer.setValue(NSNumber(value: 1e39), forKey: key)
        #expect(diagnosticCount("'\(name)': rejected \(key)") == 2)
        #expect(layer.value(forKeyPath: key) as? Float == before)
        display.advance(by: 0.1)
        let node = display.renderTree.node(named: name)
        #expect(node?.opacity.isFinite == true && node?.shadowOpacity.isFinite == true)
    }

    /// The largest Float still fits.
    @Test func floatPropertyAtFloatRangeIsKept() {
        let (_, layer) = makeScene("fuzz-float-max", at: 1)
        layer.setValue(Double(Float.greatestFiniteMagnitude), forKeyPath: "shadowOpacity")
        #expect(layer.shadowOpacity == .greatestFiniteMagnitude)
    }
}
