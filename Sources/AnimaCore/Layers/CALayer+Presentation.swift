import Foundation
import AnimaGraphics

extension CALayer {
    /// A copy of the layer as presented now: the model with every committed animation applied at
    /// the media time of the display whose tree holds the layer (`CACurrentMediaTime()` for a layer in no
    /// display's tree). Nil until the layer has been committed. Its `sublayers` and
    /// `superlayer` are presentation copies too.
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        guard isCommitted else { return nil }
        let copy = type(of: self).init(layer: self)
        copy.isPresentationCopy = true
        copy.modelLayerRef = self
        copy.state = presentationState(atLocalTime: localTime(fromAbsolute: presentationMediaTime))
        return copy
    }

    /// The model layer: `self` for a model layer, the original for a presentation copy.
    public func model() -> Self {
        if isPresentationCopy, let m = modelLayerRef as? Self { return m }
        return self
    }

    /// The state with committed animations applied at the layer's local time `t`.
    package func presentationState(atLocalTime t: CFTimeInterval) -> LayerState {
        var s = state
        for entry in animationEntries where entry.animation.isCommitted {
            entry.animation.apply(to: &s, atParentTime: t)
        }
        return s
    }

    /// The presented value of one property now.
    package func presentationValue(of property: LayerProperty) -> AnimatableValue {
        guard animationEntries.contains(where: { $0.animation.isCommitted }) else { return state.value(of: property) }
        return presentationState(atLocalTime: localTime(fromAbsolute: presentationMediaTime)).value(of: property)
    }

    /// The media time the layer is presented at: its display's, or the current display's.
    package var presentationMediaTime: CFTimeInterval { (displayPipeline ?? FramePipeline.current).mediaTime }
}
