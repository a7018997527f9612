import Foundation
import AnimaGraphics

/// Groups layer-tree changes so they commit together, and carries the duration, timing function,
/// action switch and completion block for the animations they make (Core Animation's `CATransaction`).
///
/// Transactions nest; a value set in an inner transaction hides the outer one's until the inner
/// commits. Changes made outside any explicit transaction join the implicit one, which the display
/// commits once per frame. There is one stack for the process (on the main actor), whatever the displays:
/// a commit delivers each change to the display whose tree holds the layer.
/// ```swift
/// CATransaction.begin()
/// CATransaction.setAnimationDuration(1.5)
/// CATransaction.setCompletionBlock { print("done") }
/// layer.position = CGPoint(x: 100, y: 100)   // animates over 1.5 s
/// CATransaction.commit()
/// ```
@preconcurrency @MainActor
public final class CATransaction {
    private init() {}

    private static var pipeline: FramePipeline { FramePipeline.current }

    /// Begins an explicit transaction, nested in any open one.
    public static func begin() { pipeline.beginTransaction() }

    /// Commits the innermost explicit transaction. Without a matching `begin()` this is rejected
    /// with a diagnostic (the implicit transaction still commits with the next frame).
    public static func commit() { pipeline.commitTransaction() }

    /// Commits the implicit transaction now, or as soon as the open explicit ones have committed.
    public static func flush() { pipeline.flushTransactions() }

    /// Present for source compatibility; everything runs on the main actor, so there is nothing to lock.
    public static func lock() {}
    /// Present for source compatibility.
    public static func unlock() {}

    /// The default duration of animations added to layers (0.25 s unless set).
    public static func animationDuration() -> CFTimeInterval {
        (value(forKey: kCATransactionAnimationDuration).flatMap(AnimatableValue.number)) ?? 0.25
    }

    /// Sets the default duration for animations added in this transaction; non-finite or negative values are rejected.
    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        guard dur.isFinite, dur >= 0 else {
            Diagnostics.report("CATransaction: rejected animationDuration \(dur.diagnosticDescription)")
            return
        }
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function given to animations added without one (nil unless set).
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function for animations added in this transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip their actions (no implicit animations).
    public static func disableActions() -> Bool {
        for frame in pipeline.transactionStack.reversed() {
            if let flag = frame.values.actionsDisabled { return flag }
        }
        return false
    }

    /// Turns actions off or on for this transaction.
    public static func setDisableActions(_ flag: Bool) {
        pipeline.innermostTransaction().values.actionsDisabled = flag
    }

    /// The completion block of the innermost transaction that set one.
    public static func completionBlock() -> (() -> Void)? {
        pipeline.transactionStack.last { $0.completion != nil }?.completion?.block
    }

    /// Sets the block run when every animation added afterwards in this transaction (nested ones
    /// included) has finished or been removed — on the next frame when there are none. A block it
    /// replaces waits only for the animations added before the replacement.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        pipeline.setCompletionBlock(block)
    }

    /// The value of `key` in the innermost transaction that set it; nil when none did.
    public static func value(forKey key: String) -> Any? {
        for frame in pipeline.transactionStack.reversed() {
            if let v = frame.values[key] { return v }
        }
        return nil
    }

    /// Sets `key` in the innermost transaction (opening the implicit one if none is open).
    public static func setValue(_ anObject: Any?, forKey key: String) {
        let frame = pipeline.innermostTransaction()
        frame.values[key] = anObject
    }
}

public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"

/// Core Foundation's boolean constants, which Apple code passes as transaction values
/// (`CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)`): Foundation on Linux does not
/// export them.
public let kCFBooleanTrue = NSNumber(value: true)
public let kCFBooleanFalse = NSNumber(value: false)
