import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaDynamics
@testable import AnimaKit

/// A data source over numbered items per section, recording what it is asked.
@MainActor
final class GridModel: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var sections: [[Int]]
    var made: [IndexPath] = []
    var selected: [IndexPath] = []
    var sizes: [IndexPath: CGSize] = [:]

    init(_ sections: [[Int]]) { self.sections = sections }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        made.append(indexPath)
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
        cell.tag = sections[indexPath.section][indexPath.item]
        cell.backgroundColor = UIColor(hue: CGFloat(cell.tag % 12) / 12, saturation: 0.6, brightness: 0.9, alpha: 1)
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
}

/// A layout of one column whose appearing items grow from nothing and whose disappearing items shrink away.
@MainActor
final class ShrinkingColumnLayout: UICollectionViewLayout {
    private var count = 0
    override func prepare() { count = collectionView?.numberOfItems(inSection: 0) ?? 0 }
    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: CGFloat(count) * 50) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.overlaps(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 50, width: 100, height: 50)
        return attributes
    }
    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = layoutAttributesForItem(at: itemIndexPath)
        attributes?.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
        return attributes
    }
    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = layoutAttributesForItem(at: itemIndexPath)
        attributes?.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
        return attributes
    }
}

@MainActor
@Suite("UICollectionView")
struct CollectionViewTests {
    private func makeGrid(_ model: GridModel, layout: UICollectionViewLayout? = nil) -> (HeadlessDisplay, UICollectionView, UICollectionViewFlowLayout) {
        let (display, window) = makeWindow(width: 320, height: 300)
        keptTestWindows.append(window)
        window.backgroundColor = .white
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 90, height: 90)
        flow.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout ?? flow)
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Tile")
        grid.dataSource = model
        grid.delegate = model
        window.addSubview(grid)
        display.advance(by: 0)
        return (display, grid, flow)
    }

    @Test func aFlowLayoutJustifiesFullLinesAndLeavesTheLastAtMinimumSpacing() throws {
        let model = GridModel([Array(0..<5)])
        let (_, grid, flow) = makeGrid(model)
        // 300 points of room: three 90-point items, 15 points apart; the last line two items 10 apart.
        let frames = (0..<5).compactMap { grid.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.map(\.minX) == [10, 115, 220, 10, 110])
        #expect(frames.map(\.minY) == [10, 10, 10, 110, 110])
        #expect(flow.collectionViewContentSize == CGSize(width: 320, height: 210))
        // A lone item on a line is centred.
        model.sizes[IndexPath(item: 0, section: 0)] = CGSize(width: 250, height: 40)
        grid.reloadData()
        grid.layoutIfNeeded()
        let wide = try #require(grid.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame)
        #expect(wide == CGRect(x: 35, y: 10, width: 250, height: 40))
        let next = try #require(grid.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame)
        #expect(next.minY == 60, "the next line starts 10 points below the 40-point line")
    }

    @Test func onlyItemsOnScreenGetCellsAndScrollingReusesThem() {
        let model = GridModel([Array(0..<300)])
        let (display, grid, _) = makeGrid(model)
        // Rows of three, 100 points apart: rows 0…2 meet the 300-point screen.
        #expect(model.made.count == 9 && grid.visibleCells.count == 9)
        grid.contentOffset = CGPoint(x: 0, y: 100 * 50)
        display.advance(by: 1.0 / 60)
        #expect(grid.indexPathsForVisibleItems.map(\.item) == Array(150..<159))
        #expect(grid.subviews.compactMap { $0 as? UICollectionViewCell }.count <= 12, "cells are reused")
        #expect(grid.cellForItem(at: IndexPath(item: 151, section: 0))?.tag == 151)
    }

    @Test func deletingAndInsertingAnimateThroughTheLayoutsAttributes() throws {
        let model = GridModel([[0, 1, 2]])
        let (display, grid, _) = makeGrid(model, layout: ShrinkingColumnLayout())
        let one = try #require(grid.cellForItem(at: IndexPath(item: 1, section: 0)))
        let two = try #require(grid.cellForItem(at: IndexPath(item: 2, section: 0)))
        var done = false
        grid.performBatchUpdates({
            model.sections[0] = [0, 2, 7]
            grid.deleteItems(at: [IndexPath(item: 1, section: 0)])
            grid.insertItems(at: [IndexPath(item: 2, section: 0)])
        }, completion: { done = $0 })
        let seven = try #require(grid.cellForItem(at: IndexPath(item: 2, section: 0)))
        #expect(seven.tag == 7 && grid.cellForItem(at: IndexPath(item: 1, section: 0)) === two)
        display.advance(by: 0)
        display.advance(by: UITableView.rowAnimationDuration / 2)
        let shrinking = try #require(one.layer.presentation()).transform.m11
        let growing = try #require(seven.layer.presentation()).transform.m11
        let moving = try #require(two.layer.presentation()).position.y
        #expect(shrinking > 0.05 && shrinking < 0.95, "the deleted item shrinks away: \(shrinking)")
        #expect(growing > 0.05 && growing < 0.95, "the inserted item grows in: \(growing)")
        #expect(moving > 75 + 5 && moving < 125 - 5, "item 2 moves up a row: \(moving)")
        display.advance(by: UITableView.rowAnimationDuration)
        #expect(done && one.superview == nil && two.center.y == 75 && seven.layer.transform == CATransform3DIdentity)
    }

    @Test func aNewLayoutSetWithAnimationMovesEveryItem() throws {
        let model = GridModel([Array(0..<6)])
        let (display, grid, _) = makeGrid(model)
        let fourth = try #require(grid.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(fourth.frame.origin == CGPoint(x: 10, y: 110))
        let list = UICollectionViewFlowLayout()
        list.itemSize = CGSize(width: 300, height: 40)
        list.minimumLineSpacing = 0
        var done = false
        grid.setCollectionViewLayout(list, animated: true) { done = $0 }
        display.advance(by: 0)
        display.advance(by: UITableView.rowAnimationDuration / 2)
        let middle = try #require(fourth.layer.presentation())
        #expect(middle.bounds.width > 100 && middle.bounds.width < 290, "growing into a row: \(middle.bounds.width)")
        display.advance(by: UITableView.rowAnimationDuration)
        #expect(done && fourth.frame == CGRect(x: 10, y: 120, width: 300, height: 40))
        #expect(grid.collectionViewLayout === list)
    }

    @Test func aTapSelectsAnItemAndTellsTheDelegate() {
        let model = GridModel([Array(0..<6)])
        let (display, grid, _) = makeGrid(model)
        tap(display, at: grid.convert(CGPoint(x: 160, y: 150), to: nil))
        #expect(model.selected == [IndexPath(item: 4, section: 0)])
        #expect(grid.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(grid.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == true)
        tap(display, at: grid.convert(CGPoint(x: 107, y: 150), to: nil))   // the gap between items
        #expect(model.selected.count == 1)
    }

    @Test func aGridAsDrawn() throws {
        let model = GridModel([Array(0..<8)])
        let (display, grid, _) = makeGrid(model)
        grid.backgroundColor = .white
        display.advance(by: 1.0 / 60)
        let image = try display.snapshot()
        try keepPicture(image, "collection-grid.png")
        let scale = Int(display.scale)
        let inside = try #require(image.pixel(x: 55 * scale, y: 55 * scale))
        let gap = try #require(image.pixel(x: 107 * scale, y: 55 * scale))
        #expect(inside != gap && gap.red > 250 && gap.green > 250, "\(inside) \(gap)")
    }
}

