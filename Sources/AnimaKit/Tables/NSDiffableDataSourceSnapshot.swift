import Foundation
import AnimaCore
import AnimaGraphics

/// The state of a list at one moment: its sections and the items in each, by identifier (UIKit's
/// `NSDiffableDataSourceSnapshot`). A diffable data source shows a snapshot and animates from one to the next.
///
/// ```swift
/// var snapshot = NSDiffableDataSourceSnapshot<Section, Fruit.ID>()
/// snapshot.appendSections([.main])
/// snapshot.appendItems(fruits.map(\.id))
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
/// Identifiers must be unique across the whole snapshot (sections among sections, items among items); adding one
/// twice, or naming one the snapshot does not have where the method needs it, is UIKit's programmer error and stops
/// the program with a message naming it.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// Where each item is: its section's index and its index there.
    private var location: [ItemIdentifierType: (section: Int, item: Int)] = [:]
    private var sectionIndex: [SectionIdentifierType: Int] = [:]
    /// Items marked by `reloadItems(_:)` (or `reconfigureItems(_:)`) for the next `apply`.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Sections marked by `reloadSections(_:)` for the next `apply`.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

    /// An empty snapshot.
    public init() {}

    // MARK: Reading

    /// All items, section by section.
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    /// The number of sections.
    public var numberOfSections: Int { sections.count }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// All items, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    /// The number of items in `identifier`'s section.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        items[requiredIndex(of: identifier, "numberOfItems(inSection:)")].count
    }

    /// The items of `identifier`'s section, in order.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        items[requiredIndex(of: identifier, "itemIdentifiers(inSection:)")]
    }

    /// The section that holds `identifier`, if the snapshot has it.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        location[identifier].map { sections[$0.section] }
    }

    /// The index of `identifier` among all items (counting across sections), if the snapshot has it.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let place = location[identifier] else { return nil }
        return items[..<place.section].reduce(0) { $0 + $1.count } + place.item
    }

    /// The index of `identifier`'s section, if the snapshot has it.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    /// Where `identifier` is: its section's index and its index there.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        location[identifier].map { IndexPath(row: $0.item, section: $0.section) }
    }

    /// The item at `indexPath`, if there is one.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, items.indices.contains(indexPath.section),
              items[indexPath.section].indices.contains(indexPath.row) else { return nil }
        return items[indexPath.section][indexPath.row]
    }

    /// The items of the section at `index`.
    func items(inSectionAt index: Int) -> [ItemIdentifierType] { items[index] }

    // MARK: Items

    /// Adds items at the end of `identifier`'s section (the last section when nil).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection identifier: SectionIdentifierType? = nil) {
        guard let section = identifier.map({ requiredIndex(of: $0, "appendItems(_:toSection:)") }) ?? sections.indices.last else {
            programmerError("appendItems(_:toSection:) with no section: append a section first")
        }
        insert(identifiers, inSection: section, at: items[section].count)
    }

    /// Inserts items just before `beforeIdentifier`.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        let place = requiredLocation(of: beforeIdentifier, "insertItems(_:beforeItem:)")
        insert(identifiers, inSection: place.section, at: place.item)
    }

    /// Inserts items just after `afterIdentifier`.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        let place = requiredLocation(of: afterIdentifier, "insertItems(_:afterItem:)")
        insert(identifiers, inSection: place.section, at: place.item + 1)
    }

    /// Removes items (ones the snapshot does not have are ignored, as in UIKit).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let doomed = Set(identifiers)
        for section in items.indices { items[section].removeAll { doomed.contains($0) } }
        reloadedItemIdentifiers.removeAll { doomed.contains($0) }
        reindex()
    }

    /// Removes every item and every section.
    public mutating func deleteAllItems() {
        sections = []
        items = []
        reloadedItemIdentifiers = []
        reloadedSectionIdentifiers = []
        reindex()
    }

    /// Moves an item just before another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    /// Moves an item just after another.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }

    /// Marks items to be shown again with new cells by the next `apply`.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers {
            _ = requiredLocation(of: identifier, "reloadItems(_:)")
            if !reloadedItemIdentifiers.contains(identifier) { reloadedItemIdentifiers.append(identifier) }
        }
    }

    /// Marks items to be shown again by the next `apply` (here as `reloadItems(_:)`).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reloadItems(identifiers) }

    // MARK: Sections

    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sections.count)
    }

    /// Inserts sections just before `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: requiredIndex(of: toIdentifier, "insertSections(_:beforeSection:)"))
    }

    /// Inserts sections just after `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: requiredIndex(of: toIdentifier, "insertSections(_:afterSection:)") + 1)
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers)
        let kept = sections.indices.filter { !doomed.contains(sections[$0]) }
        let leaving = Set(sections.indices.filter { doomed.contains(sections[$0]) }.flatMap { items[$0] })
        sections = kept.map { sections[$0] }
        items = kept.map { items[$0] }
        reloadedItemIdentifiers.removeAll { leaving.contains($0) }
        reloadedSectionIdentifiers.removeAll { doomed.contains($0) }
        reindex()
    }

    /// Marks sections to be shown again by the next `apply`.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            _ = requiredIndex(of: identifier, "reloadSections(_:)")
            if !reloadedSectionIdentifiers.contains(identifier) { reloadedSectionIdentifiers.append(identifier) }
        }
    }

    // MARK: Bookkeeping

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        for identifier in identifiers where sectionIndex[identifier] != nil {
            programmerError("section identifier \(identifier) is already in the snapshot (identifiers must be unique)")
        }
        guard Set(identifiers).count == identifiers.count else {
            programmerError("the sections supplied are not unique: \(identifiers)")
        }
        sections.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindex()
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], inSection section: Int, at index: Int) {
        for identifier in identifiers where location[identifier] != nil {
            programmerError("item identifier \(identifier) is already in the snapshot (identifiers must be unique)")
        }
        guard Set(identifiers).count == identifiers.count else {
            programmerError("the items supplied are not unique: \(identifiers)")
        }
        items[section].insert(contentsOf: identifiers, at: index)
        reindex()
    }

    private mutating func move(_ identifier: ItemIdentifierType, next other: ItemIdentifierType, after: Bool, _ call: String) {
        let from = requiredLocation(of: identifier, call)
        _ = requiredLocation(of: other, call)
        guard identifier != other else { return }
        items[from.section].remove(at: from.item)
        reindex()
        let to = location[other]!
        items[to.section].insert(identifier, at: to.item + (after ? 1 : 0))
        reindex()
    }

    private mutating func reindex() {
        location = [:]
        sectionIndex = [:]
        for (s, section) in sections.enumerated() { sectionIndex[section] = s }
        for (s, list) in items.enumerated() {
            for (i, item) in list.enumerated() { location[item] = (s, i) }
        }
    }

    private func requiredIndex(of identifier: SectionIdentifierType, _ call: String) -> Int {
        guard let index = sectionIndex[identifier] else {
            programmerError("\(call): the snapshot has no section \(identifier)")
        }
        return index
    }

    private func requiredLocation(of identifier: ItemIdentifierType, _ call: String) -> (section: Int, item: Int) {
        guard let place = location[identifier] else {
            programmerError("\(call): the snapshot has no item \(identifier)")
        }
        return place
    }

    private func programmerError(_ message: String) -> Never {
        let text = "NSDiffableDataSourceSnapshot: \(message)"
        Diagnostics.report(text)
        fatalError(text)
    }
}
