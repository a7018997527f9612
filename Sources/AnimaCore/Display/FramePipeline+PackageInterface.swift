import Foundation
import AnimaGraphics

// The package API that AnimaKit (and the other modules above AnimaCore) build on, in the terms of DESIGN §3:
// model values, commits, and the frame's callback phase. Everything else they use is public API.

extension FramePipeline {
    /// Runs `body` in this display's next frame, after evaluation, with the animation callbacks (step 6 of the
    /// frame), and asks for that frame. UIKit's block completions of blocks that made no animation run here.
    package func runAfterNextEvaluation(_ body: @escaping () -> Void) {
        callbacks.append(body)
        noteChange()
    }
}

extension CALayer {
    /// Every model value of the layer at once (what the setters last stored).
    package var modelState: LayerState { state }

    /// The model value of `property` (what its setter last stored), as evaluation would read it.
    package func modelValue(of property: LayerProperty) -> AnimatableValue { state.value(of: property) }

    /// Whether a transaction has committed since the layer was made (implicit animations need that).
    package var hasBeenCommitted: Bool { isCommitted }

    /// Records a layer made without `init()` (through `init(layer:)`), so the next commit commits it as any new
    /// layer.
    package static func registerMade(_ layer: CALayer) { FramePipeline.registerNewLayer(layer) }

    /// Forgets the drawn backing store (a view that found it drew nothing shows no image).
    package func discardBackingStore() {
        storedBackingStore = nil
        renderStore?.noteChange(renderSlot, .node)
    }

    /// Commits the animation stored under `key` now, if it is waiting for a commit, with the `beginTime` it has
    /// (a property animator's hold, whose begin time is set by hand, must apply from the frame it was added in).
    package func commitStoredAnimationNow(forKey key: String) {
        guard let stored = animation(forKey: key), !stored.isCommitted else { return }
        stored.freezePacing()
        stored.isCommitted = true
    }
}
