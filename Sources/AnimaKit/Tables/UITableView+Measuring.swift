import Foundation
import AnimaCore
import AnimaGraphics

extension UITableView {
    /// The layout the data source and delegate describe now: each section's header, row and footer heights, with
    /// the defaults for what they leave to the table and non-finite or negative heights reported and taken as 0.
    func measuredLayout() -> TableLayout {
        guard let dataSource else { return TableLayout() }
        let delegate = delegate as? UITableViewDelegate
        let sectionCount = max(0, dataSource.numberOfSections(in: self))
        var specs: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)] = []
        specs.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let rowCount = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
            var heights = [CGFloat](repeating: resolvedRowHeight, count: rowCount)
            if let delegate {
                for row in 0..<rowCount {
                    let asked = delegate.tableView(self, heightForRowAt: IndexPath(row: row, section: section))
                    if asked != Self.automaticDimension { heights[row] = sanitized(asked, "heightForRowAt [\(section), \(row)]") }
                }
            }
            let hasHeader = dataSource.tableView(self, titleForHeaderInSection: section) != nil
                || delegate?.tableView(self, viewForHeaderInSection: section) != nil
            let hasFooter = dataSource.tableView(self, titleForFooterInSection: section) != nil
                || delegate?.tableView(self, viewForFooterInSection: section) != nil
            let header = delegate.map { $0.tableView(self, heightForHeaderInSection: section) } ?? Self.automaticDimension
            let footer = delegate.map { $0.tableView(self, heightForFooterInSection: section) } ?? Self.automaticDimension
            specs.append((header == Self.automaticDimension ? (hasHeader ? sectionHeaderHeight : 0) : sanitized(header, "heightForHeaderInSection \(section)"),
                          heights,
                          footer == Self.automaticDimension ? (hasFooter ? sectionFooterHeight : 0) : sanitized(footer, "heightForFooterInSection \(section)")))
        }
        return TableLayout(tableHeaderHeight: tableHeaderView?.frame.height ?? 0,
                           tableFooterHeight: tableFooterView?.frame.height ?? 0, sections: specs)
    }

    fileprivate var resolvedRowHeight: CGFloat { rowHeight == Self.automaticDimension ? 44 : sanitized(rowHeight, "rowHeight") }

    fileprivate func sanitized(_ height: CGFloat, _ what: String) -> CGFloat {
        guard height.isFinite, height >= 0 else {
            Diagnostics.report("UITableView: \(what) = \(height) is not a finite height ≥ 0; 0 used")
            return 0
        }
        return height
    }
}
