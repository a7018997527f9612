import Foundation
import AnimaCore
import AnimaGraphics

/// A table's data source that shows snapshots and animates from one to the next (UIKit's
/// `UITableViewDiffableDataSource`).
///
/// ```swift
/// dataSource = UITableViewDiffableDataSource<Section, Fruit.ID>(tableView: tableView) { tableView, indexPath, id in
///     let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
///     cell.textLabel?.text = store.fruit(id).name
///     return cell
/// }
/// var snapshot = NSDiffableDataSourceSnapshot<Section, Fruit.ID>()
/// snapshot.appendSections([.main])
/// snapshot.appendItems(store.ids)
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
/// `apply` works out what changed by identifier — sections and items deleted, inserted and moved, items marked for
/// reloading — and plays it as one batch of the table's row updates, so an item's cell slides to its new place.
/// Sections that change order are deleted and inserted again. The table keeps a weak reference to its data source,
/// as in UIKit: keep the data source in a property.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: UITableViewDataSource {
    /// Makes the cell for an item.
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var content = DiffableContent<SectionIdentifierType, ItemIdentifierType>()
    /// How rows come and go when a snapshot is applied with animation.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// A data source for `tableView` (it becomes the table's `dataSource`) whose cells `cellProvider` makes.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the snapshot shown now.
    open func snapshot() -> Snapshot { content.shown }

    /// Shows `snapshot`: with `animatingDifferences`, as one batch of animated row updates from the one shown now;
    /// otherwise at once (`reloadData`). `completion` runs when the table shows it.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let diff = content.show(snapshot, animated: animatingDifferences && tableView?.window != nil), let tableView else {
            tableView?.reloadData()
            completion?()
            return
        }
        let animation = defaultRowAnimation
        tableView.performBatchUpdates({
            if !diff.deletedSections.isEmpty { tableView.deleteSections(diff.deletedSections, with: animation) }
            if !diff.insertedSections.isEmpty { tableView.insertSections(diff.insertedSections, with: animation) }
            if !diff.deletedRows.isEmpty { tableView.deleteRows(at: diff.deletedRows, with: animation) }
            if !diff.insertedRows.isEmpty { tableView.insertRows(at: diff.insertedRows, with: animation) }
            for move in diff.movedRows { tableView.moveRow(at: move.from, to: move.to) }
            if !diff.reloadedRows.isEmpty { tableView.reloadRows(at: diff.reloadedRows, with: animation) }
        }, completion: { _ in completion?() })
    }

    /// Shows `snapshot` at once, with no animation (UIKit's `applySnapshotUsingReloadData`).
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    /// The item shown at `indexPath`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { content.item(at: indexPath) }
    /// Where `identifier` is shown.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { content.indexPath(of: itemIdentifier) }
    /// The section shown at `index`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { content.section(at: index) }
    /// Where `identifier`'s section is shown.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { content.index(of: sectionIdentifier) }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { content.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        content.numberOfItems(inSection: section)
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let item = content.requiredItem(at: indexPath, "UITableViewDiffableDataSource")
        guard let cell = cellProvider(tableView, indexPath, item) else {
            let message = "UITableViewDiffableDataSource: the cell provider returned nil for item \(item) at \(indexPath)"
            Diagnostics.report(message)
            fatalError(message)
        }
        return cell
    }

    /// The title of a section's header: none unless a subclass says.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// The title of a section's footer: none unless a subclass says.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// What a diffable data source shows — a table's or a collection view's: the snapshot applied last, and the lookups
/// both answer from it.
struct DiffableContent<S: Hashable & Sendable, I: Hashable & Sendable> {
    private(set) var shown = NSDiffableDataSourceSnapshot<S, I>()

    /// Shows `snapshot` from now on; returns what changed since the one shown before when the change can be animated
    /// (`animated`, and something was shown), nil when the view should reload at once.
    mutating func show(_ snapshot: NSDiffableDataSourceSnapshot<S, I>, animated: Bool) -> SnapshotDiff? {
        let diff = animated && shown.numberOfSections > 0 ? SnapshotDiff(from: shown, to: snapshot) : nil
        shown = snapshot
        shown.clearReloadMarks()
        return diff
    }

