import Foundation
import AnimaGraphics

/// Where a table's headers, rows and footers sit: a pure description of the vertical stack, from the heights the
/// data source and delegate give. Rows of one section are found by binary search over their prefix sums, so a
/// lookup costs O(log rows) whatever the table's size.
///
/// ```
///  0 ─ tableHeaderView
///      ┌ section 0 header ┐  headerHeight
///      │ row 0            │  rowTops[0] = section top + headerHeight
///      │ row 1            │
///      └ section 0 footer ┘  footerHeight
///      ┌ section 1 …
///  contentHeight ─ tableFooterView ends
/// ```
struct TableLayout: Equatable {
    struct Section: Equatable {
        var top: CGFloat = 0
        var headerHeight: CGFloat = 0
        var footerHeight: CGFloat = 0
        /// The top of each row, and one more entry: the end of the last row.
        var rowEdges: [CGFloat] = [0]
        var rowCount: Int { rowEdges.count - 1 }
        var height: CGFloat { headerHeight + (rowEdges.last ?? 0) - (rowEdges.first ?? 0) + footerHeight }
    }

    var sections: [Section] = []
    var tableHeaderHeight: CGFloat = 0
    var tableFooterHeight: CGFloat = 0

    /// Stacks sections of the given heights below a table header.
    init(tableHeaderHeight: CGFloat = 0, tableFooterHeight: CGFloat = 0,
         sections specs: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)] = []) {
        self.tableHeaderHeight = tableHeaderHeight
        self.tableFooterHeight = tableFooterHeight
        var y = tableHeaderHeight
        for spec in specs {
            var section = Section(top: y, headerHeight: spec.header, footerHeight: spec.footer)
            var edge = y + spec.header
            section.rowEdges = [edge]
            section.rowEdges.reserveCapacity(spec.rows.count + 1)
            for height in spec.rows {
                edge += height
                section.rowEdges.append(edge)
            }
            y = edge + spec.footer
            sections.append(section)
        }
    }

    var contentHeight: CGFloat { (sections.last.map { $0.top + $0.height } ?? tableHeaderHeight) + tableFooterHeight }

    func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].rowCount : 0
    }

    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
    }

    /// The row's rectangle in content coordinates (zero for a row the layout does not have).
    func rect(forRow indexPath: IndexPath, width: CGFloat) -> CGRect {
        guard contains(indexPath) else { return .zero }
        let edges = sections[indexPath.section].rowEdges
        return CGRect(x: 0, y: edges[indexPath.row], width: width, height: edges[indexPath.row + 1] - edges[indexPath.row])
    }

    func rect(forHeaderInSection section: Int, width: CGFloat) -> CGRect {
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].top, width: width, height: sections[section].headerHeight)
    }

    func rect(forFooterInSection section: Int, width: CGFloat) -> CGRect {
        guard sections.indices.contains(section) else { return .zero }
        let s = sections[section]
        return CGRect(x: 0, y: s.rowEdges[s.rowCount], width: width, height: s.footerHeight)
    }

    func rect(forSection section: Int, width: CGFloat) -> CGRect {
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].top, width: width, height: sections[section].height)
    }

    /// The row whose rectangle holds `y`, if any.
    func indexPathForRow(atY y: CGFloat) -> IndexPath? {
        guard let s = sectionIndex(atY: y) else { return nil }
        let edges = sections[s].rowEdges
        guard sections[s].rowCount > 0, y >= edges[0], y < edges[edges.count - 1] else { return nil }
        return IndexPath(row: lastIndex(in: edges, notAbove: y), section: s)
    }

    /// The rows that overlap `minY..<maxY`, in order.
    func indexPaths(fromY minY: CGFloat, toY maxY: CGFloat) -> [IndexPath] {
        guard maxY > minY else { return [] }
        var result: [IndexPath] = []
        let first = sectionIndex(atY: minY) ?? (minY < tableHeaderHeight ? 0 : sections.count)
        var s = first
        while s < sections.count, sections[s].top < maxY {
            let edges = sections[s].rowEdges
            if sections[s].rowCount > 0 {
                var row = max(0, lastIndex(in: edges, notAbove: minY))
                while row < sections[s].rowCount, edges[row] < maxY {
                    if edges[row + 1] > minY { result.append(IndexPath(row: row, section: s)) }
                    row += 1
                }
            }
            s += 1
        }
        return result
    }

    /// The sections whose header or footer may overlap `minY..<maxY`.
    func sections(fromY minY: CGFloat, toY maxY: CGFloat) -> Range<Int> {
        let first = sectionIndex(atY: minY) ?? (minY < tableHeaderHeight ? 0 : sections.count)
        var end = first
        while end < sections.count, sections[end].top < maxY { end += 1 }
        return first..<end
    }

    private func sectionIndex(atY y: CGFloat) -> Int? {
        guard let firstTop = sections.first?.top, y >= firstTop else { return nil }
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].top <= y { low = mid } else { high = mid - 1 }
        }
        return y < sections[low].top + sections[low].height ? low : nil
    }

    /// The last index whose edge is at or above `y` (0 when all are below).
    private func lastIndex(in edges: [CGFloat], notAbove y: CGFloat) -> Int {
        var low = 0, high = edges.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if edges[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
