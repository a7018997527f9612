import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Many labels stacked by constraints, the case the solver must scale to, and the priority rules of
/// ``PriorityLinearSystem`` on small systems worked by hand.
@MainActor
@Suite("Label chain layout")
struct LabelChainLayoutTests {
    @Test("60 labels chained top to bottom: each at x = 16, 8 points below the one before, at its natural size")
    func sixtyChainedLabels() {
        let (_, window) = makeWindow()
        var labels: [UILabel] = []
        for i in 0..<60 {
            let label = UILabel()
            label.text = "Label \(i) " + String(repeating: "w", count: i % 7)
            label.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(label)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: labels.last?.bottomAnchor ?? window.topAnchor,
                                           constant: labels.isEmpty ? 16 : 8),
            ])
            labels.append(label)
        }
        window.layoutIfNeeded()
        for (i, label) in labels.enumerated() {
            let natural = label.intrinsicContentSize
            #expect(natural.width > 0 && natural.width < 400 - 32)   // fits: trailing ≤ 384 does not clamp it
            // Every label has the same height, so label i starts 16 + i × (height + 8) from the top.
            #expect(label.frame == CGRect(x: 16, y: 16 + CGFloat(i) * (natural.height + 8),
                                          width: natural.width, height: natural.height), "label \(i)")
        }
    }

    @Test("A higher priority wins over any number of lower ones; stays give way to everything")
    func prioritiesAreLexicographic() {
        // x₀ = 10 at 750 against x₀ = 0 at 250 five times over (weights would let the five win at 1 : 5 ratios).
        var system = PriorityLinearSystem(unknownCount: 2)
        system.add([(0, 1)], .equal, 10, priority: 750)
        for _ in 0..<5 { system.add([(0, 1)], .equal, 0, priority: 250) }
        // x₁ ≥ x₀ + 5 at priority 1 against a hundred stays at x₁ = 0.
        system.add([(1, 1), (0, -1)], .greaterThanOrEqual, 5, priority: 1)
        for _ in 0..<100 { system.add([(1, 1)], .equal, 0, priority: -1) }
        #expect(system.solve() == [10, 15])
    }

    @Test("A required row that contradicts the required rows before it is left out; the optional ones still count")
    func anUnsatisfiableRequiredRowIsLeftOut() {
        // x + w = 100, w = 30, x = 90 (all required: the last cannot hold), x = 50 at 500.
        var system = PriorityLinearSystem(unknownCount: 2)
        system.add([(0, 1), (1, 1)], .equal, 100, priority: 1000)
        system.add([(1, 1)], .equal, 30, priority: 1000)
        let late = system.add([(0, 1)], .equal, 90, priority: 1000)
        system.add([(0, 1)], .lessThanOrEqual, 50, priority: 500)
        let values = system.solve()
        #expect(values == [70, 30])
        #expect(!system.holds(late, for: values) && system.residual(of: late, for: values) == -20)
        // Unknowns that no row mentions come out as 0.
        #expect(PriorityLinearSystem(unknownCount: 3).solve() == [0, 0, 0])
    }
}
