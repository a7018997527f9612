import Foundation
import AnimaCore
import AnimaGraphics

extension UICollectionView {
    /// Runs `updates` (item and section changes, with the data source changed to match) as one animated batch, then
    /// `completion(true)` when the animation ends.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginBatch()
        updates?()
        if let completion { pendingUpdates.completions.append(completion) }
        endBatch()
    }

    /// Inserts items (index paths after the batch).
    public func insertItems(at indexPaths: [IndexPath]) {
        batch { for path in indexPaths { $0.insertedRows[path] = .fade } }
    }

    /// Deletes items (index paths before the batch).
    public func deleteItems(at indexPaths: [IndexPath]) {
        batch { for path in indexPaths { $0.deletedRows[path] = .fade } }
    }

    /// Asks the data source for new cells for these items.
    public func reloadItems(at indexPaths: [IndexPath]) {
        batch { for path in indexPaths { $0.reloadedRows[path] = .fade } }
    }

    /// Moves an item (from its index path before the batch to its index path after it).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        batch { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Inserts whole sections.
    public func insertSections(_ sections: IndexSet) {
        batch { for section in sections { $0.insertedSections[section] = .fade } }
    }

    /// Deletes whole sections.
    public func deleteSections(_ sections: IndexSet) {
        batch { for section in sections { $0.deletedSections[section] = .fade } }
    }

    /// Uses `layout` from now on; `animated` moves every item on screen from its old attributes to its new ones.
    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard animated, window != nil, layout !== collectionViewLayout else {
            collectionViewLayout = layout
            setNeedsLayout()
            layoutIfNeeded()
            completion?(true)
            return
        }
        layoutIfNeeded()
        let oldLayout = collectionViewLayout
        let before = attributesByItem(oldLayout)
        collectionViewLayout = layout
        prepareLayout()
        let offset = clamped(contentOffset)
        transition(before: before, mapping: Dictionary(uniqueKeysWithValues: before.keys.map { ($0, $0) }),
                   updates: ListUpdates(), offset: offset, completion: completion)
    }

    // MARK: Batches

    private func batch(_ record: (inout ListUpdates) -> Void) {
        beginBatch()
        record(&pendingUpdates)
        endBatch()
    }

    private func beginBatch() {
        if updateDepth == 0 { layoutIfNeeded() }
        updateDepth += 1
    }

    private func endBatch() {
        updateDepth -= 1
        guard updateDepth == 0 else { return }
        let updates = pendingUpdates
        pendingUpdates = ListUpdates()
        guard !updates.isEmpty else {
            for completion in updates.completions { completion(true) }
            return
        }
        let oldCounts = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
        let newCounts = readCounts()
        let mapping: [IndexPath: IndexPath]
        do {
            mapping = try updates.mapping(oldCounts: oldCounts, newCounts: newCounts, view: "collection view", element: "items")
        } catch {
            let message = "UICollectionView: Invalid update: \(error.message)"
            Diagnostics.report(message)
            fatalError(message)
        }
        let before = attributesByItem(collectionViewLayout)
        // Deleted items' last attributes come from the layout while it still describes the old state.
        var disappearing: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for oldPath in cellsByItem.keys where mapping[oldPath] == nil || updates.reloadedRows[oldPath] != nil {
            disappearing[oldPath] = collectionViewLayout.finalLayoutAttributesForDisappearingItem(at: oldPath)
        }
        setCounts(newCounts)
        collectionViewLayout.invalidateLayout()
        prepareLayout()
        selectedItems = selectedItems.compactMap { updates.reloadedRows[$0] == nil ? mapping[$0] : nil }
        transition(before: before, mapping: mapping, updates: updates, offset: clamped(contentOffset),
                   disappearing: disappearing) { finished in
            for completion in updates.completions { completion(finished) }
        }
    }

    /// Every item's attributes in `layout` (a copy), by index path.
    private func attributesByItem(_ layout: UICollectionViewLayout) -> [IndexPath: UICollectionViewLayoutAttributes] {
        let everything = CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)
        var result: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for attributes in layout.layoutAttributesForElements(in: everything) ?? [] { result[attributes.indexPath] = attributes.copy() }
        return result
    }

    /// Animates from the attributes items had (`before`, by old index path) to the ones the layout gives now.
    private func transition(before: [IndexPath: UICollectionViewLayoutAttributes], mapping: [IndexPath: IndexPath],
                            updates: ListUpdates, offset: CGPoint,
                            disappearing: [IndexPath: UICollectionViewLayoutAttributes] = [:],
                            completion: ((Bool) -> Void)?) {
        let layout = collectionViewLayout
        var sourceOf: [IndexPath: IndexPath] = [:]
        for (from, to) in mapping where updates.reloadedRows[from] == nil { sourceOf[to] = from }
        var cells: [IndexPath: UICollectionViewCell] = [:]
        var leaving: [(UICollectionViewCell, UICollectionViewLayoutAttributes)] = []
        let delegate = delegate as? UICollectionViewDelegate
        UIView.performWithoutAnimation {
            for (oldPath, cell) in cellsByItem.sorted(by: { $0.key < $1.key }) {
                if let newPath = mapping[oldPath], updates.reloadedRows[oldPath] == nil {
                    cells[newPath] = cell
                } else {
                    let end = disappearing[oldPath] ?? {
                        let faded = before[oldPath]?.copy() ?? UICollectionViewLayoutAttributes(forCellWith: oldPath)
                        faded.alpha = 0
                        return faded
                    }()
                    leaving.append((cell, end))
                    delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: oldPath)
                }
            }
            setCells(cells)
            let visible = CGRect(origin: offset, size: bounds.size)
            for attributes in (layout.layoutAttributesForElements(in: visible) ?? []).sorted(by: { $0.indexPath < $1.indexPath })
            where cells[attributes.indexPath] == nil && attributes.frame.overlaps(visible) {
                let path = attributes.indexPath
                let cell = makeCell(at: path)
                if let from = sourceOf[path], let start = before[from] {
                    apply(start, to: cell)
                } else if let start = layout.initialLayoutAttributesForAppearingItem(at: path) {
                    apply(start, to: cell)
                }
            }
        }
        isAnimatingChanges = true
        let moving = cellsByItem.sorted(by: { $0.key < $1.key })
        UIView.animate(withDuration: UITableView.rowAnimationDuration, delay: 0, options: [.curveEaseInOut]) {
            for (path, cell) in moving {
                if let end = layout.layoutAttributesForItem(at: path) { self.apply(end, to: cell) }
            }
            for (cell, end) in leaving { self.apply(end, to: cell) }
            if offset != self.contentOffset { self.contentOffset = offset }
        } completion: { [weak self] finished in
            guard let self else { return }
            for (cell, _) in leaving {
                UIView.performWithoutAnimation { cell.alpha = 1; cell.layer.transform = CATransform3DIdentity }
                self.recycle(cell)
            }
            self.isAnimatingChanges = false
            self.tile()
            completion?(finished)
        }
        UIView.performWithoutAnimation { tile() }
    }
}
