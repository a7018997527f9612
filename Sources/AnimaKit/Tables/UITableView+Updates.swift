import Foundation
import AnimaCore
import AnimaGraphics

/// The row (or item) and section changes of one batch, as a table's or collection view's update methods named them:
/// deletions and reloads in the old index paths, insertions in the new ones, moves from old to new.
struct ListUpdates {
    var deletedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var insertedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var reloadedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var deletedSections: [Int: UITableView.RowAnimation] = [:]
    var insertedSections: [Int: UITableView.RowAnimation] = [:]
    var completions: [(Bool) -> Void] = []

    var isEmpty: Bool {
        deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
            && deletedSections.isEmpty && insertedSections.isEmpty
    }

    /// Where each old row goes: its new index path (a reloaded row's too), or nil when it is deleted (or its section).
    /// Rows that stay keep their order within the sections that stay; moved rows go where the move says.
    func mapping(oldCounts: [Int], newCounts: [Int], view: String = "table view", element: String = "rows") throws(InvalidUpdate) -> [IndexPath: IndexPath] {
        // Sections: the old ones that stay, in order, become the new ones that were not inserted, in order.
        let keptOld = oldCounts.indices.filter { deletedSections[$0] == nil }
        let keptNew = newCounts.indices.filter { insertedSections[$0] == nil }
        guard keptOld.count == keptNew.count else {
            throw InvalidUpdate(message: "invalid number of sections. The number of sections contained in the \(view) after the update (\(newCounts.count)) must be equal to the number of sections contained in the \(view) before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted).")
        }
        var sectionMap: [Int: Int] = [:]
        for (old, new) in zip(keptOld, keptNew) { sectionMap[old] = new }
        let movedFrom = Set(movedRows.map(\.from)), movedTo = Set(movedRows.map(\.to))
        var result: [IndexPath: IndexPath] = [:]
        for (oldSection, newSection) in zip(keptOld, keptNew) {
            let leaving = (0..<oldCounts[oldSection]).filter {
                let path = IndexPath(row: $0, section: oldSection)
                return deletedRows[path] == nil && !movedFrom.contains(path)
            }
            let arriving = (0..<newCounts[newSection]).filter {
                let path = IndexPath(row: $0, section: newSection)
                return insertedRows[path] == nil && !movedTo.contains(path)
            }
            let inserted = insertedRows.keys.filter { $0.section == newSection }.count
            let deleted = deletedRows.keys.filter { $0.section == oldSection }.count
            let movedIn = movedRows.filter { $0.to.section == newSection }.count
            let movedOut = movedRows.filter { $0.from.section == oldSection }.count
            guard leaving.count == arriving.count else {
                throw InvalidUpdate(message: "invalid number of \(element) in section \(newSection). The number of \(element) contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of \(element) contained in that section before the update (\(oldCounts[oldSection])), plus or minus the number of \(element) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(element) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
            }
            for (old, new) in zip(leaving, arriving) {
                result[IndexPath(row: old, section: oldSection)] = IndexPath(row: new, section: newSection)
            }
        }
        for move in movedRows { result[move.from] = move.to }
        return result
    }

    struct InvalidUpdate: Error { var message: String }
}

extension UITableView {
    /// The length of a row update's animation: our reading of UIKit (which documents none).
    public static let rowAnimationDuration: TimeInterval = 0.3

    /// Starts a batch: row and section updates until the matching `endUpdates()` animate together.
    public func beginUpdates() {
        if updateDepth == 0 { prepareForUpdates() }
        updateDepth += 1
    }

    /// Ends a batch; at the outermost end the table reads the data source again and animates every change.
    public func endUpdates() {
        guard updateDepth > 0 else {
            return Diagnostics.report("UITableView: endUpdates() without beginUpdates(); ignored")
        }
        updateDepth -= 1
        if updateDepth == 0 { applyUpdates() }
    }

    /// Runs `updates` (row and section changes, with the data source changed to match) as one animated batch, then
    /// `completion(true)` when the animation ends.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        if let completion { pendingUpdates.completions.append(completion) }
        endUpdates()
    }

