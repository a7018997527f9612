import Foundation
import AnimaCore
import AnimaGraphics

/// A collection view's data source that shows snapshots and animates from one to the next (UIKit's
/// `UICollectionViewDiffableDataSource`); see ``UITableViewDiffableDataSource`` for how a snapshot is diffed.
///
/// ```swift
/// dataSource = UICollectionViewDiffableDataSource<Section, Photo.ID>(collectionView: grid) { grid, indexPath, id in
///     let cell = grid.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
///     (cell as? PhotoCell)?.show(store.photo(id))
///     return cell
/// }
/// ```
/// Applied with animation, items that stay move to their new attributes, inserted ones come in and deleted ones go
/// through the layout's appearing and disappearing attributes.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: UICollectionViewDataSource {
    /// Makes the cell for an item.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var content = DiffableContent<SectionIdentifierType, ItemIdentifierType>()

    /// A data source for `collectionView` (it becomes its `dataSource`) whose cells `cellProvider` makes.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the snapshot shown now.
    open func snapshot() -> Snapshot { content.shown }

    /// Shows `snapshot`: with `animatingDifferences`, as one batch of animated item updates; otherwise at once.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let diff = content.show(snapshot, animated: animatingDifferences && collectionView?.window != nil),
              let collectionView else {
            collectionView?.reloadData()
            completion?()
            return
        }
        collectionView.performBatchUpdates({
            if !diff.deletedSections.isEmpty { collectionView.deleteSections(diff.deletedSections) }
            if !diff.insertedSections.isEmpty { collectionView.insertSections(diff.insertedSections) }
            if !diff.deletedRows.isEmpty { collectionView.deleteItems(at: diff.deletedRows) }
            if !diff.insertedRows.isEmpty { collectionView.insertItems(at: diff.insertedRows) }
            for move in diff.movedRows { collectionView.moveItem(at: move.from, to: move.to) }
            if !diff.reloadedRows.isEmpty { collectionView.reloadItems(at: diff.reloadedRows) }
        }, completion: { _ in completion?() })
    }

    /// The item shown at `indexPath`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { content.item(at: indexPath) }
    /// Where `identifier` is shown.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { content.indexPath(of: itemIdentifier) }
    /// The section shown at `index`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { content.section(at: index) }
    /// Where `identifier`'s section is shown.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { content.index(of: sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { content.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        content.numberOfItems(inSection: section)
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let item = content.requiredItem(at: indexPath, "UICollectionViewDiffableDataSource")
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            let message = "UICollectionViewDiffableDataSource: the cell provider returned nil for item \(item) at \(indexPath)"
            Diagnostics.report(message)
            fatalError(message)
        }
        return cell
    }
}
