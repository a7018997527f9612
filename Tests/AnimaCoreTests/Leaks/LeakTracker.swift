import Foundation
import AnimaCore

/// Weak references to objects a test made, to check that they are freed once the test lets go of them.
///
/// ```swift
/// let tracker = LeakTracker()
/// do { let layer = CALayer(); tracker.track(layer, "layer") … }
/// #expect(tracker.alive == [])
/// ```
@MainActor
final class LeakTracker {
    private var entries: [(name: String, object: () -> AnyObject?)] = []

    /// Watches `object` under `name`; returns it.
    @discardableResult
    func track<T: AnyObject>(_ object: T, _ name: String) -> T {
        entries.append((name, { [weak object] in object }))
        return object
    }

    /// The names of the tracked objects still alive, in the order they were tracked.
    var alive: [String] { entries.filter { $0.object() != nil }.map(\.name) }
}
