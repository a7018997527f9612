import AnimaGraphics
import Foundation

/// Where AnimaDynamics reports bad input: through the shared `Diagnostics` (one swift-log warning per
/// rejected call, recorded for tests), plus formatting helpers for behaviors, items and values.
///
/// Messages name the behavior or item and the offending value; the call is rejected and state kept.
package enum DynamicsDiagnostics {
    /// Logs `message` as a warning and records it.
    package static func report(_ message: String, file: String = #fileID, line: UInt = #line) {
        Diagnostics.report(message, file: file, line: line)
    }

    /// The messages reported so far whose text contains `fragment` (a test hook).
    package static func messages(containing fragment: String) -> [String] {
        Diagnostics.messages(containing: fragment)
    }

    /// A short description of an object for messages: its type and address, or its
    /// `CustomStringConvertible` description when it has one.
    package static func name(_ object: AnyObject) -> String {
        if let described = object as? CustomStringConvertible { return described.description }
        return "\(type(of: object))@\(String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16))"
    }

    /// Formats a number, spelling out NaN and infinities.
    package static func value(_ number: Double) -> String { number.diagnosticDescription }

    /// Formats a point, spelling out NaN and infinities.
    package static func value(_ point: CGPoint) -> String { "(\(value(point.x)), \(value(point.y)))" }
    /// Formats a vector, spelling out NaN and infinities.
    package static func value(_ vector: CGVector) -> String { "(\(value(vector.dx)), \(value(vector.dy)))" }
    /// Formats a size, spelling out NaN and infinities.
    package static func value(_ size: CGSize) -> String { "\(value(size.width))×\(value(size.height))" }
}
