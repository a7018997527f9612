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
    package var values = TransactionValues()
    package var completion: TransactionCompletion?

    package init(isImplicit: Bool) { self.isImplicit = isImplicit }
}

/// The values set in one transaction, by key. The keys every setter consults (actions off, duration, timing
/// function) have a field each, and `setDisableActions(_:)` sets a plain flag: opening a transaction and turning
/// actions off neither hashes a string, nor allocates a dictionary, nor copies an `Any` — a commit of one change is
/// mostly that. Other keys go to a dictionary made on first use.
package struct TransactionValues {
    /// `disableActions` when it was set to a `Bool`; a value of another type is kept as set in `disableActionsOther`.
    private var disableActions: Bool?
    private var disableActionsOther: Any?
    private var animationDuration: Any?
    private var animationTimingFunction: Any?
    private var others: [String: Any] = [:]

    package init() {}

    /// Whether this transaction turns actions off; nil when it does not say (an outer one then decides). A value
    /// set that is not a `Bool` says "no", as it did when read by key and cast.
    package var actionsDisabled: Bool? {
        get { disableActions ?? (disableActionsOther == nil ? nil : false) }
        set { disableActions = newValue; disableActionsOther = nil }
    }

    /// The value set for `key`, nil when none is; setting nil removes it.
    package subscript(key: String) -> Any? {
        get {
            switch key {
            case kCATransactionDisableActions: return disableActions.map { $0 as Any } ?? disableActionsOther
            case kCATransactionAnimationDuration: return animationDuration
            case kCATransactionAnimationTimingFunction: return animationTimingFunction
            default: return others[key]
            }
        }
        set {
            switch key {
            case kCATransactionDisableActions:
                disableActions = newValue as? Bool
                disableActionsOther = disableActions == nil ? newValue : nil
            case kCATransactionAnimationDuration: animationDuration = newValue
            case kCATransactionAnimationTimingFunction: animationTimingFunction = newValue
            default: others[key] = newValue
            }
        }
    }
}
