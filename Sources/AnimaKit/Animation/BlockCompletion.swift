import Foundation
import AnimaCore
import AnimaGraphics

/// Waits for the animations one block made and then calls the block's completion once, with
/// `finished == true` only if every one of them ran to its end (none was removed early).
///
/// A block that made no animations completes on the next frame with `true`. While the block's
/// animations run, the views it animated ignore touches unless it allowed user interaction.
@MainActor
package final class BlockCompletion: CAAnimationDelegate {
    private let completion: ((Bool) -> Void)?
    private var pending = 0
    private var isSealed = false
    private var hasFired = false
    private var allFinished = true
    private var blockedViews: [UIView] = []

    package init(_ completion: ((Bool) -> Void)?) { self.completion = completion }

    /// Counts one more animation to wait for (one added to a layer with this object as its delegate).
    package func expectOneMore() { pending += 1 }

    /// Makes `views` ignore touches until the completion fires.
    package func blockInteraction(of views: [UIView]) {
        for view in views { view.interactionBlockingAnimations += 1 }
        blockedViews += views
    }

    /// Declares that no more animations will be added; completes on the next frame if there are none.
    package func seal() {
        isSealed = true
        if pending == 0 {
            FramePipeline.current.runAfterNextEvaluation { [self] in fire() }
        }
    }

    package func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        pending -= 1
        allFinished = allFinished && flag
        if isSealed && pending == 0 { fire() }
    }

    private func fire() {
        guard !hasFired else { return }
        hasFired = true
        for view in blockedViews { view.interactionBlockingAnimations -= 1 }
        blockedViews = []
        completion?(allFinished)
    }
}
