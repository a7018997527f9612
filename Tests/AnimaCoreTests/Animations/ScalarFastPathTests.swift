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

    /// A scalar animation drops its box of resolved values once its endpoints are taken (≈ 0.5 KB less per
    /// animation); asked for them (an implicit action that retargets asks for the start value), it converts its
    /// public values again, to the property's kind. A `bounds` animation, not scalar, keeps its box.
    @Test func droppedResolvedValuesReadBackConverted() throws {
        let (_, layer) = makeScene("resolved-on-demand", at: 1)
        let position = CABasicAnimation(keyPath: "position")
        position.fromValue = CGPoint(x: 1, y: 2)
        position.byValue = CGPoint(x: 30, y: 40)
        let opacity = CABasicAnimation(keyPath: "opacity")
        opacity.fromValue = 1          // an Int, converted to the property's number
        opacity.toValue = Float(0.25)
        let bounds = CABasicAnimation(keyPath: "bounds")   // not scalar: keeps its box
        bounds.toValue = CGRect(x: 0, y: 0, width: 5, height: 6)
        layer.add(position, forKey: "p")
        layer.add(opacity, forKey: "o")
        layer.add(bounds, forKey: "b")
        let p = try #require(layer.animation(forKey: "p") as? CABasicAnimation)
        let o = try #require(layer.animation(forKey: "o") as? CABasicAnimation)
        let b = try #require(layer.animation(forKey: "b") as? CABasicAnimation)
        func isScalar(_ a: CAAnimation) -> Bool { if case .basic = a.makeProgram() { return true } else { return false } }
        #expect(isScalar(p) && isScalar(o) && !isScalar(b))
        func pair(_ value: AnimatableValue?) -> SIMD2<Double>? { value?.scalarPair }
        #expect(pair(p.resolvedFrom) == SIMD2(1, 2) && p.resolvedTo == nil && pair(p.resolvedBy) == SIMD2(30, 40))
        guard case .point? = p.resolvedFrom, case .number? = o.resolvedFrom else {
            Issue.record("position reads back as a point, opacity as a number")
            return
        }
        #expect(pair(o.resolvedFrom) == SIMD2(1, 0) && pair(o.resolvedTo) == SIMD2(0.25, 0) && o.resolvedBy == nil)
        guard case .rect(let to)? = b.resolvedTo else {
            Issue.record("bounds keeps its rectangle")
            return
        }
        #expect(to == CGRect(x: 0, y: 0, width: 5, height: 6) && b.resolvedFrom == nil)
        #expect(p.capturedPrevious == nil && o.capturedPrevious == nil)
    }

    /// The stored copy must not be modified (Apple: undefined). If it is, the running animation keeps the endpoints
    /// it took when added, and a retarget that converts the changed values again falls back to the presented value.
    @Test func changingTheStoredCopyAfterwardsChangesNothingAndCrashesNothing() throws {
        let (display, layer) = makeScene("changed-copy", at: 1)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position.x = 150   // an implicit animation from (50, 50), not yet committed
        let stored = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        stored.fromValue = "not a point"
        layer.position.y = 250   // retargets: asks the pending animation for its start value
        CATransaction.commit()
        display.advance(to: 1.125)
        let shown = try #require(layer.presentation()).position
        #expect(shown.x.isFinite && shown.y.isFinite)
        display.advance(to: 2)
        #expect(try #require(layer.presentation()).position == CGPoint(x: 150, y: 250))
    }
}
