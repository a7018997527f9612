/// The incremental simplex of the Cassowary algorithm (Badros, Borning and Stuckey, 2001), with a lexicographic
/// objective: constraints are added one at a time to a tableau that stays feasible after each, and
/// ``optimize()`` then pivots it to the optimum.
///
/// Symbols: the *external* ones are the unknowns (unrestricted); *slack* (an inequality's distance from its bound),
/// *error* (how far a non-required constraint misses, one per direction) and *dummy* (marks a required equality)
/// are all ≥ 0. The tableau holds one row per basic symbol, `basic = constant + Σ coefficient × nonbasic`; a
/// nonbasic symbol is 0, so an unknown is its row's constant, or 0 when it is not basic. Optimizing once after all
/// the rows, rather than after each as Cassowary does for interactive edits, reaches the same optimum in fewer pivots.
/// ```
/// required   Σ c·x (=, ≤, ≥) k    exact: a dummy or slack marks it; when no symbol can take the row over, an
///                                  artificial one is driven to 0 — if it cannot be, the row is left out
/// level ℓ    Σ c·x − k = e⁺ − e⁻   (≤ / ≥: one error and a slack) errors enter objective ℓ with weight 1
/// minimize   (objective 0, objective 1, …) lexicographically: a level never gives up any amount for the ones below
/// ```
/// Pivots follow Bland's rule (the lowest symbol enters, ties for leaving go to the lowest basic symbol), so the
/// simplex cannot cycle, and everything is walked in symbol order: the result depends only on what was added and in
/// which order.
struct SimplexTableau {
    enum Kind { case external, slack, error, dummy }

    private var kinds: [Kind]
    /// Basic symbol → its row.
    private var rows: [SparseLinearRow?]
    /// Symbol → basic symbols whose rows contained it when it was put there (some since gone: checked on use).
    private var columns: [[Int]]
    /// One objective per level, strongest first.
    private var objectives: [SparseLinearRow]
    /// While a required row is added through an artificial symbol: that row, to be driven to 0.
    private var artificial: SparseLinearRow?
    private var scratch: [Int] = []

    /// A tableau over `externalCount` unknowns (symbols `0..<externalCount`) with `levelCount` non-required levels.
    init(externalCount: Int, levelCount: Int) {
        kinds = Array(repeating: .external, count: externalCount)
        rows = Array(repeating: nil, count: externalCount)
        columns = Array(repeating: [], count: externalCount)
        objectives = Array(repeating: SparseLinearRow(constant: 0), count: levelCount)
    }

    /// The value of unknown `external` (after ``optimize()``).
    func value(of external: Int) -> Double { rows[external]?.constant ?? 0 }

    private mutating func newSymbol(_ kind: Kind) -> Int {
        kinds.append(kind)
        rows.append(nil)
        columns.append([])
        return kinds.count - 1
    }

