import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Basic animations on number and point key paths take an unboxed fast path; it must give exactly
/// the values of the general path. `position.x` (fast) and `shadowOffset.width` (general) run the
/// same animation from the same underlying value and are compared bit for bit.
@MainActor
@Suite("CABasicAnimation scalar fast path")
struct ScalarFastPathTests {
    struct Case: CustomStringConvertible, Sendable {
        var from: Double?, to: Double?, by: Double?
        var additive = false, cumulative = false
        var description: String { "from \(String(describing: from)) to \(String(describing: to)) by \(String(describing: by)) additive \(additive) cumulative \(cumulative)" }
    }

    nonisolated static let cases: [Case] = [
        Case(from: 10, to: 90), Case(from: 10, by: 30), Case(to: 90, by: 30), Case(from: 10), Case(to: 90),
        Case(by: 30), Case(from: 10, to: 90, additive: true), Case(from: 10, to: 90, cumulative: true),
        Case(by: 7, additive: true, cumulative: true),
    ]

    @Test(arguments: cases)
    func fastPathEqualsGeneralPath(_ c: Case) throws {
        let (display, layer) = makeScene("fast-path", at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 37.25, y: 0)
        layer.shadowOffset = CGSize(width: 37.25, height: 0)
        CATransaction.commit()
        for keyPath in ["position.x", "shadowOffset.width"] {
            let a = basic(keyPath, from: c.from, to: c.to, by: c.by, duration: 0.8)
            a.isAdditive = c.additive
            a.isCumulative = c.cumulative
            a.repeatCount = 3
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(a, forKey: keyPath)
        }
        display.advance(by: 0)
        for step in 1...20 {
            display.advance(by: 0.113)
            let p = try #require(layer.presentation())
            #expect(p.position.x == p.shadowOffset.width, "step \(step)")
        }
        // The animations did move the value (the comparison is not between two untouched models).
        let moved = try #require(layer.presentation()).position.x
        #expect(moved != 37.25 || c.by == nil && c.from == nil)
    }
}
