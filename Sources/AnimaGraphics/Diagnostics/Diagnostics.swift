import Foundation
import Logging
import Synchronization

/// Where Anima reports bad input: every rejected call logs one message through swift-log and
/// records it here, so tests can check that a diagnostic was given.
///
/// Messages name the object (layer name or class), the key and the offending value.
package enum Diagnostics {
    package static let logger = Logger(label: "anima")

    private static let recorded = Mutex<[String]>([])

    /// Logs `message` as a warning and records it.
    package static func report(_ message: String, file: String = #fileID, line: UInt = #line) {
        logger.warning("\(message)", file: file, line: line)
        recorded.withLock { list in
            list.append(message)
            if list.count > 10_000 { list.removeFirst(list.count - 10_000) }
        }
    }

    /// A value as a diagnostic names it (`nil` spelled out).
    package static func describe(_ value: Any?) -> String { value.map { "\($0)" } ?? "nil" }

    /// The messages reported so far whose text contains `fragment` (a test hook).
    package static func messages(containing fragment: String) -> [String] {
        recorded.withLock { $0.filter { $0.contains(fragment) } }
    }
}

extension Double {
    /// Formats a number for a diagnostic, spelling out NaN and infinities.
    package var diagnosticDescription: String { isNaN ? "NaN" : (isInfinite ? (self > 0 ? "+∞" : "−∞") : "\(self)") }
}
