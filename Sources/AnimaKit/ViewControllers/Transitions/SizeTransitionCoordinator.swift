import Foundation
import AnimaCore
import AnimaGraphics

/// The coordinator of a window's size change (``UIWindow/transition(toSize:)``): not animated, no controllers or
/// views of its own; its alongside blocks run once the new size is laid out, then its completions.
@MainActor
final class SizeTransitionCoordinator: UIViewControllerTransitionCoordinator {
    let containerView: UIView
    private var alongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var hasFinished = false

    init(container: UIView) { containerView = container }

    var isAnimated: Bool { false }
    var presentationStyle: UIModalPresentationStyle { .fullScreen }
    var initiallyInteractive: Bool { false }
    var isInteractive: Bool { false }
    var isInterruptible: Bool { false }
    var isCancelled: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    var percentComplete: CGFloat { 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    var targetTransform: CGAffineTransform { .identity }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }

    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !hasFinished else { return false }
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    /// Runs the alongside blocks, then the completions (each once).
    func finish() {
        guard !hasFinished else { return }
        hasFinished = true
        for block in alongside { block(self) }
        for block in completions { block(self) }
        alongside = []
        completions = []
    }
}
