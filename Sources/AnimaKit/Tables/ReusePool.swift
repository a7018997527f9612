import Foundation

/// The cells that left the screen, by reuse identifier, waiting to be handed out again (a table's and a collection
/// view's). The most recently retired cell of an identifier goes out first.
struct ReusePool<Cell: AnyObject> {
    private var cells: [String: [Cell]] = [:]

    /// Keeps `cell` for `identifier` (a cell with none is not reused).
    mutating func put(_ cell: Cell, identifier: String?) {
        if let identifier { cells[identifier, default: []].append(cell) }
    }

    /// A kept cell for `identifier`, if any.
    mutating func take(_ identifier: String) -> Cell? {
        guard var list = cells[identifier], let cell = list.popLast() else { return nil }
        cells[identifier] = list
        return cell
    }
}
