import Foundation

/// UIKit's view of an index path: a section and a row (or item) in it.
extension IndexPath {
    /// The index path of `row` in `section`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The index path of `item` in `section` (a collection's name for a row).
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    /// The row in the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    /// The item in the section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
