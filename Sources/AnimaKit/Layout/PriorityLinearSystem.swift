import Foundation

/// Linear equalities and inequalities over a few unknowns, each with a priority, solved the way Auto Layout
/// promises: rows hold in priority order, and a row that cannot hold together with the rows above it is given up.
///
/// Method — a greedy Gaussian elimination with an active set:
/// ```
/// rows by priority (ties: the order added) ─▶ each into the basis, unless it is a combination of rows already
///                                            there (then it is dropped: it holds already, or it cannot)
/// inequalities start out ignored ─▶ the first one the solution breaks becomes an equality at its place in
///                                   the order; one made so earlier is let go again when the solution keeps it
///                                   without help; until no inequality is broken
/// ```
/// Unknowns no row decides come out as 0: give every unknown a lowest-priority row (a "stay") to avoid that.
/// The solution depends only on the rows and their order, never on a clock or hashing.
struct PriorityLinearSystem {
    typealias Relation = NSLayoutConstraint.Relation

    /// `Σ coefficient × unknown (relation) constant`, held with `priority`.
    struct Row {
        var terms: [(unknown: Int, coefficient: Double)]
        var relation: Relation
        var constant: Double
        var priority: Float
    }

    let unknownCount: Int
    private(set) var rows: [Row] = []

    /// How far a row may miss and still count as holding (points).
    static let tolerance = 1e-6

    init(unknownCount: Int) {
        self.unknownCount = unknownCount
    }

    /// Adds `Σ terms (relation) constant` at `priority`; returns the row's index.
    @discardableResult
    mutating func add(_ terms: [(unknown: Int, coefficient: Double)], _ relation: Relation, _ constant: Double,
                      priority: Float) -> Int {
        rows.append(Row(terms: terms, relation: relation, constant: constant, priority: priority))
        return rows.count - 1
    }

    /// `left side − constant` of row `index` for `values`: 0 when an equality holds exactly.
    func residual(of index: Int, for values: [Double]) -> Double {
        let row = rows[index]
        return row.terms.reduce(0) { $0 + $1.coefficient * values[$1.unknown] } - row.constant
    }

    /// Whether row `index` holds for `values`, within `slack`.
    func holds(_ index: Int, for values: [Double], slack: Double = tolerance) -> Bool {
        let r = residual(of: index, for: values)
        switch rows[index].relation {
        case .equal: return abs(r) <= slack
        case .lessThanOrEqual: return r <= slack
        case .greaterThanOrEqual: return r >= -slack
        }
    }

    /// The values of the unknowns.
    func solve() -> [Double] {
        let order = rows.indices.sorted { rows[$0].priority != rows[$1].priority ? rows[$0].priority > rows[$1].priority : $0 < $1 }
        let inequalities = order.filter { rows[$0].relation != .equal }
        var active = [Bool](repeating: false, count: rows.count)
        var values = solveEqualities(order, active)
        for _ in 0...(2 * inequalities.count) {
            for index in inequalities.reversed() where active[index] {
                active[index] = false
                let trial = solveEqualities(order, active)
                if holds(index, for: trial) { values = trial } else { active[index] = true }
            }
            guard let broken = inequalities.first(where: { !active[$0] && !holds($0, for: values) }) else { break }
            active[broken] = true
            values = solveEqualities(order, active)
        }
        return values
    }

    /// The solution of the equalities and the active inequalities, taken greedily in `order`.
    private func solveEqualities(_ order: [Int], _ active: [Bool]) -> [Double] {
        let n = unknownCount
        // Each basis row is 1 at its pivot and 0 at the pivots of the rows before it.
        var basis: [(pivot: Int, coefficients: [Double], constant: Double)] = []
        for index in order where rows[index].relation == .equal || active[index] {
            guard basis.count < n else { break }
            var coefficients = [Double](repeating: 0, count: n)
            for term in rows[index].terms { coefficients[term.unknown] += term.coefficient }
            var constant = rows[index].constant
            for b in basis {
                let factor = coefficients[b.pivot]
                guard factor != 0 else { continue }
                for j in 0..<n where b.coefficients[j] != 0 { coefficients[j] -= factor * b.coefficients[j] }
                constant -= factor * b.constant
            }
            var pivot = -1, largest = 1e-9
            for j in 0..<n where abs(coefficients[j]) > largest {
                pivot = j
                largest = abs(coefficients[j])
            }
            guard pivot >= 0 else { continue }   // already decided by the rows above: it holds or it is given up
            let scale = 1 / coefficients[pivot]
            basis.append((pivot, coefficients.map { $0 * scale }, constant * scale))
        }
        var values = [Double](repeating: 0, count: n)
        for b in basis.reversed() {
            var value = b.constant
            for j in 0..<n where j != b.pivot && b.coefficients[j] != 0 { value -= b.coefficients[j] * values[j] }
            values[b.pivot] = value
        }
        return values
    }
}
