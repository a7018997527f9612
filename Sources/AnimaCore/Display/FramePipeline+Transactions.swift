import Foundation
import AnimaGraphics

/// The transaction system: one process-wide stack on the main actor, as on Apple's platforms. Layers belong
/// to displays, transactions do not: a commit — from any display's frame or an explicit
/// `CATransaction.commit()` — commits every layer made and every animation added since the last one, and
/// stamps each animation's `beginTime` with the time of the display whose tree holds its layer.
@MainActor
package enum TransactionSystem {
    package static var stack: [TransactionFrame] = []
    package static var flushRequested = false
    /// Animations added since the last commit, with their layers, in the order added.
    package static var uncommitted: [(layer: CALayer, animation: CAAnimation)] = []
    /// Layers made since the last commit.
    package static var newLayers: [CALayer] = []
    /// The render-side copies with changes since the last commit.
    package static var storesAwaitingCommit: [RenderStore] = []
}

extension FramePipeline {
    package var transactionStack: [TransactionFrame] {
        get { TransactionSystem.stack }
        _modify { yield &TransactionSystem.stack }
    }

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
        } else if TransactionSystem.flushRequested, transactionStack.count == 1, transactionStack[0].isImplicit {
            TransactionSystem.flushRequested = false
            commitOutermost(transactionStack.removeLast())
        }
    }

    package func flushTransactions() {
        if transactionStack.count == 1, transactionStack[0].isImplicit {
            commitOutermost(transactionStack.removeLast())
        } else if transactionStack.isEmpty {
            if !TransactionSystem.uncommitted.isEmpty || !TransactionSystem.newLayers.isEmpty { commitOutermost(nil) }
        } else {
            TransactionSystem.flushRequested = true
        }
    }

    /// Commits the outermost transaction: layers become committed, new animations get their begin time — the
    /// time of the display whose tree holds their layer (the frame's time during its frame), or this
    /// pipeline's for a layer in no display's tree.
    package func commitOutermost(_ frame: TransactionFrame?) {
        if let frame { seal(frame) }
        for layer in TransactionSystem.newLayers { layer.isCommitted = true }
        // The list's memory is kept for the next commit unless a large tree was just built.
        TransactionSystem.newLayers.removeAll(keepingCapacity: TransactionSystem.newLayers.count < 4096)
        let pending = TransactionSystem.uncommitted
        TransactionSystem.uncommitted.removeAll(keepingCapacity: true)
        var recent: [CommittedPacing] = []
        for (layer, animation) in pending where animation.attachedLayerID == layer.layerID {
            if animation.beginTime == 0 {
                let pipeline = layer.displayPipeline ?? self
                animation.beginTime = layer.localTime(fromAbsolute: pipeline.mediaTime)
            }
            animation.isCommitted = true
            animation.freezePacing(sharingWith: &recent)
        }
        // Each display's render-side copy takes the changes to its layers (the animations just stamped among them).
        while !TransactionSystem.storesAwaitingCommit.isEmpty {
            let stores = TransactionSystem.storesAwaitingCommit
            TransactionSystem.storesAwaitingCommit = []
            for store in stores { store.commit() }
        }
        // No `generation` bump here: each change already asked its own display for a frame when it marked its layer
        // (`RenderStore.noteChange`), so this display evaluates again only if its own tree changed — not because
        // its frame happened to commit another display's changes.
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
        TransactionSystem.uncommitted.append((layer, animation))
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
