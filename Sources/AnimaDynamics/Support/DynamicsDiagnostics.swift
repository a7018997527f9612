import AnimaGraphics
import Foundation
import Logging
import Synchronization

/// Where AnimaDynamics reports bad input: every rejected call logs one warning through swift-log
/// (label `anima.dynamics`) and records it, so tests can check that a diagnostic was given.
///
/// Messages name the behavior or item and the offending value; the call is rejected and state kept.
package enum DynamicsDiagnostics {
    /// The module's swift-log logger.
    package static let logger = Logger(label: "anima.dynamics")

    private static let recorded = Mutex<[String]>([])

    /// Logs `message` as a warning and records it.
    package static func report(_ message: String, file: String = #fileID, line: UInt = #line) {
        logger.warning("\(message)", file: file, line: line)
        recorded.withLock { list in
            list.append(message)
            if list.count > 10_000 { list.removeFirst(list.count - 10_000) }
        }
    }

    /// The messages reported so far whose text contains `fragment` (a test hook).
    package static func messages(containing fragment: String) -> [String] {
        recorded.withLock { $0.filter { $0.contains(fragment) } }
    }

    /// A short description of an object for messages: its type and address, or its
    /// `CustomStringConvertible` description when it has one.
    package static func name(_ object: AnyObject) -> String {
        if let described = object as? CustomStringConvertible { return described.description }
        return "\(type(of: object))@\(String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16))"
    }

    /// Formats a number, spelling out NaN and infinities.
    package static func value(_ number: Double) -> String {
        number.isNaN ? "NaN" : (number.isInfinite ? (number > 0 ? "+∞" : "−∞") : "\(number)")
    }

    /// Formats a point, spelling out NaN and infinities.
    package static func value(_ point: CGPoint) -> String { "(\(value(point.x)), \(value(point.y)))" }
    /// Formats a vector, spelling out NaN and infinities.
    package static func value(_ vector: CGVector) -> String { "(\(value(vector.dx)), \(value(vector.dy)))" }
    /// Formats a size, spelling out NaN and infinities.
    package static func value(_ size: CGSize) -> String { "\(value(size.width))×\(value(size.height))" }
}
