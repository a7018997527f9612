import Foundation
import AnimaGraphics

extension FramePipeline {
    package func innermostTransaction() -> TransactionFrame {
        if transactionStack.isEmpty { transactionStack.append(TransactionFrame(isImplicit: true)) }
        return transactionStack[transactionStack.count - 1]
    }

    package func beginTransaction() {
        transactionStack.append(TransactionFrame(isImplicit: false))
    }

    package func commitTransaction() {
        guard let top = transactionStack.last, !top.isImplicit else {
            Diagnostics.report("CATransaction.commit(): rejected: no matching CATransaction.begin() (the implicit transaction commits with the next frame)")
            return
        }
        transactionStack.removeLast()
        seal(top)
        if transactionStack.isEmpty {
            commitOutermost(nil)
        } else if flushRequested, transactionStack.count == 1, transactionStack[0].isImplicit {
            flushRequested = false
            commitOutermost(transactionStack.removeLast())
        }
    }

    package func flushTransactions() {
        if transactionStack.count == 1, transactionStack[0].isImplicit {
            commitOutermost(transactionStack.removeLast())
        } else if transactionStack.isEmpty {
            if !uncommitted.isEmpty || !newLayers.isEmpty { commitOutermost(nil) }
        } else {
            flushRequested = true
        }
    }

    /// Commits the outermost transaction: layers become committed, new animations get their begin time.
    package func commitOutermost(_ frame: TransactionFrame?) {
        if let frame { seal(frame) }
        let now = clock.now
        for layer in newLayers { layer.isCommitted = true }
        newLayers.removeAll(keepingCapacity: true)
        let pending = uncommitted
        uncommitted.removeAll(keepingCapacity: true)
        var recent: [CommittedPacing] = []
        for (layer, animation) in pending where animation.attachedLayerID == layer.layerID {
            if animation.beginTime == 0 { animation.beginTime = layer.localTime(fromAbsolute: now) }
            animation.isCommitted = true
            animation.freezePacing(sharingWith: &recent)
        }
        generation &+= 1
    }

    private func seal(_ frame: TransactionFrame) {
        guard let completion = frame.completion else { return }
        completion.isSealed = true
        fireIfReady(completion)
    }

    package func setCompletionBlock(_ block: (() -> Void)?) {
        let frame = innermostTransaction()
        if let old = frame.completion {
            old.isSealed = true
            fireIfReady(old)
        }
        frame.completion = block.map(TransactionCompletion.init)
    }

    package func fireIfReady(_ completion: TransactionCompletion) {
        guard completion.isReady else { return }
        completion.hasFired = true
        callbacks.append(completion.block)
    }

    /// Called when a layer stores a new animation copy.
    package func animationAdded(_ animation: CAAnimation, to layer: CALayer) {
        uncommitted.append((layer, animation))
        for frame in transactionStack {
            if let completion = frame.completion, !completion.isSealed {
                completion.pending += 1
                animation.completionGroups.append(completion)
            }
        }
    }

    /// Called when an animation leaves a layer (removed, replaced, or finished and removed).
    package func animationRemoved(_ animation: CAAnimation, finished: Bool) {
        animation.attachedLayerID = 0
        if !animation.hasFinished, animation.isCommitted || !finished {
            animation.hasFinished = true
            if let delegate = animation.delegate {
                callbacks.append { delegate.animationDidStop(animation, finished: finished) }
            }
        }
        settleCompletions(of: animation)
    }

    /// Counts the animation as done for every completion block waiting on it.
    package func settleCompletions(of animation: CAAnimation) {
        guard !animation.hasSettledGroups else { return }
        animation.hasSettledGroups = true
        for completion in animation.completionGroups {
            completion.pending -= 1
            fireIfReady(completion)
        }
    }
}
