import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A data source and delegate over an array of titles per section, recording what the table asks and tells.
@MainActor
final class TableModel: UITableViewDataSource, UITableViewDelegate {
    var sections: [[String]]
    var headerTitles: [String?] = []
    var made: [IndexPath] = []
    var events: [String] = []
    var heights: [IndexPath: CGFloat] = [:]
    var refusesSelection: Set<IndexPath> = []

    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        made.append(indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section][indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section < headerTitles.count ? headerTitles[section] : nil
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights[indexPath] ?? UITableView.automaticDimension
    }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        refusesSelection.contains(indexPath) ? nil : indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { events.append("select \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { events.append("deselect \(indexPath.row)") }
}

/// A cell class of the test's own, to check registration makes it and reuse resets it.
final class CountingCell: UITableViewCell {
    nonisolated(unsafe) static var made = 0
    var reuses = 0
    override init(style: CellStyle, reuseIdentifier: String?) {
        Self.made += 1
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { nil }
    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

@MainActor
@Suite("UITableView")
struct TableViewTests {
    private func makeTable(_ model: TableModel, cellClass: AnyClass = UITableViewCell.self) -> (HeadlessDisplay, UITableView) {
        let (display, window) = makeWindow(width: 320, height: 220)
        keptTestWindows.append(window)
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(cellClass, forCellReuseIdentifier: "Cell")
        table.dataSource = model
        table.delegate = model
        window.addSubview(table)
        display.advance(by: 0)
        return (display, table)
    }

    private func titles(_ table: UITableView) -> [String] {
        table.visibleCells.map { $0.textLabel?.text ?? "" }
    }

    @Test func onlyTheRowsOnScreenGetCellsAndScrollingReusesThem() throws {
        let model = TableModel([(0..<1000).map { "Row \($0)" }])
        CountingCell.made = 0
        let (display, table) = makeTable(model, cellClass: CountingCell.self)
        // 220 points of 44-point rows: rows 0…4.
        #expect(model.made == (0..<5).map { IndexPath(row: $0, section: 0) })
        #expect(table.contentSize.height == 44_000 && table.numberOfRows(inSection: 0) == 1000)
        #expect(titles(table) == ["Row 0", "Row 1", "Row 2", "Row 3", "Row 4"])
        table.contentOffset = CGPoint(x: 0, y: 44 * 500 + 22)
        display.advance(by: 1.0 / 60)
        #expect(titles(table) == (500...505).map { "Row \($0)" })
        #expect(CountingCell.made <= 7, "cells are reused, not made per row: \(CountingCell.made)")
        let reused = table.visibleCells.compactMap { $0 as? CountingCell }.filter { $0.reuses > 0 }
        #expect(!reused.isEmpty, "prepareForReuse ran on handed-back cells")
        let cell = try #require(table.cellForRow(at: IndexPath(row: 502, section: 0)))
        #expect(cell.frame == CGRect(x: 0, y: 44 * 502, width: 320, height: 44))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 44 * 502 + 1)) == IndexPath(row: 502, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil, "rows off screen have no cell")
    }

    @Test func sectionsHeadersAndHeightsFromTheDelegateStackUp() {
        let model = TableModel([["a", "b"], ["c"]])
        model.headerTitles = ["First", "Second"]
        model.heights[IndexPath(row: 1, section: 0)] = 60
        let (_, table) = makeTable(model)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 28, width: 320, height: 44))
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 72, width: 320, height: 60))
        #expect(table.rect(forSection: 1) == CGRect(x: 0, y: 132, width: 320, height: 28 + 44))
        #expect(table.contentSize.height == 204)
        let headers = table.subviews.compactMap { $0 as? SectionTitleView }.sorted { $0.frame.minY < $1.frame.minY }
        #expect(headers.map { $0.label.text } == ["First", "Second"] && headers.map(\.frame.minY) == [0, 132])
    }

    @Test func aTapSelectsTheRowTellsTheDelegateAndDeselectsTheLast() {
        let model = TableModel([["a", "b", "c"]])
        model.refusesSelection = [IndexPath(row: 2, section: 0)]
        let (display, table) = makeTable(model)
        let window = table.window!
        tap(display, at: table.convert(CGPoint(x: 100, y: 22), to: window))
        #expect(model.events == ["select 0"] && table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isSelected == true)
        tap(display, at: table.convert(CGPoint(x: 100, y: 66), to: window))
        #expect(model.events == ["select 0", "deselect 0", "select 1"])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
        tap(display, at: table.convert(CGPoint(x: 100, y: 110), to: window))
        #expect(model.events.count == 3, "willSelectRowAt returned nil: nothing changes")
        // deselectRow(animated:) fades the grey out over the selection fade, telling nobody.
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let grey = cell.selectedBackgroundView!
        table.deselectRow(at: IndexPath(row: 1, section: 0), animated: true)
        display.advance(by: 0)
        display.advance(by: UITableViewCell.selectionFadeDuration / 2)
        let alpha = grey.layer.presentation()?.opacity ?? -1
        #expect(alpha > 0.1 && alpha < 0.9, "fading: \(alpha)")
        display.advance(by: 1)
        #expect(grey.alpha == 0 && table.indexPathForSelectedRow == nil && model.events.count == 3)
    }

