import Foundation
import Testing
@testable import AnimaKit

/// ``PriorityLinearSystem``'s rules on small systems worked by hand, and against a slow, obvious reference.
@Suite("Priority linear system")
struct PriorityLinearSystemTests {
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

    @Test("Equalities at distinct priorities: the same values as greedy elimination, row by row in priority order")
    func equalitiesMatchGreedyElimination() {
        // With one row per priority and only equalities, "each level as close as it can" is "each row holds unless
        // the rows above decide it already", so Gaussian elimination in priority order is a reference.
        var seed: UInt64 = 0x5EED
        func random(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        for _ in 0..<200 {
            let n = random(2...5)
            var system = PriorityLinearSystem(unknownCount: n)
            var priorities = Array(stride(from: Float(999), through: 1, by: -7)).shuffledBy { random(0...$0) }
            for _ in 0..<random(1...(n + 2)) {
                let unknowns = (0..<random(1...3)).map { _ in random(0...(n - 1)) }
                let terms = unknowns.map { (unknown: $0, coefficient: Double(random(-2...2))) }
                system.add(terms, .equal, Double(random(-10...10)),
                           priority: random(0...2) == 0 ? 1000 : priorities.removeLast())
            }
            for u in 0..<n { system.add([(u, 1)], .equal, Double(u), priority: -1 - Float(u)) }
            let expected = greedyElimination(system)
            let values = system.solve()
            for u in 0..<n { #expect(abs(values[u] - expected[u]) < 1e-6, "\(system.rows)") }
        }
    }

    /// Each row in priority order (ties: the order added) into a basis, unless the rows before decide it.
    private func greedyElimination(_ system: PriorityLinearSystem) -> [Double] {
        let n = system.unknownCount, rows = system.rows
        let order = rows.indices.sorted { rows[$0].priority != rows[$1].priority ? rows[$0].priority > rows[$1].priority : $0 < $1 }
        var basis: [(pivot: Int, coefficients: [Double], constant: Double)] = []
        for index in order {
            var coefficients = [Double](repeating: 0, count: n)
            for term in rows[index].terms { coefficients[term.unknown] += term.coefficient }
            var constant = rows[index].constant
            for b in basis {
                let factor = coefficients[b.pivot]
                for j in 0..<n { coefficients[j] -= factor * b.coefficients[j] }
                constant -= factor * b.constant
            }
            guard let pivot = (0..<n).max(by: { abs(coefficients[$0]) < abs(coefficients[$1]) }),
                  abs(coefficients[pivot]) > 1e-9 else { continue }
            let scale = 1 / coefficients[pivot]
            basis.append((pivot, coefficients.map { $0 * scale }, constant * scale))
        }
        var values = [Double](repeating: 0, count: n)
        for b in basis.reversed() {
            values[b.pivot] = b.constant - (0..<n).reduce(0) { $1 == b.pivot ? $0 : $0 + b.coefficients[$1] * values[$1] }
        }
        return values
    }
}

private extension Array {
    /// Fisher–Yates with `random(i)` in `0...i`: the same order for the same draws.
    func shuffledBy(_ random: (Int) -> Int) -> [Element] {
        var result = self
        for i in result.indices.reversed() { result.swapAt(i, random(i)) }
        return result
    }
}
