import Foundation
import Logging
import Synchronization

/// Where the Lottie player reports what it cannot do (unsupported features, missing images, bad
/// references): one swift-log warning per message, also kept for tests to read.
package enum LottieDiagnostics {
    package static let logger = Logger(label: "anima.lottie")
    private static let recorded = Mutex<[String]>([])

    /// Logs `message` as a warning and records it.
    package static func report(_ message: String) {
        logger.warning("\(message)")
        recorded.withLock { list in
            list.append(message)
            if list.count > 10_000 { list.removeFirst(list.count - 10_000) }
        }
    }

    /// The messages reported so far that contain `fragment` (a test hook).
    package static func messages(containing fragment: String) -> [String] {
        recorded.withLock { $0.filter { $0.contains(fragment) } }
    }
}