@Suite("UICollectionView programmer errors")
struct CollectionViewProgrammerErrorTests {
    @Test func anUpdateWhoseCountsDoNotAddUpTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let model = GridModel([[0, 1]])
                let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: UICollectionViewFlowLayout())
                grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Tile")
                grid.dataSource = model
                grid.layoutIfNeeded()
                model.sections[0].append(2)
                grid.deleteItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
    }
}

@MainActor
@Suite("UICollectionViewDiffableDataSource")
struct CollectionDiffableDataSourceTests {
    @Test func applyingMovesCellsWithTheirItems() throws {
        let (display, window) = makeWindow(width: 320, height: 300)
        keptTestWindows.append(window)
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 90, height: 90)
        flow.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: flow)
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Tile")
        window.addSubview(grid)
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: grid) { grid, indexPath, item in
            let cell = grid.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
            cell.tag = item
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([10, 11, 12, 13])
        dataSource.apply(snapshot, animatingDifferences: false)
        display.advance(by: 1.0 / 60)
        let thirteen = try #require(grid.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(thirteen.tag == 13 && thirteen.frame.origin == CGPoint(x: 115, y: 110), "alone on its line, centred: \(thirteen.frame)")
        var next = snapshot
        next.moveItem(13, beforeItem: 10)
        next.deleteItems([11])
        dataSource.apply(next)
        #expect(grid.cellForItem(at: IndexPath(item: 0, section: 0)) === thirteen)
        display.advance(by: 1)
        #expect(thirteen.frame.origin == CGPoint(x: 10, y: 10))
        #expect(grid.visibleCells.map(\.tag) == [13, 10, 12])
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 2, section: 0)) == 12)
    }
}