    /// Inserts rows (index paths after the batch), animating them in.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { for path in indexPaths { $0.insertedRows[path] = animation } }
    }

    /// Deletes rows (index paths before the batch), animating them out.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { for path in indexPaths { $0.deletedRows[path] = animation } }
    }

    /// Asks the data source for new cells for these rows, the old cells going out as the new come in.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { for path in indexPaths { $0.reloadedRows[path] = animation } }
    }

    /// Moves a row (from its index path before the batch to its index path after it), sliding it there.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        batch { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts whole sections (indexes after the batch).
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        batch { for section in sections { $0.insertedSections[section] = animation } }
    }

    /// Deletes whole sections (indexes before the batch).
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        batch { for section in sections { $0.deletedSections[section] = animation } }
    }

    private func batch(_ record: (inout ListUpdates) -> Void) {
        beginUpdates()
        record(&pendingUpdates)
        endUpdates()
    }

    /// The table must describe the old state before the batch changes it: lay out what is pending first.
    private func prepareForUpdates() {
        if layout.sections.isEmpty && cellsByRow.isEmpty { rebuildLayout(); tile() }
    }

    private func applyUpdates() {
        let updates = pendingUpdates
        pendingUpdates = ListUpdates()
        guard !updates.isEmpty else {
            for completion in updates.completions { completion(true) }
            return
        }
        let old = layout
        let new = measuredLayout()
        let mapping: [IndexPath: IndexPath]
        do {
            mapping = try updates.mapping(oldCounts: old.sections.map(\.rowCount), newCounts: new.sections.map(\.rowCount))
        } catch {
            let message = "UITableView: Invalid update: \(error.message)"
            Diagnostics.report(message)
            fatalError(message)
        }
        animate(from: old, to: new, mapping: mapping, updates: updates)
    }

    /// Moves the rows that stay, brings inserted rows in and takes deleted rows out, all in one animation.
    private func animate(from old: TableLayout, to new: TableLayout, mapping: [IndexPath: IndexPath], updates: ListUpdates) {
        let width = bounds.width
        layout = new
        contentSize = CGSize(width: width, height: new.contentHeight)
        selectedRows = selectedRows.compactMap { updates.reloadedRows[$0] == nil ? mapping[$0] : nil }
        let offset = clamped(contentOffset)
        let minY = offset.y, maxY = offset.y + bounds.height
        // Where each new row comes from: a surviving old row, or an insertion with its animation.
        var sourceOf: [IndexPath: IndexPath] = [:]
        for (from, to) in mapping { sourceOf[to] = from }
        var entering: [IndexPath: RowAnimation] = [:]
        for (path, animation) in updates.insertedRows { entering[path] = animation }
        for (path, animation) in updates.reloadedRows { if let target = mapping[path] { entering[target] = animation } }
        for (section, animation) in updates.insertedSections {
            for row in 0..<new.numberOfRows(inSection: section) { entering[IndexPath(row: row, section: section)] = animation }
        }
        var cells: [IndexPath: UITableViewCell] = [:]
        var leaving: [(UITableViewCell, CGRect, RowAnimation)] = []
        var slides: [(UITableViewCell, CGRect)] = []
        UIView.performWithoutAnimation {
            for (oldPath, cell) in cellsByRow.sorted(by: { $0.key < $1.key }) {
                if let newPath = mapping[oldPath], updates.reloadedRows[oldPath] == nil {
                    cells[newPath] = cell
                } else {
                    let animation = updates.deletedRows[oldPath] ?? updates.reloadedRows[oldPath]
                        ?? updates.deletedSections[oldPath.section] ?? .fade
                    leaving.append((cell, old.rect(forRow: oldPath, width: width), animation))
                    (delegate as? UITableViewDelegate)?.tableView(self, didEndDisplaying: cell, forRowAt: oldPath)
                }
            }
            setCells(cells)
            // Rows on screen after the update that have no cell yet: made where they were (or off to the side
            // their animation brings them in from).
            for path in new.indexPaths(fromY: minY, toY: maxY) where cells[path] == nil {
                let cell = makeCell(at: path)
                let final = new.rect(forRow: path, width: width)
                if let animation = entering[path] {
                    place(cell, entering: animation, final: final)
                } else if let from = sourceOf[path] {
                    cell.frame = old.contains(from) ? old.rect(forRow: from, width: width) : final
                }
            }
            for (cell, _, _) in leaving { sendSubviewToBack(cell) }
        }
        for (path, cell) in cellsByRow { slides.append((cell, new.rect(forRow: path, width: width))) }
        retiringCells.append(contentsOf: leaving.map(\.0))
        isAnimatingUpdates = true
        let headers = supplementaryViews
        for view in headers.headers.values { view.removeFromSuperview() }
        for view in headers.footers.values { view.removeFromSuperview() }
        supplementaryViews = ([:], [:])
        UIView.animate(withDuration: Self.rowAnimationDuration, delay: 0, options: [.curveEaseInOut]) {
            for (cell, final) in slides {
                cell.frame = final
                cell.alpha = 1
                cell.transform = .identity
            }
            for (cell, from, animation) in leaving { self.take(cell, leaving: animation, from: from) }
            if offset != self.contentOffset { self.contentOffset = offset }
        } completion: { [weak self] finished in
            guard let self else { return }
            for (cell, _, _) in leaving {
                self.retiringCells.removeAll { $0 === cell }
                UIView.performWithoutAnimation { cell.alpha = 1; cell.transform = .identity }
                self.recycle(cell)
            }
            self.isAnimatingUpdates = false
            self.tile()
            for completion in updates.completions { completion(finished) }
        }
        UIView.performWithoutAnimation { tile() }
    }

    /// Puts an entering cell where its animation starts.
    private func place(_ cell: UITableViewCell, entering animation: RowAnimation, final: CGRect) {
        cell.frame = final
        switch animation {
        case .fade, .automatic: cell.alpha = 0
        case .right: cell.frame = final.offsetBy(dx: final.width, dy: 0)
        case .left: cell.frame = final.offsetBy(dx: -final.width, dy: 0)
        case .top: cell.frame = final.offsetBy(dx: 0, dy: -final.height); sendSubviewToBack(cell)
        case .bottom: cell.frame = final.offsetBy(dx: 0, dy: final.height); sendSubviewToBack(cell)
        case .middle: cell.transform = CGAffineTransform(scaleX: 1, y: 0.01)
        case .none: break
        }
    }

    /// Animates a leaving cell out (called inside the animation block).
    private func take(_ cell: UITableViewCell, leaving animation: RowAnimation, from: CGRect) {
        switch animation {
        case .fade, .automatic: cell.alpha = 0
        case .right: cell.frame = from.offsetBy(dx: from.width, dy: 0)
        case .left: cell.frame = from.offsetBy(dx: -from.width, dy: 0)
        case .top: cell.frame = from.offsetBy(dx: 0, dy: -from.height)
        case .bottom: cell.frame = from.offsetBy(dx: 0, dy: from.height)
        case .middle: cell.transform = CGAffineTransform(scaleX: 1, y: 0.01)
        case .none: UIView.performWithoutAnimation { cell.alpha = 0 }
        }
    }
}
