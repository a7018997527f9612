import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

/// A scrolling list of rows in sections, made of reusable cells (UIKit's `UITableView`).
///
/// ```swift
/// let table = UITableView(frame: view.bounds, style: .plain)
/// table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
/// table.dataSource = self   // numberOfRowsInSection, cellForRowAt
/// table.delegate = self     // didSelectRowAt, heights …
/// …
/// names.insert("Ada", at: 0)
/// table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
/// ```
///
/// Only the rows on screen have cells: scrolling hands the cells of rows that leave to the rows that come
/// (`prepareForReuse()` first). Row updates (`insertRows`, `deleteRows`, `reloadRows`, `moveRow`, the section forms,
/// inside `performBatchUpdates` or alone) animate together over 0.3 s, ease in and out: the rows that stay slide to
/// their new places, inserted rows come in and deleted rows go out as their `RowAnimation` says. The data source
/// must already describe the new state, and the counts must add up — otherwise it is UIKit's "Invalid update"
/// programmer error, which stops the program with UIKit's message.
///
/// Not built: sticky section headers (headers scroll with their rows), editing (swipe actions, reordering controls,
/// `isEditing`), index titles, self-sizing rows (`automaticDimension` rows take `rowHeight`'s default, 44 points),
/// prefetching and drag and drop.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// The table's look: plain rows, or grouped sections.
    public enum Style: Int, Sendable {
        case plain = 0, grouped, insetGrouped
    }

    /// How inserted rows come in and deleted rows go out.
    public enum RowAnimation: Int, Sendable {
        /// Fades in or out where the row is.
        case fade = 0
        /// Slides in from, or out to, the right.
        case right
        /// Slides in from, or out to, the left.
        case left
        /// Slides down from under the row above, or up under it.
        case top
        /// Slides up from under the row below, or down under it.
        case bottom
        /// Appears or vanishes at once (the other rows still slide).
        case none
        /// Grows from, or shrinks to, its middle line.
        case middle
        /// The table's choice: a fade here.
        case automatic = 100
    }

    /// Where `scrollToRow` puts the row.
    public enum ScrollPosition: Int, Sendable {
        case none = 0, top, middle, bottom
    }

    /// A height that means "the default": `rowHeight`'s 44 points for rows, the section header height for headers.
    public static let automaticDimension: CGFloat = -1

    /// The style given at creation.
    public let style: Style
    /// The object that gives the sections, rows and cells.
    open weak var dataSource: UITableViewDataSource? { didSet { setNeedsReload() } }
    /// The height of every row the delegate does not size (44 points).
    open var rowHeight: CGFloat = 44 { didSet { setNeedsReload() } }
    /// The height of a section header with a title or view, when the delegate does not size it.
    open var sectionHeaderHeight: CGFloat { didSet { setNeedsReload() } }
    /// The height of a section footer with a title or view, when the delegate does not size it.
    open var sectionFooterHeight: CGFloat { didSet { setNeedsReload() } }
    /// Whether rows show a separator line under them.
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { restyleCells() } }
    /// The separators' colour.
    open var separatorColor: UIColor? = UIColor(white: 0.78, alpha: 1) { didSet { restyleCells() } }
    /// The separators' insets (16 points from the left by default).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { restyleCells() } }
    /// A view above the first section.
    open var tableHeaderView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableHeaderView { addSubview(tableHeaderView) }; setNeedsReload() }
    }
    /// A view below the last section.
    open var tableFooterView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableFooterView { addSubview(tableFooterView) }; setNeedsReload() }
    }
    /// Whether a tap selects a row.
    open var allowsSelection = true
    /// Whether taps select several rows (a second tap deselects).
    open var allowsMultipleSelection = false

    /// The layout of the rows the data source last described.
    var layout = TableLayout()
    private var needsReload = true
    private var registrations: [String: UITableViewCell.Type] = [:]
    private var reusePool = ReusePool<UITableViewCell>()
    /// The cells on screen, by row.
    private(set) var cellsByRow: [IndexPath: UITableViewCell] = [:]
    private var headerViews: [Int: UIView] = [:]
    private var footerViews: [Int: UIView] = [:]
    /// The selected rows, in the order they were selected.
    private var selection: [IndexPath] = []
    /// Row updates collected by `beginUpdates()` (or `performBatchUpdates`), applied at the outermost end.
    var pendingUpdates = ListUpdates()
    var updateDepth = 0
    /// Cells of deleted rows, animating out.
    var retiringCells: [UITableViewCell] = []
    private let tapRecognizer = UITapGestureRecognizer()

    /// A table in `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        sectionHeaderHeight = style == .plain ? 28 : 38
        sectionFooterHeight = style == .plain ? 28 : 38
        super.init(frame: frame)
        configureTable()
    }

    /// A plain table.
    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    /// Tables are not archived here: a plain table.
    public required init?(coder: NSCoder) {
        style = .plain
        sectionHeaderHeight = 28
        sectionFooterHeight = 28
        super.init(frame: .zero)
        configureTable()
    }

    private func configureTable() {
        backgroundColor = style == .plain ? .white : .systemGray6
        alwaysBounceVertical = true
        tapRecognizer.addTarget(self, action: UITableView.handleTap)
        addGestureRecognizer(tapRecognizer)
    }

    // MARK: Cells

    /// Makes cells of `cellClass` for `dequeueReusableCell(withIdentifier:for:)` under `identifier` (nil removes it).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { registrations[identifier] = nil; return }
        guard let cellType = cellClass as? UITableViewCell.Type else {
            return Diagnostics.report("UITableView: register(\(cellClass), forCellReuseIdentifier: \"\(identifier)\") ignored: not a UITableViewCell class")
        }
        registrations[identifier] = cellType
    }

    /// A cell that left the screen under `identifier` (after `prepareForReuse()`), a new one of the registered
    /// class, or nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = reusePool.take(identifier) {
            cell.prepareForReuse()
            return cell
        }
        return registrations[identifier].map { $0.init(reuseIdentifier: identifier) }
    }

    /// A cell for the row at `indexPath`: reused or new. With no class registered under `identifier` this is UIKit's
    /// programmer error, which stops the program naming the identifier.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        let message = "UITableView: unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier"
        Diagnostics.report(message)
        fatalError(message)
    }

    /// The cell of a row on screen (nil for rows off screen).
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeededForQuery()
        return cellsByRow[indexPath]
    }

    /// The row a cell on screen shows.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        cellsByRow.first { $0.value === cell }?.key
    }

    /// The cells on screen, top to bottom.
    open var visibleCells: [UITableViewCell] {
        layoutIfNeededForQuery()
        return cellsByRow.keys.sorted().compactMap { cellsByRow[$0] }
    }

    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeededForQuery()
        return cellsByRow.keys.sorted()
    }

    // MARK: Geometry

    /// The number of sections the data source gave.
    open var numberOfSections: Int { layoutIfNeededForQuery(); return layout.sections.count }

    /// The number of rows the data source gave for `section`.
    open func numberOfRows(inSection section: Int) -> Int {
        layoutIfNeededForQuery()
        return layout.numberOfRows(inSection: section)
    }

    /// The row's rectangle in the table's content.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        layoutIfNeededForQuery()
        return layout.rect(forRow: indexPath, width: bounds.width)
    }

    /// The section's rectangle (header, rows and footer) in the table's content.
    open func rect(forSection section: Int) -> CGRect {
        layoutIfNeededForQuery()
        return layout.rect(forSection: section, width: bounds.width)
    }

    /// The row under `point` (in the table's coordinates, which are its content's).
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        layoutIfNeededForQuery()
        guard point.x >= 0, point.x < bounds.width else { return nil }
        return layout.indexPathForRow(atY: point.y)
    }

    /// Scrolls so that the row shows at `scrollPosition` (`.none`: the least scroll that shows it).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        layoutIfNeededForQuery()
        guard layout.contains(indexPath) else {
            return Diagnostics.report("UITableView: scrollToRow(at: \(indexPath)) ignored: the table has no such row")
        }
        let rect = layout.rect(forRow: indexPath, width: bounds.width)
        var offset = contentOffset
        switch scrollPosition {
        case .none: return scrollRectToVisible(rect, animated: animated)
        case .top: offset.y = rect.minY
        case .middle: offset.y = rect.midY - bounds.height / 2
        case .bottom: offset.y = rect.maxY - bounds.height
        }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Loading

    /// Asks the data source for everything again and shows it; the selection is cleared.
    open func reloadData() {
        for indexPath in cellsByRow.keys.sorted() { retire(cellAt: indexPath) }
        for view in headerViews.values { view.removeFromSuperview() }
        for view in footerViews.values { view.removeFromSuperview() }
        headerViews = [:]
        footerViews = [:]
        selection = []
        needsReload = true
        setNeedsLayout()
    }

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// Queries that must see the data source's current state (UIKit lays the table out for them too).
    private func layoutIfNeededForQuery() {
        if needsReload { rebuildLayout(); tile() }
    }

    /// Reads the sections, rows and heights from the data source and delegate.
    func rebuildLayout() {
        needsReload = false
        layout = measuredLayout()
        contentSize = CGSize(width: bounds.width, height: layout.contentHeight)
    }

    // MARK: Tiling

    open override func layoutSubviews() {
        if needsReload { rebuildLayout() }
        super.layoutSubviews()
        tile()
    }

    open override var contentOffset: CGPoint {
        didSet { if contentOffset != oldValue && !needsReload { tile() } }
    }

    /// Gives the rows on screen cells (and takes them from the rows that left), and puts headers and footers.
    func tile() {
        let minY = contentOffset.y, maxY = contentOffset.y + bounds.height
        let wanted = layout.indexPaths(fromY: minY, toY: maxY)
        let wantedSet = Set(wanted)
        if !isAnimatingUpdates {   // rows sliding off screen keep their cells until the animation ends
            for indexPath in cellsByRow.keys.sorted() where !wantedSet.contains(indexPath) { retire(cellAt: indexPath) }
        }
        UIView.performWithoutAnimation {
            for indexPath in wanted {
                let cell = cellsByRow[indexPath] ?? makeCell(at: indexPath)
                if !isAnimatingUpdates { cell.frame = layout.rect(forRow: indexPath, width: bounds.width) }
            }
            tileSupplementaryViews(minY: minY, maxY: maxY)
        }
    }

    /// Whether a row update animation is running (cells then keep their animated frames).
    var isAnimatingUpdates = false

    /// A cell from the data source for the row, styled and added under the headers.
    @discardableResult
    func makeCell(at indexPath: IndexPath) -> UITableViewCell {
        guard let dataSource else { preconditionFailure("UITableView: no data source while making a cell") }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        style(cell)
        cell.frame = layout.rect(forRow: indexPath, width: bounds.width)
        cell.setSelected(selection.contains(indexPath), animated: false)
        insertSubview(cell, at: 0)
        cellsByRow[indexPath] = cell
        (delegate as? UITableViewDelegate)?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        return cell
    }

    private func style(_ cell: UITableViewCell) {
        cell.separatorLine.isHidden = separatorStyle == .none
        cell.separatorLine.backgroundColor = separatorColor
        cell.separatorInset = separatorInset
    }

    private func restyleCells() {
        for cell in cellsByRow.values { style(cell) }
    }

    /// Takes a cell off screen: back to its identifier's pool.
    func retire(cellAt indexPath: IndexPath) {
        guard let cell = cellsByRow.removeValue(forKey: indexPath) else { return }
        recycle(cell)
        (delegate as? UITableViewDelegate)?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    func recycle(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        reusePool.put(cell, identifier: cell.reuseIdentifier)
    }

    private func tileSupplementaryViews(minY: CGFloat, maxY: CGFloat) {
        let width = bounds.width
        tableHeaderView?.frame = CGRect(x: 0, y: 0, width: width, height: layout.tableHeaderHeight)
        tableFooterView?.frame = CGRect(x: 0, y: layout.contentHeight - layout.tableFooterHeight, width: width,
                                        height: layout.tableFooterHeight)
        let range = layout.sections(fromY: minY, toY: maxY)
        for kind in [true, false] {
            let views = kind ? headerViews : footerViews
            for section in views.keys.sorted() where !range.contains(section) {
                views[section]?.removeFromSuperview()
                if kind { headerViews[section] = nil } else { footerViews[section] = nil }
            }
            for section in range {
                let rect = kind ? layout.rect(forHeaderInSection: section, width: width)
                                : layout.rect(forFooterInSection: section, width: width)
                guard rect.height > 0, rect.maxY > minY, rect.minY < maxY else { continue }
                let view = (kind ? headerViews[section] : footerViews[section]) ?? makeSupplementary(header: kind, section: section)
                view?.frame = rect
            }
        }
    }

    private func makeSupplementary(header: Bool, section: Int) -> UIView? {
        let delegate = delegate as? UITableViewDelegate
        var view = header ? delegate?.tableView(self, viewForHeaderInSection: section)
                          : delegate?.tableView(self, viewForFooterInSection: section)
        if view == nil, let title = header ? dataSource?.tableView(self, titleForHeaderInSection: section)
                                           : dataSource?.tableView(self, titleForFooterInSection: section) {
            view = SectionTitleView(title: title, style: style, isHeader: header)
        }
        guard let view else { return nil }
        addSubview(view)
        if header { headerViews[section] = view } else { footerViews[section] = view }
        return view
    }

    /// The header and footer views on screen, by section (for updates that move them).
    var supplementaryViews: (headers: [Int: UIView], footers: [Int: UIView]) {
        get { (headerViews, footerViews) }
        set { (headerViews, footerViews) = (newValue.headers, newValue.footers) }
    }

    /// Replaces the on-screen cells (for updates that move rows).
    func setCells(_ cells: [IndexPath: UITableViewCell]) { cellsByRow = cells }

    // MARK: Selection

    /// The first selected row (in the order of rows).
    open var indexPathForSelectedRow: IndexPath? { selection.min() }

    /// The selected rows, in the order of rows (nil when none).
    open var indexPathsForSelectedRows: [IndexPath]? { selection.isEmpty ? nil : selection.sorted() }

    /// Selects the row without telling the delegate, deselecting others unless multiple selection is allowed, and
    /// scrolls it to `scrollPosition`.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        layoutIfNeededForQuery()
        guard let indexPath else {
            for selected in selection { deselectRow(at: selected, animated: animated) }
            return
        }
        guard layout.contains(indexPath) else {
            return Diagnostics.report("UITableView: selectRow(at: \(indexPath)) ignored: the table has no such row")
        }
        if !allowsMultipleSelection {
            for selected in selection where selected != indexPath { deselectRow(at: selected, animated: animated) }
        }
        if !selection.contains(indexPath) { selection.append(indexPath) }
        cellsByRow[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row without telling the delegate; `animated` fades its grey out.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selection.removeAll { $0 == indexPath }
        cellsByRow[indexPath]?.setSelected(false, animated: animated)
    }

    /// The selection, replaced (updates map it to the rows' new index paths).
    var selectedRows: [IndexPath] {
        get { selection }
        set { selection = newValue }
    }

    private func handleTap(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended, allowsSelection, !isDecelerating else { return }
        let point = recognizer.location(in: self)
        guard let tapped = indexPathForRow(at: point) else { return }
        let delegate = delegate as? UITableViewDelegate
        guard delegate?.tableView(self, shouldHighlightRowAt: tapped) ?? true else { return }
        if allowsMultipleSelection, selection.contains(tapped) {
            guard let row = delegate.map({ $0.tableView(self, willDeselectRowAt: tapped) }) ?? tapped else { return }
            deselectRow(at: row, animated: false)
            delegate?.tableView(self, didDeselectRowAt: row)
            return
        }
        guard let row = delegate.map({ $0.tableView(self, willSelectRowAt: tapped) }) ?? tapped, layout.contains(row) else { return }
        if !allowsMultipleSelection {
            for selected in selection where selected != row {
                guard let leaving = delegate.map({ $0.tableView(self, willDeselectRowAt: selected) }) ?? selected else { continue }
                deselectRow(at: leaving, animated: false)
                delegate?.tableView(self, didDeselectRowAt: leaving)
            }
        }
        if !selection.contains(row) { selection.append(row) }
        cellsByRow[row]?.setSelected(true, animated: false)
        delegate?.tableView(self, didSelectRowAt: row)
    }
}
