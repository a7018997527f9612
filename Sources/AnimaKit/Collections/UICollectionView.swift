import Foundation
import AnimaCore
import AnimaGraphics

/// What a collection view shows (UIKit's `UICollectionViewDataSource`): the two item methods are required.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// The number of sections (1 by default).
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// What a collection view tells and asks about its items (UIKit's `UICollectionViewDelegate`); every method is
/// optional. Set it as the collection view's `delegate`.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}

/// A scrolling arrangement of items in sections, placed by a layout and shown by reusable cells (UIKit's
/// `UICollectionView`).
///
/// ```swift
/// let layout = UICollectionViewFlowLayout()
/// layout.itemSize = CGSize(width: 80, height: 80)
/// let grid = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
/// grid.register(PhotoCell.self, forCellWithReuseIdentifier: "Photo")
/// grid.dataSource = self
/// …
/// grid.performBatchUpdates { photos.remove(at: 3); grid.deleteItems(at: [IndexPath(item: 3, section: 0)]) }
/// grid.setCollectionViewLayout(listLayout, animated: true)
/// ```
/// Only items on screen have cells. Item updates (`insertItems`, `deleteItems`, `reloadItems`, `moveItem`, the
/// section forms) animate together over ``UITableView/rowAnimationDuration``: items that stay move to their new
/// attributes, inserted ones come from the layout's `initialLayoutAttributesForAppearingItem(at:)` and deleted ones
/// go to its `finalLayoutAttributesForDisappearingItem(at:)` (by default they fade in place). A new layout set with
/// `animated` moves every item from its old attributes to its new ones. Supplementary views (headers, footers) and
/// drag and drop are not built.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// Where `scrollToItem` puts the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout that places the items.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            adopt(collectionViewLayout)
        }
    }
    /// The object that gives the sections, items and cells.
    open weak var dataSource: UICollectionViewDataSource? { didSet { reloadData() } }
    /// Whether a tap selects an item.
    open var allowsSelection = true
    /// Whether taps select several items (a second tap deselects).
    open var allowsMultipleSelection = false

    private var counts: [Int] = []
    private var needsReload = true
    private var registrations: [String: UICollectionViewCell.Type] = [:]
    private var reusePool = ReusePool<UICollectionViewCell>()
    private(set) var cellsByItem: [IndexPath: UICollectionViewCell] = [:]
    private var selection: [IndexPath] = []
    var pendingUpdates = ListUpdates()
    var updateDepth = 0
    /// Whether an update or layout animation runs (cells keep their animated attributes meanwhile).
    var isAnimatingChanges = false
    private let tapRecognizer = UITapGestureRecognizer()

    /// A collection view whose items `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        adopt(layout)
        tapRecognizer.addTarget(self, action: UICollectionView.handleTap)
        addGestureRecognizer(tapRecognizer)
    }

    /// Collection views are not archived here: one with a flow layout.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(frame: .zero)
        adopt(collectionViewLayout)
        tapRecognizer.addTarget(self, action: UICollectionView.handleTap)
        addGestureRecognizer(tapRecognizer)
    }

    private func adopt(_ layout: UICollectionViewLayout) {
        layout.collectionView = self
        layout.invalidateLayout()
    }

    // MARK: Cells

    /// Makes cells of `cellClass` for `dequeueReusableCell(withReuseIdentifier:for:)` under `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else { registrations[identifier] = nil; return }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            return Diagnostics.report("UICollectionView: register(\(cellClass), forCellWithReuseIdentifier: \"\(identifier)\") ignored: not a UICollectionViewCell class")
        }
        registrations[identifier] = type
    }

    /// A cell for the item at `indexPath`: one that left the screen (after `prepareForReuse()`) or a new one. With no
    /// class registered under `identifier` this is UIKit's programmer error, which stops the program naming it.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = reusePool.take(identifier) {
            cell.prepareForReuse()
            return cell
        }
        guard let type = registrations[identifier] else {
            let message = "UICollectionView: could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier"
            Diagnostics.report(message)
            fatalError(message)
        }
        return type.init(reuseIdentifier: identifier)
    }

    /// The cell of an item on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeededForQuery()
        return cellsByItem[indexPath]
    }

    /// The cells on screen, in the order of their items.
    open var visibleCells: [UICollectionViewCell] {
        layoutIfNeededForQuery()
        return cellsByItem.keys.sorted().compactMap { cellsByItem[$0] }
    }

    /// The items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        layoutIfNeededForQuery()
        return cellsByItem.keys.sorted()
    }

    /// The item a cell on screen shows.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { cellsByItem.first { $0.value === cell }?.key }

    // MARK: Counts and geometry

    /// The number of sections the data source gave.
    open var numberOfSections: Int { reloadCountsIfNeeded(); return counts.count }

    /// The number of items the data source gave for `section`.
    open func numberOfItems(inSection section: Int) -> Int {
        reloadCountsIfNeeded()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// The item's attributes from the layout.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        layoutIfNeededForQuery()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The item under `point` (in the collection view's coordinates, which are its content's), frontmost first.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        layoutIfNeededForQuery()
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? [])
            .filter { !$0.isHidden && $0.frame.contains(point) }
        return hits.max { ($0.zIndex, $1.indexPath) < ($1.zIndex, $0.indexPath) }?.indexPath
    }

    /// Scrolls so that the item shows where `scrollPosition` says.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else {
            return Diagnostics.report("UICollectionView: scrollToItem(at: \(indexPath)) ignored: the layout has no such item")
        }
        var offset = contentOffset
        if scrollPosition.contains(.top) { offset.y = frame.minY }
        if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - bounds.height / 2 }
        if scrollPosition.contains(.bottom) { offset.y = frame.maxY - bounds.height }
        if scrollPosition.contains(.left) { offset.x = frame.minX }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - bounds.width / 2 }
        if scrollPosition.contains(.right) { offset.x = frame.maxX - bounds.width }
        if scrollPosition.isEmpty { return scrollRectToVisible(frame, animated: animated) }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Loading and tiling

    /// Asks the data source for everything again and shows it; the selection is cleared.
    open func reloadData() {
        for indexPath in cellsByItem.keys.sorted() { retire(cellAt: indexPath) }
        selection = []
        needsReload = true
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    private func reloadCountsIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        counts = readCounts()
    }

    func readCounts() -> [Int] {
        guard let dataSource else { return [] }
        let sections = max(0, dataSource.numberOfSections(in: self))
        return (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    }

    /// Replaces the counts (an update reads the new ones before the layout prepares).
    func setCounts(_ newCounts: [Int]) {
        counts = newCounts
        needsReload = false
    }

    private func layoutIfNeededForQuery() {
        reloadCountsIfNeeded()
        if !collectionViewLayout.isPrepared { prepareLayout(); tile() }
    }

    func prepareLayout() {
        collectionViewLayout.prepareIfNeeded()
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    /// The bounds the layout was last prepared for.
    private var preparedBounds: CGRect?

    open override func layoutSubviews() {
        reloadCountsIfNeeded()
        if let preparedBounds, preparedBounds.size != bounds.size { collectionViewLayout.invalidateLayout() }
        preparedBounds = bounds
        prepareLayout()
        super.layoutSubviews()
        tile()
    }

    /// Scrolling asks the layout whether the new bounds need a new layout (a layout that pins or scales items by
    /// their place on screen says yes), then tiles.
    open override var contentOffset: CGPoint {
        didSet {
            guard contentOffset != oldValue, collectionViewLayout.isPrepared else { return }
            if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
                collectionViewLayout.invalidateLayout()
                prepareLayout()
                if !isAnimatingChanges {
                    for (indexPath, cell) in cellsByItem.sorted(by: { $0.key < $1.key }) {
                        if let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) {
                            UIView.performWithoutAnimation { apply(attributes, to: cell) }
                        }
                    }
                }
            }
            tile()
        }
    }

    /// Gives the items on screen cells (and takes them from items that left), with their attributes.
    func tile() {
        let visible = CGRect(origin: contentOffset, size: bounds.size)
        let attributes = (collectionViewLayout.layoutAttributesForElements(in: visible) ?? []).filter { $0.frame.overlaps(visible) }
        let wanted = Set(attributes.map(\.indexPath))
        if !isAnimatingChanges {
            for indexPath in cellsByItem.keys.sorted() where !wanted.contains(indexPath) { retire(cellAt: indexPath) }
        }
        UIView.performWithoutAnimation {
            for item in attributes.sorted(by: { $0.indexPath < $1.indexPath }) {
                let cell = cellsByItem[item.indexPath] ?? makeCell(at: item.indexPath)
                if !isAnimatingChanges { apply(item, to: cell) }
            }
        }
    }

    @discardableResult
    func makeCell(at indexPath: IndexPath) -> UICollectionViewCell {
        guard let dataSource else { preconditionFailure("UICollectionView: no data source while making a cell") }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        cell.isSelected = selection.contains(indexPath)
        insertSubview(cell, at: 0)
        cellsByItem[indexPath] = cell
        if let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) {
            UIView.performWithoutAnimation { apply(attributes, to: cell) }
        }
        (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
        return cell
    }

    /// Puts the cell where the attributes say (inside an animation block, that animates).
    func apply(_ attributes: UICollectionViewLayoutAttributes, to cell: UICollectionViewCell) {
        cell.bounds = CGRect(origin: .zero, size: attributes.size)
        cell.center = attributes.center
        cell.layer.transform = attributes.transform3D
        cell.alpha = attributes.alpha
        cell.isHidden = attributes.isHidden
        cell.layer.zPosition = CGFloat(attributes.zIndex)
        cell.apply(attributes)
    }

    func retire(cellAt indexPath: IndexPath) {
        guard let cell = cellsByItem.removeValue(forKey: indexPath) else { return }
        recycle(cell)
        (delegate as? UICollectionViewDelegate)?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }

    func recycle(_ cell: UICollectionViewCell) {
        cell.removeFromSuperview()
        reusePool.put(cell, identifier: cell.reuseIdentifier)
    }

    /// Replaces the on-screen cells (for changes that move items).
    func setCells(_ cells: [IndexPath: UICollectionViewCell]) { cellsByItem = cells }

    // MARK: Selection

    /// The selected items, in order (nil when none).
    open var indexPathsForSelectedItems: [IndexPath]? { selection.isEmpty ? nil : selection.sorted() }

    /// Selects the item without telling the delegate (deselecting others unless multiple selection is allowed).
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for selected in selection { deselectItem(at: selected, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for selected in selection where selected != indexPath { deselectItem(at: selected, animated: animated) }
        }
        if !selection.contains(indexPath) { selection.append(indexPath) }
        cellsByItem[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item without telling the delegate.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selection.removeAll { $0 == indexPath }
        cellsByItem[indexPath]?.isSelected = false
    }

    /// The selection, replaced (updates map it to the items' new index paths).
    var selectedItems: [IndexPath] {
        get { selection }
        set { selection = newValue }
    }

    private func handleTap(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended, allowsSelection, !isDecelerating,
              let tapped = indexPathForItem(at: recognizer.location(in: self)) else { return }
        let delegate = delegate as? UICollectionViewDelegate
        if allowsMultipleSelection, selection.contains(tapped) {
            deselectItem(at: tapped, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: tapped)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: tapped) ?? true else { return }
        if !allowsMultipleSelection {
            for selected in selection where selected != tapped {
                deselectItem(at: selected, animated: false)
                delegate?.collectionView(self, didDeselectItemAt: selected)
            }
        }
        if !selection.contains(tapped) { selection.append(tapped) }
        cellsByItem[tapped]?.isSelected = true
        delegate?.collectionView(self, didSelectItemAt: tapped)
    }
}