    @Test func insertingARowFadesItInWhileTheRowsBelowSlideDown() throws {
        let model = TableModel([["a", "b", "c"]])
        let (display, table) = makeTable(model)
        let b = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        var done = false
        table.performBatchUpdates({
            model.sections[0].insert("new", at: 1)
            table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        }, completion: { finished in done = finished })
        let inserted = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(inserted.textLabel?.text == "new" && table.cellForRow(at: IndexPath(row: 2, section: 0)) === b)
        display.advance(by: 0)
        display.advance(by: UITableView.rowAnimationDuration / 2)
        let bY = try #require(b.layer.presentation()).position.y
        #expect(bY > 44 + 22 + 5 && bY < 88 + 22 - 5, "b slides from row 1 to row 2: \(bY)")
        let fade = try #require(inserted.layer.presentation()).opacity
        #expect(fade > 0.1 && fade < 0.9, "the new row fades in: \(fade)")
        #expect(!done)
        display.advance(by: UITableView.rowAnimationDuration)
        #expect(done && b.frame.minY == 88 && inserted.alpha == 1)
        #expect(titles(table) == ["a", "new", "b", "c"] && table.contentSize.height == 176)
    }

    @Test func deletingARowSlidesItOutLeftAndTheRestUp() throws {
        let model = TableModel([["a", "b", "c", "d"]])
        let (display, table) = makeTable(model)
        let b = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let c = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        model.sections[0].remove(at: 1)
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .left)
        display.advance(by: 0)
        display.advance(by: UITableView.rowAnimationDuration / 2)
        let bX = try #require(b.layer.presentation()).position.x
        #expect(bX < 160 - 20 && bX > -160 + 20, "b slides out to the left: \(bX)")
        let cY = try #require(c.layer.presentation()).position.y
        #expect(cY > 44 + 22 + 5 && cY < 88 + 22 - 5, "c slides up: \(cY)")
        try keepPicture(display.snapshot(), "table-delete-half-way.png")
        display.advance(by: UITableView.rowAnimationDuration)
        #expect(b.superview == nil, "the deleted row's cell went back to the pool")
        #expect(titles(table) == ["a", "c", "d"] && c.frame.minY == 44)
        // It is reused for the next row that needs a cell.
        model.sections[0].append("e")
        table.insertRows(at: [IndexPath(row: 3, section: 0)], with: .none)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === b)
    }

    @Test func movesAndReloadsInOneBatch() throws {
        let model = TableModel([["a", "b", "c"]])
        let (display, table) = makeTable(model)
        let a = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let c = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        table.beginUpdates()
        model.sections[0] = ["b", "C", "a"]
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
        table.endUpdates()
        display.advance(by: 1)
        #expect(titles(table) == ["b", "C", "a"])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === a && a.frame.minY == 88)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) !== c, "a reloaded row gets a new cell")
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0), "the selection moved with its row")
    }

    @Test func insertingASectionBringsItsRowsIn() {
        let model = TableModel([["a"]])
        let (display, table) = makeTable(model)
        model.sections.insert(["x", "y"], at: 0)
        table.insertSections(IndexSet(integer: 0), with: .top)
        display.advance(by: 1)
        #expect(titles(table) == ["x", "y", "a"] && table.numberOfSections == 2)
    }

    @Test func anHeightThatIsNotANumberIsReportedAndTakenAsZero() {
        let model = TableModel([["a", "b"]])
        model.heights[IndexPath(row: 0, section: 0)] = .nan
        let (_, table) = makeTable(model)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).minY == 0)
        #expect(diagnostic(containing: "heightForRowAt [0, 0] = nan"))
    }

    @Test func aTableAsDrawn() throws {
        let model = TableModel([["Ada Lovelace", "Grace Hopper", "Alan Turing"], ["Edsger Dijkstra"]])
        model.headerTitles = ["Pioneers", "Later"]
        let (display, table) = makeTable(model)
        table.cellForRow(at: IndexPath(row: 0, section: 0))?.accessoryType = .disclosureIndicator
        table.cellForRow(at: IndexPath(row: 1, section: 0))?.accessoryType = .checkmark
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        display.advance(by: 1.0 / 60)
        let image = try display.snapshot()
        try keepPicture(image, "table.png")
        let scale = Int(display.scale)
        // The selected row is grey, an unselected one white, a header light grey.
        let selected = try #require(image.pixel(x: 200 * scale, y: (28 + 88 + 22) * scale))
        let plain = try #require(image.pixel(x: 200 * scale, y: (28 + 22) * scale))
        #expect(selected.red < 225 && selected.red > 200, "\(selected)")
        #expect(plain.red > 250, "\(plain)")
    }

    private func diagnostic(containing fragment: String) -> Bool {
        Diagnostics.messages(containing: "UITableView").contains { $0.contains(fragment) }
    }
}

/// UIKit's documented programmer errors of tables.
@Suite("UITableView programmer errors")
struct TableViewProgrammerErrorTests {
    @Test func anUpdateWhoseCountsDoNotAddUpTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let model = TableModel([["a", "b"]])
                let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
                table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
                table.dataSource = model
                table.layoutIfNeeded()
                model.sections[0].append("c")   // one more row, but no insertion named
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            }
        }
    }

    @Test func dequeuingAnUnregisteredIdentifierTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let table = UITableView(frame: .zero)
                _ = table.dequeueReusableCell(withIdentifier: "Nope", for: IndexPath(row: 0, section: 0))
            }
        }
    }
}