    func item(at indexPath: IndexPath) -> I? { shown.item(at: indexPath) }
    func indexPath(of item: I) -> IndexPath? { shown.indexPath(of: item) }
    func section(at index: Int) -> S? { shown.sectionIdentifiers.indices.contains(index) ? shown.sectionIdentifiers[index] : nil }
    func index(of section: S) -> Int? { shown.indexOfSection(section) }
    var numberOfSections: Int { shown.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int {
        shown.sectionIdentifiers.indices.contains(section) ? shown.items(inSectionAt: section).count : 0
    }

    /// The item at `indexPath`, which the view asks a cell for: one it does not have is a broken promise.
    func requiredItem(at indexPath: IndexPath, _ owner: String) -> I {
        guard let item = shown.item(at: indexPath) else { preconditionFailure("\(owner): no item at \(indexPath)") }
        return item
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The snapshot once applied: nothing marked for reloading any more.
    mutating func clearReloadMarks() {
        var fresh = Self()
        fresh.appendSections(sectionIdentifiers)
        for section in sectionIdentifiers { fresh.appendItems(itemIdentifiers(inSection: section), toSection: section) }
        self = fresh
    }
}

/// What changed between two snapshots, as a table's batch of updates names it: deletions in the old index paths,
/// insertions in the new ones, moves from old to new, reloads in the old.
///
/// Items that stay in the same section keep their places when they keep their order: the longest run of them in
/// increasing new positions stays, the rest move (so reversing three items moves two, not three). Sections that
/// change order are deleted and inserted again, as are items whose section is.
struct SnapshotDiff {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var reloadedRows: [IndexPath] = []

    init<S: Hashable & Sendable, I: Hashable & Sendable>(from old: NSDiffableDataSourceSnapshot<S, I>,
                                                          to new: NSDiffableDataSourceSnapshot<S, I>) {
        // Sections: those in both whose order holds stay; the others go and come.
        let common = old.sectionIdentifiers.filter { new.indexOfSection($0) != nil }
        let kept = Set(Self.longestIncreasingRun(common.map { new.indexOfSection($0)! }).map { common[$0] })
        for (index, section) in old.sectionIdentifiers.enumerated() where !kept.contains(section) { deletedSections.insert(index) }
        for (index, section) in new.sectionIdentifiers.enumerated() where !kept.contains(section) { insertedSections.insert(index) }
        // Items.
        let reloaded = Set(new.reloadedItemIdentifiers)
        var staying: [Int: [(item: I, old: IndexPath, new: IndexPath)]] = [:]   // by new section
        for section in old.sectionIdentifiers where kept.contains(section) {
            for item in old.itemIdentifiers(inSection: section) {
                let from = old.indexPath(of: item)!
                guard let to = new.indexPath(of: item), kept.contains(new.sectionIdentifiers[to.section]) else {
                    deletedRows.append(from)
                    continue
                }
                if old.sectionIdentifiers[from.section] == new.sectionIdentifiers[to.section] {
                    staying[to.section, default: []].append((item, from, to))
                } else {
                    movedRows.append((from, to))
                }
            }
        }
        for section in new.sectionIdentifiers where kept.contains(section) {
            for item in new.itemIdentifiers(inSection: section) where old.indexPath(of: item).map({ !kept.contains(old.sectionIdentifiers[$0.section]) }) ?? true {
                insertedRows.append(new.indexPath(of: item)!)
            }
        }
        for section in staying.keys.sorted() {
            let rows = staying[section]!   // in old order
            let inPlace = Set(Self.longestIncreasingRun(rows.map { $0.new.row }))
            for (index, row) in rows.enumerated() {
                if !inPlace.contains(index) {
                    movedRows.append((row.old, row.new))
                } else if reloaded.contains(row.item) {
                    reloadedRows.append(row.old)
                }
            }
        }
    }

    /// The indexes of a longest strictly increasing subsequence of `values` (patience sorting, O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []            // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}
