import Foundation
import AnimaGraphics

/// A transaction's completion block and the animations it waits for.
///
/// It fires once: after its transaction has committed (it is then "sealed") and every animation
/// added while it was set has finished or been removed; with none, on the next frame.
@MainActor
package final class TransactionCompletion {
    package let block: () -> Void
    package var pending = 0
    package var isSealed = false
    package var hasFired = false

    package init(block: @escaping () -> Void) { self.block = block }

    /// Whether it should fire now.
    package var isReady: Bool { isSealed && pending == 0 && !hasFired }
}

/// One level of the transaction stack: the values set in it and its completion.
@MainActor
package final class TransactionFrame {
    package let isImplicit: Bool
    package var values: [String: Any] = [:]
    package var completion: TransactionCompletion?

    package init(isImplicit: Bool) { self.isImplicit = isImplicit }
}