    /// Adds `Σ coefficient × external (relation) constant`, required when `level` is nil, else an error weighted in
    /// objective `level`; false when a required row cannot hold together with the rows before it (it is left out).
    @discardableResult
    mutating func add(_ terms: [(symbol: Int, coefficient: Double)], _ relation: NSLayoutConstraint.Relation,
                      _ constant: Double, level: Int?) -> Bool {
        var row = SparseLinearRow(constant: -constant)
        for term in terms {
            if let definition = rows[term.symbol] {
                row.add(definition, times: term.coefficient, inserted: &scratch)
            } else {
                row.add(term.symbol, times: term.coefficient)
            }
        }
        let marker: Int, other: Int?
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1   // expression + sign × slack = 0
            marker = newSymbol(.slack)
            row.add(marker, times: sign)
            if let level {
                let error = newSymbol(.error)
                row.add(error, times: -sign)
                objectives[level].add(error, times: 1)
                other = error
            } else {
                other = nil
            }
        case .equal:
            if let level {
                marker = newSymbol(.error)   // expression = e⁺ − e⁻
                let minus = newSymbol(.error)
                row.add(marker, times: -1)
                row.add(minus, times: 1)
                objectives[level].add(marker, times: 1)
                objectives[level].add(minus, times: 1)
                other = minus
            } else {
                marker = newSymbol(.dummy)
                row.add(marker, times: 1)
                other = nil
            }
        }
        if row.constant < 0 { row.negate() }   // a restricted subject then keeps a constant ≥ 0
        var subject = chooseSubject(row, marker: marker, other: other)
        if subject == nil && row.symbols.allSatisfy({ kinds[$0] == .dummy }) {
            guard abs(row.constant) < SparseLinearRow.epsilon else { return false }
            subject = marker   // redundant: it holds already
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, by: row)
            store(row, basic: subject)
        } else if !addWithArtificialSymbol(row) {
            return false
        }
        return true
    }

    /// The symbol a new row is solved for: an unknown, else its slack or error when that keeps the row feasible.
    ///
    /// Of the unknowns, the one in the fewest rows (ties: the lowest), as in sparse elimination: substituting it
    /// touches few rows and keeps them short. Chained views (`top = previous.bottom + 8`) then stay one short row
    /// each instead of sums over the whole chain.
    private func chooseSubject(_ row: SparseLinearRow, marker: Int, other: Int?) -> Int? {
        var subject: Int?, fewest = Int.max
        for symbol in row.symbols where kinds[symbol] == .external && columns[symbol].count < fewest {
            subject = symbol
            fewest = columns[symbol].count
        }
        if let subject { return subject }
        for symbol in [marker] + (other.map { [$0] } ?? []) where kinds[symbol] != .dummy {
            if row.coefficient(of: symbol) < 0 { return symbol }
        }
        return nil
    }

    /// Adds `0 = row` through an artificial symbol `a = row`, minimizing `a`: the row holds iff `a` reaches 0.
    private mutating func addWithArtificialSymbol(_ row: SparseLinearRow) -> Bool {
        let art = newSymbol(.slack)
        store(row, basic: art)
        artificial = row
        optimize()
        let holds = abs(artificial?.constant ?? 0) < SparseLinearRow.epsilon
        artificial = nil
        if var definition = rows[art] {
            rows[art] = nil   // art appears in no other row: the others are the system without this row
            guard holds else { return false }
            if let entering = definition.symbols.first(where: { kinds[$0] == .slack || kinds[$0] == .error }) {
                definition.solve(for: entering, replacing: art)
                substitute(entering, by: definition)
                store(definition, basic: entering)
            }   // else only dummies, which are 0: the row holds as it stands
        }
        for basic in basicsContaining(art) { rows[basic]!.remove(art) }
        for level in objectives.indices { objectives[level].remove(art) }
        return holds
    }

    private mutating func store(_ row: SparseLinearRow, basic: Int) {
        for symbol in row.symbols { columns[symbol].append(basic) }
        rows[basic] = row
    }

    /// The basic symbols whose rows hold `symbol`, in ascending order (and the column pruned to them).
    private mutating func basicsContaining(_ symbol: Int) -> [Int] {
        var found: [Int] = []
        for basic in columns[symbol] where rows[basic].map({ $0.coefficient(of: symbol) != 0 }) ?? false {
            found.append(basic)
        }
        found.sort()
        var unique: [Int] = []
        for basic in found where unique.last != basic { unique.append(basic) }
        columns[symbol] = unique
        return unique
    }

    /// Replaces `symbol` by `definition` everywhere: in the rows and the objectives.
    private mutating func substitute(_ symbol: Int, by definition: SparseLinearRow) {
        for basic in basicsContaining(symbol) {
            scratch.removeAll(keepingCapacity: true)
            rows[basic]!.substitute(symbol, by: definition, inserted: &scratch)
            for added in scratch { columns[added].append(basic) }
        }
        for level in objectives.indices { objectives[level].substitute(symbol, by: definition, inserted: &scratch) }
        artificial?.substitute(symbol, by: definition, inserted: &scratch)
        scratch.removeAll(keepingCapacity: true)
    }

    /// Pivots until no symbol improves the objective (the artificial one while there is one). ``add(_:_:_:level:)``
    /// keeps the tableau feasible but not optimal: optimize before reading values.
    mutating func optimize() {
        while let entering = enteringSymbol() {
            guard let leaving = leavingSymbol(for: entering) else { return }   // unbounded: cannot happen, errors ≥ 0
            var row = rows[leaving]!
            rows[leaving] = nil
            row.solve(for: entering, replacing: leaving)
            substitute(entering, by: row)
            store(row, basic: entering)
        }
    }

    /// Bland's rule: the lowest symbol whose increase lowers the objective (lexicographically over the levels).
    private func enteringSymbol() -> Int? {
        let tolerance = SparseLinearRow.epsilon
        if let artificial {
            for k in artificial.symbols.indices where artificial.coefficients[k] < -tolerance {
                if kinds[artificial.symbols[k]] != .dummy { return artificial.symbols[k] }
            }
            return nil
        }
        var candidates: [Int] = []
        for objective in objectives {
            for k in objective.symbols.indices where objective.coefficients[k] < -tolerance {
                candidates.append(objective.symbols[k])
            }
        }
        guard !candidates.isEmpty else { return nil }
        candidates.sort()
        var previous = -1
        for symbol in candidates where symbol != previous && kinds[symbol] != .dummy {
            previous = symbol
            for objective in objectives {
                let c = objective.coefficient(of: symbol)
                if c < -tolerance { return symbol }
                if c > tolerance { break }
            }
        }
        return nil
    }

    /// The ratio test: the restricted basic symbol that reaches 0 first as `entering` grows (ties: the lowest).
    private mutating func leavingSymbol(for entering: Int) -> Int? {
        var best: (basic: Int, ratio: Double)?
        for basic in basicsContaining(entering) where kinds[basic] != .external {
            let row = rows[basic]!
            let c = row.coefficient(of: entering)
            guard c < -SparseLinearRow.epsilon else { continue }
            let ratio = -row.constant / c
            if best == nil || ratio < best!.ratio - 1e-12 { best = (basic, ratio) }
        }
        return best?.basic
    }
}
