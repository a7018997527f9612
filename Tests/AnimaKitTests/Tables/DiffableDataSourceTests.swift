import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@Suite("NSDiffableDataSourceSnapshot")
struct DiffableSnapshotTests {
    @Test func itemsAndSectionsByIdentifier() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["fruit", "veg"])
        snapshot.appendItems([1, 2, 3], toSection: "fruit")
        snapshot.appendItems([10, 11])                       // the last section
        snapshot.insertItems([0], beforeItem: 1)
        snapshot.insertItems([12], afterItem: 11)
        #expect(snapshot.itemIdentifiers == [0, 1, 2, 3, 10, 11, 12])
        #expect(snapshot.numberOfItems == 7 && snapshot.numberOfSections == 2)
        #expect(snapshot.numberOfItems(inSection: "veg") == 3)
        #expect(snapshot.sectionIdentifier(containingItem: 11) == "veg" && snapshot.sectionIdentifier(containingItem: 99) == nil)
        #expect(snapshot.indexOfItem(10) == 4 && snapshot.indexOfSection("veg") == 1)
        snapshot.moveItem(3, beforeItem: 0)
        snapshot.moveItem(10, afterItem: 12)
        #expect(snapshot.itemIdentifiers(inSection: "fruit") == [3, 0, 1, 2])
        #expect(snapshot.itemIdentifiers(inSection: "veg") == [11, 12, 10])
        snapshot.deleteItems([0, 12, 404])
        #expect(snapshot.itemIdentifiers == [3, 1, 2, 11, 10])
        snapshot.reloadItems([1])
        #expect(snapshot.reloadedItemIdentifiers == [1])
        snapshot.deleteSections(["fruit"])
        #expect(snapshot.sectionIdentifiers == ["veg"] && snapshot.itemIdentifiers == [11, 10])
        #expect(snapshot.reloadedItemIdentifiers.isEmpty, "a deleted item is no longer marked")
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
    }

    @Test func theDiffKeepsTheLongestRunInOrderAndMovesTheRest() {
        #expect(SnapshotDiff.longestIncreasingRun([0, 4, 1, 2, 3]) == [0, 2, 3, 4])
        #expect(SnapshotDiff.longestIncreasingRun([]) == [])
        var old = NSDiffableDataSourceSnapshot<Int, String>()
        old.appendSections([0, 1])
        old.appendItems(["a", "b", "c", "d"], toSection: 0)
        old.appendItems(["x"], toSection: 1)
        var new = NSDiffableDataSourceSnapshot<Int, String>()
        new.appendSections([0, 1])
        new.appendItems(["d", "a", "c", "e"], toSection: 0)   // b deleted, d moved to the front, e inserted
        new.appendItems(["x"], toSection: 1)
        new.reloadItems(["c"])
        let diff = SnapshotDiff(from: old, to: new)
        #expect(diff.deletedRows == [IndexPath(row: 1, section: 0)])
        #expect(diff.insertedRows == [IndexPath(row: 3, section: 0)])
        #expect(diff.movedRows.map { [$0.from, $0.to] } == [[IndexPath(row: 3, section: 0), IndexPath(row: 0, section: 0)]])
        #expect(diff.reloadedRows == [IndexPath(row: 2, section: 0)])
        #expect(diff.deletedSections.isEmpty && diff.insertedSections.isEmpty)
        // Sections that swap: one stays, the other goes and comes back.
        var swapped = NSDiffableDataSourceSnapshot<Int, String>()
        swapped.appendSections([1, 0])
        swapped.appendItems(["x"], toSection: 1)
        swapped.appendItems(["a"], toSection: 0)
        let sections = SnapshotDiff(from: old, to: swapped)
        #expect(sections.deletedSections.count == 1 && sections.insertedSections.count == 1)
    }
}

@Suite("NSDiffableDataSourceSnapshot programmer errors")
struct DiffableSnapshotProgrammerErrorTests {
    @Test func aDuplicateItemTraps() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems([1, 2])
            snapshot.appendItems([2])
        }
    }
}

@MainActor
@Suite("UITableViewDiffableDataSource")
struct DiffableDataSourceTests {
    private func makeTable() -> (HeadlessDisplay, UITableView, UITableViewDiffableDataSource<Int, String>) {
        let (display, window) = makeWindow(width: 320, height: 300)
        keptTestWindows.append(window)
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        window.addSubview(table)
        let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        display.advance(by: 0)
        return (display, table, dataSource)
    }

    private func titles(_ table: UITableView) -> [String] { table.visibleCells.map { $0.textLabel?.text ?? "" } }

    @Test func applyingAnimatesByIdentityAndCellsFollowTheirItems() throws {
        let (display, table, dataSource) = makeTable()
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Apple", "Banana", "Cherry", "Date"])
        dataSource.apply(snapshot, animatingDifferences: false)
        display.advance(by: 1.0 / 60)
        #expect(titles(table) == ["Apple", "Banana", "Cherry", "Date"])
        let cherry = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        var next = dataSource.snapshot()
        next.deleteItems(["Banana"])
        next.moveItem("Cherry", beforeItem: "Apple")
        next.appendItems(["Elderberry"])
        var done = false
        dataSource.apply(next, animatingDifferences: true) { done = true }
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === cherry, "Cherry's cell moved with it")
        display.advance(by: 0)
        display.advance(by: UITableView.rowAnimationDuration / 2)
        let y = try #require(cherry.layer.presentation()).position.y
        #expect(y > 22 + 5 && y < 88 + 22 - 5, "sliding from row 2 to row 0: \(y)")
        #expect(!done)
        display.advance(by: UITableView.rowAnimationDuration)
        #expect(done && titles(table) == ["Cherry", "Apple", "Date", "Elderberry"])
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 3, section: 0)) == "Elderberry")
        #expect(dataSource.indexPath(for: "Date") == IndexPath(row: 2, section: 0))
        #expect(dataSource.sectionIdentifier(for: 0) == 0 && dataSource.index(for: 0) == 0)
    }

    @Test func sectionsComeAndGoAndReloadedItemsGetNewCells() throws {
        let (display, table, dataSource) = makeTable()
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["a", "b"], toSection: 0)
        snapshot.appendItems(["c"], toSection: 1)
        dataSource.apply(snapshot, animatingDifferences: false)
        display.advance(by: 1.0 / 60)
        let a = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        var next = dataSource.snapshot()
        next.deleteSections([1])
        next.appendSections([2])
        next.appendItems(["z"], toSection: 2)
        next.reloadItems(["a"])
        dataSource.apply(next)
        display.advance(by: 1)
        #expect(titles(table) == ["a", "b", "z"] && table.numberOfSections == 2)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) !== a, "a reloaded item gets a new cell")
        #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty, "the shown snapshot has no marks left")
    }
}
