/// An ordered list of distinct items, the storage behind every behavior's `items`.
@MainActor
struct ItemList {
    private(set) var items: [UIDynamicItem] = []

    init(_ items: [UIDynamicItem]) {
        for item in items { _ = add(item) }
    }

    /// Appends `item` unless it is already listed; returns whether it was added.
    mutating func add(_ item: UIDynamicItem) -> Bool {
        guard !contains(item) else { return false }
        items.append(item)
        return true
    }

    /// Removes `item`; returns whether it was listed.
    mutating func remove(_ item: UIDynamicItem) -> Bool {
        guard let index = items.firstIndex(where: { $0 === item }) else { return false }
        items.remove(at: index)
        return true
    }

    func contains(_ item: UIDynamicItem) -> Bool { items.contains { $0 === item } }
}
