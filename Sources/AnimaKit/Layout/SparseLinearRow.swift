/// `constant + Σ coefficient × symbol` over a few of many symbols, kept sorted by symbol so that every walk over it
/// (and so every sum it takes part in) happens in one order: results never depend on hashing.
///
/// Coefficients that come within ``epsilon`` of 0 are dropped, as in the Cassowary papers: they are rounding left
/// over by a cancellation, and keeping them would let a solver pivot on noise.
struct SparseLinearRow {
    /// Magnitude below which a coefficient counts as 0.
    static let epsilon = 1e-8

    var constant: Double
    private(set) var symbols: [Int] = []
    private(set) var coefficients: [Double] = []

    init(constant: Double) {
        self.constant = constant
    }

    var isConstant: Bool { symbols.isEmpty }

    /// Where `symbol` is, or where it would go.
    private func position(of symbol: Int) -> (index: Int, found: Bool) {
        var low = 0, high = symbols.count
        while low < high {
            let mid = (low + high) / 2
            if symbols[mid] < symbol { low = mid + 1 } else { high = mid }
        }
        return (low, low < symbols.count && symbols[low] == symbol)
    }

    func coefficient(of symbol: Int) -> Double {
        let p = position(of: symbol)
        return p.found ? coefficients[p.index] : 0
    }

    /// Adds `coefficient × symbol`; true when the symbol was not in the row before.
    @discardableResult
    mutating func add(_ symbol: Int, times coefficient: Double) -> Bool {
        let p = position(of: symbol)
        if p.found {
            let sum = coefficients[p.index] + coefficient
            if abs(sum) < Self.epsilon {
                symbols.remove(at: p.index)
                coefficients.remove(at: p.index)
            } else {
                coefficients[p.index] = sum
            }
            return false
        }
        guard abs(coefficient) >= Self.epsilon else { return false }
        symbols.insert(symbol, at: p.index)
        coefficients.insert(coefficient, at: p.index)
        return true
    }

    /// Adds `factor × other`, appending the symbols new to this row to `inserted`.
    mutating func add(_ other: SparseLinearRow, times factor: Double, inserted: inout [Int]) {
        constant += factor * other.constant
        if other.symbols.count <= 4 || other.symbols.count * 8 < symbols.count {
            // A few symbols: in place (binary search and a short move each) rather than a new merged copy.
            for k in other.symbols.indices where add(other.symbols[k], times: factor * other.coefficients[k]) {
                inserted.append(other.symbols[k])
            }
            return
        }
        var mergedSymbols: [Int] = [], mergedCoefficients: [Double] = []
        mergedSymbols.reserveCapacity(symbols.count + other.symbols.count)
        mergedCoefficients.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0, j = 0
        while i < symbols.count || j < other.symbols.count {
            if j == other.symbols.count || (i < symbols.count && symbols[i] < other.symbols[j]) {
                mergedSymbols.append(symbols[i])
                mergedCoefficients.append(coefficients[i])
                i += 1
            } else if i == symbols.count || other.symbols[j] < symbols[i] {
                let value = factor * other.coefficients[j]
                if abs(value) >= Self.epsilon {
                    mergedSymbols.append(other.symbols[j])
                    mergedCoefficients.append(value)
                    inserted.append(other.symbols[j])
                }
                j += 1
            } else {
                let value = coefficients[i] + factor * other.coefficients[j]
                if abs(value) >= Self.epsilon {
                    mergedSymbols.append(symbols[i])
                    mergedCoefficients.append(value)
                }
                i += 1
                j += 1
            }
        }
        symbols = mergedSymbols
        coefficients = mergedCoefficients
    }

    mutating func remove(_ symbol: Int) {
        let p = position(of: symbol)
        guard p.found else { return }
        symbols.remove(at: p.index)
        coefficients.remove(at: p.index)
    }

    /// Replaces `symbol` by `definition` (what it equals); appends the symbols new to this row to `inserted`.
    mutating func substitute(_ symbol: Int, by definition: SparseLinearRow, inserted: inout [Int]) {
        let p = position(of: symbol)
        guard p.found else { return }
        let factor = coefficients[p.index]
        symbols.remove(at: p.index)
        coefficients.remove(at: p.index)
        add(definition, times: factor, inserted: &inserted)
    }

    mutating func negate() {
        constant = -constant
        for k in coefficients.indices { coefficients[k] = -coefficients[k] }
    }

    /// Turns `0 = self` into `symbol = self′`, `symbol` taken out (its coefficient must not be 0).
    mutating func solve(for symbol: Int) {
        let p = position(of: symbol)
        precondition(p.found, "solving for a symbol the row does not hold")
        let factor = -1 / coefficients[p.index]
        symbols.remove(at: p.index)
        coefficients.remove(at: p.index)
        constant *= factor
        for k in coefficients.indices { coefficients[k] *= factor }
    }

    /// Turns `basic = self` into `entering = self′`, `basic` moved to the right side.
    mutating func solve(for entering: Int, replacing basic: Int) {
        add(basic, times: -1)
        solve(for: entering)
    }
}
