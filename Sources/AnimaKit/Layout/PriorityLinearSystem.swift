import Foundation

/// Linear equalities and inequalities over a few unknowns, each with a priority, solved the way Auto Layout
/// promises: required rows hold exactly, and the others come as close as they can, higher priorities first.
///
/// Method — Cassowary's incremental simplex (``SimplexTableau``), once per independent part of the system:
/// ```
/// rows ─▶ parts: unknowns that share a row, transitively (union–find; a view's x and y rarely meet)
/// each part ─▶ its rows into a tableau by priority (ties: the order added); a required row that cannot hold with
///              the ones before it is left out (the caller sees it miss)
/// objective  ─▶ each non-required priority is a level; the total miss of a level's rows is minimized before the
///              next level is looked at (lexicographically, not by weights: 750 beats any number of 250s, and a
///              priority of 1 beats any number of stays, with no weight range for doubles to round away)
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
        let n = unknownCount
        // Each row as sorted terms without repeats or zeros.
        let terms: [[(unknown: Int, coefficient: Double)]] = rows.map { row in
            var sum = [(unknown: Int, coefficient: Double)]()
            for term in row.terms.sorted(by: { $0.unknown < $1.unknown }) {
                if sum.last?.unknown == term.unknown { sum[sum.count - 1].coefficient += term.coefficient } else { sum.append(term) }
            }
            return sum.filter { $0.coefficient != 0 }
        }
        // Parts: union–find over the unknowns each row touches.
        var parent = Array(0..<n)
        func root(_ u: Int) -> Int {
            var u = u
            while parent[u] != u { parent[u] = parent[parent[u]]; u = parent[u] }
            return u
        }
        for row in terms {
            for term in row.dropFirst() {
                let a = root(row[0].unknown), b = root(term.unknown)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var part = [Int](repeating: -1, count: n), local = [Int](repeating: -1, count: n)
        var sizes: [Int] = []
        for u in 0..<n {
            let r = root(u)
            if part[r] < 0 { part[r] = sizes.count; sizes.append(0) }
            part[u] = part[r]
            local[u] = sizes[part[u]]
            sizes[part[u]] += 1
        }
        // Levels: the distinct non-required priorities, strongest first.
        var levels: [Float] = []
        for p in rows.map(\.priority).filter({ $0 < Self.required }).sorted(by: >) where levels.last != p { levels.append(p) }
        var tableaus = sizes.map { SimplexTableau(externalCount: $0, levelCount: levels.count) }
        let order = rows.indices.sorted { rows[$0].priority != rows[$1].priority ? rows[$0].priority > rows[$1].priority : $0 < $1 }
        for index in order where !terms[index].isEmpty {
            let row = rows[index]
            let level = row.priority < Self.required ? levels.firstIndex(of: row.priority) : nil
            let p = part[terms[index][0].unknown]
            tableaus[p].add(terms[index].map { (local[$0.unknown], $0.coefficient) }, row.relation, row.constant, level: level)
        }
        for p in tableaus.indices { tableaus[p].optimize() }
        return (0..<n).map { tableaus[part[$0]].value(of: local[$0]) }
    }

    /// The priority of rows that must hold.
    private static let required: Float = 1000
}
