import Foundation
import AnimaGraphics

extension CALayer {
    /// A copy of the layer as presented now: its properties as they were at the last commit, with every
    /// committed animation applied at the media time of the display whose tree holds the layer
    /// (`CACurrentMediaTime()` for a layer in no display's tree, whose model is used). Nil until the layer has
    /// been committed. Its `sublayers` and `superlayer` are presentation copies too.
    ///
    /// The values come from the same evaluation as frames: the render-side copy's records, at the display's time.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        guard isCommitted else { return nil }
        let copy = type(of: self).init(layer: self)
        copy.isPresentationCopy = true
        copy.modelLayerRef = self
        copy.state = presentedState()
        return copy
    }

    /// The model layer: `self` for a model layer, the original for a presentation copy.
    public func model() -> Self {
        if isPresentationCopy, let m = modelLayerRef as? Self { return m }
        return self
    }

    /// The whole presented state now (see ``presentation()``).
    package func presentedState() -> LayerState {
        let time = presentationMediaTime
        if let store = renderStore, renderSlot >= 0 {
            var s = store.storage
            if s.records[Int(renderSlot)].flags.contains(.isFilled) {
                let evaluation = s.evaluatePresented(renderSlot, at: s.localTime(of: renderSlot, atMediaTime: time))
                return evaluation.presentedState(over: s.committedState(of: renderSlot))
            }
        }
        return detachedPresentedState(atLocalTime: localTime(fromAbsolute: time))
    }

    /// The presented state of a layer with no committed record: its model with its committed animations
    /// applied at local time `t`, compiled on the spot through the same programs frames use.
    private func detachedPresentedState(atLocalTime t: CFTimeInterval) -> LayerState {
        let committed = animationEntries.map(\.animation).filter(\.isCommitted)
        guard !committed.isEmpty else { return state }
        let programs = committed.map { $0.makeProgram() }
        var e = programs.contains(where: \.needsWholeState) ? LayerEvaluation(wholeState: state)
            : LayerEvaluation(geometry: PresentedGeometry(state), transform: state.isTransformIdentity ? nil : state.transform)
        withExtendedLifetime(committed) {
            for (animation, program) in zip(committed, programs) {
                guard let sample = animation.timing.sample(atParentTime: t), sample.isEffective,
                      !(sample.phase == .after && animation.isRemovedOnCompletion) else { continue }
                program.apply(to: &e, sample: sample, fraction: animation.fraction(for: sample, program: program))
            }
        }
        if !e.replaceNonFinite(over: { state }).isEmpty {
            Diagnostics.report("CALayer \(debugName): animations overflowed to a non-finite value; presenting the model value instead")
        }
        return e.presentedState(over: state)
    }

    /// The presented value of one property now.
    package func presentationValue(of property: LayerProperty) -> AnimatableValue {
        presentedState().value(of: property)
    }

    /// The media time the layer is presented at: its display's, or the current display's.
    package var presentationMediaTime: CFTimeInterval { (displayPipeline ?? FramePipeline.current).mediaTime }
}
